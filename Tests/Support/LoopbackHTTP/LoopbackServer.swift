import Foundation

/// A tiny real HTTP/1.1 server on 127.0.0.1, for tests: routes set by the test, every request
/// recorded, one thread per connection, and a mode that drops the connection mid-body.
///
/// ```swift
/// let server = try LoopbackServer()
/// defer { server.stop() }
/// server.route("GET", "/manifest.json") { _ in .json(#"{"totalVersion": "1", "pages": []}"#) }
/// server.route("POST", "/api/echo") { request in .data(request.body) }
/// // … point the code under test at server.baseURL (http://127.0.0.1:PORT) …
/// server.requests.map(\.description)   // ["GET /manifest.json"]
/// ```
///
/// Each response closes its connection (`Connection: close`); a request with no route gets 404.
/// `stop()` (or releasing the server) closes the socket and waits for the threads to end.
public final class LoopbackServer: Sendable {
    public typealias Handler = @Sendable (Request) -> Response

    /// The port the OS assigned.
    public let port: UInt16
    /// `http://127.0.0.1:PORT`.
    public let baseURL: URL
    private let core: Core

    /// Starts listening on 127.0.0.1 at a free port.
    ///
    /// - Throws: when the socket can't be created or bound.
    public init() throws {
        let listener = try POSIXSocket.listenOnLoopback()
        let port: UInt16
        do {
            port = try POSIXSocket.port(of: listener)
        } catch {
            POSIXSocket.closeSocket(listener)
            throw error
        }
        guard let baseURL = URL(string: "http://127.0.0.1:\(port)") else {
            POSIXSocket.closeSocket(listener)
            throw POSIXSocket.Failure(call: "URL", code: 0)
        }
        self.port = port
        self.baseURL = baseURL
        core = Core(listener: listener)
        core.start()
    }

    deinit { core.stop() }

    // MARK: - Routes

    /// Answers `method` requests to `path` (without the query) with `handler`; replaces an
    /// earlier route for the same method and path.
    public func route(_ method: String, _ path: String, _ handler: @escaping Handler) {
        core.state.withLock { $0.routes[Core.key(method, path)] = handler }
    }

    /// Answers `method` requests to `path` with the same `response` every time.
    public func route(_ method: String, _ path: String, _ response: Response) {
        route(method, path) { _ in response }
    }

    /// Answers `method` requests to `path` with `response`, reading their body to the end without
    /// keeping it: `Request.body` holds its first 64 KiB, `bodyBytesReceived(from:)` counts it all.
    /// For uploads too large to hold, so the server's memory stays out of a client's measurements.
    public func sink(_ method: String, _ path: String, _ response: Response) {
        core.state.withLock { _ = $0.sinks.insert(Core.key(method, path)) }
        route(method, path, response)
    }

    /// Requests to `path` are recorded and then neither read nor answered until the server stops:
    /// a server that stalls.
    public func stall(_ method: String, _ path: String) {
        core.state.withLock { _ = $0.stalls.insert(Core.key(method, path)) }
    }

    /// How many bytes of request body the server has read from requests to `path` (a sink's included).
    public func bodyBytesReceived(from path: String) -> Int { core.state.withLock { $0.bodyBytesReceived[path, default: 0] } }

    /// Returns true once `count` bytes of request body have arrived for `path`; false if
    /// `patience` seconds pass first.
    public func waitForBodyBytes(_ count: Int, from path: String, patience: TimeInterval = 30) async -> Bool {
        await core.wait(patience: patience) { state in state.bodyBytesReceived[path, default: 0] >= count }
    }

    /// Forgets the route, so `path` answers 404 again.
    public func removeRoute(_ method: String, _ path: String) {
        core.state.withLock { $0.routes[Core.key(method, path)] = nil }
    }

    /// `baseURL` joined with `path`, which may carry a query: `server.url("/api/dish?id=4")`.
    public func url(_ path: String) -> URL {
        let absolute = path.hasPrefix("/") ? path : "/" + path
        return URL(string: baseURL.absoluteString + absolute) ?? baseURL.appendingPathComponent(absolute)
    }

    // MARK: - What was received

    /// Every request received so far, in the order they arrived (routed or not).
    public var requests: [Request] { core.state.withLock { $0.requests } }

    /// The requests received for `path`.
    public func requests(to path: String) -> [Request] { requests.filter { $0.path == path } }

    /// Forgets the recorded requests, for a test that asserts on a second round.
    public func clearRequests() { core.state.withLock { $0.requests.removeAll() } }

