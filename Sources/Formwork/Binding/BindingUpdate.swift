/// One update of a page's bindings after a write: what was written, which bindings were
/// evaluated already (each at most once), what changed on which component, and which children
/// must be rebuilt. Components hear about their changes once, at the end (`notify()`).
///
/// NB: an edit usually changes one or two components, so what changed is kept in arrays,
/// searched from their end (a component's bindings are applied one after another); a table by
/// component is built only when an update changes many. It is a value, passed `inout` down the
/// update (no object to allocate, no runtime exclusivity check on each of its properties), and
/// the session keeps the last one's arrays, emptied, for the next update (`clear()`): an edit
/// allocates nothing here.
@MainActor
struct BindingUpdate {
    /// The store paths written (and the `$computed` paths that followed).
    var written: [StorePath] = []
    /// The ids of the bindings reading `written`, sorted, possibly repeated (`refresh`).
    var readers: [Int] = []
    /// Bindings evaluated in this update, so none is evaluated twice.
    var done = Set<Int>()
    /// `status` components whose state changed: their children are rebuilt.
    var rebuild: [PageComponent] = []
    /// Components whose children changed: rows added, removed or reordered, or rebuilt.
    var childrenChanged = Set<ObjectIdentifier>()
    /// Each component that changed, once, in the order it first changed.
    private var changed: [PageComponent] = []
    /// Each name that changed, with its component's place in `changed`, in the order noted.
    /// NB: a struct, not a tuple: a tuple array's type is looked up at run time by generic code
    /// (emptying it cost a metadata lookup per update).
    private var names: [NamedChange] = []
    /// Where each component is in `changed`, kept once it holds more than `searchLimit`.
    private var positions: [ObjectIdentifier: Int] = [:]
    private static let searchLimit = 8
    /// Arrays larger than this are freed rather than kept for the next update, so one big update
    /// (a long list replaced) doesn't keep its memory for the session's life.
    private static let keptCapacity = 64
    /// Arrays of at most this many elements are emptied one `popLast()` at a time (`clear()`).
    private static let popLimit = 8

    init() {}

    init(written: [StorePath]) { self.written = written }

    /// `name` of `component` took a new value.
    mutating func note(_ component: PageComponent, _ name: String) {
        guard component.isObserved else { return }
        names.append(NamedChange(slot: entry(for: component), position: -1, name: name))
    }

    /// The attribute at `position` among `component`'s type's attributes took a new value.
    /// NB: by position, its name read only when an observer is told (`notify()`): keeping the
    /// name was a retain of it at each binding applied and a release at `clear()`.
    mutating func note(_ component: PageComponent, position: Int) {
        guard component.isObserved else { return }
        names.append(NamedChange(slot: entry(for: component), position: position, name: nil))
    }

    /// `component`'s children changed without any of its attributes changing (a row moved).
    mutating func noteChildren(_ component: PageComponent) {
        guard component.isObserved else { return }
        childrenChanged.insert(ObjectIdentifier(component))
        _ = entry(for: component)
    }

    /// Where `component` is in `changed`, adding it when it isn't there yet.
    private mutating func entry(for component: PageComponent) -> Int {
        let count = changed.count
        if count > 0, changed[count - 1] === component { return count - 1 }
        if count <= BindingUpdate.searchLimit {
            // NB: a loop, not `firstIndex(where:)`: a closure formed here is isolated to the main
            // actor, and Swift 6 checks the executor each time one is called (about 60 instructions).
            for position in 0..<count where changed[position] === component { return position }
        } else if let found = positions[ObjectIdentifier(component)] {
            return found
        }
        changed.append(component)
        if count + 1 > BindingUpdate.searchLimit {
            if positions.isEmpty {
                for (i, entry) in changed.enumerated() { positions[ObjectIdentifier(entry)] = i }
            } else {
                positions[ObjectIdentifier(component)] = count
            }
        }
        return count
    }

