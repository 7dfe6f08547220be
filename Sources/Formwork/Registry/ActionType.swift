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
    /// "action", in messages.
    public static let kindName = "action"
    /// None: the engine gives actions no attribute of its own (yet; one added later clashes with
    /// an app's action declaring its name, unless registered `replacing:` it).
    public static let commonAttributes: [AttributeSpec] = []
    /// The id pages use, like `api`.
    public let id: String
    /// The attributes it takes.
    public let attributes: [AttributeSpec]
    /// One line for generated docs.
    public let summary: String
    /// What it does: gets the context, returns `$result` for the next action, or throws to fail the chain.
    public let run: @MainActor @Sendable (ActionContext) async throws -> PageValue

    /// An action `id` taking `attributes`, doing `run`.
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
///
/// A check that waits — on the server, on a database — is marked `isAsync`. A `validate` action
/// waits for it before its chain goes on, and the page is busy (`$page.busy`) meanwhile:
///
/// ```swift
/// registry.register(ValidationType("known-iban", isAsync: true) { context in
///     guard case .string(let iban) = context.value, !iban.isEmpty else { return nil }
///     return try await bank.knows(iban) ? nil : "Unknown bank"
/// })
/// ```
public struct ValidationType: RegisteredType {
    /// "validation", in messages.
    public static let kindName = "validation"
    /// Attributes every validation has: `message` (a template) and `when` (check only while true).
    /// A type declaring one of these names itself keeps its own, and the engine doesn't read it.
    public static let commonAttributes: [AttributeSpec] = [
        AttributeSpec("message", .string, summary: "what to show when the value is not valid; replaces the built-in message", text: .whole),
        AttributeSpec("when", .bool, default: true, summary: "check only while this is true"),
    ]

    /// The id pages use, like `required`.
    public let id: String
    /// The attributes it takes, with the common ones.
    public let attributes: [AttributeSpec]
    /// One line for generated docs.
    public let summary: String
    /// Whether the check waits (on the server, say): the page counts as busy while it runs.
    public let isAsync: Bool
    /// The common attributes (`message`, `when`) this type declares itself; the engine doesn't
    /// read them: it neither replaces the message nor skips the check.
    public let replacedCommonAttributes: [String]
    /// The check: nil when `$value` is acceptable, else the message to show.
    public let check: @MainActor @Sendable (ValidationContext) async throws -> String?

    /// A check that answers at once.
    public init(_ id: String, attributes: [AttributeSpec] = [], summary: String = "", check: @escaping @MainActor @Sendable (ValidationContext) throws -> String?) {
        self.init(id, attributes: attributes, summary: summary, isAsync: false) { context in try check(context) }
    }

    /// A check that may wait; `isAsync: true` says it does.
    public init(_ id: String, attributes: [AttributeSpec] = [], summary: String = "", isAsync: Bool, check: @escaping @MainActor @Sendable (ValidationContext) async throws -> String?) {
        self.id = id
        (self.attributes, replacedCommonAttributes) = CommonAttributes.merge(attributes, common: ValidationType.commonAttributes)
        self.summary = summary
        self.isAsync = isAsync
        self.check = check
    }
}

/// A registered error-handler type. Handlers are tried in order; the first whose `when` holds
/// (over `$error`) handles the failure.
///
/// Every handler has `when` and `retry` besides its own attributes. A handler declaring one of
/// those names itself keeps its own, and the engine's feature is off for it:
///
/// ```swift
/// registry.register(ErrorHandlerType("undo", attributes: [AttributeSpec("retry", .string, role: .interactionName)]) { … })
/// // "retry": "onSubmit" is the handler's; the engine never runs the failed action again for "undo"
/// ```
public struct ErrorHandlerType: RegisteredType {
    /// "error handler", in messages.
    public static let kindName = "error handler"
    /// Attributes every error handler has: `when` (handle only matching errors) and `retry`.
    public static let commonAttributes: [AttributeSpec] = [
        AttributeSpec("when", .bool, default: true, summary: "handle only errors for which this is true, e.g. $error.status == 401"),
        AttributeSpec("retry", .bool, default: false, summary: "when the handler is done, run the failed action once more; if it succeeds, the chain goes on"),
    ]

    /// The id pages use, like `toast`.
    public let id: String
    /// The attributes it takes, with the common ones.
    public let attributes: [AttributeSpec]
    /// One line for generated docs.
    public let summary: String
    /// The common attributes (`when`, `retry`) this handler declares itself; the engine doesn't
    /// read them: without its `when` it takes every error, without its `retry` it retries nothing.
    public let replacedCommonAttributes: [String]
    /// What it does with the failure (`$error` in the context).
    public let handle: @MainActor @Sendable (ActionContext) async throws -> Void

    /// An error handler `id` taking `attributes` (and the common ones), doing `handle`.
    public init(_ id: String, attributes: [AttributeSpec] = [], summary: String = "", handle: @escaping @MainActor @Sendable (ActionContext) async throws -> Void) {
        self.id = id
        (self.attributes, replacedCommonAttributes) = CommonAttributes.merge(attributes, common: ErrorHandlerType.commonAttributes)
        self.summary = summary
        self.handle = handle
    }
}
