import Foundation
import Testing
import Formwork
import FormworkTesting
import LoopbackHTTP

/// A server that keeps the `Idempotency-Key`s it applied, as Grammar.md 2.19 asks of one: a key
/// it has seen gets the stored answer again and is not applied twice. It counts what it applied.
final class ApplyOnceServer: Sendable {
    struct State: Sendable {
        var applied: [String] = []          // the bodies applied, in order
        var answers: [String: String] = [:] // key → the stored answer
        var keys: [String?] = []            // the key of each request received
        var dropNext = 0                    // answers to lose after applying
        var refuseToken: String?            // a token answered 401
        var unreachable = false             // close every connection, applying nothing
        var ignoresKeys = false             // a naive server: applies every request
        var holdAnswerMicroseconds: UInt32 = 0  // after applying, before answering
        var holding = false                 // an applied order's answer is being held
    }
    let server: LoopbackServer
    private let state = ServerState(State())

    init(path: String = "/api/orders") throws {
        server = try LoopbackServer()
        let state = self.state
        server.route("POST", path) { request in
            let (response, hold) = state.withLock { s -> (LoopbackServer.Response, UInt32) in
                if s.unreachable { return (.noAnswer, 0) }
                let key = s.ignoresKeys ? nil : request.headers["idempotency-key"]
                s.keys.append(request.headers["idempotency-key"])
                if let token = s.refuseToken, request.headers["token"] == token {
                    return (.json(#"{"message": "Session expired"}"#, status: 401), 0)
                }
                let answer: String
                if let key, let stored = s.answers[key] {
                    answer = stored
                } else {
                    s.applied.append(request.text)
                    answer = #"{"order": \#(s.applied.count)}"#
                    if let key { s.answers[key] = answer }
                }
                if s.dropNext > 0 {
                    s.dropNext -= 1
                    return (.noAnswer, 0)
                }
                if s.holdAnswerMicroseconds > 0 { s.holding = true }
                return (.json(answer), s.holdAnswerMicroseconds)
            }
            if hold > 0 {
                usleep(hold)
                state.withLock { $0.holding = false }
            }
            return response
        }
    }

    var current: State { state.withLock { $0 } }

    /// Returns true once the server holds an applied order's answer; false after `patience`
    /// seconds (a guard, not a measure). Checks the state every half millisecond.
    func waitUntilHolding(patience: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        while Date() < deadline {
            if current.holding { return true }
            usleep(500)
        }
        return current.holding
    }
    func change(_ body: @Sendable (inout State) -> Void) { state.withLock(body) }
    deinit { server.stop() }
}

/// A value behind a lock, for state a test's server threads share.
final class ServerState<Value: Sendable>: @unchecked Sendable {
    // NB: @unchecked: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

@Suite("Idempotency keys on api writes")
@MainActor
struct IdempotencyKeyTests {
    static func order(retryOnNetwork: Bool = false) -> String {
    """
    {"page": "order", "data": {"dish": "tofu", "retryOnNetwork": \(retryOnNetwork)},
     "components": [{"id": "button", "key": "place", "interactions": {"onTap": [
       {"id": "api", "attributes": {"method": "POST", "url": "/api/orders", "body": {"expr": "$data"}, "headers": {"expr": "{token: $global.token}"}}},
       {"id": "toast", "attributes": {"message": {"template": "Order ${$result.order}"}}}]}}],
     "onError": [
       {"id": "push", "attributes": {"when": {"expr": "$error.status == 401"}, "page": "login", "waitForResult": true, "retry": true}},
       {"id": "ignore", "attributes": {"when": {"expr": "$error.kind == 'network' && $data.retryOnNetwork"}, "retry": true}}]}
    """
    }

    static let login = """
    {"page": "login", "interactions": {"signIn": [
      {"id": "store-var", "attributes": {"key": "$global.token", "value": "t-new"}},
      {"id": "response", "attributes": {"value": true}}, {"id": "pop"}]}}
    """

    private func engine(_ server: ApplyOnceServer, navigator: StackNavigator = StackNavigator(), presenter: QueuedPresenter = QueuedPresenter(),
                        behavior: BehaviorLevel = .v2) -> PageEngine {
        var host = PageHost(navigator: navigator, presenter: presenter, transport: URLSessionTransport(baseURL: server.server.baseURL, allowedHosts: []),
                            report: { _ in }, alertsUnhandledFailures: false)
        host.idempotencyKeys = .counting(prefix: "k-")
        return PageEngine(registry: .standard(behavior: behavior), host: host, globals: GlobalStore(["token": "t-old"]),
                          pages: MemoryPageSource(["login": Self.login]))
    }

    @Test func anAnswerLostAfterTheServerAppliedItIsRetriedWithTheSameKeyAndAppliedOnce() async throws {
        let server = try ApplyOnceServer()
        server.change { $0.dropNext = 1 }
        let presenter = QueuedPresenter()
        let engine = engine(server, presenter: presenter)
        let page = try engine.open(try EnginePages.load(Self.order(retryOnNetwork: true), registry: .standard(behavior: .v2)))
        let outcome = await page.tap(try #require(page.component("place")))
        #expect(outcome.isCompleted)
        #expect(server.current.keys == ["k-1", "k-1"])
        #expect(server.current.applied.count == 1)
        #expect(presenter.toasts == ["Order 1"])
    }

    @Test func tappingAgainOnTheSameUnansweredOrderSendsTheSameKeyAndANewOrderANewOne() async throws {
        let server = try ApplyOnceServer()
        server.change { $0.dropNext = 1 }
        let presenter = QueuedPresenter()
        let engine = engine(server, presenter: presenter)
        let page = try engine.open(try EnginePages.load(Self.order(), registry: .standard(behavior: .v2)))
        let place = try #require(page.component("place"))
        #expect(await page.tap(place).isCompleted == false, "the answer was lost")
        #expect(await page.tap(place).isCompleted)
        #expect(await page.tap(place).isCompleted, "a second order of the same dish, after the first was answered")
        #expect(server.current.keys == ["k-1", "k-1", "k-2"])
        #expect(server.current.applied.count == 2)
        #expect(presenter.toasts == ["Order 1", "Order 2"])
    }

    @Test func signingInAndRetryingSendsTheSameKeyAndIsAppliedOnce() async throws {
        let server = try ApplyOnceServer()
        server.change { $0.refuseToken = "t-old"; $0.dropNext = 1 }
        let navigator = StackNavigator(), presenter = QueuedPresenter()
        let engine = engine(server, navigator: navigator, presenter: presenter)
        let page = try engine.open(try EnginePages.load(Self.order(), registry: .standard(behavior: .v2)))
        let place = try #require(page.component("place"))
        let tap = Task { await page.tap(place) }
        await Task.yield()
        await engine.waitUntilIdle()
        let login = try #require(navigator.top)
        #expect(login.document.id == "login")
        await login.trigger("signIn")
        #expect(await tap.value.isCompleted == false, "the retry's answer was lost")
        #expect(await page.tap(place).isCompleted, "the person taps again")
        // 401 (not applied); after signing in, applied but the answer lost; then the stored answer.
        #expect(server.current.keys == ["k-1", "k-1", "k-1"])
        #expect(server.current.applied.count == 1)
        #expect(presenter.toasts == ["Order 1"])
    }

    // MARK: - When a key is sent

    private func sent(_ attributes: String, method: String = "POST", behavior: BehaviorLevel = .v2) async throws -> [String: String] {
        let stub = StubTransport()
        stub.on("*", "/api/x", .json(200, ["ok": true]))
        var host = PageHost(transport: stub, report: { _ in }, alertsUnhandledFailures: false)
        host.idempotencyKeys = .counting(prefix: "k-")
        let engine = PageEngine(registry: .standard(behavior: behavior), host: host)
        let page = try engine.open(try EnginePages.load("""
        {"page": "p", "interactions": {"go": [{"id": "api", "attributes": {"method": "\(method)", "url": "/api/x", "body": 1\(attributes)}}]}}
        """, registry: .standard(behavior: behavior)))
        #expect(await page.trigger("go").isCompleted)
        return try #require(stub.requests.last).headers
    }

    @Test func writesCarryAKeyFromLevel2AndReadsNever() async throws {
        #expect(try await sent("")["Idempotency-Key"] == "k-1")
        #expect(try await sent("", method: "delete")["Idempotency-Key"] == "k-1")
        #expect(try await sent("", method: "GET")["Idempotency-Key"] == nil)
        #expect(try await sent(#", "idempotencyKey": true"#, method: "GET")["Idempotency-Key"] == nil)
        #expect(try await sent("", behavior: .v1)["Idempotency-Key"] == nil, "level 1 sends what it always sent")
        #expect(try await sent(#", "idempotencyKey": true"#, behavior: .v1)["Idempotency-Key"] == "k-1")
    }

    @Test func aPageTurnsTheKeyOffNamesItsHeaderOrGivesItsOwn() async throws {
        #expect(try await sent(#", "idempotencyKey": false"#)["Idempotency-Key"] == nil)
        let named = try await sent(#", "idempotencyHeader": "X-Request-Id""#)
        #expect(named["X-Request-Id"] == "k-1" && named["Idempotency-Key"] == nil)
        #expect(try await sent(#", "headers": {"idempotency-key": "mine"}"#) == ["idempotency-key": "mine", "Content-Type": "application/json"])
    }

    @Test func aBadHeaderNameIsReportedByCheck() throws {
        let document = try EnginePages.load(#"{"page": "p", "interactions": {"go": [{"id": "api", "attributes": {"method": "POST", "url": "/x", "idempotencyHeader": "Bad Name"}}]}}"#)
        let errors = document.check(registry: .standard).filter { $0.severity == .error }
        #expect(errors.map(\.path) == ["interactions.go[0].attributes.idempotencyHeader"])
    }
}

extension ChainOutcome {
    var isCompleted: Bool { if case .completed = self { return true } else { return false } }
}
