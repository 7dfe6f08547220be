/// What a binding's attribute drives besides its own value, worked out once when it is made.
/// NB: no payload (a list's key attribute is read from its type when its rows are brought up to
/// date), so copying a binding retains no string.
enum BindingRole: Equatable {
    case value
    /// A list's `items`: its rows follow (the attribute naming the item key, if any, is the
    /// type's: `ComponentLayout.repeated`).
    case rows
    /// A `status`'s `state`: its children are rebuilt when it changes.
    case children

    init(_ name: String, of type: ComponentType) {
        switch type.layout {
        case .repeated(let items, _) where items == name: self = .rows
        case .switched(let state) where state == name: self = .children
        default: self = .value
        }
    }
}

/// A list known by the session without keeping it alive.
struct WeakComponent {
    weak var component: PageComponent?
}

/// One item's components in a `list`: the item they show and the components built for it.
struct ListRow {
    var item: PageValue
    var components: [PageComponent]
}

/// How a `list` follows its items: rows have identity, so a change costs what changed.
///
/// Each row is matched to an item by the list's `itemKey` (the value of that member of the item)
/// or, without one, by position. When the items change:
/// - a row whose item is unchanged is kept as it is (same component objects, observers attached);
/// - a row whose item changed (or moved) is kept and updated in place: `$item` and `$index`
///   take the new values and the row's bindings are evaluated again;
/// - only rows for new items are built, and only rows whose item left are disposed.
///
/// A write below one element of a list whose items are a plain path (`$data.lines[2].qty` under
/// `$data.lines`) touches only that row, without comparing the others: the cost follows the
/// rows written, not the length of the list. Any other change goes the general way, matching
/// every row (`RowMatch.plan`).
extension PageSession {
    // MARK: - Applying one binding

    /// Evaluates binding `id` and applies its value: a list's `items` brings the rows up to date,
    /// a `status`'s `state` rebuilds its children at the end of the update.
    func apply(binding id: Int, in update: inout BindingUpdate) {
        var scope = UpdateScope()
        apply(binding: id, in: &update, reusing: &scope)
    }

    /// `apply(binding:in:)`, evaluating in `scope`, kept for the whole update (`UpdateScope`).
    func apply(binding id: Int, in update: inout BindingUpdate, reusing scope: inout UpdateScope) {
        // NB: a disposed component's bindings are gone from `bindings` (`dispose(_:)` drops them
        // as it marks the component), so they are never found here (`DisposedBindingTests`).
        guard let binding = bindings[id] else { return }
        let component = binding.component
        let newValue = evaluate(binding, reusing: &scope)
        if case .rows = binding.drives {
            var key: String?
            if case .repeated(_, let keyAttribute) = component.type.layout { key = keyAttribute }
            updateRows(of: component, items: newValue, keyAttribute: key, in: &update)
            return
        }
        // NB: compared and replaced in one access to the component's attributes.
        guard component.replaceAttribute(at: binding.position, with: newValue) else { return }
        update.note(component, position: binding.position)
        if case .children = binding.drives { update.rebuild.append(component) }
    }

    // MARK: - Building rows

    /// The rows of `list` for `items`, built from scratch.
    func buildRows(of list: PageComponent, items: [PageValue]) -> [ListRow] {
        let base = itemsPath(of: list)
        // NB: every access to `listsByItemsPath` is a whole load or store (here taken out and put
        // back, see `PageSession.currentData`), so the optimizer checks its exclusivity when
        // compiling: `detachItems` reads it at every write of `$data`.
        if let base, base.root == .data {
            var lists = listsByItemsPath
            if !(lists[base] ?? []).contains(where: { $0.component === list }) {
                listsByItemsPath = [:]
                lists[base, default: []].removeAll { $0.component?.isDisposed ?? true }
                lists[base, default: []].append(WeakComponent(component: list))
                listsByItemsPath = lists
            }
        }
        return items.enumerated().map { offset, item in
            ListRow(item: item, components: build(list.node.children, parent: list, item: item, index: .int(Int64(offset)), itemPath: base?.appending(.index(offset))))
        }
    }

