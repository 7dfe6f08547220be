import Foundation
import Testing
import Formwork

/// Pages naming block libraries (2.16): which library a name means, what is missing or too old,
/// and a problem inside a library's block reported in the library's file.
@Suite("Blocks: libraries a page names")
@MainActor
struct BlockLibraryDiagnosticsTests {
    /// A library with a money row whose label reads `text`.
    static func kit(_ id: String, version: Int = 1, text: String = "${$attr.title}", file: String? = nil) throws -> BlockLibrary {
        try BlockFixtures.library("""
        {"library": "\(id)", "version": \(version),
         "blocks": {"money-row": {
           "attributes": {"title": {"type": "string", "required": true}},
           "components": [
             {"id": "label", "key": "amount", "attributes": {"text": {"template": "\(text)"}}}]}},
         "chains": {"thanks": [{"id": "toast", "attributes": {"message": "\(id) says thanks"}}]}}
        """, file: file ?? "lib/\(id).json")
    }

    nonisolated static func page(libraries: String, uses: String, extra: String = "") -> String {
        #"{"page": "p", "libraries": {\#(libraries)}, \#(extra) "components": [\#(uses)]}"#
    }

    /// What check adds to an unknown component with no near name.
    nonisolated static let register = "; register it with the engine's registry, or use one of: button, date-field, group, image, label, list, number-field, section, select, status, stepper, switch, text-area, text-field"

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let json: String
        let printed: [String]
        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "one library: the short name resolves",
             json: page(libraries: #""kit-a": 1"#, uses: #"{"id": "money-row", "attributes": {"title": "T"}}"#), printed: []),
        Case(name: "two libraries with the same block: ambiguous",
             json: page(libraries: #""kit-a": 1, "kit-b": 1"#, uses: #"{"id": "money-row", "attributes": {"title": "T"}}"#),
             printed: ["p.json: components[0].id: error: more than one library has a block 'money-row'; name the one meant: kit-a/money-row or kit-b/money-row"]),
        Case(name: "two libraries: the qualified name resolves",
             json: page(libraries: #""kit-a": 1, "kit-b": 1"#, uses: #"{"id": "kit-b/money-row", "attributes": {"title": "T"}}"#), printed: []),
        Case(name: "two libraries with the same chain: ambiguous",
             json: page(libraries: #""kit-a": 1, "kit-b": 1"#, uses: "", extra: #""interactions": {"go": [{"use": "thanks"}]},"#),
             printed: ["p.json: interactions.go[0].use: error: more than one library has a chain 'thanks'; name the one meant: kit-a/thanks or kit-b/thanks"]),
        Case(name: "two libraries: the qualified chain resolves",
             json: page(libraries: #""kit-a": 1, "kit-b": 1"#, uses: "", extra: #""interactions": {"go": [{"use": "kit-a/thanks"}]},"#), printed: []),
        Case(name: "a qualified name of a library the page doesn't name",
             json: page(libraries: #""kit-a": 1"#, uses: #"{"id": "kit-b/money-row", "attributes": {"title": "T"}}"#),
             printed: [#"p.json: components[0].id: error: unknown component 'kit-b/money-row': the page uses no library 'kit-b'; to use it, name it under "libraries" with the lowest version the page needs (or did you mean 'kit-a/money-row'?)"#]),
        Case(name: "a library at a lower version than needed",
             json: page(libraries: #""kit-a": 3"#, uses: ""),
             printed: ["p.json: libraries.kit-a: error: the page needs the library 'kit-a' version 3 or later, but the one at hand is version 2"]),
        Case(name: "a library that isn't at hand, with the near one",
             json: page(libraries: #""kit-c": 1"#, uses: ""),
             printed: ["p.json: libraries.kit-c: error: the page needs the library 'kit-c' (version 1 or later), which isn't at hand; did you mean 'kit-a'?"]),
        Case(name: "a library that isn't at hand, none near",
             json: page(libraries: #""payments": 1"#, uses: ""),
             printed: ["p.json: libraries.payments: error: the page needs the library 'payments' (version 1 or later), which isn't at hand; the libraries at hand are kit-a, kit-b"]),
        Case(name: "a block of a library the page doesn't name",
             json: page(libraries: "", uses: #"{"id": "money-row", "attributes": {"title": "T"}}"#),
             printed: ["p.json: components[0].id: error: unknown component 'money-row'" + register]),
    ]

    @Test(arguments: cases)
    func checkPrints(_ c: Case) throws {
        let libraries = [try Self.kit("kit-a", version: 2), try Self.kit("kit-b")]
        #expect(BlockFixtures.printed(c.json, libraries: libraries) == c.printed)
    }

    /// The qualified name really picks that library's block (not the other one's).
    @Test func theQualifiedNameUsesThatLibrarysBlock() async throws {
        let libraries = [try Self.kit("kit-a", text: "A ${$attr.title}"), try Self.kit("kit-b", text: "B ${$attr.title}")]
        let page = try await BlockFixtures.open(Self.page(libraries: #""kit-a": 1, "kit-b": 1"#, uses: #"{"id": "kit-b/money-row", "key": "tip", "attributes": {"title": "Tip"}}"#), libraries: libraries)
        defer { page.close() }
        try page.expect("component.tip.amount.text", "B Tip")
        let group = try page.component("tip")
        #expect(group.node.block?.blockID == "money-row")
        #expect(group.node.block?.library == "kit-b")
    }

    /// A page's own block comes before a library's of the same name.
    @Test func aPagesOwnBlockComesFirst() async throws {
        let json = #"""
        {"page": "p", "libraries": {"kit-a": 1},
         "blocks": {"money-row": {"attributes": {"title": {"type": "string"}}, "components": [{"id": "label", "key": "amount", "attributes": {"text": {"template": "mine: ${$attr.title}"}}}]}},
         "components": [{"id": "money-row", "key": "tip", "attributes": {"title": "Tip"}}, {"id": "kit-a/money-row", "key": "theirs", "attributes": {"title": "Tip"}}]}
        """#
        let page = try await BlockFixtures.open(json, libraries: [try Self.kit("kit-a", text: "kit: ${$attr.title}")])
        defer { page.close() }
        try page.expect("component.tip.amount.text", "mine: Tip")
        try page.expect("component.theirs.amount.text", "kit: Tip")
    }

    /// What is wrong inside a library's block is reported in the library's file, at the
    /// library's path and line, once, however often pages use it.
    @Test func aProblemInsideALibrarysBlockNamesTheLibrarysFile() throws {
        let kit = try Self.kit("kit-a", text: "${$data.total}")
        let json = Self.page(libraries: #""kit-a": 1"#, uses: #"{"id": "money-row", "key": "a", "attributes": {"title": "A"}}, {"id": "money-row", "key": "b", "attributes": {"title": "B"}}"#)
        let expected = "lib/kit-a.json: blocks.money-row.components[0].attributes.text.template: error: a block can't read $data: it sees the page only through its attributes; declare an attribute of 'money-row' and have the page pass $data… to it, then read $attr.NAME (column 3 of the expression)\n  ${$data.total}\n    ^~~~~"
        #expect(BlockFixtures.printed(json, libraries: [kit]) == [expected])

        let (_, decoded) = PageDocument.decode(json: json, registry: .standard, libraries: BlockCatalog([kit]), file: "p.json")
        let problem = try #require(decoded.first)
        #expect(problem.file == "lib/kit-a.json")
        #expect(problem.line == 5, "the line of the attribute in the library's file, not the page's")

        // The library checked on its own says the same.
        #expect(kit.check(registry: .standard, libraries: .empty).map(\.rendered) == [expected])
    }

    /// A library's check resolves the libraries it names, and its blocks use theirs.
    @Test func aLibraryUsesTheLibrariesItNames() async throws {
        let base = try Self.kit("base", version: 2)
        let shop = try BlockFixtures.library(#"""
        {"library": "shop", "version": 1, "libraries": {"base": 2},
         "blocks": {"total-row": {"attributes": {"amount": {"type": "number"}}, "components": [
           {"id": "money-row", "key": "row", "attributes": {"title": {"template": "Total ${$attr.amount}"}}}]}}}
        """#, file: "shop.json")
        #expect(shop.check(registry: .standard, libraries: BlockCatalog([base])).map(\.rendered) == [])
        #expect(shop.check(registry: .standard, libraries: BlockCatalog()).map(\.rendered) == [
            "shop.json: libraries.base: error: the library needs the library 'base' (version 2 or later), which isn't at hand; no library is at hand (put its file beside the pages, or in lib/ below them)",
            "shop.json: blocks.total-row.components[0].id: error: unknown component 'money-row'; it may be a block of the library 'base', which isn't loaded: load it (its file beside the pages or in lib/; in Swift, engine.pageSet(files:) and engine.load(_:file:) read the engine's libraries)",
        ])
        #expect(shop.check(registry: .standard, libraries: BlockCatalog([try Self.kit("base", version: 1)])).map(\.rendered).first
                == "shop.json: libraries.base: error: the library needs the library 'base' version 2 or later, but the one at hand is version 1")

        // A page naming only `shop` gets `base` through it.
        let page = try await BlockFixtures.open(Self.page(libraries: #""shop": 1"#, uses: #"{"id": "total-row", "key": "sum", "attributes": {"amount": 7}}"#), libraries: [base, shop])
        defer { page.close() }
        try page.expect("component.sum.row.amount.text", "Total 7")
    }

    /// A library's chains and handler lists are checked as a page's are, in the library's file.
    @Test func aLibrarysChainsAreChecked() throws {
        let (library, problems) = BlockLibrary.decode(Array(#"""
        {"library": "kit", "version": 1,
         "chains": {"save": [{"id": "tost", "attributes": {"message": "x"}}]},
         "handlers": {"expired": [{"use": "expird"}]}}
        """#.utf8), file: "kit.json")
        #expect(problems.isEmpty)
        let printed = try #require(library).check(registry: .standard, libraries: .empty).map(\.rendered)
        #expect(printed == [
            "kit.json: handlers.expired[0].use: error: there is no handler list 'expird'; did you mean 'expired'?",
            "kit.json: chains.save[0].id: error: unknown action 'tost'; did you mean 'toast'?",
        ])
    }
}
