/// One attribute of a component, action, validation or error handler, compiled at open.
public struct AttributeNode: Sendable {
    /// The attribute's name, like `title`.
    public let name: String
    /// The type written in the page, or the registered type's declaration for the compact form.
    public let type: AttributeType
    /// How it is written: a literal, an expression or a template.
    public let mode: AttributeMode
    /// The literal value or the compiled expression.
    public let content: AttributeContent
    /// JSON path of the attribute's value, for diagnostics.
    public let path: String

    /// An attribute called `name` of `type`, written in `mode` as `content`, at the JSON path `path`.
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
    /// The attributes, in the order written.
    public let items: [AttributeNode]

    /// A list of `items`.
    public init(_ items: [AttributeNode]) { self.items = items }

    /// The attribute called `name`, if written.
    public subscript(name: String) -> AttributeNode? { items.first { $0.name == name } }

    /// The attributes' names, in order.
    public var names: [String] { items.map(\.name) }
}