    /// How many bytes of body the server has written in answers to `path` (a stream's included).
    public func bodyBytesSent(to path: String) -> Int { core.state.withLock { $0.bodyBytesSent[path, default: 0] } }

    /// The requests whose client hung up while the server held their answer's body (`.held`).
    public var hangUps: [Request] { core.state.withLock { $0.hangUps } }

    /// Returns true once the server has received a request to `path`; false if `patience` seconds
    /// pass first (a guard against waiting forever, not a measure).
    public func waitForRequest(to path: String, patience: TimeInterval = 30) async -> Bool {
        await core.wait(patience: patience) { state in state.requests.contains { $0.path == path } }
    }

    /// Returns true once the client of a request to `path` hung up while its answer was held
    /// (`.held`); false if `patience` seconds pass first.
    public func waitForHangUp(on path: String, patience: TimeInterval = 30) async -> Bool {
        await core.wait(patience: patience) { state in state.hangUps.contains { $0.path == path } }
    }

    // MARK: - Stopping

    /// Stops accepting, drops open connections and waits (up to 5 seconds) for the threads to end.
    /// Safe to call more than once.
    public func stop() { core.stop() }
}

extension LoopbackServer {
    /// The state the threads share; kept apart from `LoopbackServer` so releasing the server stops it.
    final class Core: Sendable {
        struct State: Sendable {
            var routes: [String: Handler] = [:]
            var requests: [Request] = []
            var stopped = false
            var connections: Set<Int32> = []
            var bodyBytesSent: [String: Int] = [:]
            var hangUps: [Request] = []
            var sinks: Set<String> = []
            var stalls: Set<String> = []
            var bodyBytesReceived: [String: Int] = [:]
        }

        let listener: Int32
        let state = Locked(State())
        private let threads = DispatchGroup()
        /// Broadcast after each change a test may wait for (`note`).
        private let changed = NSCondition()

        init(listener: Int32) { self.listener = listener }

        static func key(_ method: String, _ path: String) -> String { method.uppercased() + " " + path }

        func start() {
            threads.enter()
            Thread.detachNewThread { [self] in acceptLoop() }
        }

        func stop() {
            let alreadyStopped = state.withLock { state -> Bool in
                defer { state.stopped = true }
                // NB: shut down under the lock; a connection leaves the set before it is closed,
                // so this never touches a descriptor number that was reused.
                if !state.stopped { state.connections.forEach(POSIXSocket.shutdownBoth) }
                return state.stopped
            }
            guard !alreadyStopped else { return }
            _ = threads.wait(timeout: .now() + 5)
        }

        private var isStopped: Bool { state.withLock { $0.stopped } }

        /// Changes the state and wakes whoever waits on it.
        private func note(_ change: (inout State) -> Void) {
            state.withLock(change)
            // NB: a waiter checks under `changed`, so this broadcast can't fall between its check and its wait.
            changed.lock()
            changed.broadcast()
            changed.unlock()
        }

        /// Waits, on a thread of its own, until `done` holds for the state or `patience` seconds pass.
        func wait(patience: TimeInterval, _ done: @escaping @Sendable (State) -> Bool) async -> Bool {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { [self] in
                    let deadline = Date(timeIntervalSinceNow: patience)
                    changed.lock()
                    defer { changed.unlock() }
                    while !done(state.current) {
                        if !changed.wait(until: deadline) {
                            continuation.resume(returning: done(state.current))
                            return
                        }
                    }
                    continuation.resume(returning: true)
                }
            }
        }

        private func acceptLoop() {
            defer {
                POSIXSocket.closeSocket(listener)
                threads.leave()
            }
            while !isStopped {
                guard POSIXSocket.waitReadable(listener, milliseconds: 25), let client = POSIXSocket.accept(listener) else { continue }
                let admitted = state.withLock { state -> Bool in
                    guard !state.stopped else { return false }
                    state.connections.insert(client)
                    return true
                }
                guard admitted else {
                    POSIXSocket.closeSocket(client)
                    break
                }
                threads.enter()
                Thread.detachNewThread { [self] in
                    serve(client)
                    state.withLock { _ = $0.connections.remove(client) }
                    POSIXSocket.closeSocket(client)
                    threads.leave()
                }
            }
        }

