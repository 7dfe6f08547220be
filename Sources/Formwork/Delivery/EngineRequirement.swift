/// The lowest engine version that reads a page or library, worked out from what it uses, and the
/// features that need it: what `formwork pack` writes to the manifest as `minEngineVersion`.
///
/// ```swift
/// let document = try PageDocument.load(bytes, registry: registry)
/// document.engineRequirement.version                 // 2
/// document.engineRequirement.uses.map(\.feature.name)   // ["sort"]
/// ```
public struct EngineRequirement: Sendable, Equatable {
    /// A feature used, and the JSON path of its first use ("" for the file itself).
    public struct Use: Sendable, Equatable {
        /// The feature.
        public let feature: EngineFeature
        /// Where it is first used, like `components[0].attributes.text.expr`.
        public let path: String
    }

    /// The lowest `FormworkEngine.version` that reads everything used (1 when nothing newer is).
    public let version: Int
    /// The features used that need `version`, each once, in the order first met.
    public let uses: [Use]

    init(found: [Use]) {
        var seen = Set<String>()
        let unique = found.filter { seen.insert("\($0.feature.kind.rawValue)\t\($0.feature.name)").inserted }
        let version = unique.map(\.feature.since).max() ?? 1
        self.version = version
        self.uses = unique.filter { $0.feature.since == version }
    }

    /// "the function 'sort' (list functions, engine 2) at components[0].attributes.text.expr": the
    /// first few features, for a message.
    public var sentence: String {
        let shown = uses.prefix(3).map { "\($0.feature)" + ($0.path.isEmpty ? "" : " at \($0.path)") }
        let more = uses.count > 3 ? " (and \(uses.count - 3) more)" : ""
        return FunctionSignature.list(Array(shown), "and") + more
    }

    /// check's message for a stated `minEngineVersion` below what a page or library uses.
    static func tooLow(what: String, stated: Int, required: EngineRequirement) -> String {
        "the \(what) says minEngineVersion \(stated), but it uses \(required.sentence), which engine \(stated) can't read; "
            + "raise minEngineVersion to \(required.version), or leave it out and formwork pack works it out"
    }
}

extension PageDocument {
    /// The lowest engine version that reads this page, from the page members it writes and the
    /// built-ins, functions and variables it uses (blocks from libraries included, as expanded
    /// into the page). An app's own types and functions don't count: the app has them or not
    /// (the manifest's `requires`). A component with a `fallback` doesn't count: an engine
    /// without it shows the fallback.
    public var engineRequirement: EngineRequirement {
        var walker = EngineFeatureWalker()
        // NB: the members as written, kept at decode (`source` would read the page's bytes again).
        for key in writtenMembers { walker.note(.pageMember, key, at: key) }
        walker.visit(self)
        return EngineRequirement(found: walker.found)
    }
}

extension BlockLibrary {
    /// The lowest engine version that reads this library: block libraries are version 2, more
    /// when its members, blocks, chains or handlers use something newer.
    ///
    /// - Parameters:
    ///   - registry: the app's registry, as the library is checked with.
    ///   - libraries: the libraries it names (`libraries`), to read its blocks with.
    public func engineRequirement(registry: Registry, libraries: BlockCatalog) -> EngineRequirement {
        var walker = EngineFeatureWalker()
        walker.note(.file, "library", at: "")
        for member in writtenMembers { walker.note(.pageMember, member, at: member) }
        walker.visit(checkedDocument(registry: registry, libraries: libraries, limits: .standard).document)
        return EngineRequirement(found: walker.found)
    }
}

/// Walks a decoded page once, noting every feature newer than version 1 it uses.
struct EngineFeatureWalker {
    private(set) var found: [EngineRequirement.Use] = []

    mutating func note(_ kind: EngineFeature.Kind, _ name: String, at path: String) {
        if let feature = FormworkEngine.feature(kind, name) { found.append(.init(feature: feature, path: path)) }
    }

    mutating func visit(_ document: PageDocument) {
        if let title = document.title { visit(title) }
        for node in document.computed { visit(node.expression, at: node.path) }
        for watcher in document.watchers {
            visit(watcher.expression, at: watcher.path)
            visit(watcher.actions)
        }
        visit(document.components)
        for name in document.interactions.keys.sorted() { visit(document.interactions[name] ?? []) }
        visit(document.onError)
        visit(document.blockChecks)
    }

    mutating func visit(_ nodes: [ComponentNode]) {
        for node in nodes {
            if node.fallback == nil { note(.component, node.typeID, at: node.path) }
            visit(node.attributes)
            for validation in node.validations {
                note(.validation, validation.typeID, at: validation.path)
                visit(validation.attributes)
            }
            for event in node.interactions.keys.sorted() { visit(node.interactions[event] ?? []) }
            visit(node.children)
            if let fallback = node.fallback { visit([fallback]) }
        }
    }

    mutating func visit(_ chain: [ActionNode]) {
        for action in chain {
            note(.action, action.typeID, at: action.path)
            visit(action.attributes)
            visit(action.onError)
        }
    }

    mutating func visit(_ handlers: [HandlerNode]) {
        for handler in handlers {
            note(.errorHandler, handler.typeID, at: handler.path)
            for attribute in handler.attributes.items { note(.errorHandlerAttribute, attribute.name, at: attribute.path) }
            visit(handler.attributes)
        }
    }

    mutating func visit(_ attributes: AttributeList) {
        for attribute in attributes.items { visit(attribute) }
    }

    mutating func visit(_ attribute: AttributeNode) {
        switch attribute.content {
        case .expression(let e), .template(let e): visit(e, at: attribute.path)
        case .actions(let chain): visit(chain)
        case .chains(let chains): for chain in chains { visit(chain) }
        case .components(let nodes): visit(nodes)
        case .literal, .invalid: break
        }
    }

    mutating func visit(_ expression: CompiledExpression, at path: String) {
        for call in expression.calls { note(.function, call.name, at: path) }
        for read in expression.dependencies { note(.variable, read.root.rawValue, at: path) }
    }
}
