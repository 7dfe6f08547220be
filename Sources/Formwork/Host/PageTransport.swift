import Foundation

// MARK: - Request and response

/// One HTTP request a page (its `api` action) or page sync wants to make.
///
/// `url` may be relative (`/api/dish`); the transport resolves it against its base URL.
///
/// ```swift
/// let request = TransportRequest(method: "POST", url: URL(string: "/api/dish")!,
///                                headers: ["content-type": "application/json"],
///                                body: Data(#"{"name":"Tofu"}"#.utf8))
/// ```
public struct TransportRequest: Sendable, Equatable {
    /// The HTTP method: `GET`, `POST`, …
    public var method: String
    /// The URL; a relative one is resolved by the transport against its base URL.
    public var url: URL
    /// The headers to send.
    public var headers: [String: String]
    /// The body to send, if any.
    public var body: Data?
    /// The most bytes of the answer's body to read, counted after decompression; past it the
    /// request fails with `TransportError.responseTooLarge`. Nil: the transport's own budget for
    /// `api` answers (`PageLimits.apiResponseBytes`). Page sync sets it per file.
    public var maxResponseBytes: Int?
    /// The longest the whole request may take, from sending to the last byte of the answer, in
    /// seconds; past it the request fails with `TransportError.deadlineExceeded`. Nil: the
    /// transport's own (`PageLimits.requestSeconds`).
    public var timeout: TimeInterval?

    /// A request; `maxResponseBytes` and `timeout` default to the transport's budgets.
    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil,
                maxResponseBytes: Int? = nil, timeout: TimeInterval? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.maxResponseBytes = maxResponseBytes
        self.timeout = timeout
    }
}

/// What the server answered. Any status is a response, 404 and 500 included: the caller decides
/// what a status means.
public struct TransportResponse: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// Header names in lower case (`content-type`), whatever case the server sent.
    public var headers: [String: String]
    /// The body, decompressed.
    public var body: Data

    /// A response with `status`, `headers` and `body`.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}

// MARK: - Transport

/// How pages reach the network: the `api` action and page sync both go through one of these.
///
/// A host passes `URLSessionTransport` (with the hosts its pages may talk to) or its own type,
/// for example one that adds an auth header or answers from fixtures in tests.
///
/// ```swift
/// struct FixtureTransport: PageTransport {
///     func send(_ request: TransportRequest) async throws -> TransportResponse {
///         TransportResponse(status: 200, body: Data(#"{"ok":true}"#.utf8))
///     }
/// }
/// ```
public protocol PageTransport: Sendable {
    /// Sends `request` and returns the server's response, whatever its status.
    ///
    /// A transport should honour `request.maxResponseBytes` and `request.timeout` while it reads
    /// (not after), and refuse what `HTTPRequestRules` refuses: that is what keeps a hostile server
    /// from exhausting the app. `URLSessionTransport` does all three.
    ///
    /// - Throws: `TransportError` when no response arrived: a host that isn't allowed, a bad URL
    ///   or request, an answer over its size or time budget, a network failure, or cancellation of
    ///   the calling task.
    func send(_ request: TransportRequest) async throws -> TransportResponse

    /// Sends `request` with its body read from `bodyFile` as it goes (an `upload`'s
    /// multipart/form-data body), never whole in memory, calling `progress` with the bytes sent so
    /// far and the body's size as they leave. `request.body` is nil; its `Content-Type` is set.
    ///
    /// The same rules hold as for `send`: allowed hosts, `HTTPRequestRules`, `request.timeout`
    /// (the upload's `uploadSeconds`) and `request.maxResponseBytes` for the answer.
    /// `URLSessionTransport` does all of it. The default refuses: a transport of the app's own
    /// sends no files until it implements this.
    ///
    /// - Throws: `TransportError`, as `send` does.
    func upload(_ request: TransportRequest, bodyFile: URL,
                progress: @escaping @Sendable (_ sent: Int64, _ total: Int64) -> Void) async throws -> TransportResponse
}

extension PageTransport {
    /// Refuses: this transport can't send files. Implement it to let pages `upload`.
    public func upload(_ request: TransportRequest, bodyFile: URL,
                       progress: @escaping @Sendable (_ sent: Int64, _ total: Int64) -> Void) async throws -> TransportResponse {
        throw TransportError.invalidRequest("this app's transport can't send files (its type doesn't implement PageTransport.upload)")
    }
}

// MARK: - Errors

/// Why a request got no response. Descriptions are written for a form author and say what to do.
///
/// ```swift
/// print(TransportError.hostNotAllowed("evil.example"))
/// // the page tried to reach 'evil.example', which this app doesn't allow pages to contact. …
/// ```
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL's host (or `host:port`) isn't in the transport's allowed hosts; nothing was sent.
    case hostNotAllowed(String)
    /// The URL can't be requested: not http(s), no host, or relative with no base URL.
    case invalidURL(String)
    /// The method or a header can't be sent (see `HTTPRequestRules`); nothing was sent.
    case invalidRequest(String)
    /// The answer's body grew past `limit` bytes (after decompression); reading stopped there.
    case responseTooLarge(url: String, limit: Int)
    /// The request took longer than `seconds` from start to the last byte; it was stopped.
    case deadlineExceeded(url: String, seconds: TimeInterval)
    /// The request was sent (or tried) but no complete response arrived.
    case network(String)
    /// The task that made the request was cancelled (for example the page was closed).
    case cancelled

    /// What went wrong, naming the URL or host.
    public var description: String {
        switch self {
        case .hostNotAllowed(let host):
            return "the page tried to reach '\(host)', which this app doesn't allow pages to contact. "
                + "Use a relative URL such as /api/… to reach the app's own server, or ask the app's "
                + "developers to add '\(host)' to the transport's allowed hosts."
        case .invalidURL(let text):
            return "'\(text)' is not a URL that can be requested. Write a full http(s) URL "
                + "(https://host/path) or a path on the app's server (/api/dish)."
        case .invalidRequest(let reason):
            return "the request can't be sent: \(reason)."
        case .responseTooLarge(let url, let limit):
            return "the answer from \(url) is larger than \(PageLimits.describe(bytes: limit)), the most this app reads "
                + "(apiResponseBytes); ask the server for less, such as one page of results at a time."
        case .deadlineExceeded(let url, let seconds):
            return "\(url) took longer than \(PageLimits.describe(seconds: seconds)) to answer in full, the most this app "
                + "waits (requestSeconds); the request was stopped. Try again, or ask for less."
        case .network(let message):
            return "the request failed: \(message). Check that the server is reachable and try again; "
                + "a page can handle this with an error handler on the action."
        case .cancelled:
            return "the request was cancelled before it finished (the page was closed or the action was stopped)."
        }
    }
}
