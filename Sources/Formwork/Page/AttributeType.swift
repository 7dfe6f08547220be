/// The declared type of an attribute, in the page (`"type": "number"`) and in a registered type's
/// attribute list. `actions`, `chains` and `components` hold nested page nodes and are always literal.
public enum AttributeType: String, Sendable, CaseIterable {
    /// Text.
    case string
    /// A whole number (64 bits); a number with no fraction is accepted.
    case int
    /// Any number, int or not.
    case number
    /// `true` or `false`.
    case bool
    /// A JSON array.
    case array
    /// A JSON object.
    case object
    /// Any value at all, `null` included.
    case any
    /// A chain of actions, like `if`'s `then`.
    case actions
    /// Several chains, like `all`'s `chains`.
    case chains
    /// A set of components, like `status`'s `loading`.
    case components

    /// Whether `value` fits this type. Null fits every type (it means "not set"); an int fits `number`.
    public func accepts(_ value: PageValue) -> Bool {
        switch (self, value) {
        case (_, .null), (.any, _): return true
        case (.string, .string), (.bool, .bool), (.int, .int), (.number, .int), (.number, .number): return true
        case (.int, .number(let d)): return d.rounded() == d
        case (.array, .array), (.object, .object): return true
        case (.actions, .array), (.chains, .array), (.components, .array): return true
        default: return false
        }
    }

    /// Whether the attribute holds page nodes rather than a value.
    public var holdsNodes: Bool { self == .actions || self == .chains || self == .components }

    /// Brings a computed value to this type where that is lossless or conventional: any value
    /// to bool by truthiness, scalars to string by display text, integral numbers to int. An int
    /// stays an int where a number is expected, so `40` typed in a number field is sent as `40`.
    func coerce(_ value: PageValue) -> PageValue {
        switch (self, value) {
        case (_, .null): return .null
        case (.bool, _): return .bool(value.isTruthy)
        case (.string, .int), (.string, .number), (.string, .bool): return .string(value.displayText)
        case (.int, .number(let d)) where d.rounded() == d && abs(d) < 9.2e18: return .int(Int64(d))
        default: return value
        }
    }
}

/// How an attribute's `value` is read: as it is, as an expression, or as a template with `${…}` parts.
public enum AttributeMode: String, Sendable, CaseIterable {
    /// The value as it is written.
    case literal
    /// The value is an expression's text, evaluated (and kept up to date) by the engine.
    case expression
    /// The value is text with `${…}` parts, each an expression.
    case template
}
