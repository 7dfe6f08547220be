import Foundation
import Testing
import Formwork

/// Grammar.md part 5's example registry file reads as described, and its pages check as shown.
@Suite("Grammar.md part 5")
struct RegistryGrammarTests {
    static func blocks(_ language: String) throws -> [String] {
        let grammar = try String(contentsOf: FlowFixtures.packageRoot.appendingPathComponent("Grammar.md"), encoding: .utf8)
        let part = grammar.components(separatedBy: "# Part 5 — The registry file").dropFirst().first ?? ""
        return part.components(separatedBy: "```\(language)\n").dropFirst().map { $0.components(separatedBy: "\n```").first ?? "" }
    }

    @Test func theExampleRegistryAndItsPagesCheckAsShown() throws {
        let file = try #require(try RegistryGrammarTests.blocks("registry").first)
        let described = try RegistryDescription(bytes: Array(file.utf8), source: "registry.json")
        #expect(described.hostTypes == RegistryIDs(components: ["rating"], actions: ["analytics"], functions: ["currency"]))
        let registry = described.registry()

        let good = try #require(try RegistryGrammarTests.blocks("registry-page").first)
        let (document, decoded) = PageDocument.decode(json: good, registry: registry, libraries: .empty)
        #expect(decoded.isEmpty)
        #expect(document?.check(registry: registry).map(\.rendered) == [])
        #expect(document?.requirements(beyond: .standard) == RegistryIDs(components: ["rating"], actions: ["analytics"], functions: ["currency"]))

        let example = try #require(try RegistryGrammarTests.blocks("registry-check").first)
        let parts = example.components(separatedBy: "\n⇒ ")
        let bad = try #require(parts.first)
        let (badDocument, badDecoded) = PageDocument.decode(json: bad, registry: registry, libraries: .empty)
        let found = badDecoded + (badDocument?.check(registry: registry) ?? [])
        #expect(found.map { "\($0.path): \($0.severity.rawValue): \($0.message)" } == Array(parts.dropFirst()))
    }
}
