import Foundation
import Testing
import Formwork
import FormworkTesting

/// The worked examples of Grammar.md part 2 stay true. A fenced block marked
/// `<!-- example: NAME -->` is written to a folder under its name; every page among them must
/// check clean unless a block marked `<!-- check: NAME -->` gives what `formwork check` prints
/// for it, exactly; and every flow among them must pass.
@MainActor
@Suite("Grammar.md, part 2: worked examples")
struct PageExamplesTests {
    struct Block {
        let kind: String
        let name: String
        let text: String
    }

    /// Part 2 of Grammar.md.
    static func part2() throws -> String {
        let grammar = try String(contentsOf: EnginePages.root.appendingPathComponent("Grammar.md"), encoding: .utf8)
        guard let start = grammar.range(of: "# Part 2 — Pages"), let end = grammar.range(of: "# Part 3 — Flow files") else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "Grammar.md has no part 2"])
        }
        return String(grammar[start.upperBound..<end.lowerBound])
    }

    /// The marked blocks, in order.
    static func blocks() throws -> [Block] {
        var blocks: [Block] = []
        var lines = try part2().split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            let words = line.split(separator: " ")
            guard line.hasPrefix("<!-- "), words.count == 4, words[1] == "example:" || words[1] == "check:" else { continue }
            guard lines.popFirst()?.hasPrefix("```") == true else { continue }
            var body: [Substring] = []
            while let next = lines.popFirst(), !next.hasPrefix("```") { body.append(next) }
            blocks.append(Block(kind: String(words[1].dropLast()), name: String(words[2]), text: body.joined(separator: "\n")))
        }
        return blocks
    }

    @Test func theExamplesCheckAndTheirFlowsPass() async throws {
        let blocks = try Self.blocks()
        let examples = blocks.filter { $0.kind == "example" }
        #expect(examples.count >= 3)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for example in examples { try Data(example.text.utf8).write(to: folder.appendingPathComponent(example.name)) }

        // NB: libraries among the examples are at hand for the pages, as in a folder of pages.
        let files = examples.filter { !$0.name.hasSuffix(".flow.json") }
        let libraryFiles = files.filter { BlockCatalog.looksLikeLibrary(Array($0.text.utf8)) }
        var libraries: [BlockLibrary] = []
        for file in libraryFiles {
            let (library, problems) = BlockLibrary.decode(Array(file.text.utf8), file: file.name)
            let printed = (problems + (library?.check(registry: .standard, libraries: .empty) ?? [])).map(\.rendered).joined(separator: "\n")
            #expect(printed == "", "\(file.name)")
            if let library { libraries.append(library) }
        }
        let pages = files.filter { file in !libraryFiles.contains { $0.name == file.name } }
        let known = Set(pages.compactMap { try? PageValue(json: $0.text)["page"]?.stringValue })
        for page in pages {
            let (document, decoded) = PageDocument.decode(json: page.text, registry: .standard, libraries: BlockCatalog(libraries), file: page.name)
            let printed = (decoded + (document?.check(registry: .standard, knownPages: known) ?? [])).map(\.rendered).joined(separator: "\n")
            let expected = blocks.first { $0.kind == "check" && $0.name == page.name }?.text ?? ""
            #expect(printed == expected, "\(page.name)")
        }
        for flow in examples where flow.name.hasSuffix(".flow.json") {
            let result = await FlowRunner(registry: .standard).run(file: folder.appendingPathComponent(flow.name).path)
            #expect(result.failures == [], "\(flow.name)")
            #expect(result.stepCount > 0, "\(flow.name)")
        }
    }
}
