import Foundation
import Formwork
import FormworkStudio
import PreviewHTTP
import Testing

/// The preview's network switch and outbox (`{"do": "network", …}`), in process: offline, an
/// `api` with `"offline": "queue"` is kept (the page shows its queued message, the state lists it)
/// and nothing reaches the stubs; online, it is sent once, with its Idempotency-Key, and the
/// outbox empties. Nothing is written into the page folder.
@Suite("formwork preview: the network switch and the outbox")
struct PreviewOutboxTests {
    static let page = """
    {
      "page": "quick-order", "title": "Quick order",
      "data": { "item": "Green tea", "message": "" },
      "components": [
        { "id": "text-field", "key": "item", "attributes": { "title": "Item", "value": { "expr": "$data.item" } } },
        { "id": "button", "key": "order", "attributes": { "title": "Place order" }, "interactions": { "onTap": [
          { "id": "api", "attributes": { "method": "POST", "url": "/api/orders", "body": { "expr": "{item: $data.item}" }, "offline": "queue" } },
          { "id": "store-var", "attributes": { "key": "$data.message", "value": { "expr": "$result.queued ? 'We will send your order when you are back online' : 'Order ' + $result.id" } } }
        ] } },
        { "id": "label", "key": "message", "attributes": { "text": { "expr": "$data.message" } } }
      ]
    }
    """

    /// A folder holding the page and a stub file answering `POST /api/orders`.
    static func folder() throws -> (folder: URL, stubs: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-preview-outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pages"), withIntermediateDirectories: true)
        try Data(page.utf8).write(to: folder.appendingPathComponent("pages/quick-order.json"))
        let stubs = folder.appendingPathComponent("stubs.json")
        try Data(#"{"POST /api/orders": {"status": 201, "body": {"id": "o-1"}}}"#.utf8).write(to: stubs)
        return (folder, stubs.path)
    }

    @MainActor
    @Test func offlineTheOrderWaitsInTheOutbox_onlineItIsSentOnceWithItsKey() async throws {
        let (root, stubs) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try ServedFolder(root.appendingPathComponent("pages").path)
        let preview = PreviewWorkspace(folder: folder, registry: .builtIns, globals: GlobalStore(.object(PageObject())),
                                       requests: RequestStubs(stubFile: stubs), limits: .standard) { _ in }
        let server = try HTTPServer(port: 0, limits: preview.limits, handler: PreviewRoutes(workspace: preview, folder: folder, limits: preview.limits).respond)
        let port = server.port
        func act(_ json: String) async throws -> RawHTTPClient.Response {
            try await RawHTTPClient.post(port: port, "/api/preview/quick-order.json/actions", json: json)
        }
        let events = try await EventStreamClient.open(port: port, "/api/preview/quick-order.json/events")
        let opened = try await events.waitForState("the page") { $0.component("order") != nil }
        #expect(opened["connection"] == ["online": true, "outbox": []])

        #expect(try await act(#"{"do": "network", "online": false}"#).status == 200)
        #expect(try await act(#"{"do": "tap", "key": "order"}"#).status == 200)
        let queued = try await events.waitForState("the queued message") { $0["data"]?["message"] == "We will send your order when you are back online" }
        #expect(queued["connection"]?["online"] == false)
        let waiting = queued["connection"]?["outbox"]?.arrayValue ?? []
        #expect(waiting.count == 1)
        #expect(waiting.first?["method"] == "POST")
        #expect(waiting.first?["url"] == "/api/orders")
        #expect(waiting.first?["page"] == "quick-order")
        let key = try #require(waiting.first?["id"]?.stringValue)
        #expect(!key.isEmpty)

        #expect(try await act(#"{"do": "network", "online": true}"#).status == 200)
        let sent = try await events.waitForState("the outbox to empty") { $0["connection"] == ["online": true, "outbox": []] }
        #expect(sent["data"]?["message"] == "We will send your order when you are back online")
        let log = try await events.waitForLog("the order to reach the stub") { log in
            log["requests"]?.arrayValue?.contains { $0["status"] == 201 } == true
        }
        let requests = (log["requests"]?.arrayValue ?? []).filter { $0["path"] == "/api/orders" }
        #expect(requests.count == 1, "the order reached the stub once, not while offline: \(requests)")
        #expect(requests.first?["headers"]?["Idempotency-Key"]?.stringValue == key)
        #expect(requests.first?["body"] == ["item": "Green tea"])
        try await events.waitForLog("the outbox's outcome in the trace") { log in
            log["trace"]?.arrayValue?.contains { $0["text"]?.stringValue == "outbox: delivered POST /api/orders (key \(key)): 201" } == true
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("pages").path)
        #expect(files == ["quick-order.json"], "the outbox lives in memory, never in the page folder")

        preview.close()
        await Task.detached { server.stop() }.value
    }

    @MainActor
    @Test func offlineARequestThatMayNotBeQueuedFailsAsWithNoNetwork() async throws {
        let (root, stubs) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let page = Self.page.replacingOccurrences(of: #", "offline": "queue""#, with: "")
        try Data(page.utf8).write(to: root.appendingPathComponent("pages/quick-order.json"))
        let folder = try ServedFolder(root.appendingPathComponent("pages").path)
        let preview = PreviewWorkspace(folder: folder, registry: .builtIns, globals: GlobalStore(.object(PageObject())),
                                       requests: RequestStubs(stubFile: stubs), limits: .standard) { _ in }
        let server = try HTTPServer(port: 0, limits: preview.limits, handler: PreviewRoutes(workspace: preview, folder: folder, limits: preview.limits).respond)
        let port = server.port
        func act(_ json: String) async throws -> RawHTTPClient.Response {
            try await RawHTTPClient.post(port: port, "/api/preview/quick-order.json/actions", json: json)
        }
        #expect(try await act(#"{"do": "network", "online": false}"#).status == 200)
        _ = try await act(#"{"do": "tap", "key": "order"}"#)
        let state = try await RawHTTPClient.get(port: port, "/api/preview/quick-order.json/state").json
        #expect(state["connection"] == ["online": false, "outbox": []], "offline, a request that may not be queued isn't kept")
        #expect(state["data"]?["message"] == "", "the chain stopped at the request that found no network")
        #expect(try await act(#"{"do": "network"}"#).json["error"] == "the network switch needs \"online\": true or false")

        preview.close()
        await Task.detached { server.stop() }.value
    }
}
