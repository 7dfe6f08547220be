extension PageValue {
    /// Whether the two values are the same down to how they print: unlike `==`, an int and a
    /// number of the same value differ (`1` and `1.0`), and so do objects whose members come in
    /// another order. Bindings, computed values and watchers use it to tell a change.
    ///
    /// Arrays that share their storage (a value read again, unchanged) are the same at once, so an
    /// unchanged list of a thousand items costs nothing to compare.
    func isSame(as other: PageValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b && a.sign == b.sign
        case (.string(let a), .string(let b)): return a == b && a.utf8.count == b.utf8.count
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            let shared = a.withUnsafeBufferPointer { left in b.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress } }
            return shared || zip(a, b).allSatisfy { $0.isSame(as: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count, a.keys == b.keys else { return false }
            return a.keys.allSatisfy { key in (a[key] ?? .null).isSame(as: b[key] ?? .null) }
        default: return false
        }
    }
}
