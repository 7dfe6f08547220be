import Foundation
import Formwork

/// A small HTTP/1.1 server on 127.0.0.1 for `formwork preview`; it knows nothing about pages.
///
/// One thread accepts, one thread serves each connection: it reads one request within the
/// budgets of `PageLimits` (head and body size, time to arrive), refuses anything malformed with
/// a clean 4xx, asks `handler` for the response (the handler runs as a task, so it may hop to the
/// main actor), writes it and closes the connection. A stream of server-sent events keeps its
/// connection until either side closes it. Past `previewConnections` open connections, a new one
/// gets 503 at once.
///
/// ```swift
/// let server = try HTTPServer(port: 0, limits: .standard) { request in .text("hello") }
/// server.port        // the port the OS picked
/// server.stop()      // closes every connection and waits for the threads
/// ```
public final class HTTPServer: Sendable {
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    /// The port it listens on.
    public let port: UInt16
    private let core: Core

    /// Starts listening on 127.0.0.1 at `port` (0: any free port).
    ///
    /// - Throws: `HTTPSocket.Failure` when the socket can't be bound (`isAddressInUse` when the
    ///   port is taken).
    public init(port: UInt16, limits: PageLimits, handler: @escaping Handler) throws(HTTPSocket.Failure) {
        let listener = try HTTPSocket.listenOnLoopback(port: port, backlog: Int32(max(limits.previewConnections, 1)))
        guard let bound = HTTPSocket.port(of: listener) else {
            HTTPSocket.closeSocket(listener)
            throw HTTPSocket.Failure(call: "getsockname", code: 0)
        }
        self.port = bound
        core = Core(listener: listener, limits: limits, handler: handler)
        core.start()
    }

    deinit { core.stop() }

    /// Stops accepting, closes every connection and event stream, and waits (up to 5 seconds)
    /// for the threads to end. Blocks: call it off the main actor. Safe to call more than once.
    public func stop() { core.stop() }
}

extension HTTPServer {
    /// The listener and the state the threads share; kept apart so releasing the server stops it.
    final class Core: @unchecked Sendable {
        // NB: @unchecked because `stopped`, `connections` and `streams` are only touched while `lock` is held.
        private let lock = NSLock()
        private var stopped = false
        private var connections: Set<Int32> = []
        /// The event streams being written, by their connection.
        private var streams: [Int32: HTTPEventStream] = [:]
        private let threads = DispatchGroup()
        let listener: Int32
        let limits: PageLimits
        let handler: Handler

        init(listener: Int32, limits: PageLimits, handler: @escaping Handler) {
            self.listener = listener
            self.limits = limits
            self.handler = handler
        }

        func start() {
            threads.enter()
            Thread.detachNewThread { [self] in acceptLoop() }
        }

        func stop() {
            lock.lock()
            let wasStopped = stopped
            stopped = true
            // NB: shut down under the lock; a connection leaves the set before it is closed, so this
            // never touches a descriptor number that was reused. An event stream is closed instead:
            // its writer sends what is queued (the views' last word) and ends by itself.
            if !wasStopped { connections.subtracting(streams.keys).forEach(HTTPSocket.shutdownBoth) }
            let open = Array(streams.values)
            lock.unlock()
            guard !wasStopped else { return }
            open.forEach { $0.close() }
            _ = threads.wait(timeout: .now() + 5)
        }

        private var isStopped: Bool { lock.withLock { stopped } }

        private func acceptLoop() {
            defer {
                HTTPSocket.closeSocket(listener)
                threads.leave()
            }
            while !isStopped {
                guard HTTPSocket.waitReadable(listener, milliseconds: 100), let client = HTTPSocket.accept(listener) else { continue }
                let admitted: Bool? = lock.withLock {
                    if stopped { return nil }
                    guard connections.count < limits.previewConnections else { return false }
                    connections.insert(client)
                    return true
                }
                guard let admitted else {
                    HTTPSocket.closeSocket(client)
                    break
                }
                guard admitted else {
                    let busy = HTTPResponse.text("the preview has \(limits.previewConnections) connections open already; close a tab and try again\n", status: 503)
                    HTTPSocket.write(client, busy.head() + (busy.bytes ?? []))
                    HTTPSocket.shutdownBoth(client)
                    HTTPSocket.closeSocket(client)
                    continue
                }
                threads.enter()
                Thread.detachNewThread { [self] in
                    serve(client)
                    lock.withLock { _ = connections.remove(client) }
                    HTTPSocket.closeSocket(client)
                    threads.leave()
                }
            }
        }

