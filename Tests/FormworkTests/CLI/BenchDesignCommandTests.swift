import Foundation
import Testing

/// `formwork bench design` runs the draft path of `formwork design` on the repository's pages.
/// Its numbers depend on the machine and are not checked here; that it measures what it says is.
@Suite("formwork bench design")
struct BenchDesignCommandTests {
    /// The package folder, where `pages/` and `Tests/Browser/stubs.json` are.
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// One call of each side per round: every row is there, and the page's drafts run live
    /// (the bench notes a draft with errors or one the live page doesn't open).
    @Test func measuresEveryStepOfADraftOfAPage() async throws {
        let output = try await CLIRunner.run(["bench", "design", "--only", "login", "--calls", "1"], in: Self.package)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr == "")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        for step in ["rewrite, unchanged", "rewrite, one edit", "check", "draft, p50 / p95", "draft over HTTP, p50 / p95"] {
            #expect(lines.contains { $0.contains(step) }, "no '\(step)' row in\n\(output.stdout)")
        }
        #expect(lines.contains { $0.hasPrefix("login ") })
        #expect(!output.stdout.contains("not run"), "\(output.stdout)")
        #expect(!lines.contains { $0.hasPrefix("order-form") }, "--only login measured another page")
    }

    @Test func saysWhenNoPageMatches() async throws {
        let output = try await CLIRunner.run(["bench", "design", "--only", "no-such-page", "--calls", "1"], in: Self.package)
        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr == "error: no page in pages/ or examples/app/pages matches 'no-such-page'\n")
    }
}
