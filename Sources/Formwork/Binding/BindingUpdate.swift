/// One update of a page's bindings after a write: what was written, which bindings were
/// evaluated already (each at most once), what changed on which component, and which children
/// must be rebuilt. Components hear about their changes once, at the end (`notify()`).
///
/// NB: an edit usually changes one or two components, so what changed is kept in an array,
/// searched from its end (a component's bindings are applied one after another); a table by
/// component is built only when an update changes many. No hashing, and one allocation, for
/// the common edit.
@MainActor
final class BindingUpdate {
    /// The store paths written (and the `$computed` paths that followed).
    let written: [StorePath]
    /// Bindings evaluated in this update, so none is evaluated twice.
    var done = Set<Int>()
    /// `status` components whose state changed: their children are rebuilt.
    var rebuild: [PageComponent] = []
    /// Components whose children changed: rows added, removed or reordered, or rebuilt.
    var childrenChanged = Set<ObjectIdentifier>()
    /// Each component that changed, in the order it first changed, with the names that changed.
    private var changed: [(component: PageComponent, names: [String])] = []
    /// Where each component is in `changed`, kept once it holds more than `searchLimit`.
    private var positions: [ObjectIdentifier: Int] = [:]
    private static let searchLimit = 8

    init(written: [StorePath]) { self.written = written }

    /// `name` of `component` took a new value.
    func note(_ component: PageComponent, _ name: String) {
        changed[entry(for: component)].names.append(name)
    }

    /// `component`'s children changed without any of its attributes changing (a row moved).
    func noteChildren(_ component: PageComponent) {
        childrenChanged.insert(ObjectIdentifier(component))
        _ = entry(for: component)
    }

    /// Where `component` is in `changed`, adding it when it isn't there yet.
    private func entry(for component: PageComponent) -> Int {
        if let last = changed.indices.last, changed[last].component === component { return last }
        if changed.count <= BindingUpdate.searchLimit {
            if let found = changed.firstIndex(where: { $0.component === component }) { return found }
        } else if let found = positions[ObjectIdentifier(component)] {
            return found
        }
        changed.append((component, []))
        let position = changed.count - 1
        if changed.count > BindingUpdate.searchLimit {
            if positions.isEmpty {
                for (i, entry) in changed.enumerated() { positions[ObjectIdentifier(entry.component)] = i }
            } else {
                positions[ObjectIdentifier(component)] = position
            }
        }
        return position
    }

    /// Tells each component still shown what changed on it, once.
    func notify() {
        for entry in changed where !entry.component.isDisposed {
            let children = !childrenChanged.isEmpty && childrenChanged.contains(ObjectIdentifier(entry.component))
            entry.component.notify(PageComponentChange(attributes: entry.names, childrenChanged: children, validationChanged: false))
        }
    }
}
