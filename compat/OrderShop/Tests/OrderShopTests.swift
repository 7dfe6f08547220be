import Foundation
import Testing
import Formwork
import FormworkTesting

// The shop app, frozen: what it sends and what it sees must stay the same on every later
// Formwork at the level it states (none: level 1). A change here fails CI unless CHANGELOG lists it
// under a behaviour level this app hasn't opted into.

@Suite("OrderShop frozen at 8290e77")
@MainActor
struct OrderShopTests {
    static let checkout = OrderShop.pagesFolder.appendingPathComponent("checkout.json").path

    @Test func everyNameTheShopSharesWithTheEngineIsStated() {
        let registry = OrderShop.registry()
        #expect(registry.clashes.isEmpty, "\(registry.clashes)")
        #expect(registry.components.choice("badge").replacing == ["hidden"])
        #expect(registry.hostTypeIDs.actions == ["send-receipt", "track"])
        #expect(registry.hostTypeIDs.errorHandlers == ["sign-in"])
        #expect(registry.components["badge"].map { registry.engineReads("hidden", of: $0) } == false, "the badge's hidden is its own")
    }

    /// 401 → sign in → the engine sends the order once more: three requests, one order, one
    /// receipt (the flow file records the requests and the states).
    @Test func theOrderIsPlacedOnceThroughSignInAndRetry() async throws {
        let log = ShopLog()
        let result = await FlowRunner(registry: OrderShop.registry(log: log)).run(file: OrderShop.pagesFolder.appendingPathComponent("checkout.flow.json").path)
        #expect(result.passed, "\(result.summary)")
        #expect(log.events == ["sign-in", "receipt B-7 retry 2", "track ordered"])
    }

    /// The same order against the harness's stub server, with every request's method, path,
    /// authorization and body, in order.
    @Test func theRequestsSentAreTheFrozenOnes() async throws {
        let log = ShopLog()
        let harness = PageHarness(registry: OrderShop.registry(log: log), globals: ["token": "old"])
        defer { harness.close() }
        harness.stub.on("POST", "/api/orders", StubResponse(status: 401, body: ["message": "Session expired"]), StubResponse(status: 201, body: ["orderId": "B-7"]))
        harness.stub.on("POST", "/api/login", StubResponse(body: ["token": "T-1"]))
        try await harness.open(file: Self.checkout)
        _ = try await harness.set("note", "Ring twice")
        _ = try await harness.tap("order")
        let sent = harness.stub.requests.map { "\($0.method) \($0.path) \($0.headers["Authorization"] ?? "-") \($0.body.jsonText)" }
        #expect(sent == [
            #"POST /api/orders Bearer old {"note":"Ring twice","qty":1}"#,
            #"POST /api/login - {"user":"ana"}"#,
            #"POST /api/orders Bearer T-1 {"note":"Ring twice","qty":1}"#,
        ])
        #expect(try harness.read("globals.orderId") == "B-7")
        #expect(log.events == ["sign-in", "receipt B-7 retry 2", "track ordered"])
    }

    /// A host keys its views by `PageComponent.identity`: stable across edits, and never reused
    /// by another component in the session.
    @Test func viewsKeyedByComponentIdentityStayPutAcrossEdits() async throws {
        let harness = PageHarness(registry: OrderShop.registry())
        defer { harness.close() }
        try await harness.open(file: Self.checkout)
        let before = try harness.current.allComponents
        var views: [ComponentIdentity: String] = [:]
        for component in before { views[component.identity] = component.key ?? component.type.id }
        #expect(views.count == before.count, "one view per component")
        _ = try await harness.set("note", "Ring twice")
        let after = try harness.current.allComponents
        #expect(after.map { views[$0.identity] } == after.map { $0.key ?? $0.type.id })
    }

    /// What the person typed comes back when the page opens again; `discard-draft` drops it.
    @Test func aDraftIsRestoredAndDiscarded() async throws {
        let harness = PageHarness(registry: OrderShop.registry())
        defer { harness.close() }
        try await harness.open(file: Self.checkout)
        _ = try await harness.set("note", "Ring twice")
        try await harness.reopen()
        #expect(try harness.read("data.note") == "Ring twice")
        #expect(try harness.read("component.status.text") == "Your order, as you left it")
        _ = try await harness.tap("discard")
        try await harness.reopen()
        #expect(try harness.read("data.note") == "")
        #expect(try harness.read("component.status.text") == "New order")
    }

    /// The shop's engine is made as at 8290e77, with a host that names no languages: pages open in
    /// their default language, whatever the person prefers (level 2 changes this; the shop states
    /// no level).
    @Test func aHostThatNamesNoLanguagesOpensPagesInTheirDefaultLanguage() throws {
        let engine = PageEngine(registry: OrderShop.registry(), host: PageHost())
        let bytes = try Data(contentsOf: OrderShop.pagesFolder.appendingPathComponent("welcome.json"))
        let session = try engine.open(try PageDocument.load(Array(bytes), registry: engine.registry))
        defer { session.close() }
        #expect(session.component("locale")?.attributes["text"] == "en")
    }
}
