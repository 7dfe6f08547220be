import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request in flight for `URLSessionTransport`: the delegate of its session, the keeper of its
/// deadline, and the bounded buffer its answer is read into.
///
/// The outcome is decided once — the answer completed, the body passed `maxBytes`, the deadline
/// passed, a redirect went to a host that isn't allowed, the network failed, or the calling task
/// was cancelled — and the caller hears it at once. Bytes that still arrive afterwards are dropped.
///
/// Its session must deliver on `queue`, which reads no faster than the body is counted.
///
/// NB: with swift-corelibs-foundation, creating, resuming and cancelling a task all wait for
/// URLSession's work queue, which a server flooding any request (a gzip bomb on a fast link)
/// can hold for as long as it keeps sending. So those calls are made on threads of their own,
/// never on the caller's, a delegate call or a dispatch worker: the caller hears its outcome on
/// time whatever URLSession is doing, and no thread pool is starved.
final class URLSessionExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Continuation = CheckedContinuation<TransportResponse, any Error>

    /// The queue the session must call the delegate on.
    let queue = DelegateQueue()

    private let url: URL
    private let hosts: HostPolicy
    private let maxBytes: Int
    private let seconds: TimeInterval
    /// Told the bytes of the request's body sent so far, and its size (an upload's).
    private let progress: (@Sendable (Int64, Int64) -> Void)?

    // Guarded by `lock`.
    private let lock = NSLock()
    private var continuation: Continuation?
    private var task: URLSessionTask?
    private var deadline: DispatchWorkItem?
    /// Set once the outcome is known; kept for a `start` that comes after an early cancellation.
    private var outcome: Result<TransportResponse, TransportError>?
    private var response: HTTPURLResponse?
    private var body = Data()
    private var blockedHost: String?

    init(url: URL, hosts: HostPolicy, maxBytes: Int, seconds: TimeInterval, progress: (@Sendable (Int64, Int64) -> Void)? = nil) {
        self.progress = progress
        self.url = url
        self.hosts = hosts
        self.maxBytes = max(0, maxBytes)
        self.seconds = seconds
    }

    /// Starts the deadline, then (on a thread of its own) the task `makeTask` creates;
    /// `continuation` hears the outcome.
    func start(continuation: Continuation, makeTask: @escaping @Sendable () -> URLSessionDataTask) {
        let timer = DispatchWorkItem { [weak self] in
            guard let self else { return }
            finish(.failure(.deadlineExceeded(url: url.absoluteString, seconds: seconds)))
        }
        lock.lock()
        if let outcome {
            // Cancelled before it started.
            lock.unlock()
            continuation.resume(with: outcome.mapError { $0 as any Error })
            return
        }
        self.continuation = continuation
        deadline = timer
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds), execute: timer)
        Thread.detachNewThread { [self] in
            let task = makeTask()
            lock.lock()
            let decided = outcome != nil
            if !decided { self.task = task }
            lock.unlock()
            // Decided while the task was being made (cancelled, or out of time): it never runs.
            if decided { task.cancel() } else { task.resume() }
        }
    }

    /// Decides the outcome, if it isn't decided yet: tells the caller and stops the transfer.
    func finish(_ result: Result<TransportResponse, TransportError>) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        outcome = result
        let continuation = self.continuation
        self.continuation = nil
        let task = self.task
        let timer = deadline
        deadline = nil
        body = Data()
        lock.unlock()

        timer?.cancel()
        continuation?.resume(with: result.mapError { $0 as any Error })
        if case .failure = result, let task {
            Thread.detachNewThread { task.cancel() }
        }
    }

    // MARK: - URLSessionDataDelegate

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(.network("\(url.absoluteString) did not answer with HTTP")))
            completionHandler(.cancel)
            return
        }
        // An announced length over the budget fails before any of the body is read. (Compressed
        // bodies announce their compressed length, so they are counted as they are decoded.)
        let encoded = http.value(forHTTPHeaderField: "Content-Encoding").map { !$0.isEmpty && $0.lowercased() != "identity" } ?? false
        if !encoded, http.expectedContentLength > Int64(maxBytes) {
            finish(.failure(.responseTooLarge(url: url.absoluteString, limit: maxBytes)))
            completionHandler(.cancel)
            return
        }
        lock.lock()
        let decided = outcome != nil
        if !decided {
            self.response = http
            body = Data()   // a new response (after a redirect) starts a new body
        }
        lock.unlock()
        completionHandler(decided ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        guard body.count + data.count <= maxBytes else {
            lock.unlock()
            finish(.failure(.responseTooLarge(url: url.absoluteString, limit: maxBytes)))
            return
        }
        body.append(data)
        lock.unlock()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let blocked = blockedHost
        let response = self.response
        let body = self.body
        lock.unlock()
        if let blocked {
            finish(.failure(.hostNotAllowed(blocked)))
        } else if let error {
            finish(.failure(transportError(for: error)))
        } else if let response {
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                guard let name = name as? String else { continue }
                headers[name.lowercased()] = value as? String ?? "\(value)"
            }
            finish(.success(TransportResponse(status: response.statusCode, headers: headers, body: body)))
        } else {
            finish(.failure(.network("the server sent no response")))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                    totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        lock.lock()
        let decided = outcome != nil
        lock.unlock()
        if !decided { progress?(totalBytesSent, totalBytesExpectedToSend) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        guard let next = request.url, let refused = hosts.refusal(for: next) else {
            completionHandler(request)
            return
        }
        lock.lock()
        if blockedHost == nil { blockedHost = refused }
        lock.unlock()
        completionHandler(nil)
    }

    // MARK: - Errors

    private func transportError(for error: any Error) -> TransportError {
        switch (error as? URLError)?.code {
        case .cancelled?: return .cancelled
        // The idle timeout equals the deadline, so when it fires the deadline has passed too.
        case .timedOut?: return .deadlineExceeded(url: url.absoluteString, seconds: seconds)
        default: return .network(URLSessionTransport.message(for: error, url: url, timeout: seconds))
        }
    }
}
