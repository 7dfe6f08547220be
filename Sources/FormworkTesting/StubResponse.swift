import Foundation

/// A canned answer for a request the page sends: a status, headers and a body, or a network
/// failure.
///
/// ```swift
/// harness.stub.on("POST", "/api/dishes") { request in
///     .json(201, ["id": "7", "name": request.body["name"] ?? null])
/// }
/// harness.stub.on("GET", "/api/dishes/42", .status(404, ["message": "No such dish"]))
/// harness.stub.on("GET", "/api/menu", .failure("offline"))
/// ```
public struct StubResponse: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// The response headers.
    public var headers: [String: String]
    /// The body, sent as JSON (null: no body).
    public var body: PageValue
    /// When set, the request fails as if the network did, with this message.
    public var networkFailure: String?

    /// An answer with `status`, `headers` and `body`, or a network failure when `networkFailure` is set.
    public init(status: Int = 200, headers: [String: String] = [:], body: PageValue = .null, networkFailure: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.networkFailure = networkFailure
    }

    /// A JSON answer.
    public static func json(_ status: Int = 200, _ body: PageValue) -> StubResponse {
        StubResponse(status: status, headers: ["content-type": "application/json"], body: body)
    }

    /// An answer with this status and an optional JSON body.
    public static func status(_ status: Int, _ body: PageValue = .null) -> StubResponse {
        StubResponse(status: status, headers: body.isNull ? [:] : ["content-type": "application/json"], body: body)
    }

    /// The request never gets an answer: `TransportError.network(message)`.
    public static func failure(_ message: String) -> StubResponse {
        StubResponse(status: 0, networkFailure: message)
    }

    /// What the transport hands the engine.
    var transportResponse: TransportResponse {
        let bytes: Data
        switch body {
        case .null: bytes = Data()
        case .string(let text) where headers["content-type"].map({ !$0.contains("json") }) ?? true: bytes = Data(text.utf8)
        default: bytes = Data(body.jsonText.utf8)
        }
        return TransportResponse(status: status, headers: headers, body: bytes)
    }

    /// The form used in flow files and `--api-stub` files:
    /// `{"status": 200, "body": …, "headers": {…}}` or `{"error": "offline"}`.
    public var jsonValue: PageValue {
        if let networkFailure { return .object(PageObject([("error", .string(networkFailure))])) }
        var object = PageObject([("status", .int(Int64(status)))])
        let shown = headers.filter { $0.key.lowercased() != "content-type" }
        if !shown.isEmpty {
            object["headers"] = .object(PageObject(shown.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
        }
        if !body.isNull { object["body"] = body }
        return .object(object)
    }

    /// Reads the flow-file form; `path` names where it is, for the error.
    static func decode(_ value: PageValue, path: String) throws(FlowFileError.Problem) -> StubResponse {
        guard case .object(let object) = value else {
            throw .init(path, "a stubbed answer is an object like {\"status\": 200, \"body\": {…}} or {\"error\": \"offline\"}, not \(value.typeName)")
        }
        let allowed = ["status", "body", "headers", "error", "description"]
        for key in object.keys where !allowed.contains(key) {
            let hint = Suggestions.nearest(to: key, in: allowed).map { "; did you mean '\($0)'?" } ?? "; it may have status, body, headers or error"
            throw .init(path + "." + key, "unknown member '\(key)' in a stubbed answer" + hint)
        }
        if let error = object["error"] {
            guard case .string(let message) = error else { throw .init(path + ".error", "\"error\" is the network failure's message, a string") }
            return .failure(message)
        }
        var response = StubResponse(status: 200, headers: ["content-type": "application/json"], body: object["body"] ?? .null)
        if let status = object["status"] {
            guard let code = status.intValue, (100...599).contains(code) else {
                throw .init(path + ".status", "\"status\" must be an HTTP status from 100 to 599, not \(status.jsonText)")
            }
            response.status = Int(code)
        }
        if let headers = object["headers"] {
            guard case .object(let given) = headers else { throw .init(path + ".headers", "\"headers\" must be an object of name → text") }
            for (name, value) in given { response.headers[name.lowercased()] = value.displayText }
        }
        return response
    }
}
