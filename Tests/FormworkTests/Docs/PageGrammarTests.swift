import Foundation
import Testing
import Formwork

/// Keeps Grammar.md's page part honest: its full example decodes and checks clean, and every
/// built-in type and attribute is documented.
@Suite("Grammar.md, part 2: pages")
struct PageGrammarTests {
    static let grammar: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [root.appendingPathComponent("Grammar.md")]
        return candidates.compactMap { try? String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }()

    /// The body of every fenced block with the info string `page`.
    static var pageBlocks: [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in grammar.components(separatedBy: "\n") {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```page" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current?.joined(separator: "\n") ?? "")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func theFullExampleDecodesAndChecksWithoutErrors() {
        let blocks = Self.pageBlocks
        #expect(!blocks.isEmpty, "Grammar.md should hold a ```page example")
        for block in blocks {
            let (document, diagnostics) = PageDocument.decode(json: block, registry: .standard, libraries: .empty)
            let problems = diagnostics + (document?.check(registry: .standard) ?? [])
            #expect(document != nil)
            #expect(problems.filter { $0.severity == .error }.map(\.rendered) == [])
        }
    }

    @Test @MainActor func theFullExampleBehavesAsDescribed() async throws {
        let block = try #require(Self.pageBlocks.first)
        let document = try PageDocument.load(Array(block.utf8), registry: .standard, libraries: .empty)
        let engine = PageEngine(registry: .standard)
        let page = try engine.open(document, params: ["dishId": "42"])
        await page.waitUntilIdle()
        #expect(page.component("total")?.attributes["text"] == "Total: 12.50")
        #expect(page.component("rating")?.type.id == "label")
        try await page.edit(try #require(page.component("price")), to: 20)
        #expect(page.component("total")?.attributes["text"] == "Total: 20.00")
        #expect(page.title == "Edit Mapo tofu")
    }

    @Test func everyBuiltInTypeAndAttributeIsDocumented() {
        let registry = Registry.standard
        let documented = Self.grammar
        var missing: [String] = []
        func need(_ word: String, _ what: String) {
            if !documented.contains("`\(word)`") { missing.append("\(what) `\(word)`") }
        }
        for type in registry.components.all {
            need(type.id, "component")
            for attribute in type.attributes { need(attribute.name, "attribute of \(type.id)") }
            for event in type.events { need(event, "event of \(type.id)") }
        }
        for type in registry.actions.all {
            need(type.id, "action")
            for attribute in type.attributes { need(attribute.name, "attribute of \(type.id)") }
        }
        for type in registry.validations.all {
            need(type.id, "validation")
            for attribute in type.attributes { need(attribute.name, "attribute of \(type.id)") }
        }
        for type in registry.errorHandlers.all {
            need(type.id, "error handler")
            for attribute in type.attributes { need(attribute.name, "attribute of \(type.id)") }
        }
        #expect(missing == [])
    }
}
