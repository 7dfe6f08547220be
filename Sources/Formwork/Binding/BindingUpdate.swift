/// One update of a page's bindings after a write: what was written, which bindings were
/// evaluated already (each at most once), what changed on which component, and which children
/// must be rebuilt. Components hear about their changes once, at the end (`notify()`).
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
    private var changed: [ObjectIdentifier: (component: PageComponent, names: [String])] = [:]
    private var order: [ObjectIdentifier] = []

    init(written: [StorePath]) { self.written = written }

    /// `name` of `component` took a new value.
    func note(_ component: PageComponent, _ name: String) {
        let id = ObjectIdentifier(component)
        if changed[id] == nil { order.append(id) }
        changed[id, default: (component, [])].names.append(name)
    }

    /// `component`'s children changed without any of its attributes changing (a row moved).
    func noteChildren(_ component: PageComponent) {
        let id = ObjectIdentifier(component)
        childrenChanged.insert(id)
        if changed[id] == nil {
            order.append(id)
            changed[id] = (component, [])
        }
    }

    /// Tells each component still shown what changed on it, once.
    func notify() {
        for id in order {
            guard let entry = changed[id], !entry.component.isDisposed else { continue }
            entry.component.notify(PageComponentChange(attributes: entry.names, childrenChanged: childrenChanged.contains(id), validationChanged: false))
        }
    }
}
