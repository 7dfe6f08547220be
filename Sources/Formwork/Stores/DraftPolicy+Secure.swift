/// Finding the `$data` paths `secure` fields write, so a draft never holds them.
extension DraftPolicy {
    /// The paths of `$data` a component with a `secure` attribute (anything but a literal
    /// `false`: a field that may hide its text hides it from the disk too) writes its value to,
    /// in `components` and everything inside them: list rows (`$data.cards[*].pin`), a switched
    /// component's other states, fallbacks, and the components blocks expand into.
    static func securePaths(in components: [ComponentNode], registry: Registry) -> [DraftPath] {
        var found: [DraftPath] = []
        for node in components { collect(node, rows: nil, registry: registry, into: &found) }
        return found
    }

    /// `rows` is where `$item` is in `$data` (`$data.cards[*]`), inside a list over a plain path.
    private static func collect(_ node: ComponentNode, rows: [DraftPath.Step]?, registry: Registry, into found: inout [DraftPath]) {
        let type = registry.components[node.typeID]
        if let secure = node.attributes["secure"], !isLiteralFalse(secure.content),
           case .expression(let value)? = node.attributes[type?.valueAttribute ?? "value"]?.content,
           let steps = steps(of: value, rows: rows) {
            found.append(DraftPath(steps: steps))
        }
        var childRows = rows
        if case .repeated(let items, _)? = type?.layout {
            if case .expression(let expression)? = node.attributes[items]?.content, let steps = steps(of: expression, rows: rows) {
                childRows = steps + [.everyElement]
            } else {
                childRows = nil
            }
        }
        for child in node.children { collect(child, rows: childRows, registry: registry, into: &found) }
        for attribute in node.attributes.items {
            if case .components(let nodes) = attribute.content {
                for child in nodes { collect(child, rows: rows, registry: registry, into: &found) }
            }
        }
        if let fallback = node.fallback { collect(fallback, rows: rows, registry: registry, into: &found) }
    }

    /// Where in `$data` a plain path (`$data.pin`) or a path into the row (`$item.pin`) leads.
    private static func steps(of expression: CompiledExpression, rows: [DraftPath.Step]?) -> [DraftPath.Step]? {
        if let path = expression.assignablePath {
            return path.root == .data ? path.components.map(step) : nil
        }
        if let item = expression.itemPath, let rows { return rows + item.map(step) }
        return nil
    }

    private static func step(_ component: StorePath.Component) -> DraftPath.Step {
        switch component {
        case .key(let key): return .key(key)
        case .index(let index): return .index(index)
        }
    }

    private static func isLiteralFalse(_ content: AttributeContent) -> Bool {
        if case .literal(.bool(false)) = content { return true }
        return false
    }
}
