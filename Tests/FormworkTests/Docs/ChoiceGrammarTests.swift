import Foundation
import Testing
import Formwork
import FormworkTesting

/// Grammar.md's choices section (2.22) stays true: its examples, marked
/// `<!-- example-v2: NAME -->` because their components come with behaviour level 2, check clean
/// and their flow passes at level 2; and the level 2 components and `count` are documented.
@MainActor
@Suite("Grammar.md, 2.22: choices")
struct ChoiceGrammarTests {
    static let registry = Registry.standard(behavior: .v2)

    /// The blocks marked `<!-- example-v2: NAME -->` in part 2, by name.
    static func blocks() throws -> [(name: String, text: String)] {
        var blocks: [(String, String)] = []
        var lines = try PageExamplesTests.part2().split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            let words = line.split(separator: " ")
            guard line.hasPrefix("<!-- "), words.count == 4, words[1] == "example-v2:", lines.popFirst()?.hasPrefix("```") == true else { continue }
            var body: [Substring] = []
            while let next = lines.popFirst(), !next.hasPrefix("```") { body.append(next) }
            blocks.append((String(words[2]), body.joined(separator: "\n")))
        }
        return blocks
    }

    @Test func theExamplesCheckAndTheirFlowPassesAtLevelTwo() async throws {
        let blocks = try Self.blocks()
        #expect(blocks.map(\.name) == ["choices.json", "choices.flow.json", "choices-de.flow.json"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("choices-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for block in blocks { try Data(block.text.utf8).write(to: folder.appendingPathComponent(block.name)) }
        for page in blocks where !page.name.hasSuffix(".flow.json") {
            let (document, decoded) = PageDocument.decode(json: page.text, registry: Self.registry, libraries: .empty, file: page.name)
            let printed = (decoded + (document?.check(registry: Self.registry) ?? [])).map(\.rendered).joined(separator: "\n")
            #expect(printed == "", "\(page.name)")
        }
        for flow in blocks where flow.name.hasSuffix(".flow.json") {
            let result = await FlowRunner(registry: Self.registry).run(file: folder.appendingPathComponent(flow.name).path)
            #expect(result.failures == [], "\(flow.name)")
            #expect(result.stepCount > 0)
        }
    }

    @Test func everyChoiceComponentAndItsAttributesAreDocumented() throws {
        let grammar = try PageExamplesTests.part2()
        var missing: [String] = []
        for id in ["rating", "radio", "segmented", "checkboxes", "slider"] {
            let type = try #require(Self.registry.components[id])
            if !grammar.contains("| `\(id)` |") { missing.append("component `\(id)`") }
            for attribute in type.attributes where !grammar.contains("`\(attribute.name)`") { missing.append("attribute `\(attribute.name)` of \(id)") }
        }
        if !grammar.contains("| `count` |") { missing.append("validation `count`") }
        #expect(missing == [])
    }
}
