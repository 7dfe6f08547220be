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
    public var path: String { location.text(name: name) }
    /// Where the value is; its text is written only when asked for (see `AttributePath`).
    let location: AttributePath

    /// An attribute called `name` of `type`, written in `mode` as `content`, at the JSON path `path`.
    public init(name: String, type: AttributeType, mode: AttributeMode, content: AttributeContent, path: String) {
        self.init(name: name, type: type, mode: mode, content: content, location: AttributePath(path))
    }

    init(name: String, type: AttributeType, mode: AttributeMode, content: AttributeContent, location: AttributePath) {
        self.name = name
        self.type = type
        self.mode = mode
        self.content = content
        self.location = location
    }

    /// The same attribute holding `content`.
    func replacing(content: AttributeContent) -> AttributeNode {
        AttributeNode(name: name, type: type, mode: mode, content: content, location: location)
    }

    /// The compiled expression or template, when there is one.
    public var expression: CompiledExpression? {
        switch content {
        case .expression(let e), .template(let e): return e
        default: return nil
        }
    }
}

/// The JSON path of an attribute's value: `components[12].attributes.text.template`, kept for
/// messages.
///
/// NB: most are never read (a page without problems prints none), so a compact attribute's path
/// is kept as its owner's path (shared with the owner, not copied) and the member its value is
/// in, and written out when read; building the text for each of a page's attributes at decode
/// was one allocation each, and a tenth of decoding.
struct AttributePath: Sendable {
    /// Where the value is below `owner.attributes.NAME`.
    enum Member: UInt8, Sendable {
        /// The whole path is `base`.
        case whole
        /// `base.attributes.NAME`: a literal.
        case attribute
        /// `base.attributes.NAME.expr`.
        case expr
        /// `base.attributes.NAME.template`.
        case template
        /// `base.attributes.NAME.value`: the canonical `{ "mode", "value" }` object.
        case value
    }

    /// The whole path, or the owner's path for a member below it.
    let base: String
    let member: Member

    /// A path written out already.
    init(_ whole: String) {
        base = whole
        member = .whole
    }

    /// The path of the attribute `NAME` of the node at `owner`, at `member`.
    init(owner: String, member: Member) {
        base = owner
        self.member = member
    }

    /// The path as text, for the attribute called `name`.
    func text(name: String) -> String {
        switch member {
        case .whole: return base
        case .attribute: return PageDecoder.join(base, "attributes", name, nil)
        case .expr: return PageDecoder.join(base, "attributes", name, "expr")
        case .template: return PageDecoder.join(base, "attributes", name, "template")
        case .value: return PageDecoder.join(base, "attributes", name, "value")
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
