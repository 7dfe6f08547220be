import Foundation

/// Writing a session's stores, and the update that follows a write: the bindings that read what
/// was written evaluated again, each once, and the components that changed told once.
extension PageSession {
    /// Re-evaluates exactly the bindings that read one of `paths`, each once, rebuilds children
    /// whose `items` or `state` changed, then notifies each changed component once.
    func refresh(_ written: [StorePath]) {
        guard !written.isEmpty, !isClosed else { return }
        runUpdate(of: nil, and: written)
    }

    /// `refresh(_:)` of `update.written`, evaluating in `scope`; the `$computed` paths that
    /// followed are added to `update.written`.
    func refresh(_ update: inout BindingUpdate, reusing scope: inout UpdateScope) {
        guard !update.written.isEmpty, !isClosed else { return }
        storeGeneration &+= 1
        // NB: only a page with computed values forms the closure (a retain of the session).
        if !computedValues.nodes.isEmpty {
            let followed = computedValues.update(after: update.written, evaluateComputed)
            if !followed.isEmpty { update.written.append(contentsOf: followed) }
        }
        if titleReads(update.written) {
            let newTitle = title
            if newTitle != shownTitle {
                shownTitle = newTitle
                onTitleChange?(newTitle)
            }
        }
        // NB: the readers in an array, sorted, repeats skipped: an edit has a few, and a set
        // hashed each one twice (building it, then sorting out of it).
        // NB: two readers (an edit's field and label) are put in order by hand: `sort()` is a call
        // of about 60 instructions even for two.
        for path in update.written { index.collectReaders(affectedBy: path, into: &update.readers) }
        if update.readers.count > 2 {
            update.readers.sort()
        } else if update.readers.count == 2, update.readers[0] > update.readers[1] {
            update.readers.swapAt(0, 1)
        }
        var previous = -1
        // NB: one scope for the update's evaluations (`UpdateScope`), filled only when one reads;
        // the kept one, its stores let go after, so none is built or destroyed per update.
        for position in update.readers.indices {
            let id = update.readers[position]
            guard id != previous else { continue }
            previous = id
            if update.done.isEmpty || !update.done.contains(id) { apply(binding: id, in: &update, reusing: &scope) }
        }
        scope.release()
        for component in update.rebuild where !component.isDisposed {
            for child in component.children { dispose(child) }
            component.children = buildChildren(of: component)
            update.childrenChanged.insert(ObjectIdentifier(component))
            announceState(of: component)
        }
        update.notify()
        if !watchers.nodes.isEmpty { runWatchers(after: update.written) }
    }

    // MARK: - Writing stores

    /// Writes one store path (`$data…` or `$global…`) and updates everything that reads it.
    public func set(_ value: PageValue, at path: StorePath) throws {
        try write(value, at: path, from: nil)
        // NB: `commit(_:)` for one path, with the path in the kept update's array: an edit makes
        // no batch and no array of its own.
        runUpdate(of: path, and: [])
        // NB: what `draftDataChanged(_:)` does with the paths written (the `$computed` paths that
        // followed are never `$data`), without an array.
        if path.root == .data, let draftKeeper { draftKeeper.changed() }
        if path.root == .global { try engine.globals.commit([path], origin: ObjectIdentifier(self)) }
    }

    /// Makes several writes one update: each affected binding recomputes once.
    public func batch(_ body: (_ write: (PageValue, StorePath) throws -> Void) throws -> Void) throws {
        let batch = WriteBatch()
        try body { value, path in try self.write(value, at: path, into: batch) }
        try commit(batch)
    }

    /// Writes one path into a batch. A value nested deeper or larger than `PageLimits.valueDepth`
    /// and `valueBytes` allow is refused (an `ActionFailure` of kind `limit`), so everything in
    /// the stores can be saved as JSON and read back.
    /// A write to `$state` needs `component`, a component of the block instance it belongs to.
    func write(_ value: PageValue, at path: StorePath, into batch: WriteBatch, from component: PageComponent? = nil) throws {
        try write(value, at: path, from: component)
        batch.paths.append(path)
    }

    /// `write(_:at:into:from:)` without a batch: the caller updates what reads `path`.
    private func write(_ value: PageValue, at path: StorePath, from component: PageComponent?) throws {
        if path.root != .param, !PageSession.fitsWithoutMeasuring(value, valueBytes: engine.limits.valueBytes),
           let problem = value.sizeProblem(engine.limits, what: "the value written to \(path)", nesting: path.components.count) {
            throw ActionFailure(kind: "limit", message: problem)
        }
        switch path.root {
        case .data:
            // NB: lists drop their copy of an array written below, so the write doesn't copy it (ListRows).
            let lists = detachItems(below: path)
            defer { reattachItems(lists) }
            // NB: taken out and put back (see `currentData`); the set changes it in place all the same.
            var taken = currentData
            currentData = .null
            defer { currentData = taken }
            try taken.set(value, at: path.components[...])
        case .global:
            if let member = engine.globals.engineMember(of: path) {
                throw ActionFailure(kind: "read-only", message: "\(path) can't be written: $global.\(member) is what the engine reports (what waits in the outbox), and pages only read it")
            }
            try engine.globals.write(value, at: path)
        case .state: try writeBlockState(value, at: path, from: component)
        case .param, .computed, .page: throw ActionFailure(kind: "read-only", message: "\(path) can't be written: " + path.root.readOnlyReason)
        }
        storeGeneration &+= 1
        record(.store, assigning: value, to: .store(path))
    }

    /// Whether `value` is null, a truth value or a number: it nests nothing and its JSON is at most
    /// 24 bytes (`PageValue.Size`), so `sizeProblem` finds nothing in it when `valueBytes` is 24 or
    /// more, at any depth. Anything else is measured.
    /// NB: an edit writes such a value at nearly every keystroke; measuring it copied the whole
    /// `PageLimits` and walked the value (about 150 instructions an edit). `WriteSizeTests`
    /// checks it against `sizeProblem` on a table of values and limits.
    nonisolated static func fitsWithoutMeasuring(_ value: PageValue, valueBytes: Int) -> Bool {
        guard valueBytes >= 24 else { return false }
        switch value {
        case .null, .bool, .int, .number: return true
        case .string, .array, .object: return false
        }
    }

    func commit(_ batch: WriteBatch) throws {
        let paths = batch.paths
        batch.paths = []
        refresh(paths)
        draftDataChanged(paths)
        try engine.globals.commit(paths.filter { $0.root == .global }, origin: ObjectIdentifier(self))
    }
}
