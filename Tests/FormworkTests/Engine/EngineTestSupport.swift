import Foundation
import Testing
import Formwork

// Stubs of the host protocols and small helpers shared by the engine tests. They use only the
// engine's public API, the way an app would.

// MARK: - Pages

enum EnginePages {
    /// The repository root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `pages/` at the root: the example pages.
    static let examples = root.appendingPathComponent("pages")

    /// The block libraries kept with the example pages (`pages/lib`).
    static let libraries = BlockCatalog.load(folder: examples).catalog

    /// The example page files, sorted.
    static var exampleFiles: [URL] {
        let files = (try? FileManager.default.contentsOfDirectory(at: examples, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "json" && !$0.lastPathComponent.hasSuffix(".flow.json") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// An example page's bytes.
    static func bytes(_ id: String) throws -> [UInt8] {
        Array(try Data(contentsOf: examples.appendingPathComponent(id + ".json")))
    }

    /// Decodes a page, failing the test with every diagnostic if it has errors.
    static func load(_ json: String, registry: Registry = .standard, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> PageDocument {
        do {
            return try PageDocument.load(Array(json.utf8), registry: registry, libraries: .empty)
        } catch {
            Issue.record("the test page doesn't decode:\n\(error)", sourceLocation: sourceLocation)
            throw error
        }
    }
}

/// Pages held in memory by id, for `push`.
struct MemoryPageSource: PageSource {
    var pages: [String: [UInt8]]

    init(_ pages: [String: String]) { self.pages = pages.mapValues { Array($0.utf8) } }
    init(bytes: [String: [UInt8]]) { pages = bytes }

    func page(_ id: String) throws -> (bytes: [UInt8], file: String?) {
        guard let bytes = pages[id] else { throw PageError(.error("page", "", "no page '\(id)' in memory")) }
        return (bytes, "\(id).json")
    }
}

// MARK: - Presenter

/// Records what pages show and answers pickers and confirmations from queues (cancel when empty).
@MainActor
final class QueuedPresenter: PagePresenter {
    var toasts: [String] = []
    var alerts: [String] = []
    var confirmations: [String] = []
    var pickers: [PickerRequest] = []
    /// Answers for `confirm`, used in order; false once used up.
    var confirmAnswers: [Bool] = []
    /// Answers for `pick` (option index, nil to cancel), used in order; nil once used up.
    var pickAnswers: [Int?] = []

    func pick(_ request: PickerRequest) async -> Int? {
        pickers.append(request)
        return pickAnswers.isEmpty ? nil : pickAnswers.removeFirst()
    }

    func confirm(title: String, message: String) async -> Bool {
        confirmations.append(title)
        return confirmAnswers.isEmpty ? false : confirmAnswers.removeFirst()
    }

    func alert(title: String, message: String) async { alerts.append("\(title): \(message)") }

    func toast(_ message: String) { toasts.append(message) }
}

// MARK: - Navigator and router

/// A navigation stack: shown pages are pushed, dismissed ones removed; routes recorded.
@MainActor
final class StackNavigator: PageNavigator, PageRouter {
    var stack: [PageSession] = []
    var routes: [String] = []
    var routeAnswer: PageValue = .null

    var top: PageSession? { stack.last }

    func show(_ session: PageSession) async { stack.append(session) }

    func dismiss(_ session: PageSession) async { stack.removeAll { $0 === session } }

    func pushRoute(_ url: URL, from session: PageSession) async throws -> PageValue? {
        routes.append(url.absoluteString)
        return routeAnswer
    }

    func route(_ url: URL, from session: PageSession) async throws -> PageValue {
        routes.append(url.absoluteString)
        return routeAnswer
    }
}

// MARK: - Transport

/// Answers requests from a table of `METHOD path` → handler and records every request. A route
/// may suspend until its task is cancelled, like a request in flight when a page closes.
actor CannedTransport: PageTransport {
    typealias Handler = @Sendable (TransportRequest) async throws -> TransportResponse

    private var handlers: [String: Handler] = [:]
    private(set) var requests: [TransportRequest] = []
    private(set) var cancelled: [String] = []
    /// The requests answered (`GET /fast`), in the order their answers went back.
    private(set) var answered: [String] = []

    init(_ routes: [String: PageValue] = [:]) {
        for (route, body) in routes { handlers[route] = { _ in .json(body) } }
    }

    func on(_ route: String, _ handler: @escaping Handler) { handlers[route] = handler }

    func on(_ route: String, status: Int = 200, _ body: PageValue) {
        handlers[route] = { _ in .json(body, status: status) }
    }

    /// A route that never answers: it waits until the request's task is cancelled.
    func hang(_ route: String) {
        handlers[route] = { [weak self] request in
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                await self?.noteCancelled(request)
                throw error
            }
            return .json(.null)
        }
    }

    private func noteCancelled(_ request: TransportRequest) { cancelled.append(Self.key(request)) }

    /// `GET /api/dishes/7` (no query).
    static func key(_ request: TransportRequest) -> String {
        "\(request.method) \(request.url.path)"
    }

    var lines: [String] { requests.map(Self.key) }

    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []

    /// Returns once `count` requests have arrived.
    func waitForRequests(_ count: Int) async {
        while requests.count < count {
            await withCheckedContinuation { arrivalWaiters.append($0) }
        }
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        requests.append(request)
        for waiter in arrivalWaiters { waiter.resume() }
        arrivalWaiters = []
        guard let handler = handlers[Self.key(request)] else {
            return .json(["message": .string("no route for \(Self.key(request))")], status: 404)
        }
        let response = try await handler(request)
        answered.append(Self.key(request))
        for waiter in answerWaiters { waiter.resume() }
        answerWaiters = []
        return response
    }

    private var answerWaiters: [CheckedContinuation<Void, Never>] = []

    /// Returns true once a request to `route` (`GET /fast`) has been answered, or false when
    /// `patience` runs out first — a guard against waiting forever for an answer that can't come
    /// (the request is only sent after this one's answer), not a measure of anything.
    func waitUntilAnswered(_ route: String, patience: Duration = .seconds(30)) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: patience)
        let alarm = Task { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            await self?.wakeAnswerWaiters()
        }
        defer { alarm.cancel() }
        while !answered.contains(route) {
            guard ContinuousClock.now < deadline else { return false }
            await withCheckedContinuation { answerWaiters.append($0) }
        }
        return true
    }

    private func wakeAnswerWaiters() {
        for waiter in answerWaiters { waiter.resume() }
        answerWaiters = []
    }
}

extension TransportResponse {
    static func json(_ value: PageValue, status: Int = 200) -> TransportResponse {
        TransportResponse(status: status, headers: ["content-type": "application/json"], body: Data(value.jsonText.utf8))
    }
}

extension TransportRequest {
    /// The JSON body, decoded.
    var json: PageValue? { body.flatMap { try? PageValue(json: String(decoding: $0, as: UTF8.self)) } }
}

// MARK: - Waiting

/// Starts `work` in a task of its own and returns once that task has started: whatever it set
/// going in the engine (a tap's chain) is then known to the engine, so `waitUntilIdle()` waits
/// for it. No sleeping, no polling.
@MainActor
func started<T: Sendable>(_ work: @escaping @MainActor () async -> T) async -> Task<T, Never> {
    let gate = StartGate()
    let task = Task { @MainActor in
        gate.open()
        return await work()
    }
    await gate.wait()
    return task
}

@MainActor
private final class StartGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

/// Counts the change notifications a component sends.
@MainActor
final class ChangeCounter {
    private(set) var changes: [PageComponentChange] = []
    private var token: PageObservation?

    init(_ component: PageComponent?) {
        token = component?.observe { [weak self] change in self?.changes.append(change) }
    }

    var count: Int { changes.count }
    var attributes: [[String]] { changes.map(\.attributes) }
}
