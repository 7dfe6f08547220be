import Foundation
import Testing
import Formwork
import FormworkTesting
import LoopbackHTTP

/// The outbox: `"offline": "queue"` keeps requests that found no network, and sends them in
/// order, once each, when the network is back; budgets and bad input fail clearly.
@Suite("The outbox")
@MainActor
struct OutboxTests {
    static let order = """
    {"page": "order", "data": {"dish": "tofu", "pin": ""},
     "components": [
       {"id": "text-field", "key": "pin", "attributes": {"value": {"expr": "$data.pin"}, "secure": true}},
       {"id": "button", "key": "place", "interactions": {"onTap": [
         {"id": "api", "attributes": {"method": "POST", "url": "/api/orders", "body": {"expr": "{dish: $data.dish}"}, "offline": "queue"}},
         {"id": "toast", "attributes": {"message": {"expr": "$result.queued ? 'We will send your order when you are back online' : 'Order placed'"}}}]}},
       {"id": "button", "key": "pay", "interactions": {"onTap": [
         {"id": "api", "attributes": {"method": "POST", "url": "/api/pay", "body": {"expr": "{pin: $data.pin}"}, "offline": "queue"}}]}}]}
    """

    final class Heard {
        var outcomes: [OutboxOutcome] = []
    }

    private func engine(_ transport: any PageTransport, storage: any OutboxStorage = MemoryOutboxStorage(), limits: PageLimits = .standard,
                        clock: ManualClock = ManualClock(), heard: Heard = Heard()) -> PageEngine {
        var host = PageHost(presenter: QueuedPresenter(), transport: transport, clock: clock, report: { _ in }, alertsUnhandledFailures: false)
        host.idempotencyKeys = .counting(prefix: "k-")
        let engine = PageEngine(registry: .standard(behavior: .v2), host: host, limits: limits)
        engine.outbox = Outbox(storage: storage, limits: limits) { heard.outcomes.append($0) }
        return engine
    }

    private func open(_ engine: PageEngine) throws -> PageSession {
        try engine.open(try EnginePages.load(Self.order, registry: .standard(behavior: .v2)))
    }

