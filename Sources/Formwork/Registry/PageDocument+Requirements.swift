/// What a page uses from a registry, found by walking the decoded page once.
extension PageDocument {
    /// Every component, action, validation, error handler and function id the page uses. A
    /// component with a `fallback` is left out (the page works without it, showing the fallback).
    public var usedIDs: RegistryIDs {
        var walker = UsedIDsWalker()
        if let title { walker.visit(title) }
        walker.visit(components)
        for chain in interactions.values { walker.visit(chain) }
        walker.visit(onError)
        return RegistryIDs(components: walker.components, actions: walker.actions, validations: walker.validations,
                           errorHandlers: walker.handlers, functions: walker.functions)
    }

    /// The ids the page uses that `base` doesn't have. With `.standard`, what the page needs from
    /// the app beyond the engine's built-ins: `formwork pack` records it in the manifest as
    /// `requires`. With the app's registry, what no one provides.
    ///
    /// ```swift
    /// try engine.load(bytes).requirements(beyond: .standard)   // {"actions": ["analytics"]}
    /// ```
    public func requirements(beyond base: Registry) -> RegistryIDs {
        usedIDs.missing(from: base)
    }

    /// What the page needs beyond the built-ins.
    @available(*, deprecated, message: "name the base: requirements(beyond: .standard) for what the page needs beyond the built-ins, or requirements(beyond: engine.registry)")
    public func requirements() -> RegistryIDs {
        requirements(beyond: .standard)
    }
}

private struct UsedIDsWalker {
    var components: [String] = []
    var actions: [String] = []
    var validations: [String] = []
    var handlers: [String] = []
    var functions: [String] = []

    mutating func visit(_ nodes: [ComponentNode]) {
        for node in nodes {
            if node.fallback == nil { components.append(node.typeID) }
            visit(node.attributes)
            for validation in node.validations {
                validations.append(validation.typeID)
                visit(validation.attributes)
            }
            for chain in node.interactions.values { visit(chain) }
            visit(node.children)
            if let fallback = node.fallback { visit([fallback]) }
        }
    }

    mutating func visit(_ chain: [ActionNode]) {
        for action in chain {
            actions.append(action.typeID)
            visit(action.attributes)
            visit(action.onError)
        }
    }

    mutating func visit(_ handlers: [HandlerNode]) {
        for handler in handlers {
            self.handlers.append(handler.typeID)
            visit(handler.attributes)
        }
    }

    mutating func visit(_ attributes: AttributeList) {
        for attribute in attributes.items { visit(attribute) }
    }

    mutating func visit(_ attribute: AttributeNode) {
        switch attribute.content {
        case .expression(let e), .template(let e): functions += e.calls.map(\.name)
        case .actions(let chain): visit(chain)
        case .chains(let chains): for chain in chains { visit(chain) }
        case .components(let nodes): visit(nodes)
        case .literal, .invalid: break
        }
    }
}
