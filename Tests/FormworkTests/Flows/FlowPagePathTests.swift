import Foundation
import FormworkTesting
import Testing

@MainActor
@Suite("Flow page paths")
struct FlowPagePathTests {
    /// A flow whose `page` (or `pages`) is an absolute path had it joined onto the flow's folder
    /// ("can't read the page file '/tmp/x/tmp/y/page.json'").
    @Test func aFlowMayNameItsPageByAnAbsolutePath() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("abs-flow-\(UUID().uuidString)")
        let pages = folder.appendingPathComponent("pages"), flows = folder.appendingPathComponent("flows")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: flows, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"page": "hello", "data": {"n": 1}}"#.utf8).write(to: pages.appendingPathComponent("hello.json"))
        let flow = flows.appendingPathComponent("hello.flow.json")
        try Data("""
            {"page": "\(pages.appendingPathComponent("hello.json").path)", "steps": [{"expect": {"page": "hello", "data.n": 1}}]}
            """.utf8).write(to: flow)

        let result = await FlowRunner(registry: .standard).run(file: flow.path)

        #expect(result.failures == [])
    }
}
