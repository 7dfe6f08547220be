import Foundation
import Testing

/// The flows kept next to the example pages (pages/*.flow.json) pass, and between them exercise at
/// least 90% of each page's interactions and actions, as `formwork test pages --coverage` reports.
@Suite("Example page flows")
struct ExampleFlowsTests {
    @Test func theExampleFlowsPassAndCoverEachPage() async throws {
        let output = try await CLIRunner.run(["test", "pages", "--coverage", "--format", "json"], in: FlowFixtures.packageRoot)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)\(output.stderr)")
        let flows = report["flows"] as? [[String: Any]] ?? []
        let failing = flows.filter { $0["passed"] as? Bool != true }.map { "\($0["file"] ?? "?"): \($0["failures"] ?? "")" }

        #expect(output.status == 0)
        #expect(failing == [])
        #expect(flows.count >= 5)
        let pages = report["coverage"] as? [[String: Any]] ?? []
        #expect(Set(pages.compactMap { $0["page"] as? String }) == ["address", "cashier-settings", "dish-edit", "dish-list", "feedback", "login", "order", "payment", "reorder", "shop-kit-demo", "takeout-settings"])
        for page in pages {
            let percent = page["percent"] as? Double ?? 0
            #expect(percent >= 90, "\(page["page"] ?? "?") has \(percent)% of its interactions and actions exercised")
        }
    }

    /// The files example (examples/files: a receipt photo uploaded with the expense) keeps its own
    /// folder, with the fixture files its flow attaches.
    @Test func theFilesExampleFlowPasses() async throws {
        let output = try await CLIRunner.run(["test", "examples/files", "--format", "json"], in: FlowFixtures.packageRoot)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output.stdout)\(output.stderr)")
        let flows = report["flows"] as? [[String: Any]] ?? []
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(flows.map { $0["file"] as? String ?? "?" }.contains { $0.hasSuffix("expense-receipt.flow.json") })
        #expect(flows.allSatisfy { $0["passed"] as? Bool == true }, "\(flows)")
    }
}
