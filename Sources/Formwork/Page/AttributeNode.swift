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
    /// A value written as it is (`"mode": "literal"`, or a bare JSON value).
    case literal(PageValue)
    /// An expression (`{"expr": …}`), compiled; a plain path into `$data` or `$global` binds both ways.
    case expression(CompiledExpression)
    /// A template (`{"template": "Hi ${$data.name}"}`), compiled; it always gives a string.
    case template(CompiledExpression)
    /// A chain of actions, as `if`'s `then` holds.
    case actions([ActionNode])
    /// Several chains, as `all`'s `chains` holds.
    case chains([[ActionNode]])
    /// Components nested in another, as a `section`'s `children` holds.
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
