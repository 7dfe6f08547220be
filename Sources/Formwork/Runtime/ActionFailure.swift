/// How an action fails on purpose: a kind (`http`, `network`, `validation`, …), a message for
/// people, and the details error handlers read as `$error`.
///
/// ```swift
/// throw ActionFailure(kind: "http", message: "The server answered 404", status: 404)
/// // $error: {"kind": "http", "message": "The server answered 404", "status": 404, ...}
/// ```
public struct ActionFailure: Error, Sendable, CustomStringConvertible {
    /// `$error.kind`: `http`, `network`, `validation`, `limit`, …
    public var kind: String
    /// `$error.message`, for people.
    public var message: String
    /// `$error.status`: the HTTP status, when there was an answer.
    public var status: Int?
    /// `$error.code`: the server's own error code (the answer's `code` member), or null.
    public var code: PageValue
    /// `$error.body`: the answer's body.
    public var body: PageValue
    /// More members for `$error`, like `errors` from `validate`.
    public var details: PageObject
    /// Whether the request got no answer (no network, or over its time budget): an `api` with
    /// `"offline": "queue"` keeps such a request for later. Not part of `$error`.
    var unanswered = false

    /// A failure of `kind` saying `message`.
    public init(kind: String, message: String, status: Int? = nil, code: PageValue = .null, body: PageValue = .null, details: PageObject = PageObject()) {
        self.kind = kind
        self.message = message
        self.status = status
        self.code = code
        self.body = body
        self.details = details
    }

    /// The message.
    public var description: String { message }

    /// The `$error` object handlers see.
    public var errorValue: PageValue {
        var object = PageObject([
            ("kind", .string(kind)), ("message", .string(message)),
            ("status", status.map { .int(Int64($0)) } ?? .null), ("code", code), ("body", body),
        ])
        for (key, value) in details { object[key] = value }
        return .object(object)
    }
}

/// Ends a chain quietly: the person cancelled a picker or a confirmation, or backed out of a
/// pushed page. No error handler runs.
public struct ChainCancelled: Error, Sendable {
    /// Cancels the chain.
    public init() {}
}

/// How a chain ended.
public enum ChainOutcome: Sendable, Equatable {
    /// Every action ran; the value is the last result.
    case completed(PageValue)
    /// It ended quietly (a cancelled picker or confirm, or the page closed).
    case cancelled
    /// An action failed. `error` is `$error`; `handledBy` is the handler that took it, if any.
    case failed(error: PageValue, handledBy: String?)
    /// The event was not run, with the reason (the component is disabled or hidden, or the
    /// interaction isn't defined).
    case ignored(String)

    /// The last result of a completed chain; nil otherwise.
    public var result: PageValue? {
        if case .completed(let value) = self { return value }
        return nil
    }
}
