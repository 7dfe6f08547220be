import FormworkTesting
import Testing

/// A failure no handler takes: the host hears it, the fallback alert shows unless the host turns
/// it off, and the alert waiting for the person doesn't keep the page from being idle.
@MainActor
@Suite("The fallback alert for an unhandled failure")
struct UnhandledFailureAlertTests {
    @Test(.timeLimit(.minutes(1)))
    func theFallbackAlertForAnUnhandledFailureCountsAsWaitingForThePerson() async throws {
        let presenter = DismissablePresenter()
        let engine = PageEngine(registry: .standard, host: PageHost(presenter: presenter))
        let document = try PageDocument.load(Array("""
            {"page": "fails", "interactions": {"loaded": [{"id": "api", "attributes": {"url": "/x"}}]}}
            """.utf8), registry: .standard, libraries: .empty)
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
        let document = try PageDocument.load(Array(#"{"page": "fails", "interactions": {"loaded": [{"id": "api", "attributes": {"url": "/x"}}]}}"#.utf8), registry: .standard, libraries: .empty)
        let engine = PageEngine(registry: .standard, host: host)
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
