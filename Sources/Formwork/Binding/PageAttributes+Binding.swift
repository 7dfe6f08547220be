/// What a binding does to a component's attributes when it is evaluated again.
extension PageAttributes {
    /// Puts `newValue` at `position` unless it is the same as the value there (`isSame(as:)`);
    /// returns whether it changed.
    ///
    /// NB: one call, so a binding's update reads and writes the component's attributes in one
    /// access rather than a read and then a write.
    mutating func replace(at position: Int, with newValue: PageValue) -> Bool {
        guard !newValue.isSame(as: self[position: position]) else { return false }
        self[position: position] = newValue
        return true
    }
}
