import Foundation

/// Building a session's live component tree from its page's nodes, with the bindings that keep
/// it up to date, and taking it apart again (`dispose(_:)`).
extension PageSession {
    func build(_ nodes: [ComponentNode], parent: PageComponent?, item: PageValue, index: PageValue, itemPath: StorePath? = nil) -> [PageComponent] {
        // NB: one scope for every binding this build evaluates (`UpdateScope`: the page-wide part
        // built at the first evaluation, the component's own variables put in before each), not
        // one per binding; it goes when the build returns, so it keeps no store alive.
        var scope = UpdateScope()
        return build(nodes, parent: parent, item: item, index: index, itemPath: itemPath, scope: &scope)
    }

    private func build(_ nodes: [ComponentNode], parent: PageComponent?, item: PageValue, index: PageValue, itemPath: StorePath?, scope: inout UpdateScope) -> [PageComponent] {
        var built: [PageComponent] = []
        built.reserveCapacity(nodes.count)
        for node in nodes {
            if let component = buildOne(node, parent: parent, item: item, index: index, itemPath: itemPath, scope: &scope) { built.append(component) }
        }
        return built
    }

    private func buildOne(_ written: ComponentNode, parent: PageComponent?, item: PageValue, index: PageValue, itemPath: StorePath?, scope: inout UpdateScope) -> PageComponent? {
        var node = written
        // NB: one lookup per component (the type is the one found, not looked up again).
        var found = engine.registry.components[node.typeID]
        while found == nil {
            guard let fallback = node.fallback else {
                guard reportedUnknown.insert(written.path).inserted else { return nil }
                send(.diagnostic(.warning("unknown-id", written.path, engine.registry.unknownMessage(engine.registry.components, written.typeID) + "; the component is left out (give it a \"fallback\" to show something instead)")))
                return nil
            }
            node = fallback
            found = engine.registry.components[node.typeID]
        }
        guard let type = found else { return nil }
        let key = written.key ?? node.key
        let component = PageComponent(type: type, node: node, key: key, identity: identity(key: key, node: written, parent: parent, item: item, index: index), session: id,
                                      parent: parent, item: item, index: index, itemPath: itemPath)
        // NB: attributes start at their defaults (stored nowhere); only the ones the page gives
        // are set here, in the type's order (the order bindings are made, evaluated and reported in).
        // NB: positions and item indexes only; the attribute nodes are read in place, not copied.
        // NB: the values and binding ids are gathered here and given to the component once: each
        // access to a class's stored property is checked for exclusivity at run time, and the
        // component can't be reached from outside before this returns.
        let given = PageSession.writtenInTypeOrder(node.attributes, of: type)
        var attributes = PageAttributes(type.attributes, capacity: given.count)
        var ids = ComponentBindingIDs()
        for (position, place) in given {
            let spec = type.attributes[position]
            switch node.attributes.items[place].content {
            case .literal(let value):
                attributes[position: position] = spec.type.coerce(value)
            case .expression(let expression), .template(let expression):
                let binding = Binding(component: component, position: position, type: spec.type, expression: expression, drives: BindingRole(spec.name, of: type), reads: StoreReads(expression))
                let id = add(binding)
                ids.append(id)
                for path in expression.dependencies { self.index.add(id, reading: path) }
                // NB: `$value` is the value as set so far, as `scopeValue` reads it on a built component.
                // NB: a failure names the attribute's path, written out only then (AttributePath).
                let value = type.valuePosition.map { attributes[position: $0] } ?? .null
                attributes[position: position] = evaluate(binding, item: item, index: index, value: value, reusing: &scope)
            case .actions, .chains, .components, .invalid:
                break
            }
        }
        if !given.isEmpty { component.currentAttributes = attributes }
        if !ids.isEmpty { component.bindingIDs = ids }
        component.children = buildChildren(of: component, scope: &scope)
        return component
    }

    /// Keeps `binding` in `bindings`, at a free id when there is one; returns its id.
    /// NB: the table is taken out, changed and put back (as in `dispose(_:)`), so every access
    /// to `bindings` is a whole load or store and the optimizer proves them exclusive when
    /// compiling: changed in place, each access, an edit's reads too, was checked at run time.
    private func add(_ binding: Binding) -> Int {
        var table = bindings
        bindings = []
        defer { bindings = table }
        if let free = freeBindingIDs.popLast() {
            table[free] = binding
            return free
        }
        table.append(binding)
        return table.count - 1
    }

