import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The standard `PageTransport`: URLSession, limited to the hosts the app allows.
///
/// Relative URLs (`/api/dish`) resolve against `baseURL`, whose host is allowed implicitly. A request
/// to any other host is refused before anything is sent, and so is a redirect to one, so a page
/// can't send data to a host the app didn't allow. Every status is returned, not thrown.
/// Cancelling the calling task cancels the request. Nothing is cached: a page always sees the server.
///
/// ```swift
/// let transport = URLSessionTransport(baseURL: URL(string: "https://shop.example")!,
///                                     allowedHosts: ["images.example"])
/// try await transport.send(TransportRequest(url: URL(string: "/api/dish")!))   // https://shop.example/api/dish
/// try await transport.send(TransportRequest(url: URL(string: "https://evil.example/x")!))
/// // throws TransportError.hostNotAllowed("evil.example")
/// ```
///
/// - Parameters:
///   - baseURL: where relative URLs point; its host and port are allowed.
///   - allowedHosts: `host` (any port) or `host:port` entries, compared without regard to case.
///   - timeout: seconds a request may take before it fails with `TransportError.network`.
public struct URLSessionTransport: PageTransport {
    public let baseURL: URL?
    public let allowedHosts: Set<String>
    public let timeout: TimeInterval

    public init(baseURL: URL? = nil, allowedHosts: Set<String>, timeout: TimeInterval = 30) {
        self.baseURL = baseURL
        self.allowedHosts = allowedHosts
        self.timeout = timeout
    }

    /// One session for every transport: ephemeral (no disk cache, no shared cookies), and never
    /// answering from a cache, so a manifest is always fresh. Timeouts are set per request.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let url = try resolvedURL(request.url)
        let hosts = HostPolicy(baseURL: baseURL, allowedHosts: allowedHosts)
        if let refused = hosts.refusal(for: url) { throw TransportError.hostNotAllowed(refused) }

        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        if Task.isCancelled { throw TransportError.cancelled }

        let redirects = RedirectGuard(hosts: hosts)
        let flight = InFlight()
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                    let task = Self.session.dataTask(with: urlRequest) { data, response, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else if let response {
                            continuation.resume(returning: (data ?? Data(), response))
                        } else {
                            continuation.resume(throwing: TransportError.network("the server sent no response"))
                        }
                    }
                    task.delegate = redirects
                    task.resume()
                    // Cancelled between the check above and now: stop it; the handler reports it.
                    if !flight.attach(task) { task.cancel() }
                }
            } onCancel: {
                flight.cancel()
            }
        } catch let error as TransportError {
            throw error
        } catch {
            if let blocked = redirects.blockedHost { throw TransportError.hostNotAllowed(blocked) }
            if Task.isCancelled || (error as? URLError)?.code == .cancelled { throw TransportError.cancelled }
            throw TransportError.network(Self.message(for: error, url: url, timeout: timeout))
        }
        if let blocked = redirects.blockedHost { throw TransportError.hostNotAllowed(blocked) }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError.network("\(url.absoluteString) did not answer with HTTP")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            guard let name = name as? String else { continue }
            headers[name.lowercased()] = value as? String ?? "\(value)"
        }
        return TransportResponse(status: http.statusCode, headers: headers, body: data)
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
        case .timedOut: return "\(url.absoluteString) did not answer within \(Int(timeout)) seconds"
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

/// Refuses redirects to hosts that aren't allowed, and remembers the first one it refused.
private final class RedirectGuard: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let hosts: HostPolicy
    private let lock = NSLock()
    private var blocked: String?

    init(hosts: HostPolicy) { self.hosts = hosts }

    var blockedHost: String? {
        lock.lock()
        defer { lock.unlock() }
        return blocked
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        guard let url = request.url, let refused = hosts.refusal(for: url) else {
            completionHandler(request)
            return
        }
        lock.lock()
        if blocked == nil { blocked = refused }
        lock.unlock()
        completionHandler(nil)
    }
}

/// The running task, so cancelling the Swift task cancels it, whichever happens first.
/// NB: lock()/unlock() rather than NSLock.withLock, which needs macOS 14 / iOS 17.
private final class InFlight: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    /// Records `task`; false when cancellation already happened (the caller then cancels it).
    func attach(_ task: URLSessionTask) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        self.task = task
        return !cancelled
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
