import FormworkTesting
import Testing

/// `trigger` inside the interaction it triggers: a chain that never ends is stopped at the
/// `triggerDepth` limit with a clear message, and a deep chain that ends before it runs whole.
@MainActor
@Suite("Trigger depth")
struct TriggerDepthTests {
    @Test func anInteractionThatTriggersItselfIsStoppedInsteadOfRunningForever() async throws {
        let page = PageHarness(registry: .standard)
        try await page.open(json: """
            {"page": "loop", "components": [{"id": "button", "key": "go", "interactions": {"onTap": [{"id": "trigger", "attributes": {"name": "again"}}]}}],
             "interactions": {"again": [
               {"id": "store-var", "attributes": {"key": "$data.n", "value": {"expr": "($data.n ?? 0) + 1"}}},
               {"id": "trigger", "attributes": {"name": "again"}}
             ]},
             "onError": [{"id": "toast"}]}
            """)
        let outcome = try await page.tap("go")
        guard case .failed(let error, "toast")? = outcome else { Issue.record("expected the loop to fail, got \(String(describing: outcome))"); return }
        #expect(error["kind"] == "limit")
        #expect(page.toasts == ["the interaction 'again' is triggered 64 levels deep inside one chain (the triggerDepth limit); an interaction that triggers itself never ends, so it was stopped"])
        #expect(page.data["n"] == 64)
    }

    @Test func aDeepButFiniteTriggerChainStillRuns() async throws {
        let page = PageHarness(registry: .standard)
        try await page.open(json: """
            {"page": "countdown", "data": {"n": 10},
             "interactions": {"down": [
               {"id": "store-var", "attributes": {"key": "$data.n", "value": {"expr": "$data.n - 1"}}},
               {"id": "if", "attributes": {"condition": {"expr": "$data.n > 0"}, "then": [{"id": "trigger", "attributes": {"name": "down"}}]}}
             ]}}
            """)
        try await page.trigger("down")
        #expect(page.data["n"] == 0)
        #expect(page.outcome?.result != nil)
    }
}
