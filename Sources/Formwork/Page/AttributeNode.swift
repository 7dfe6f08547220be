/// One attribute of a component, action, validation or error handler, compiled at open.
public struct AttributeNode: Sendable {
    public let name: String
    /// The type written in the page, or the registered type's declaration for the compact form.
    public let type: AttributeType
    public let mode: AttributeMode
    public let content: AttributeContent
    /// JSON path of the attribute's value, for diagnostics.
    public let path: String

    public init(name: String, type: AttributeType, mode: AttributeMode, content: AttributeContent, path: String) {
        self.name = name
        self.type = type
        self.mode = mode
        self.content = content
        self.path = path
    }

    /// The compiled expression or template, when there is one.
    public var expression: CompiledExpression? {
        switch content {
        case .expression(let e), .template(let e): return e
        default: return nil
        }
    }
}

/// What an attribute holds once decoded.
public enum AttributeContent: Sendable {
    case literal(PageValue)
    case expression(CompiledExpression)
    case template(CompiledExpression)
    case actions([ActionNode])
    case chains([[ActionNode]])
    case components([ComponentNode])
    /// The attribute couldn't be decoded; a diagnostic says why.
    case invalid
}

/// An ordered list of attributes with lookup by name.
public struct AttributeList: Sendable {
    public let items: [AttributeNode]

    public init(_ items: [AttributeNode]) { self.items = items }

    public subscript(name: String) -> AttributeNode? { items.first { $0.name == name } }

    public var names: [String] { items.map(\.name) }
}
