/// `$state`: each block instance's own state, kept on the component standing for the use, so a
/// block in a list row has one copy per row, kept with the row.
extension PageSession {
    /// Writes `$state["INSTANCE"]…` of the instance around `component` named INSTANCE (the
    /// decoder wrote a block's `$state.open` so). Only the instance's own components see it; a
    /// binding elsewhere that reads the same name (another row's copy) evaluates to what it was.
    func writeBlockState(_ value: PageValue, at path: StorePath, from component: PageComponent?) throws {
        guard case .key(let instance)? = path.components.first else {
            throw ActionFailure(kind: "read-only", message: "\(path) can't be written: name the block instance's state, as a block's components do with $state.NAME")
        }
        var current = component
        while let candidate = current, candidate.node.block?.instance != instance { current = candidate.parent }
        guard let owner = current else {
            throw ActionFailure(kind: "read-only", message: "\(path) can't be written here: $state belongs to the block instance '\(instance)', and only its own components can write it")
        }
        do {
            try owner.blockState.set(value, at: path.components.dropFirst())
        } catch {
            throw ActionFailure(kind: "store", message: "\(path) can't be written: \(error)")
        }
    }
}
