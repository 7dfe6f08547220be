@testable import Formwork
import FormworkTesting
import Testing

/// dish-list, takeout-settings: a 401 while loading runs `run` [push login (waitForResult), trigger
/// loaded]. When the load after signing in failed again, that failure vanished: a failure inside a
/// `run` handler's chain skipped the failing action's own onError, the page's onError and the host,
/// leaving only a diagnostic (not even a trace line without a report hook).
@MainActor
@Suite("Failures inside error handlers")
struct HandlerChainFailureTests {
    @Test func aFailureInsideARunHandlerGoesToItsOwnActionsHandlers() async throws {
        let page = PageHarness(registry: .standard)
        page.stub.on("GET", "/a", .json(500, ["message": "a failed"]))
        page.stub.on("GET", "/b", .json(503, ["message": "b failed"]))
        try await page.open(json: """
            {"page": "p",
             "interactions": {"go": [
               {"id": "api", "attributes": {"url": "/a"},
                "onError": [{"id": "run", "attributes": {"actions": [
                  {"id": "api", "attributes": {"url": "/b"}, "onError": [{"id": "toast", "attributes": {"message": {"template": "inner: ${$error.message}"}}}]}
                ]}}]}
             ]}}
            """)
        let outcome = try await page.trigger("go")
        guard case .failed(_, "run")? = outcome else { Issue.record("expected the run handler to take /a's failure, got \(String(describing: outcome))"); return }
        #expect(page.toasts == ["inner: b failed"])
        #expect(try page.read("failures") == [])
    }

    @Test func anUnhandledFailureInsideARunHandlerReachesThePageAndTheHost() async throws {
        let page = PageHarness(registry: .standard)
        page.stub.on("GET", "/a", .json(500, ["message": "a failed"]))
        page.stub.on("GET", "/b", .json(503, ["message": "b failed"]))
        try await page.open(json: """
            {"page": "p",
             "interactions": {"go": [
               {"id": "api", "attributes": {"url": "/a"}, "onError": [{"id": "run", "attributes": {"actions": [{"id": "api", "attributes": {"url": "/b"}}]}}]}
             ]},
             "onError": [{"id": "toast", "attributes": {"when": {"expr": "$error.status == 503"}, "message": {"template": "page: ${$error.message}"}}}]}
            """)
        try await page.trigger("go")
        #expect(page.toasts == ["page: b failed"])

        let bare = PageHarness(registry: .standard)
        bare.stub.on("GET", "/a", .json(500, ["message": "a failed"]))
        bare.stub.on("GET", "/b", .json(503, ["message": "b failed"]))
        try await bare.open(json: """
            {"page": "p", "interactions": {"go": [
               {"id": "api", "attributes": {"url": "/a"}, "onError": [{"id": "run", "attributes": {"actions": [{"id": "api", "attributes": {"url": "/b"}}]}}]}
             ]}}
            """)
        try await bare.trigger("go")
        #expect(try bare.read("failures[0].message") == "b failed")
    }

    @Test func aPageHandlerWhoseChainAlwaysFailsStopsInsteadOfHandlingItselfForever() async throws {
        let page = PageHarness(registry: .standard)
        page.stub.on("GET", "/a", .json(500, ["message": "a failed"]))
        try await page.open(json: """
            {"page": "p", "interactions": {"go": [{"id": "api", "attributes": {"url": "/a"}}]},
             "onError": [{"id": "run", "attributes": {"actions": [{"id": "api", "attributes": {"url": "/a"}}]}}]}
            """)
        try await page.trigger("go")
        #expect(page.requests.count == 1 + 1 + ChainRunner.maxHandlerDepth)
        let trace = try page.read("trace").arrayValue?.compactMap(\.stringValue) ?? []
        #expect(trace.last?.contains("the error handler 'run' failed too: a failed") == true)
    }
}
