import Foundation

/// `api`: one HTTP request through the host's transport; the `server` validation sends its own the same way.
enum RequestActions {
    /// What a request is made of: `api`'s attributes, which the `server` validation shares.
    static let attributes: [AttributeSpec] = [
        // NB: `values` is the editor's menu: the five methods a form sends, in capitals. `check`
        // is this attribute's own, so a page may still write any method in any case (`post`,
        // `HEAD`), and the schema takes them too.
        AttributeSpec("method", .string, default: "GET", summary: "GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS, in any case",
                      values: ["GET", "POST", "PUT", "PATCH", "DELETE"],
                      check: HTTPRequestRules.methodAttributeProblem),
        AttributeSpec("url", .string, required: true, summary: "absolute, or relative to the transport's base URL; usually a template"),
        AttributeSpec("query", .object, summary: "query items added to the URL"),
        AttributeSpec("headers", .object, summary: "header names and values; not Host, Content-Length or other headers the connection owns",
                      check: HTTPRequestRules.headersAttributeProblem),
        AttributeSpec("body", .any, summary: "sent as JSON"),
    ]

    static let all: [ActionType] = [
        ActionType("api", attributes: attributes + idempotencyAttributes + outboxAttributes,
                   summary: "sends a request; the result is the decoded JSON answer; non-2xx fails with $error.status") { context in
            var request = try makeRequest(context)
            let submission = try attachKey(to: &request, context)
            if let outbox = try outboxFor(request, context) {
                return try await sendThroughOutbox(request, outbox, submission, context)
            }
            let answer = try await exchange(request, in: context.session)
            settle(submission, status: answer.status, in: context.session)
            guard (200..<300).contains(answer.status) else { throw answer.failure }
            return answer.body
        },
    ]

    /// A server's answer to one request, decoded.
    struct Answer {
        let request: TransportRequest
        let status: Int
        let body: PageValue
        var headers: [String: String] = [:]

        /// The failure a non-2xx answer is: `kind` "http", with the status, code and body.
        var failure: ActionFailure {
            let message = body["message"]?.stringValue ?? body["error"]?.stringValue ?? "the server answered \(status) to \(request.method) \(request.url.path)"
            return ActionFailure(kind: "http", message: message, status: status, code: body["code"] ?? .null, body: body)
        }
    }

    /// Sends the request `context`'s attributes describe through the host's transport, within the
    /// engine's budgets, tracing it and the answer; the page counts the request in `$page.requests`.
    @MainActor static func exchange(_ context: some RequestAttributes) async throws -> Answer {
        try await exchange(try makeRequest(context), in: context.session)
    }

    /// Sends `request` for `session` (see `exchange(_:)`).
    @MainActor static func exchange(_ request: TransportRequest, in session: PageSession) async throws -> Answer {
        guard let transport = session.engine.host.transport else {
            throw ActionFailure(kind: "network", message: "this app gives pages no way to send requests (no transport is configured)")
        }
        session.record(.request, "\(request.method) \(request.url.absoluteString)" + (request.body.map { " " + String(decoding: $0, as: UTF8.self) } ?? ""))
        let response: TransportResponse
        do {
            response = try await session.sendingRequest { try await transport.send(request) }
        } catch is CancellationError {
            throw ChainCancelled()
        } catch let error as TransportError {
            switch error {
            case .cancelled: throw ChainCancelled()
            case .network:
                // NB: `message` is what people see by default; the technical reason is in `detail`.
                var failure = ActionFailure(kind: "network", message: RequestActions.unreachable, details: PageObject([("detail", .string(error.description))]))
                failure.unanswered = true
                throw failure
            case .deadlineExceeded:
                var failure = ActionFailure(kind: "limit", message: error.description)
                failure.unanswered = true
                throw failure
            case .responseTooLarge:
                throw ActionFailure(kind: "limit", message: error.description)
            default:
                throw ActionFailure(kind: "network", message: error.description)
            }
        } catch let error as ActionFailure {
            throw error
        } catch {
            var failure = ActionFailure(kind: "network", message: RequestActions.unreachable, details: PageObject([("detail", .string("the request to \(request.url.absoluteString) failed: \(error.localizedDescription)"))]))
            failure.unanswered = true
            throw failure
        }
        // A transport of the host's own may not stop at maxResponseBytes: the budget holds anyway.
        if let limit = request.maxResponseBytes, response.body.count > limit {
            throw ActionFailure(kind: "limit", message: TransportError.responseTooLarge(url: request.url.absoluteString, limit: limit).description)
        }
        let body = try decode(response.body)
        session.record(.response, "\(response.status) \(body.preview())")
        return Answer(request: request, status: response.status, body: body, headers: response.headers)
    }

    static let unreachable = "Couldn't reach the server. Check your connection and try again."

    @MainActor static func makeRequest(_ context: some RequestAttributes) throws -> TransportRequest {
        let what = context.typeID   // api, or the server validation
        let method = try context.string("method") ?? "GET"
        if let problem = HTTPRequestRules.methodProblem(method) {
            throw ActionFailure(kind: "network", message: "\(what)'s method " + problem)
        }
        let urlText = try context.string("url") ?? ""
        guard var components = URLComponents(string: urlText), !urlText.isEmpty else {
            throw ActionFailure(kind: "network", message: "\(what)'s url '\(urlText)' is not a valid URL")
        }
        if case .object(let query) = try context.value("query"), !query.isEmpty {
            components.queryItems = (components.queryItems ?? []) + query.map { URLQueryItem(name: $0.key, value: $0.value.displayText) }
        }
        guard let url = components.url else {
            throw ActionFailure(kind: "network", message: "\(what)'s url '\(urlText)' is not a valid URL")
        }
        var headers: [String: String] = [:]
        if case .object(let given) = try context.value("headers") {
            for (name, value) in given {
                if let problem = HTTPRequestRules.headerProblem(name: name, value: value.displayText) {
                    throw ActionFailure(kind: "network", message: "\(what)'s headers: " + problem)
                }
                headers[name] = value.displayText
            }
        }
        var body: Data?
        if context.has("body") {
            body = Data(try context.value("body").jsonText.utf8)
            if headers.keys.first(where: { $0.lowercased() == "content-type" }) == nil { headers["Content-Type"] = "application/json" }
        }
        // The page's engine sets the budgets (PageEngine(…, limits:)), in every transport alike.
        let limits = context.session.engine.limits
        return TransportRequest(method: method.uppercased(), url: url, headers: headers, body: body,
                                maxResponseBytes: limits.apiResponseBytes, timeout: limits.requestSeconds)
    }

    /// JSON when it parses, text otherwise, null when empty. JSON holding an integer that can't be
    /// read without rounding it fails: taking it as text would hide the problem.
    static func decode(_ data: Data) throws -> PageValue {
        if data.isEmpty { return .null }
        do {
            return try JSONReader.parse(bytes: Array(data))
        } catch where error.isUnreadableNumber {
            throw ActionFailure(kind: "network", message: "The server's answer couldn't be read.", details: PageObject([("detail", .string("reading the answer: \(error)"))]))
        } catch {
            return .string(String(decoding: data, as: UTF8.self))
        }
    }
}

/// What a request is read from: an `api` action's attributes, or a `server` validation's.
@MainActor
protocol RequestAttributes {
    var session: PageSession { get }
    var typeID: String { get }
    func has(_ name: String) -> Bool
    func value(_ name: String) throws -> PageValue
    func string(_ name: String) throws -> String?
}

extension ActionContext: RequestAttributes {}
extension ValidationContext: RequestAttributes {}