    @Test func offlineOrdersAreQueuedThenSentInOrderOnceEachWhenTheNetworkIsBack() async throws {
        let server = try ApplyOnceServer()
        let transport = URLSessionTransport(baseURL: server.server.baseURL, allowedHosts: [])
        let heard = Heard()
        let storage = MemoryOutboxStorage()
        let engine = engine(transport, storage: storage, heard: heard)
        engine.networkIsGone()
        let page = try open(engine)
        for dish in ["tofu", "ramen", "gyoza"] {
            try page.set(.string(dish), at: #require(StorePath("$data.dish")))
            #expect(await page.tap(try #require(page.component("place"))).isCompleted)
        }
        #expect(server.current.keys.isEmpty, "nothing is sent while offline")
        #expect(storage.kept.map(\.id) == ["k-1", "k-2", "k-3"], "kept before the chain went on")
        #expect(page.trace.contains { $0.text.contains("queued POST /api/orders") })
        #expect(engine.outbox?.jsonValue.arrayValue?.count == 3)

        server.change { $0.dropNext = 1 }   // the first one's answer is lost after it is applied
        var outcomes = await engine.networkIsBack()
        #expect(outcomes.map(\.kind) == ["postponed"])
        let clock = try #require(engine.host.clock as? ManualClock)
        clock.advance(by: 1_000)
        outcomes = await engine.networkIsBack()
        #expect(outcomes.map(\.kind) == ["delivered", "delivered", "delivered"])
        #expect(server.current.applied == [#"{"dish":"tofu"}"#, #"{"dish":"ramen"}"#, #"{"dish":"gyoza"}"#])
        #expect(server.current.keys == ["k-1", "k-1", "k-2", "k-3"])
        #expect(storage.kept.isEmpty)
        #expect(heard.outcomes.map(\.kind) == ["postponed", "delivered", "delivered", "delivered"])
    }

    @Test func theResultSaysTheRequestWasQueued() async throws {
        let stub = StubTransport()
        stub.on("POST", "/api/orders", .failure("offline"))
        let engine = engine(stub)
        let page = try open(engine)
        #expect(await page.tap(try #require(page.component("place"))) == .completed(["queued": true, "id": "k-1", "waiting": 1]))
        #expect((engine.host.presenter as? QueuedPresenter)?.toasts == ["We will send your order when you are back online"])
        #expect(stub.requests.map { $0.headers["Idempotency-Key"] } == ["k-1"])
    }

    @Test func retryableAnswersAreQueuedAndRefusalsAreNot() async throws {
        let stub = StubTransport()
        stub.on("POST", "/api/orders", .json(503, ["message": "busy"]), .json(422, ["message": "No such dish"]))
        let engine = engine(stub)
        let page = try open(engine)
        #expect(await page.tap(try #require(page.component("place"))).isCompleted, "503: queued")
        let heard = Heard()
        engine.outbox?.onOutcome = { heard.outcomes.append($0) }
        await engine.networkIsBack()
        guard case .failed(let entry, let status, let body, _)? = heard.outcomes.first else {
            Issue.record("expected a final failure, heard \(heard.outcomes)")
            return
        }
        #expect(entry.id == "k-1" && status == 422 && body == ["message": "No such dish"], "the host hears the server's answer")
        #expect(engine.outbox?.entries.isEmpty == true)
    }

    @Test func aServerThatAlwaysFailsIsGivenUpAfterOutboxSecondsAndTheHostTold() async throws {
        let stub = StubTransport()
        stub.on("POST", "/api/orders", .json(500, ["message": "down"]))
        let clock = ManualClock()
        var limits = PageLimits.standard
        limits.outboxSeconds = 3_600
        let heard = Heard()
        let engine = engine(stub, limits: limits, clock: clock, heard: heard)
        let page = try open(engine)
        #expect(await page.tap(try #require(page.component("place"))).isCompleted)
        var tries = 0
        while engine.outbox?.entries.isEmpty == false, tries < 100 {
            clock.advance(by: 300_000)
            await engine.networkIsBack()
            tries += 1
        }
        #expect(tries == 13, "tried every 5 minutes for an hour, then given up on the 13th call")
        guard case .failed(_, nil, _, let reason)? = heard.outcomes.last else {
            Issue.record("expected a final failure, heard \(heard.outcomes.map(\.description))")
            return
        }
        #expect(reason == "it waited longer than 3600 s (outboxSeconds); the last try: the server answered 500")
    }

    @Test func aFullOutboxRefusesTheNextRequestAndDropsNothing() async throws {
        let stub = StubTransport()
        var limits = PageLimits.standard
        limits.outboxRequests = 2
        let engine = engine(stub, limits: limits)
        engine.networkIsGone()
        let page = try open(engine)
        let place = try #require(page.component("place"))
        for dish in ["a", "b", "c"] {
            try page.set(.string(dish), at: #require(StorePath("$data.dish")))
            _ = await page.tap(place)
        }
        #expect(engine.outbox?.entries.map(\.body) == [#"{"dish":"a"}"#, #"{"dish":"b"}"#])
        let outcome = await page.tap(place)
        guard case .failed(let error, _) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error["kind"] == "limit")
        #expect(error["message"] == "2 requests are already waiting to be sent, the most this app keeps (outboxRequests). Try again when you're online.")
    }

    @Test func aRequestTooLargeToKeepIsRefused() async throws {
        var limits = PageLimits.standard
        limits.outboxBytes = 64
        let engine = engine(StubTransport(), limits: limits)
        engine.networkIsGone()
        let page = try open(engine)
        try page.set(.string(String(repeating: "x", count: 100)), at: #require(StorePath("$data.dish")))
        let outcome = await page.tap(try #require(page.component("place")))
        guard case .failed(let error, _) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error["message"]?.stringValue?.hasPrefix("The request is too large to keep for later (") == true)
        #expect(engine.outbox?.entries.isEmpty == true)
    }

    @Test func aSecureValueIsNeverQueuedUnlessTheStorageEncrypts() async throws {
        for encrypts in [false, true] {
            let storage = MemoryOutboxStorage(encrypts: encrypts)
            let engine = engine(StubTransport(), storage: storage)
            engine.networkIsGone()
            let page = try open(engine)
            try page.set("4321", at: #require(StorePath("$data.pin")))
            let outcome = await page.tap(try #require(page.component("pay")))
            if encrypts {
                #expect(outcome.isCompleted)
                #expect(storage.kept.count == 1)
            } else {
                guard case .failed(let error, _) = outcome else {
                    Issue.record("expected a failure, got \(outcome)")
                    continue
                }
                #expect(error["kind"] == "outbox")
                #expect(storage.kept.isEmpty)
            }
        }
    }

    @Test func aCorruptOutboxFileIsSetAsideTheHostToldAndTheOutboxStillWorks() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = FileOutboxStorage(directory: folder)
        try storage.save([OutboxEntry(id: "k-9", pageID: "order", method: "POST", url: "/api/orders", headers: [:], body: "{}", queuedAt: 0)])
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o700)
        let fileMode = try FileManager.default.attributesOfItem(atPath: storage.file.path)[.posixPermissions] as? NSNumber
        #expect(fileMode?.intValue == 0o600)
        #expect(try storage.load().map(\.id) == ["k-9"])

        try Data(#"{"requests": [{"id": "k-9", "trunc"#.utf8).write(to: storage.file)
        let heard = Heard()
        let outbox = Outbox(storage: storage) { heard.outcomes.append($0) }
        #expect(outbox.entries.isEmpty)
        guard case .setAside(let failure)? = heard.outcomes.first else {
            Issue.record("expected the file set aside, heard \(heard.outcomes)")
            return
        }
        let keptAt = try #require(failure.keptAt)
        #expect(FileManager.default.contents(atPath: keptAt) == Data(#"{"requests": [{"id": "k-9", "trunc"#.utf8), "nothing in it is lost")
        #expect(!FileManager.default.fileExists(atPath: storage.file.path))
        // It keeps working: a new request is kept and read back.
        let engine = engine(StubTransport(), storage: storage)
        engine.networkIsGone()
        let page = try open(engine)
        #expect(await page.tap(try #require(page.component("place"))).isCompleted)
        #expect(try storage.load().count == 1)
    }

    /// The flow harness has an outbox in memory: a stub answering 503 queues the order, and the
    /// engine sends it (with the same key) once the network is back.
    @Test func theFlowHarnessQueuesToo() async throws {
        let page = PageHarness(registry: .standard(behavior: .v2))
        defer { page.close() }
        page.stub.on("POST", "/api/orders", .json(503, ["message": "busy"]), .json(201, ["order": 7]))
        try await page.open(json: Self.order)
        try await page.tap("place")
        try page.expect("toasts", ["We will send your order when you are back online"])
        let outcomes = await page.engine.networkIsBack()
        #expect(outcomes.map(\.kind) == ["delivered"])
        let keys = page.requests.map { $0.headers["Idempotency-Key"] }
        #expect(keys.count == 2 && keys[0] != nil && keys[0] == keys[1])
    }

    @Test func withoutAnOutboxQueueingFailsSayingSo() async throws {
        var host = PageHost(transport: StubTransport(), report: { _ in }, alertsUnhandledFailures: false)
        host.idempotencyKeys = .counting()
        let engine = PageEngine(registry: .standard(behavior: .v2), host: host)
        let page = try open(engine)
        let outcome = await page.tap(try #require(page.component("place")))
        guard case .failed(let error, _) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error["detail"]?.stringValue?.contains("this app keeps no outbox") == true)
    }
}

extension OutboxOutcome {
    var kind: String {
        switch self {
        case .delivered: return "delivered"
        case .failed: return "failed"
        case .postponed: return "postponed"
        case .setAside: return "setAside"
        }
    }
}
