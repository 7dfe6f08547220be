/// A registered action type: attributes and what it does. It receives the previous action's result
/// as `context.result` and returns its own, or throws to fail the chain.
///
/// ```swift
/// registry.register(ActionType("log", attributes: [AttributeSpec("message", .string)]) { context in
///     print(try context.string("message") ?? "")
///     return context.result   // pass the previous result along
/// })
/// ```
public struct ActionType: RegisteredType {
    public static let kindName = "action"
    public let id: String
    public let attributes: [AttributeSpec]
    public let summary: String
    public let run: @MainActor @Sendable (ActionContext) async throws -> PageValue

    public init(_ id: String, attributes: [AttributeSpec] = [], summary: String = "", run: @escaping @MainActor @Sendable (ActionContext) async throws -> PageValue) {
        self.id = id
        self.attributes = attributes
        self.summary = summary
        self.run = run
    }
}

/// A registered validation type: is `$value` acceptable? The check returns nil when it is, or
/// the message to show when it isn't (a page's own `message` template takes precedence).
///
/// ```swift
/// registry.register(ValidationType("even", attributes: []) { context in
///     guard let n = context.value.intValue else { return nil }   // empty values pass
///     return n % 2 == 0 ? nil : "Enter an even number"
/// })
/// ```
public struct ValidationType: RegisteredType {
    public static let kindName = "validation"
    /// Attributes every validation has: `message` (a template) and `when` (check only while true).
    public static let commonAttributes: [AttributeSpec] = [
        AttributeSpec("message", .string, summary: "what to show when the value is not valid; replaces the built-in message"),
        AttributeSpec("when", .bool, default: true, summary: "check only while this is true"),
    ]

    public let id: String
    public let attributes: [AttributeSpec]
    public let summary: String
    public let check: @MainActor @Sendable (ValidationContext) throws -> String?

    public init(_ id: String, attributes: [AttributeSpec] = [], summary: String = "", check: @escaping @MainActor @Sendable (ValidationContext) throws -> String?) {
        self.id = id
        let own = Set(attributes.map(\.name))
        self.attributes = attributes + ValidationType.commonAttributes.filter { !own.contains($0.name) }
        self.summary = summary
        self.check = check
    }
}

/// A registered error-handler type. Handlers are tried in order; the first whose `when` holds
/// (over `$error`) handles the failure.
public struct ErrorHandlerType: RegisteredType {
    public static let kindName = "error handler"
    public static let commonAttributes: [AttributeSpec] = [
        AttributeSpec("when", .bool, default: true, summary: "handle only errors for which this is true, e.g. $error.status == 401"),
    ]

    public let id: String
    public let attributes: [AttributeSpec]
    public let summary: String
    public let handle: @MainActor @Sendable (ActionContext) async throws -> Void

    public init(_ id: String, attributes: [AttributeSpec] = [], summary: String = "", handle: @escaping @MainActor @Sendable (ActionContext) async throws -> Void) {
        self.id = id
        let own = Set(attributes.map(\.name))
        self.attributes = attributes + ErrorHandlerType.commonAttributes.filter { !own.contains($0.name) }
        self.summary = summary
        self.handle = handle
    }
}
