import Foundation
@testable import Formwork
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
            let harness = PageHarness(registry: .standard)
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

    /// Fuzz target Expression, leak-4cee0e6c: Foundation on Linux leaks its copy of a pattern of
    /// 250 or more UTF-16 units each time it compiles one (`_CFRegularExpressionCreate`), and
    /// `matches()` compiled its pattern at every call. A pattern is now compiled once per process,
    /// however often pages match it; a long one that doesn't compile, too.
    @Test func aLongPatternIsCompiledOncePerProcessNotAtEachMatch() async throws {
        let pattern = "(a+b)+|" + String(repeating: "x[0].name", count: 40) + "-\(UUID().uuidString)"
        let page = try await BlockFixtures.open(#"{"page": "p", "data": {"text": "aaaaaaaaaaaaaaaaaaaac", "pattern": "\#(pattern)"}, "components": [{"id": "label", "key": "l", "attributes": {"text": {"expr": "matches($data.text + $data.text, $data.pattern) ? 'yes' : 'no'"}}}, {"id": "text-field", "key": "t", "attributes": {"value": {"expr": "$data.text"}}}]}"#)
        defer { page.close() }
        for typed in ["aaab", "ab", "aaaaaaaab"] { try await page.set("t", .string(typed)) }
        #expect(try page.read("component.l.text") == "yes")
        #expect(PageRegex.compiled.timesCompiled(pattern) == 1, "the pattern was compiled again for a new text")

        let invalid = String(repeating: "(", count: 300) + UUID().uuidString
        for _ in 0..<3 {
            #expect(throws: PageRegex.Failure.invalid(pattern: invalid)) { try PageRegex(invalid, mode: .whole) }
        }
        #expect(PageRegex.compiled.timesCompiled(invalid) == 1)
    }
}
