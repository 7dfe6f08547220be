import Foundation
import FormworkTesting
import Testing

/// The flow format's spec (Grammar.md part 3) stays
/// true: its full example runs exactly as written, and it documents every path root and step.
@MainActor
@Suite("Flow format documentation")
struct FlowDocumentationTests {
    /// Part 3 of Grammar.md.
    static func specification() throws -> String {
        let grammar = try String(contentsOf: FlowFixtures.packageRoot.appendingPathComponent("Grammar.md"), encoding: .utf8)
        guard let part = grammar.components(separatedBy: "# Part 3 — Flow files").dropFirst().first else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "Grammar.md has no '# Part 3 — Flow files'"])
        }
        return part
    }

    /// The blocks marked `<!-- example: NAME -->`, by name.
    static func examples() throws -> [(name: String, text: String)] {
        let text = try specification()
        var examples: [(String, String)] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("<!-- example: "), let name = line.split(separator: " ").dropFirst(2).first else { continue }
            guard lines.popFirst()?.hasPrefix("```") == true else { continue }
            var body: [Substring] = []
            while let next = lines.popFirst(), !next.hasPrefix("```") { body.append(next) }
            examples.append((String(name), body.joined(separator: "\n")))
        }
        return examples
    }

    @Test func theFullExamplePasses() async throws {
        let examples = try Self.examples()
        #expect(examples.map(\.name) == ["dish-price.json", "dish-price.flow.json", "dish-price-discard.flow.json"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flow-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for example in examples { try Data(example.text.utf8).write(to: folder.appendingPathComponent(example.name)) }
        for example in examples where example.name.hasSuffix(".flow.json") {
            let result = await FlowRunner(registry: .standard).run(file: folder.appendingPathComponent(example.name).path)
            #expect(result.failures == [], "\(example.name)")
            #expect(result.stepCount > 0)
        }
    }

    @Test func everyReadableRootIsDocumented() throws {
        let text = try Self.specification()
        for root in PageHarness.readableRoots {
            #expect(text.contains("`\(root)"), "the paths table doesn't mention '\(root)'")
        }
        for keyword in FlowStep.keywords {
            #expect(text.contains("{\"\(keyword)\""), "the steps table doesn't show '\(keyword)'")
        }
    }

    @Test func theReadmeFlowPassesAgainstTheExamplePage() async throws {
        let readme = try String(contentsOf: FlowFixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let section = readme.components(separatedBy: "## Testing page flows").dropFirst().first,
              let flow = section.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first
        else {
            Issue.record("README has no flow example under '## Testing page flows'")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-flow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = FlowFixtures.packageRoot.appendingPathComponent("pages")
        for name in try FileManager.default.contentsOfDirectory(atPath: pages.path) where name.hasSuffix(".json") && !name.hasSuffix(".flow.json") {
            try FileManager.default.copyItem(at: pages.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try Data(flow.utf8).write(to: folder.appendingPathComponent("readme.flow.json"))
        let result = await FlowRunner(registry: .standard).run(file: folder.appendingPathComponent("readme.flow.json").path)
        #expect(result.failures == [])
    }
}