        // MARK: - One connection

        private func serve(_ fd: Int32) {
            let request: HTTPRequest
            switch HTTPConnectionReader(fd: fd, limits: limits).read() {
            case .nothing:
                return
            case .rejected(let rejection):
                let refusal = HTTPResponse.rejection(rejection)
                HTTPSocket.write(fd, refusal.head() + (refusal.bytes ?? []))
                lingeringClose(fd)
                return
            case .request(let received):
                request = received
            }
            let response = respond(to: request)
            guard HTTPSocket.write(fd, response.head()), request.method != "HEAD" else {
                if case .events(let stream) = response.body { stream.close(dropping: true) }
                return
            }
            switch response.body {
            case .bytes(let bytes):
                HTTPSocket.write(fd, bytes)
            case .file(let path, let size):
                writeFile(path, size: size, to: fd)
            case .events(let stream):
                writeEvents(stream, to: fd)
            }
        }

        /// Runs the handler as a task and waits for its response on this connection's thread.
        private func respond(to request: HTTPRequest) -> HTTPResponse {
            let answer = Answer()
            let handler = self.handler
            Task { answer.fulfil(await handler(request)) }
            return answer.wait()
        }

        private func writeFile(_ path: String, size: Int, to fd: Int32) {
            guard let file = FileHandle(forReadingAtPath: path) else { return }
            defer { try? file.close() }
            var left = size
            while left > 0 {
                guard let chunk = try? file.read(upToCount: min(left, 64 << 10)), !chunk.isEmpty, HTTPSocket.write(fd, Array(chunk)) else { return }
                left -= chunk.count
            }
        }

        private func writeEvents(_ stream: HTTPEventStream, to fd: Int32) {
            let admitted = lock.withLock { () -> Bool in
                guard !stopped else { return false }
                streams[fd] = stream
                return true
            }
            defer {
                lock.withLock { _ = streams.removeValue(forKey: fd) }
                stream.close(dropping: true)
            }
            guard admitted else { return }
            // NB: a comment at once lets the browser know the stream is open; then one every 15 s
            // notices a browser that went away without closing.
            guard HTTPSocket.write(fd, Array(": connected\n\n".utf8)) else { return }
            while true {
                switch stream.next(waiting: 15) {
                case .event(let bytes): guard HTTPSocket.write(fd, bytes) else { return }
                case .idle: guard HTTPSocket.write(fd, Array(": keep-alive\n\n".utf8)) else { return }
                case .closed: return
                }
            }
        }

        /// After refusing a request whose body may still be arriving: stop writing, then read and
        /// drop what the client sends until it closes (or the request time runs out), so the
        /// refusal isn't lost to a reset.
        private func lingeringClose(_ fd: Int32) {
            HTTPSocket.shutdownWrite(fd)
            let deadline = Date(timeIntervalSinceNow: limits.previewRequestSeconds)
            while case .bytes = HTTPSocket.read(fd, maximum: 64 << 10, deadline: deadline) {}
        }
    }

    /// One response handed from the handler's task to the connection's thread.
    final class Answer: @unchecked Sendable {
        // NB: @unchecked because `response` is only touched while `condition` is locked.
        private let condition = NSCondition()
        private var response: HTTPResponse?

        func fulfil(_ value: HTTPResponse) {
            condition.lock()
            response = value
            condition.broadcast()
            condition.unlock()
        }

        func wait() -> HTTPResponse {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let response { return response }
                condition.wait()
            }
        }
    }
}

extension HTTPResponse {
    /// The body's bytes when it is held in memory.
    var bytes: [UInt8]? {
        if case .bytes(let bytes) = body { return bytes }
        return nil
    }
}
