import Foundation
import Testing
import Formwork
import FormworkTesting

/// `{"use": NAME}` in a chain or an `onError` list stands for the named items, read in place:
/// the same `$result`, `$event` and `$error`, the same retry (2.15).
@Suite("Blocks: named chains and handler lists")
@MainActor
struct BlockNamedChainTests {
    static let page = #"""
    {"page": "p",
     "data": {"n": null, "m": null, "ok": null},
     "chains": {
       "double": [{"id": "store-var", "attributes": {"key": "$data.n", "value": {"expr": "$result * 2"}}}],
       "remember-event": [{"id": "store-var", "attributes": {"key": "$data.m", "value": {"expr": "$event"}}}],
       "both": [{"use": "double"}, {"use": "double"}]},
     "handlers": {
       "again": [{"id": "toast", "attributes": {"when": {"expr": "$error.status == 500"}, "message": {"template": "retrying after ${$error.status}"}, "retry": true}}],
       "quiet": [{"id": "ignore"}]},
     "interactions": {
       "go": [
         {"id": "store-var", "attributes": {"key": "$data.n", "value": {"expr": "$event"}}},
         {"use": "double"},
         {"id": "store-var", "attributes": {"key": "$data.m", "value": {"expr": "$result + 1"}}}],
       "twice": [{"id": "store-var", "attributes": {"key": "$data.n", "value": 3}}, {"use": "both"}],
       "event": [{"use": "remember-event"}],
       "load": [
         {"id": "api", "attributes": {"url": "/api/thing"}, "onError": [{"use": "again"}]},
         {"id": "store-var", "attributes": {"key": "$data.ok", "value": {"expr": "$result.ok"}}}],
       "load-page-handled": [
         {"id": "api", "attributes": {"url": "/api/thing"}},
         {"id": "store-var", "attributes": {"key": "$data.ok", "value": {"expr": "$result.ok"}}}]},
     "onError": [{"use": "again"}, {"id": "toast", "attributes": {"message": {"template": "failed: ${$error.status}"}}}]}
    """#

    @Test func aNamedChainTakesAndGivesResult() async throws {
        let page = try await BlockFixtures.open(Self.page)
        defer { page.close() }
        let outcome = try await page.trigger("go", event: 21)
        try page.expect("data.n", 42)
        try page.expect("data.m", 43)
        #expect(outcome == .completed(43))
    }

    @Test func namedChainsInsideNamedChains() async throws {
        let page = try await BlockFixtures.open(Self.page)
        defer { page.close() }
        #expect(try await page.trigger("twice") == .completed(12))
        try page.expect("data.n", 12)
    }

    @Test func aNamedChainSeesTheEvent() async throws {
        let page = try await BlockFixtures.open(Self.page)
        defer { page.close() }
        try await page.trigger("event", event: ["x": 1])
        try page.expect("data.m", ["x": 1])
    }

    /// A handler list used in an action's `onError` handles its failure; its `retry` runs the
    /// failed action again, and the chain goes on with the new answer.
    @Test func aNamedHandlerListRetriesTheFailedAction() async throws {
        let page = PageHarness(registry: .standard)
        defer { page.close() }
        page.stub.on("GET", "/api/thing", .json(500, ["message": "busy"]), .json(200, ["ok": true]))
        try await page.open(try BlockFixtures.load(Self.page))
        let outcome = try await page.trigger("load")
        try page.expect("toasts", ["retrying after 500"])
        try page.expect("data.ok", true)
        try page.expect("requests", .count(2))
        #expect(outcome == .completed(true))
    }

    /// The same list used in the page's `onError`, followed by a handler of its own.
    @Test func aNamedHandlerListInThePagesOnError() async throws {
        let page = PageHarness(registry: .standard)
        defer { page.close() }
        page.stub.on("GET", "/api/thing", .json(500, ["message": "busy"]), .json(404, ["message": "gone"]))
        try await page.open(try BlockFixtures.load(Self.page))
        let outcome = try await page.trigger("load-page-handled")
        try page.expect("toasts", ["retrying after 500", "failed: 404"])
        try page.expect("data.ok", nil)
        #expect(outcome?.result == nil)
    }

    /// A named chain used from a block's component, in place.
    @Test func aBlockUsesTheLibrarysNamedChain() async throws {
        let kit = try BlockFixtures.library(#"""
        {"library": "kit", "version": 1,
         "chains": {"thank": [{"id": "toast", "attributes": {"message": {"template": "thanks, ${$result}"}}}]},
         "blocks": {"thanker": {"attributes": {"name": {"type": "string"}}, "components": [
           {"id": "button", "key": "go", "interactions": {"onTap": [
             {"id": "store-var", "attributes": {"key": "$state.said", "value": {"expr": "$attr.name"}}},
             {"use": "thank"}]}}]}}}
        """#, file: "kit.json")
        #expect(kit.check(registry: .standard, libraries: .empty).map(\.rendered) == [])
        let page = try await BlockFixtures.open(#"{"page": "p", "libraries": {"kit": 1}, "components": [{"id": "thanker", "key": "t", "attributes": {"name": "Ada"}}]}"#, libraries: [kit])
        defer { page.close() }
        try await page.tap("t.go")
        try page.expect("toasts", ["thanks, Ada"])
    }
}