    /// Evaluates `binding` of a component being built, whose `$item`, `$index` and `$value` are
    /// given (its attributes aren't on it yet), in `reused` (see `UpdateScope`): what
    /// `evaluate(_:)` gives in a scope of its own.
    private func evaluate(_ binding: Binding, item: PageValue, index: PageValue, value: PageValue, reusing reused: inout UpdateScope) -> PageValue {
        if reused.generation != storeGeneration { reused = UpdateScope(self) }
        reused.scope.item = item
        reused.scope.index = index
        reused.scope.value = value
        reused.scope.state = binding.expression.readsBlockState && binding.component.isInBlock ? binding.component.visibleBlockState : .null
        do {
            return binding.type.coerce(try binding.expression.evaluate(in: reused.scope))
        } catch {
            return report(error, evaluating: binding)
        }
    }

    /// How many components `nodes` write, those inside them included (a list's once).
    static func count(_ nodes: [ComponentNode]) -> Int {
        var total = nodes.count
        for node in nodes where !node.children.isEmpty { total += count(node.children) }
        return total
    }

    /// The attributes `written` that `type` declares, each with its position among the type's
    /// attributes, in the type's order; the first written of a name when one is written twice.
    /// NB: searches the type's declaration for each written attribute (a component writes two or
    /// three of its ten or so), not the written ones for each declared attribute.
    /// NB: `nonisolated`, with plain loops: a closure made in this main-actor class (the
    /// predicates of `firstIndex(where:)` and `contains(where:)`) checked at run time that it ran
    /// on the main actor at every call, and copied each declared attribute it was handed: about
    /// half of this function's cost, 1.3% of opening the 1,000-component page.
    nonisolated static func writtenInTypeOrder(_ written: AttributeList, of type: ComponentType) -> [(position: Int, item: Int)] {
        let specs = type.attributes
        var found: [(position: Int, item: Int)] = []
        found.reserveCapacity(written.items.count)
        // NB: written in the type's order already (the usual case), it needs no sort.
        var sorted = true
        for item in written.items.indices {
            let name = written.items[item].name
            // NB: the lengths first: most names differ in length, and comparing two different
            // strings is a call into the runtime.
            let length = name.utf8.count
            var position = -1
            for place in specs.indices where specs[place].name.utf8.count == length && specs[place].name == name {
                position = place
                break
            }
            guard position >= 0, !isListed(position, in: found) else { continue }
            if let last = found.last, last.position > position { sorted = false }
            found.append((position, item))
        }
        if !sorted { found.sort { $0.position < $1.position } }
        return found
    }

    /// Whether `position` is among `found`'s positions already (a name written twice).
    private nonisolated static func isListed(_ position: Int, in found: [(position: Int, item: Int)]) -> Bool {
        for entry in found where entry.position == position { return true }
        return false
    }

    func buildChildren(of component: PageComponent) -> [PageComponent] {
        var scope = UpdateScope()
        return buildChildren(of: component, scope: &scope)
    }

    private func buildChildren(of component: PageComponent, scope: inout UpdateScope) -> [PageComponent] {
        switch component.type.layout {
        case .leaf:
            return []
        case .container:
            return build(component.node.children, parent: component, item: component.item, index: component.index, itemPath: component.itemPath, scope: &scope)
        case .repeated(let items, _):
            component.rows = buildRows(of: component, items: component.attributes[items]?.arrayValue ?? [])
            return component.rows.flatMap(\.components)
        case .switched(let state):
            let name = component.attributes[state]?.stringValue ?? "normal"
            if name == "normal" { return build(component.node.children, parent: component, item: component.item, index: component.index, itemPath: component.itemPath, scope: &scope) }
            if case .components(let nodes) = component.node.attributes[name]?.content {
                return build(nodes, parent: component, item: component.item, index: component.index, itemPath: component.itemPath, scope: &scope)
            }
            return []
        }
    }

    func dispose(_ component: PageComponent) {
        component.disposed = true
        if !component.bindingIDs.isEmpty {
            // NB: taken out and put back, as in `add(_:)`.
            var table = bindings
            bindings = []
            for id in component.bindingIDs {
                if let binding = table[id] {
                    table[id] = nil
                    freeBindingIDs.append(id)
                    for path in binding.expression.dependencies { index.remove(id, reading: path) }
                }
            }
            bindings = table
        }
        component.bindingIDs = ComponentBindingIDs()
        component.finishChanges()
        for child in component.children { dispose(child) }
    }

    func evaluate(_ binding: Binding) -> PageValue {
        do {
            return binding.type.coerce(try binding.expression.evaluate(in: scope(for: binding.component, blockState: binding.expression.readsBlockState)))
        } catch {
            return report(error, evaluating: binding)
        }
    }

    /// Reports that `binding` can't be computed; its attribute takes null.
    func report(_ error: ExpressionError, evaluating binding: Binding) -> PageValue {
        let where_ = binding.component.node.attributes[binding.name]?.path ?? binding.component.node.path
        send(.diagnostic(.error("expression", where_, "the attribute '\(binding.name)' of \(binding.component.key.map { "'\($0)'" } ?? binding.component.type.id) can't be computed: \(error.message)", expression: error)))
        return .null
    }
}