        /// Reads one request, records it, answers it.
        private func serve(_ fd: Int32) {
            guard let request = readRequest(fd) else { return }
            var handler: Handler?
            note { state in
                state.requests.append(request)
                handler = state.routes[Core.key(request.method, request.path)]
            }
            let response = handler?(request) ?? .noRoute(for: request)
            if response.closesWithoutAnswer { return }
            let (head, body) = response.serialized()
            guard POSIXSocket.write(fd, head), write(body, to: fd, for: request), let stream = response.stream else { return }
            send(stream, to: fd, for: request)
        }

        /// Writes body bytes of the answer to `request`, counting them.
        private func write(_ bytes: [UInt8], to fd: Int32, for request: Request) -> Bool {
            guard POSIXSocket.write(fd, bytes) else { return false }
            if !bytes.isEmpty { note { $0.bodyBytesSent[request.path, default: 0] += bytes.count } }
            return true
        }

        /// Writes a streamed body until the client hangs up or the server stops.
        private func send(_ stream: BodyStream, to fd: Int32, for request: Request) {
            switch stream {
            case .repeating(let chunk):
                let bytes = Array(chunk)
                while !isStopped, write(bytes, to: fd, for: request) {}
            case .drip(let chunk, let interval, let lasting):
                let bytes = Array(chunk)
                let end = Date(timeIntervalSinceNow: lasting)
                while !isStopped, Date() < end, write(bytes, to: fd, for: request) { Thread.sleep(forTimeInterval: interval) }
            case .gzipBomb:
                guard write(GzipZeros.endlessPrefix, to: fd, for: request) else { return }
                let unit = GzipZeros.endlessRepeatingUnit(count: 4096)
                for _ in 0..<16 where !isStopped {
                    guard write(unit, to: fd, for: request) else { return }
                }
            case .held(let lasting):
                let end = Date(timeIntervalSinceNow: lasting)
                while !isStopped, Date() < end {
                    guard POSIXSocket.waitReadable(fd, milliseconds: 25) else { continue }
                    // Readable with nothing to read: the client closed its end.
                    if POSIXSocket.read(fd).isEmpty {
                        note { $0.hangUps.append(request) }
                        return
                    }
                }
            }
        }

        /// The request on `fd`, or nil if the client closed, timed out or sent something that isn't HTTP.
        private func readRequest(_ fd: Int32) -> Request? {
            var buffer: [UInt8] = []
            let separator: [UInt8] = Array("\r\n\r\n".utf8)
            var headEnd: Int?
            while headEnd == nil {
                let chunk = POSIXSocket.read(fd)
                guard !chunk.isEmpty, buffer.count + chunk.count < 1 << 20 else { return nil }
                buffer += chunk
                headEnd = Core.find(separator, in: buffer)
            }
            guard let headEnd, let head = LoopbackServer.parseHead(String(decoding: buffer[0..<headEnd], as: UTF8.self)) else {
                POSIXSocket.write(fd, Response.text("LoopbackServer: not an HTTP/1.x request", status: 400).serialized().head)
                return nil
            }
            guard var reader = RequestBodyReader(fd: fd, buffered: Array(buffer[(headEnd + separator.count)...]), headers: head.headers) else {
                let refusal = Response.text("LoopbackServer reads a body sent with Content-Length or chunked, nothing else", status: 501)
                let (h, b) = refusal.serialized()
                POSIXSocket.write(fd, h + b)
                return nil
            }
            let parts = head.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0]), query = parts.count > 1 ? String(parts[1]) : nil
            let key = Core.key(head.method, path)
            let (sink, stall) = state.withLock { ($0.sinks.contains(key), $0.stalls.contains(key)) }
            if stall {
                note { $0.requests.append(Request(method: head.method, path: path, query: query, headers: head.headers)) }
                while !isStopped { Thread.sleep(forTimeInterval: 0.025) }
                return nil
            }
            if head.headers["expect"]?.lowercased() == "100-continue", reader.expectsBody {
                POSIXSocket.write(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            // A sink keeps the body's first 64 KiB and counts the rest as it arrives.
            let kept = sink ? 1 << 16 : Int.max
            var body: [UInt8] = []
            while true {
                guard let piece = reader.next() else { return nil }
                if piece.isEmpty { break }
                if body.count < kept { body += piece.prefix(kept - body.count) }
                if sink { note { $0.bodyBytesReceived[path, default: 0] += piece.count } }
            }
            if !sink { note { $0.bodyBytesReceived[path, default: 0] += body.count } }
            return Request(method: head.method, path: path, query: query, headers: head.headers, body: Data(body))
        }

        static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
            guard haystack.count >= needle.count else { return nil }
            for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
                return start
            }
            return nil
        }
    }
}