    /// Where `list`'s items live in the stores: its `items` when it is a plain path into `$data` or
    /// `$global`, or a plain path below the enclosing row's `$item`; nil when they are computed.
    func itemsPath(of list: PageComponent) -> StorePath? {
        guard case .repeated(let items, _) = list.type.layout, let expression = list.node.attributes[items]?.expression else { return nil }
        if let path = expression.assignablePath { return path }
        if let below = expression.itemPath, let row = list.itemPath { return row.appending(contentsOf: below) }
        return nil
    }

    // MARK: - Updating rows

    private func updateRows(of list: PageComponent, items newValue: PageValue, keyAttribute: String?, in update: inout BindingUpdate) {
        guard case .repeated(let itemsName, _) = list.type.layout else { return }
        let itemKey = keyAttribute.flatMap { list.attributes[$0]?.stringValue }
        let newItems = newValue.arrayValue ?? []
        if let touched = touchedRows(of: list, newItems: newItems, itemKey: itemKey, written: update.written) {
            var changed = false
            for offset in touched.sorted() where !newItems[offset].isSame(as: list.rows[offset].item) {
                updateRow(of: list, at: offset, item: newItems[offset], in: &update)
                changed = true
            }
            rewrittenItems.remove(ObjectIdentifier(list))
            list.setAttribute(itemsName, to: newValue)
            if changed { update.note(list, itemsName) }
            return
        }
        if rewrittenItems.remove(ObjectIdentifier(list)) != nil {
            // The old items weren't kept (`detachItems`): compare row by row instead.
            list.setAttribute(itemsName, to: newValue)
            if reconcile(list, with: newItems, itemKey: itemKey, in: &update) { update.note(list, itemsName) }
            return
        }
        let oldValue = list.attributes[itemsName] ?? .null
        guard !newValue.isSame(as: oldValue) else { return }
        list.setAttribute(itemsName, to: newValue)
        update.note(list, itemsName)
        reconcile(list, with: newItems, itemKey: itemKey, in: &update)
    }

    // MARK: - Writes below a list's items

    /// Before a write strictly below the items of some lists (`$data.lines[2].qty`), drops their
    /// copy of the array, so the store's is the only one and is written in place: otherwise the
    /// write would copy every element, and an edit in one row would cost the length of the list.
    func detachItems(below path: StorePath) -> [(list: PageComponent, at: StorePath)] {
        guard !listsByItemsPath.isEmpty, !path.components.isEmpty else { return [] }
        // NB: a whole load: looked up in place, the lookup's hashing ran inside the access, and
        // every access to the table (this guard's, at every edit) was checked at run time.
        let lists = listsByItemsPath
        var detached: [(PageComponent, StorePath)] = []
        for length in 0..<path.components.count {
            let prefix = StorePath(path.root, Array(path.components.prefix(length)))
            for entry in lists[prefix] ?? [] {
                guard let list = entry.component, !list.isDisposed, case .repeated(let items, _) = list.type.layout else { continue }
                list.setAttribute(items, to: nil)
                detached.append((list, prefix))
            }
        }
        return detached
    }

    /// After the write: the lists share the store's array again; their next update compares row by row.
    func reattachItems(_ lists: [(list: PageComponent, at: StorePath)]) {
        for (list, path) in lists {
            guard case .repeated(let items, _) = list.type.layout else { continue }
            list.setAttribute(items, to: currentData.value(at: path.components))
            rewrittenItems.insert(ObjectIdentifier(list))
        }
    }

    /// The rows a write below single elements touched, when that is all that happened: the
    /// items are a plain path, every write under it is below one element (`lines[2].qty`), and
    /// those elements keep their key. Nil means: match every row (`reconcile`).
    private func touchedRows(of list: PageComponent, newItems: [PageValue], itemKey: String?, written: [StorePath]) -> Set<Int>? {
        guard let base = itemsPath(of: list), newItems.count == list.rows.count else { return nil }
        var touched = Set<Int>()
        for path in written where path.overlaps(base) {
            guard path.components.count > base.components.count, case .index(let offset) = path.components[base.components.count],
                  newItems.indices.contains(offset) else { return nil }
            touched.insert(offset)
        }
        if let itemKey {
            for offset in touched where newItems[offset][itemKey] != list.rows[offset].item[itemKey] { return nil }
        }
        return touched
    }