    /// The names noted for the component at `slot`, in the order noted.
    private func changedNames(at slot: Int) -> [String] {
        var found: [String] = []
        for entry in names where entry.slot == slot { found.append(entry.name(in: changed[slot])) }
        return found
    }

    /// The names noted for each component, by slot: for an update that changed many.
    private func namesBySlot() -> [[String]] {
        var found = [[String]](repeating: [], count: changed.count)
        for entry in names { found[entry.slot].append(entry.name(in: changed[entry.slot])) }
        return found
    }

    /// Tells each component still shown, and observed, what changed on it, once.
    func notify() {
        var grouped: [[String]]?
        // NB: `isObserved` and `disposed` are stored flags the optimizer checks when compiling;
        // `isDisposed` (public) and `observers` were each checked at run time per component.
        for (slot, component) in changed.enumerated() where component.isObserved && !component.disposed {
            let children = !childrenChanged.isEmpty && childrenChanged.contains(ObjectIdentifier(component))
            let attributes: [String]
            if changed.count <= BindingUpdate.searchLimit {
                attributes = changedNames(at: slot)
            } else {
                if grouped == nil { grouped = namesBySlot() }
                attributes = grouped?[slot] ?? []
            }
            component.notify(PageComponentChange(attributes: attributes, childrenChanged: children, validationChanged: false))
        }
    }

    /// Empties it for the next update, keeping its arrays' storage unless they grew large.
    ///
    /// NB: written out per array, not through a generic helper: the generic one looked up each
    /// array's type metadata on every call; an array already empty isn't touched.
    ///
    /// NB: an array of a few elements (an edit's one path, two readers, two components) is emptied
    /// by `removeLast()`, a few instructions each; `removeAll(keepingCapacity:)` goes through the
    /// generic `replaceSubrange`, about 180 instructions per array even for one element. Counted,
    /// not `while popLast() != nil`: the last, empty `popLast()` was a uniqueness check of its own.
    mutating func clear() {
        if !written.isEmpty {
            if written.capacity > BindingUpdate.keptCapacity { written = [] } else if written.count > BindingUpdate.popLimit { written.removeAll(keepingCapacity: true) } else { for _ in 0..<written.count { written.removeLast() } }
        }
        if !readers.isEmpty {
            if readers.capacity > BindingUpdate.keptCapacity { readers = [] } else if readers.count > BindingUpdate.popLimit { readers.removeAll(keepingCapacity: true) } else { for _ in 0..<readers.count { readers.removeLast() } }
        }
        if !rebuild.isEmpty {
            if rebuild.capacity > BindingUpdate.keptCapacity { rebuild = [] } else if rebuild.count > BindingUpdate.popLimit { rebuild.removeAll(keepingCapacity: true) } else { for _ in 0..<rebuild.count { rebuild.removeLast() } }
        }
        if !changed.isEmpty {
            if changed.capacity > BindingUpdate.keptCapacity { changed = [] } else if changed.count > BindingUpdate.popLimit { changed.removeAll(keepingCapacity: true) } else { for _ in 0..<changed.count { changed.removeLast() } }
        }
        if !names.isEmpty {
            if names.capacity > BindingUpdate.keptCapacity { names = [] } else if names.count > BindingUpdate.popLimit { names.removeAll(keepingCapacity: true) } else { for _ in 0..<names.count { names.removeLast() } }
        }
        if !done.isEmpty { done = [] }
        if !childrenChanged.isEmpty { childrenChanged = [] }
        if !positions.isEmpty { positions = [:] }
    }
}

/// One attribute that changed in an update: its name (or its position among its component's
/// type's attributes), and its component's place in the update's list.
struct NamedChange {
    let slot: Int
    /// Where the attribute is among the type's attributes, when `name` is nil.
    let position: Int
    let name: String?

    /// The attribute's name, on `component` (the one at `slot`).
    @MainActor
    func name(in component: PageComponent) -> String {
        name ?? component.type.attributes[position].name
    }
}
