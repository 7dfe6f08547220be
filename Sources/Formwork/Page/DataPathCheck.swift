/// `check`'s warning about a `$data` path that nothing provides: not in the page's initial
/// `"data"`, and written by no `store-var` (or other attribute naming a store path to write) and no
/// two-way binding. It suggests the nearest path that is provided:
///
/// ```
/// components[0].attributes.text: warning: $data.pirce is not in the page's data and nothing writes it; did you mean $data.price? (column 1 of the expression)
///   $data.pirce * 2
///   ^~~~~~~~~~~
/// ```
///
/// The first member after `$data` is always checked. A deeper member is checked only where the
/// initial data holds a non-empty object and nothing writes at, above or below it: the members
/// are then fixed. It stops at null, arrays, scalars, empty objects and indexes.
struct DataPathCheck {
    /// The `$data` paths the page writes, as their components (`[]` for `$data` itself).
    private var writes: [[StorePath.Component]] = []
    /// Whether something writes a `$data` path only known when the page runs (a computed key).
    private var writesUnknownPaths = false
    private let data: PageObject
    private let registry: Registry

    init(document: PageDocument, registry: Registry) {
        self.registry = registry
        if case .object(let object) = document.data { data = object } else { data = PageObject() }
        for component in document.components { collect(component) }
        for chain in document.interactions.values { collect(chain) }
        for watcher in document.watchers { collect(watcher.actions) }
        collect(document.onError)
    }

    // MARK: - Writes

    private mutating func collect(_ node: ComponentNode) {
        if let type = registry.components[node.typeID] {
            collect(node.attributes, specs: type.attributes)
        } else {
            collectNested(node.attributes)
        }
        for validation in node.validations {
            collect(validation.attributes, specs: registry.validations[validation.typeID]?.attributes ?? [])
        }
        for chain in node.interactions.values { collect(chain) }
        for child in node.children { collect(child) }
        if let fallback = node.fallback { collect(fallback) }
    }

    private mutating func collect(_ chain: [ActionNode]) {
        for action in chain {
            collect(action.attributes, specs: registry.actions[action.typeID]?.attributes ?? [])
            collect(action.onError)
        }
    }

    private mutating func collect(_ handlers: [HandlerNode]) {
        for handler in handlers {
            collect(handler.attributes, specs: registry.errorHandlers[handler.typeID]?.attributes ?? [])
        }
    }

    private mutating func collect(_ list: AttributeList, specs: [AttributeSpec]) {
        for attribute in list.items {
            guard let spec = specs.first(where: { $0.name == attribute.name }) else { continue }
            if spec.twoWay, let path = attribute.expression?.assignablePath, path.root == .data {
                writes.append(path.components)
            }
            if spec.role == .storePath {
                if case .literal(.string(let text)) = attribute.content {
                    if let path = StorePath(text), path.root == .data { writes.append(path.components) }
                } else if attribute.expression?.constantValue == nil {
                    writesUnknownPaths = true
                }
            }
        }
        collectNested(list)
    }

    private mutating func collectNested(_ list: AttributeList) {
        for attribute in list.items {
            switch attribute.content {
            case .actions(let chain): collect(chain)
            case .chains(let chains): for chain in chains { collect(chain) }
            case .components(let nodes): for node in nodes { collect(node) }
            default: break
            }
        }
    }

    /// Whether something writes the top-level `$data` member `name` (or below it, or all of `$data`,
    /// or a path only known when the page runs).
    func writes(member name: String) -> Bool {
        writesUnknownPaths || writes.contains { $0.isEmpty || $0.first == .key(name) }
    }

    // MARK: - Reads

    /// A warning for each `$data` path `expression` reads that nothing provides, its range
    /// underlined. `functions` and `limits` are the ones the page was compiled with.
    func warnings(for expression: CompiledExpression, at location: String, functions: FunctionLibrary, limits: PageLimits) -> [PageDiagnostic] {
        guard !writesUnknownPaths, expression.dependencies.contains(where: { $0.root == .data }) else { return [] }
        // NB: parsed again for the ranges, only here: a compiled expression keeps no syntax tree.
        guard let tree = try? CompiledExpression.parse(expression.source, isTemplate: expression.isTemplate, functions: functions, limits: limits, block: nil) else { return [] }
        return DependencyAnalysis.pathReads(of: tree).compactMap { read in
            guard read.path.root == .data, let (level, near) = unknownMember(of: read.path.components) else { return nil }
            let shown = StorePath(.data, Array(read.path.components.prefix(level + 1)))
            let hint = near.map { "; did you mean \(StorePath(.data, Array(read.path.components.prefix(level)) + [.key($0)]))?" }
                ?? "; give it an initial value under \"data\", or write it with store-var or an input"
            let message = "\(shown) is not in the page's data and nothing writes it" + hint
            let error = ExpressionError(.unknownPath, message, range: read.ranges[level], source: expression.source)
            return PageDiagnostic(.warning, code: "unknown-path", path: location, message, expressionError: error)
        }
    }

    /// The index of the first member of `components` that nothing provides, with the nearest
    /// member that is provided there; nil when the path is provided or can't be known.
    private func unknownMember(of components: [StorePath.Component]) -> (Int, String?)? {
        if writes.contains(where: \.isEmpty) { return nil }
        var object = data
        for (level, component) in components.enumerated() {
            guard case .key(let name) = component else { return nil }
            let prefix = Array(components.prefix(level))
            var candidates = object.keys
            if level == 0 {
                if writes.contains(where: { $0.first == component }) { return nil }
                for write in writes { if case .key(let key)? = write.first { candidates.append(key) } }
            } else if object.isEmpty || writes.contains(where: { $0.starts(with: prefix) || prefix.starts(with: $0) }) {
                return nil
            }
            guard let member = object[name] else { return (level, Suggestions.nearest(to: name, in: candidates)) }
            guard case .object(let inner) = member else { return nil }
            object = inner
        }
        return nil
    }
}
