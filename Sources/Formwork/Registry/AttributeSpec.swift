/// How a registered type declares one of its attributes: name, type, default, whether a page
/// must give it, and whether it may bind two-way (a user edit writes the store).
public struct AttributeSpec: Sendable {
    /// The attribute's name.
    public let name: String
    /// The type its value must have.
    public let type: AttributeType
    /// The value when the page gives none.
    public let defaultValue: PageValue
    /// Whether a page must give it.
    public let required: Bool
    /// Whether a plain `$data`/`$global` path bound here is written back on user edits.
    public let twoWay: Bool
    /// What a string value names, so `check` can verify it: a store path to write, a page
    /// interaction, or a page id.
    public let role: AttributeRole
    /// One line for generated docs and `check` messages.
    public let summary: String
    /// What is wrong with a literal value for this attribute (nil when nothing is), so
    /// `formwork check` reports it before the page runs — like `api`'s method
    /// `"GET /x HTTP/1.1\r\n…"`. The type still checks computed values when it runs.
    public let check: (@Sendable (PageValue) -> String?)?
    /// The literal values it may have, when they are a closed set (`text-field`'s `keyboard`:
    /// `default`, `number`, `decimal`, `email`, `phone`, `url`); nil when any value of its type
    /// will do. `check` refuses another literal, suggesting the nearest; the registry description
    /// lists them as `"values"` and the JSON Schema as an `enum`. An expression's value is not
    /// checked: the type decides what to do with one it doesn't know. An attribute with its own
    /// `check` is checked by that alone (`api`'s `method` takes `Patch` too); its `values` are
    /// then what an editor offers.
    ///
    /// ```
    /// components[0].attributes.keyboard: error: the attribute 'keyboard' of the component 'text-field': "emial" is not one of default, number, decimal, email, phone, url; did you mean "email"?
    /// ```
    public let values: [PageValue]?
    /// What of its value a person reads, so `check --locale` counts it and `formwork strings`
    /// hands it to translators (nil: nothing, like a `url` or a `style`). Built-ins declare it
    /// on `title`, `message`, `placeholder`, …; a host type declares it the same way:
    ///
    /// ```swift
    /// AttributeSpec("caption", .string, text: .whole)
    /// ```
    public let text: PersonText?

    /// An attribute `name` of `type`; see the properties for the rest.
    public init(_ name: String, _ type: AttributeType, default defaultValue: PageValue = .null, required: Bool = false, twoWay: Bool = false, role: AttributeRole = .value, summary: String = "",
                values: [PageValue]? = nil, text: PersonText? = nil, check: (@Sendable (PageValue) -> String?)? = nil) {
        self.text = text
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.required = required
        self.twoWay = twoWay
        self.role = role
        self.summary = summary
        self.check = check
        self.values = values
    }

    /// Why the literal `value` is not one of `values` (nil when it is, when there are none, or
    /// for null, which means "not set"): `"emial" is not one of default, number, decimal, email,
    /// phone, url; did you mean "email"?`.
    public func valueProblem(_ value: PageValue) -> String? {
        guard let values, !value.isNull, !values.contains(value) else { return nil }
        let listed = values.map { $0.stringValue ?? $0.jsonText }
        var text = "\(value.jsonText) is not one of " + listed.joined(separator: ", ")
        if let near = value.stringValue.flatMap({ Suggestions.nearest(to: $0, in: values.compactMap(\.stringValue)) }) {
            text += "; did you mean \(PageValue.string(near).jsonText)?"
        }
        return text
    }
}

/// What an attribute's string names, beyond being a value.
public enum AttributeRole: Sendable, Equatable {
    /// A plain value.
    case value
    /// A `$data…` or `$global…` path the type writes (never `$param`).
    case storePath
    /// The name of one of the page's interactions.
    case interactionName
    /// The id of another page.
    case pageID
    /// Component keys (a string or an array of them); inside a block, a key names a component of
    /// the same instance, so `street` there is `shipping.street` on the page.
    case componentKeys
    /// One of the events of the block whose components hold it (`raise`'s `event`).
    case blockEvent
}

/// What every registered kind has in common, so one table and one lookup serve them all.
public protocol RegisteredType: Sendable {
    /// The id pages use, like `text-field`, `store-var`, `required`, `toast`.
    var id: String { get }
    /// The attributes a page may give it, the common ones of its kind included.
    var attributes: [AttributeSpec] { get }
    /// The word for this kind in messages: "component", "action", "validation", "error handler".
    static var kindName: String { get }
    /// The attributes the engine gives every type of this kind (`hidden`, `when`, `retry`, …):
    /// a type declaring one of these names itself clashes with the engine unless registered
    /// `replacing:` it (`Registry.clashes`).
    static var commonAttributes: [AttributeSpec] { get }
    /// The common attributes of this kind (`hidden`, `enabled`, `validateOn` for components;
    /// `message`, `when` for validations; `when`, `retry` for error handlers) that this type
    /// declares itself. Its own declaration is the attribute, and the engine's feature of that
    /// name is off for this type: the engine never reads it (see `engineReads(_:)`). The app
    /// states it when it registers the type (`replacing:`); the registry refuses it otherwise.
    var replacedCommonAttributes: [String] { get }
}

extension RegisteredType {
    /// The declared attribute called `name`, if any.
    public func attribute(_ name: String) -> AttributeSpec? { attributes.first { $0.name == name } }

    /// None: a type conforming outside Formwork has no attributes the engine adds to it.
    public static var commonAttributes: [AttributeSpec] { [] }

    /// None: a type that doesn't say otherwise leaves every common attribute to the engine.
    public var replacedCommonAttributes: [String] { [] }

    /// Whether the engine reads the attribute `name` of this type for a feature of its own
    /// (`hidden` hides, `retry` runs the failed action again, …): false when the type declares
    /// an attribute of that name itself, which is then the type's alone.
    ///
    /// ```swift
    /// let undo = ErrorHandlerType("undo", attributes: [AttributeSpec("retry", .string, role: .interactionName)]) { … }
    /// undo.engineReads("retry")   // false: "retry" is the handler's own; the engine retries nothing for it
    /// undo.engineReads("when")    // true
    /// ```
    public func engineReads(_ name: String) -> Bool { !replacedCommonAttributes.contains(name) }
}
