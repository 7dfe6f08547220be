import Foundation
import Formwork
import FormworkTesting
import Testing

/// What the fuzz targets (Fuzz/, see Fuzz/RESULTS.md) found, each as the smallest input that
/// showed it, kept here so the normal suite guards the fix.
@MainActor
@Suite("Fuzz findings")
struct FuzzFindingsTests {
    /// Fuzz target Page, leak-d696293b: a closed harness stayed alive with everything it opened.
    /// The navigator's stack held the page, the page its engine, the engine the navigator.
    @Test func aClosedHarnessLetsGoOfItsPagesAndEngine() async throws {
        weak var session: PageSession?
        weak var engine: PageEngine?
        weak var navigator: RecordingNavigator?
        do {
            let harness = PageHarness()
            try await harness.open(json: #"{"page": "sign-in", "components": [{"id": "button", "key": "signIn", "attributes": {"title": "Sign in"}}]}"#)
            session = try harness.current
            engine = harness.engine
            navigator = harness.navigator
            harness.close()
        }
        #expect(session == nil, "the closed page is still alive")
        #expect(engine == nil, "the closed harness's engine is still alive")
        #expect(navigator == nil, "the closed harness's navigator is still alive")
    }
}