    /// Matches every row to the new items, keeping, updating, building and disposing rows.
    /// Returns whether any row changed.
    @discardableResult
    private func reconcile(_ list: PageComponent, with newItems: [PageValue], itemKey: String?, in update: inout BindingUpdate) -> Bool {
        let old = list.rows
        let plan = RowMatch.plan(old: old.enumerated().map { RowMatch.key(of: $1.item, itemKey: itemKey, position: $0) },
                                 new: newItems.enumerated().map { RowMatch.key(of: $1, itemKey: itemKey, position: $0) })
        let base = itemsPath(of: list)
        var rows: [ListRow] = []
        var moved = false
        for (offset, item) in newItems.enumerated() {
            if let match = plan.matches[offset] {
                rows.append(old[match])
                if match != offset || !item.isSame(as: old[match].item) {
                    moved = true
                    rows[offset].item = item
                    moveRow(rows[offset], item: item, index: offset, itemPath: base?.appending(.index(offset)), in: &update)
                }
            } else {
                rows.append(ListRow(item: item, components: build(list.node.children, parent: list, item: item, index: .int(Int64(offset)), itemPath: base?.appending(.index(offset)))))
            }
        }
        for (offset, row) in old.enumerated() where !plan.kept.contains(offset) {
            for component in row.components { dispose(component) }
        }
        list.rows = rows
        list.children = rows.flatMap(\.components)
        if plan.changesOrder { update.noteChildren(list) }
        return moved || plan.changesOrder
    }

    private func updateRow(of list: PageComponent, at offset: Int, item: PageValue, in update: inout BindingUpdate) {
        list.rows[offset].item = item
        moveRow(list.rows[offset], item: item, index: offset, itemPath: itemsPath(of: list)?.appending(.index(offset)), in: &update)
    }

    /// Gives a kept row its item's new value and position, and evaluates its bindings again.
    private func moveRow(_ row: ListRow, item: PageValue, index: Int, itemPath: StorePath?, in update: inout BindingUpdate) {
        for component in row.components { reseat(component, item: item, index: .int(Int64(index)), itemPath: itemPath, in: &update) }
    }

    private func reseat(_ component: PageComponent, item: PageValue, index: PageValue, itemPath: StorePath?, in update: inout BindingUpdate) {
        component.item = item
        component.index = index
        component.itemPath = itemPath
        for id in component.bindingIDs {
            update.done.insert(id)
            apply(binding: id, in: &update)
        }
        // A nested list's rows take their items from the list's own `items`, applied just above.
        if case .repeated = component.type.layout { return }
        for child in component.children { reseat(child, item: item, index: index, itemPath: itemPath, in: &update) }
    }
}

/// Matching old rows to new items by key, in order: the general path, used when a change isn't
/// a write below single elements.
enum RowMatch {
    struct Plan: Equatable {
        /// For each new item, the old row it keeps, or nil to build one.
        let matches: [Int?]
        /// Old rows kept.
        let kept: Set<Int>
        /// Whether rows were added, removed or reordered.
        let changesOrder: Bool
    }

    /// An item's identity: its `itemKey` member (items without it, or sharing a value, are
    /// matched in order), or without a key its position.
    static func key(of item: PageValue, itemKey: String?, position: Int) -> String {
        guard let itemKey else { return "#\(position)" }
        return (item[itemKey] ?? .null).jsonText
    }

    /// Matches each new key to the first unused old row with the same key.
    static func plan(old: [String], new: [String]) -> Plan {
        var unused: [String: [Int]] = [:]
        for (offset, key) in old.enumerated().reversed() { unused[key, default: []].append(offset) }
        var matches: [Int?] = []
        var kept = Set<Int>()
        for key in new {
            let match = unused[key]?.popLast()
            matches.append(match)
            if let match { kept.insert(match) }
        }
        let changesOrder = kept.count != old.count || matches.count != old.count || matches.enumerated().contains { $0.element != $0.offset }
        return Plan(matches: matches, kept: kept, changesOrder: changesOrder)
    }
}
