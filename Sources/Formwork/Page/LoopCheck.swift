/// The loops `check` can see without running a page, reported as warnings: the engine stops them
/// at a budget, but a page that always hits one is a mistake.
///
/// - An interaction that triggers itself from two or more chains of an `all` (or any action that
///   runs chains side by side): each run starts twice as many runs as the one before, until the
///   interaction has run `actionsPerInteraction` actions.
/// - A page that pushes itself from `loaded` or `appear` (or an interaction they trigger): each
///   copy opens another as soon as it opens, until `pushDepth` pages are open.
///
/// What an attribute names is read from its registered role (`interactionName`, `pageID`) and
/// chains from attributes of type `chains`, so host actions are seen exactly like built-ins.
struct LoopCheck {
    let registry: Registry
    let document: PageDocument
    let limits: PageLimits

    func warnings() -> [PageDiagnostic] {
        let graph = document.interactions.mapValues { chain in Set(triggers(in: chain)) }
        var diagnostics: [PageDiagnostic] = []
        var reported = Set<String>()
        for (name, chain) in document.interactions.sorted(by: { $0.key < $1.key }) {
            for (path, count) in fanOuts(in: chain, returningTo: name, graph: graph) where count >= 2 && reported.insert(path).inserted {
                diagnostics.append(.warning("loop", path, "the interaction '\(name)' triggers itself \(count) times from chains run side by side here, so the work grows \(count)-fold at every level; it is stopped after \(PageLimits.grouped(limits.actionsPerInteraction)) actions (the actionsPerInteraction limit)"))
            }
        }
        let onOpen = reachable(from: PageDocument.lifecycleInteractions.filter { $0 != "disappear" }, graph: graph)
        for name in onOpen.sorted() {
            for path in pushes(of: document.id, in: document.interactions[name] ?? []) where reported.insert(path).inserted {
                diagnostics.append(.warning("loop", path, "the page '\(document.id)' pushes itself when it opens (from '\(name)'), so every copy opens another; it is stopped when \(limits.pushDepth) pages are open (the pushDepth limit)"))
            }
        }
        return diagnostics
    }

    // MARK: - Walking chains

    /// One attribute of an action or handler, with the role its type gives it.
    private typealias Attribute = (node: AttributeNode, role: AttributeRole)

    /// Every action and handler in `chain`, nested ones included, with their attributes.
    private func visit(_ chain: [ActionNode], _ body: (_ path: String, _ attributes: [Attribute]) -> Void) {
        for action in chain {
            let specs = registry.actions[action.typeID]?.attributes ?? []
            visit(action.attributes, specs: specs, path: action.path, body)
            for handler in action.onError {
                visit(handler.attributes, specs: registry.errorHandlers[handler.typeID]?.attributes ?? [], path: handler.path, body)
            }
        }
    }

    private func visit(_ list: AttributeList, specs: [AttributeSpec], path: String, _ body: (_ path: String, _ attributes: [Attribute]) -> Void) {
        let attributes = list.items.map { node in (node: node, role: specs.first { $0.name == node.name }?.role ?? .value) }
        body(path, attributes)
        for attribute in list.items {
            switch attribute.content {
            case .actions(let chain): visit(chain, body)
            case .chains(let chains): for chain in chains { visit(chain, body) }
            default: break
            }
        }
    }

    /// The interactions `chain` triggers by a literal name, anywhere inside it.
    private func triggers(in chain: [ActionNode]) -> [String] {
        var names: [String] = []
        visit(chain) { _, attributes in
            for (node, role) in attributes where role == .interactionName {
                if case .literal(.string(let name)) = node.content { names.append(name) }
            }
        }
        return names
    }

    /// The interactions reachable from `start` (themselves included) through triggers.
    private func reachable(from start: [String], graph: [String: Set<String>]) -> Set<String> {
        var seen = Set<String>()
        var queue = start.filter { graph[$0] != nil }
        while let name = queue.popLast() {
            guard seen.insert(name).inserted else { continue }
            queue += graph[name, default: []]
        }
        return seen
    }

    /// For each action in `chain` that runs chains side by side: its path, and how many triggers
    /// in those chains lead back to `home`.
    private func fanOuts(in chain: [ActionNode], returningTo home: String, graph: [String: Set<String>]) -> [(String, Int)] {
        var found: [(String, Int)] = []
        visit(chain) { path, attributes in
            for (node, _) in attributes {
                guard case .chains(let chains) = node.content else { continue }
                let count = chains.reduce(0) { total, inner in
                    total + triggers(in: inner).count { reachable(from: [$0], graph: graph).contains(home) }
                }
                found.append((path, count))
            }
        }
        return found
    }

    /// Paths of the literal page ids in `chain` that name `page`.
    private func pushes(of page: String, in chain: [ActionNode]) -> [String] {
        var paths: [String] = []
        visit(chain) { _, attributes in
            for (node, role) in attributes where role == .pageID {
                if case .literal(.string(let id)) = node.content, id == page { paths.append(node.path) }
            }
        }
        return paths
    }
}
