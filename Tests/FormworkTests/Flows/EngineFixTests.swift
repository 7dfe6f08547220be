import FormworkTesting
import Testing

/// Engine bugs found while driving pages with the flow harness, each with the page that showed it.
@MainActor
@Suite("Engine fixes found by flows")
struct EngineFixTests {
    @Test func anInteractionThatTriggersItselfIsStoppedInsteadOfRunningForever() async throws {
        let page = PageHarness()
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
        let page = PageHarness()
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

    @Test(.timeLimit(.minutes(1)))
    func theFallbackAlertForAnUnhandledFailureCountsAsWaitingForThePerson() async throws {
        let presenter = DismissablePresenter()
        let engine = PageEngine(host: PageHost(presenter: presenter))
        let document = try PageDocument.load(Array("""
            {"page": "fails", "interactions": {"loaded": [{"id": "api", "attributes": {"url": "/x"}}]}}
            """.utf8))
        let session = try engine.open(document)
        await session.waitUntilIdle()   // returned while the alert is up (it used to wait for the dismissal)
        #expect(presenter.shown == ["Something went wrong: this app gives pages no way to send requests (no transport is configured)"])
        #expect(session.trace.map(\.text).contains("alert \"Something went wrong\" this app gives pages no way to send requests (no transport is configured)"))
        presenter.dismiss()
        await session.waitUntilIdle()
    }

    @Test(arguments: [true, false])
    func reportingAnUnhandledFailureKeepsTheAlertUnlessTheHostTurnsItOff(alerts: Bool) async throws {
        let presenter = DismissablePresenter()
        var reported: [String] = []
        let host = PageHost(presenter: presenter, report: { report in
            if case .unhandledFailure(let page, let error) = report { reported.append("\(page): \(error["message"]?.displayText ?? "")") }
        }, alertsUnhandledFailures: alerts)
        let document = try PageDocument.load(Array(#"{"page": "fails", "interactions": {"loaded": [{"id": "api", "attributes": {"url": "/x"}}]}}"#.utf8))
        let engine = PageEngine(host: host)
        let session = try engine.open(document)
        await engine.waitUntilIdle()

        let message = "this app gives pages no way to send requests (no transport is configured)"
        #expect(reported == ["fails: " + message])
        #expect(presenter.shown == (alerts ? ["Something went wrong: " + message] : []))
        presenter.dismiss()
        await engine.waitUntilIdle()
        session.close()
    }
}

/// A presenter whose alerts stay up until `dismiss()`, as a real one's do.
@MainActor
final class DismissablePresenter: PagePresenter {
    private(set) var shown: [String] = []
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func dismiss() {
        let all = waiting
        waiting = []
        for continuation in all { continuation.resume() }
    }

    func pick(_ request: PickerRequest) async -> Int? { nil }
    func confirm(title: String, message: String) async -> Bool { false }
    func alert(title: String, message: String) async {
        shown.append("\(title): \(message)")
        await withCheckedContinuation { waiting.append($0) }
    }
    func toast(_ message: String) {}
}
