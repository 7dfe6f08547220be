import Foundation
import Testing
import Formwork
import FormworkTesting

/// The flow steps `offline`, `online` and `relaunch`, the flow path `outbox`, and `$global.outbox`.
@Suite("Outbox in flows")
@MainActor
struct OutboxFlowTests {
    static let order = """
    {"page": "order", "data": {"dish": "tofu"},
     "components": [
       {"id": "label", "key": "waiting", "attributes": {"text": {"expr": "($global.outbox.count ?? 0) + ' waiting'"}}},
       {"id": "button", "key": "place", "interactions": {"onTap": [
         {"id": "api", "attributes": {"method": "POST", "url": "/api/orders", "body": {"expr": "{dish: $data.dish}"}, "offline": "queue"}},
         {"id": "toast", "attributes": {"message": {"expr": "$result.queued ? 'We will send your order when you are back online' : 'Order placed'"}}}]}},
       {"id": "button", "key": "meddle", "interactions": {"onTap": [
         {"id": "store-var", "attributes": {"key": "$global.outbox.count", "value": 0}}]}}]}
    """

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-flow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(Self.order.utf8).write(to: url.appendingPathComponent("order.json"))
        return url
    }

    private func run(_ steps: String, stubs: String = #"{"POST /api/orders": {"status": 201, "body": {"number": 7}}}"#,
                     behavior: BehaviorLevel = .v2) async throws -> FlowResult {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = #"{"page": "order.json", "stubs": \#(stubs), "steps": [\#(steps)]}"#
        let file = folder.appendingPathComponent("order.flow.json").path
        let flow = try FlowFile.decode(Array(text.utf8), file: file)
        return await FlowRunner(registry: .standard(behavior: behavior)).run(flow)
    }

    @Test func offlineQueuesRelaunchKeepsItOnlineSendsItOnceWithItsKey() async throws {
        let result = try await run(#"""
          "offline",
          {"tap": "place"},
          {"expect": {"toast": "We will send your order when you are back online", "outbox.count": 1, "requests": {"$count": 0},
                      "component.waiting.text": "1 waiting", "outbox.entries[0].method": "POST", "outbox.entries[0].url": "/api/orders"}},
          "relaunch",
          {"expect": {"outbox.count": 1, "component.waiting.text": "1 waiting", "requests": {"$count": 0}}},
          "online",
          {"expect": {"outbox.count": 0, "component.waiting.text": "0 waiting", "requests": {"$count": 1},
                      "requests[0].status": 201, "requests[0].headers.Idempotency-Key": {"$exists": true}, "globals": {}}}
        """#)
        #expect(result.failures.map(\.description) == [])
    }

    @Test func theKeyIsTheSameOnEveryTryAndTheOrderIsAppliedOnce() async throws {
        let harness = PageHarness(registry: .standard(behavior: .v2))
        var applied: [String: Int] = [:]
        harness.stub.on("POST", "/api/orders") { request in
            let key = request.headers["Idempotency-Key"] ?? ""
            applied[key, default: 0] += 1
            // The first try is applied but its answer lost (a 503 from a proxy): the retry must not apply it again.
            return applied[key] == 1 ? .json(503, ["message": "busy"]) : .json(201, ["number": 7])
        }
        defer { harness.close() }
        try await harness.open(json: Self.order)
        harness.goOffline()
        _ = try await harness.tap("place")
        let key = try #require(harness.outbox["entries"]?[0]?["id"]?.stringValue)
        #expect(harness.stub.offlineRequests.isEmpty, "offline from the host's signal: the outbox doesn't even try")
        try await harness.relaunch()
        #expect(harness.outbox["count"] == 1)
        var outcomes = try await harness.goOnline()
        #expect(outcomes.map(\.description) == ["kept POST /api/orders (key \(key)) to try again: the server answered 503"])
        #expect(harness.outbox["entries"]?[0]?["attempts"] == 1)
        #expect(harness.outbox["entries"]?[0]?["lastProblem"] == "the server answered 503")
        outcomes = try await harness.goOnline()
        #expect(outcomes.map(\.description) == ["delivered POST /api/orders (key \(key)): 201"])
        #expect(harness.requests.map { $0.headers["Idempotency-Key"] } == [key, key], "the same key on the retry")
        #expect(applied == [key: 2])
        #expect(harness.outbox["count"] == 0)
    }

    @Test func offlineRequestsReachNoStub() async throws {
        let harness = PageHarness(registry: .standard(behavior: .v2))
        harness.stub.on("GET", "/api/menu", .json(200, []))
        defer { harness.close() }
        try await harness.open(json: Self.order)
        harness.goOffline()
        await #expect(throws: TransportError.network("the device is offline")) {
            _ = try await harness.stub.send(TransportRequest(method: "GET", url: try #require(URL(string: "/api/menu"))))
        }
        #expect(harness.requests.isEmpty && harness.stub.offlineRequests.map(\.line) == ["GET /api/menu"])
    }

    @Test func aPageCantWriteGlobalOutbox() async throws {
        let result = try await run(#"""
          {"tap": "meddle"},
          {"expect": {"failure.kind": "read-only", "failure.message": {"$contains": "$global.outbox is what the engine reports"}, "outbox.count": 0}}
        """#)
        #expect(result.failures.map(\.description) == [])
    }

    @Test func atLevelOneGlobalOutboxIsThePagesOwn() async throws {
        let result = try await run(#"""
          {"expect": {"component.waiting.text": "0 waiting", "globals.outbox": null}},
          {"tap": "meddle"},
          {"expect": {"globals.outbox.count": 0, "failures": {"$count": 0}}}
        """#, behavior: .v1)
        #expect(result.failures.map(\.description) == [])
    }

    @Test func aWrongStepSaysHowToWriteIt() throws {
        #expect(throws: (any Error).self) { try FlowFile.decode(Array(#"{"page": "order.json", "steps": [{"offline": false}]}"#.utf8), file: "f.flow.json") }
        let flow = try FlowFile.decode(Array(#"{"page": "order.json", "steps": ["offline", {"online": true}, "relaunch"]}"#.utf8), file: "f.flow.json")
        #expect(flow.steps.map(\.label) == ["offline", "online", "relaunch"])
        #expect(flow.steps.map(\.jsonValue) == [["offline": true], ["online": true], ["relaunch": true]])
    }
}
