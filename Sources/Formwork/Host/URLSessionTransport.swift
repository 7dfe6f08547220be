import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The standard `PageTransport`: URLSession, limited to the hosts the app allows and to the
/// budgets in its `PageLimits`.
///
/// Relative URLs (`/api/dish`) resolve against `baseURL`, whose host is allowed implicitly. A request
/// to any other host is refused before anything is sent, and so is a redirect to one, so a page
/// can't send data to a host the app didn't allow. Every status is returned, not thrown.
/// Cancelling the calling task cancels the request. Nothing is cached: a page always sees the server.
///
/// A hostile or broken server can't exhaust the app: the answer is read as it arrives and the
/// request stops as soon as its body (counted after gzip or deflate decompression) passes
/// `request.maxResponseBytes` (by default `limits.apiResponseBytes`), or as soon as the whole
/// exchange has taken `request.timeout` (by default `limits.requestSeconds`) — a server that
/// sends one byte every few seconds is cut off too. Methods and headers a page can't set
/// (`HTTPRequestRules`) are refused before anything is sent.
///
/// ```swift
/// let transport = URLSessionTransport(baseURL: URL(string: "https://shop.example")!,
///                                     allowedHosts: ["images.example"])
/// try await transport.send(TransportRequest(url: URL(string: "/api/dish")!))   // https://shop.example/api/dish
/// try await transport.send(TransportRequest(url: URL(string: "https://evil.example/x")!))
/// // throws TransportError.hostNotAllowed("evil.example")
/// ```
///
/// Every request says who is asking: `User-Agent: formwork/0.2.0-dev (engine 2)`
/// (`FormworkEngine.userAgent`), followed by the host's own product when it gives one
/// (`userAgent: "ShopApp/3.1"` → `formwork/0.2.0-dev (engine 2) ShopApp/3.1`). A request that sets
/// `User-Agent` itself keeps its own.
///
/// - Parameters:
///   - baseURL: where relative URLs point; its host and port are allowed.
///   - allowedHosts: `host` (any port) or `host:port` entries, compared without regard to case.
///   - limits: `apiResponseBytes` and `requestSeconds` bound requests that don't set their own.
///   - userAgent: the host's product, appended to Formwork's in `User-Agent`; nil for none.
public struct URLSessionTransport: PageTransport {
    /// Where relative URLs point; its host and port are allowed.
    public let baseURL: URL?
    /// The hosts requests may go to, besides the base URL's: `host` (any port) or `host:port`.
    public let allowedHosts: Set<String>
    /// The budgets for requests that don't set their own.
    public let limits: PageLimits
    /// The host's product (`ShopApp/3.1`), sent after Formwork's own in `User-Agent`; nil for none.
    public let userAgent: String?

    /// A transport resolving relative URLs against `baseURL` and sending only to `allowedHosts`.
    public init(baseURL: URL? = nil, allowedHosts: Set<String>, limits: PageLimits = .standard) {
        self.init(baseURL: baseURL, allowedHosts: allowedHosts, limits: limits, userAgent: nil)
    }

    /// A transport whose requests say `User-Agent: formwork/<version> (engine <n>) <userAgent>`.
    public init(baseURL: URL? = nil, allowedHosts: Set<String>, limits: PageLimits = .standard, userAgent: String?) {
        self.baseURL = baseURL
        self.allowedHosts = allowedHosts
        self.limits = limits
        self.userAgent = userAgent
    }

    /// The `User-Agent` every request carries unless it sets its own.
    public var userAgentHeader: String {
        // NB: a line break would end the header early; the host's text is kept on one line.
        let own = (userAgent ?? "").unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }
        let product = String(String.UnicodeScalarView(own)).trimmingCharacters(in: .whitespaces)
        return product.isEmpty ? FormworkEngine.userAgent : FormworkEngine.userAgent + " " + product
    }

    /// Ephemeral (no disk cache, no shared cookies) and never answering from a cache, so a
    /// manifest is always fresh.
    private static var configuration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// Sends `request` and reads the whole answer within its budgets; throws `TransportError` for
    /// a host not allowed, an answer too large or too slow, or a network failure.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await perform(request, bodyFile: nil, progress: nil)
    }

    /// Sends `request` with its body streamed from `bodyFile` (URLSession reads it as it sends),
    /// telling `progress` as the bytes leave; the same rules and budgets as `send`. On Apple
    /// platforms it is an upload task from the file, with a `Content-Length`; on Linux the file is
    /// sent as a stream, `Transfer-Encoding: chunked` (swift-corelibs-foundation's upload tasks can
    /// stop the process when cancelled mid-body), and `progress` is told a total of 0 (unknown).
    public func upload(_ request: TransportRequest, bodyFile: URL,
                       progress: @escaping @Sendable (_ sent: Int64, _ total: Int64) -> Void) async throws -> TransportResponse {
        try await perform(request, bodyFile: bodyFile, progress: progress)
    }

    private func perform(_ request: TransportRequest, bodyFile: URL?,
                         progress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)?) async throws -> TransportResponse {
        let url = try resolvedURL(request.url)
        let hosts = HostPolicy(baseURL: baseURL, allowedHosts: allowedHosts)
        if let refused = hosts.refusal(for: url) { throw TransportError.hostNotAllowed(refused) }
        if let problem = HTTPRequestRules.problem(in: request) { throw TransportError.invalidRequest(problem) }
        // A budget of days is as good as none; NaN or infinity must not reach Dispatch's arithmetic.
        let asked = request.timeout ?? limits.requestSeconds
        let seconds = asked.isFinite ? min(max(0, asked), 1e6) : 1e6

        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: seconds)
        urlRequest.httpMethod = request.method.uppercased()
        urlRequest.setValue(userAgentHeader, forHTTPHeaderField: "User-Agent")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if bodyFile == nil { urlRequest.httpBody = request.body }
        #if canImport(FoundationNetworking)
        // NB: swift-corelibs-foundation reads an upload task's file in the background, pausing
        // libcurl until each piece arrives; a piece that arrives after the task was cancelled
        // resumes a transfer that is gone, and Foundation stops the process (a `try!` on curl's
        // error 43). A body stream is read as libcurl asks, never paused, so on Linux the file is
        // sent as a stream, `Transfer-Encoding: chunked`; it is still never whole in memory.
        if let bodyFile {
            guard let stream = InputStream(url: bodyFile) else {
                throw TransportError.invalidRequest("the upload's body file \(bodyFile.path) can't be read")
            }
            urlRequest.httpBodyStream = stream
        }
        #endif
        if Task.isCancelled { throw TransportError.cancelled }

        // NB: one session per request, with the exchange as its delegate. swift-corelibs-foundation
        // ignores a task's own delegate for body data, and a session's delegate is the only way to
        // see the body while it arrives (a completion handler gets it all at once, however large).
        let exchange = URLSessionExchange(url: url, hosts: hosts, maxBytes: request.maxResponseBytes ?? limits.apiResponseBytes,
                                          seconds: seconds, progress: progress)
        let session = URLSession(configuration: Self.configuration, delegate: exchange, delegateQueue: exchange.queue)
        defer { session.finishTasksAndInvalidate() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.start(continuation: continuation) { [urlRequest] in
                    #if !canImport(FoundationNetworking)
                    // An upload task reads the file as it sends: the body is never whole in memory.
                    if let bodyFile { return session.uploadTask(with: urlRequest, fromFile: bodyFile) }
                    #endif
                    return session.dataTask(with: urlRequest)
                }
            }
        } onCancel: {
            exchange.finish(.failure(.cancelled))
        }
    }

    // MARK: - URLs

    /// The absolute http(s) URL for `url`, resolving a relative one against `baseURL`.
    func resolvedURL(_ url: URL) throws(TransportError) -> URL {
        let absolute: URL
        if url.scheme != nil {
            absolute = url.absoluteURL
        } else if let baseURL {
            guard let joined = URL(string: url.relativeString, relativeTo: baseURL)?.absoluteURL else {
                throw .invalidURL(url.relativeString)
            }
            absolute = joined
        } else {
            throw .invalidURL(url.relativeString)
        }
        guard let scheme = absolute.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = absolute.host, !host.isEmpty
        else { throw .invalidURL(url.relativeString) }
        return absolute
    }

    /// A sentence about a URLSession failure that a form author can act on.
    static func message(for error: any Error, url: URL, timeout: TimeInterval) -> String {
        let target = HostPolicy.hostAndPort(of: url)
        guard let urlError = error as? URLError else { return "\(error.localizedDescription) (\(url.absoluteString))" }
        switch urlError.code {
        case .timedOut: return "\(url.absoluteString) did not answer within \(PageLimits.describe(seconds: timeout))"
        case .cannotFindHost, .dnsLookupFailed: return "the host '\(target)' could not be found"
        case .cannotConnectToHost: return "could not connect to \(target) (is the server running?)"
        case .networkConnectionLost: return "the connection to \(target) was lost before the response was complete"
        case .notConnectedToInternet: return "the device is offline"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return "a secure connection to \(target) could not be made (certificate problem)"
        case .badServerResponse: return "\(target) sent a response that isn't valid HTTP"
        default:
            // NB: on Linux most failures arrive as code -1 with curl's own text, e.g. "transfer
            // closed with 960 bytes remaining to read" for a body cut short: keep that text.
            let text = urlError.localizedDescription
            let generic = text.isEmpty || text.hasPrefix("The operation could")
            return "\(url.absoluteString): " + (generic ? "URL error \(urlError.code.rawValue)" : text)
        }
    }
}

// MARK: - Helpers

/// Which hosts a transport may contact.
struct HostPolicy: Sendable {
    /// Lower-cased `host` entries (any port) and `host:port` entries.
    private let hosts: Set<String>

    init(baseURL: URL?, allowedHosts: Set<String>) {
        var hosts = Set(allowedHosts.map { $0.lowercased() })
        if let baseURL, baseURL.host != nil { hosts.insert(HostPolicy.hostAndPort(of: baseURL)) }
        self.hosts = hosts
    }

    /// The `host` or `host:port` text to name in an error when `url` isn't allowed; nil if allowed.
    func refusal(for url: URL) -> String? {
        let host = HostPolicy.bareHost(of: url)
        if hosts.contains(host) || hosts.contains("[\(host)]") || hosts.contains(HostPolicy.hostAndPort(of: url)) { return nil }
        return url.port == nil ? host : HostPolicy.hostAndPort(of: url)
    }

    /// Lower-cased host without IPv6 brackets.
    static func bareHost(of url: URL) -> String {
        var host = (url.host ?? "").lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host
    }

    /// `host:port` with the scheme's default port filled in: `shop.example:443`, `[::1]:8080`.
    static func hostAndPort(of url: URL) -> String {
        let host = bareHost(of: url)
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}
