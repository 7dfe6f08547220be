import Foundation
import Testing
import Formwork
import FormworkTesting

/// Localized values in pages, blocks and libraries, opened for people with different languages.
@MainActor
@Suite struct LocalizedTextTests {
    static let page = """
        {"page": "p", "defaultLocale": "en", "libraries": {"kit": 1},
         "title": {"text": "title"},
         "strings": {"en": {"title": "Menu", "hello": "Hello, {name}"}, "de": {"title": "Speisekarte", "hello": "Hallo, {name}"}},
         "data": {"name": "Ada", "n": 2},
         "blocks": {"row": {"attributes": {"title": {"type": "string"}},
           "components": [{"id": "label", "key": "l", "attributes": {"text": {"text": {"en": "Row: {t}", "de": "Zeile: {t}"}, "args": {"t": "$attr.title"}}}}]}},
         "components": [
           {"id": "label", "key": "hello", "attributes": {"text": {"text": "hello", "args": {"name": "$data.name"}}}},
           {"id": "row", "key": "r", "attributes": {"title": {"text": "title"}}},
           {"id": "money", "key": "m", "attributes": {"amount": {"expr": "$data.n"}}},
           {"id": "label", "key": "loc", "attributes": {"text": {"template": "${$page.locale}/${$page.direction}"}}}
         ]}
        """
    static let library = """
        {"library": "kit", "version": 1,
         "strings": {"en": {"items": {"one": "{count} dish", "other": "{count} dishes"}}, "de": {"items": {"one": "{count} Gericht", "other": "{count} Gerichte"}}},
         "blocks": {"money": {"attributes": {"amount": {"type": "number"}},
           "components": [{"id": "label", "key": "t", "attributes": {"text": {"text": "items", "args": {"count": "$attr.amount"}}}}]}}}
        """

    func open(_ languages: [String]) async throws -> PageHarness {
        let (kit, problems) = BlockLibrary.decode(Array(Self.library.utf8))
        #expect(problems.isEmpty, "\(problems.map(\.rendered))")
        let document = try PageDocument.load(Array(Self.page.utf8), registry: .standard, libraries: BlockCatalog([try #require(kit)]))
        let harness = PageHarness(registry: .standard, languages: languages)
        try await harness.open(document)
        return harness
    }

    @Test func theFirstPreferredLanguageWithTexts() async throws {
        let de = try await open(["de-CH", "en"])
        #expect(try de.read("title") == "Speisekarte")
        #expect(try de.read("component.hello.text") == "Hallo, Ada")
        #expect(try de.read("component.r.l.text") == "Zeile: Speisekarte")
        #expect(try de.read("component.m.t.text") == "2 Gerichte")
        #expect(try de.read("component.loc.text") == "de-CH/ltr")
    }

    @Test func fallsBackToTheDefaultLanguage() async throws {
        let ar = try await open(["ar", "fr"])
        #expect(try ar.read("component.hello.text") == "Hello, Ada")
        #expect(try ar.read("component.m.t.text") == "2 dishes")
        #expect(try ar.read("component.loc.text") == "ar/rtl")
        let none = try await open([])
        #expect(try none.read("component.loc.text") == "en/ltr")
    }

    @Test func aLibraryChecksItsOwnTexts() throws {
        let (kit, _) = BlockLibrary.decode(Array("""
            {"library": "kit", "version": 1, "strings": {"en": {"a": "A"}},
             "blocks": {"b": {"components": [{"id": "label", "attributes": {"text": {"text": "b"}}}]}}}
            """.utf8))
        let problems = try #require(kit).check(registry: .standard, libraries: .empty).map(\.rendered)
        #expect(problems == ["kit.json: blocks.b.components[0].attributes.text.text: error: unknown text key 'b'; did you mean 'a'?"])
    }

    @Test func checkReportsWhatALocaleLacks() throws {
        let (document, _) = PageDocument.decode(json: """
            {"page": "p", "strings": {"en": {"a": "A", "b": "B"}, "de": {"a": "A!"}},
             "components": [{"id": "label", "attributes": {"text": {"text": "a"}}}, {"id": "label", "attributes": {"text": {"text": "b"}}}]}
            """, registry: .standard, libraries: .empty)
        let report = try #require(document).translationReport(locale: "de-AT")
        #expect(report.translated == 1 && report.total == 2)
        #expect(report.diagnostics.map(\.rendered) == ["components[1].attributes.text: warning: no 'de-AT' text for 'b'; falls back to 'en'"])
    }

    @Test func aTextIsNeverARawKey() throws {
        var scope = ExpressionScope()
        scope.locale = PageLocale(languages: ["de"])
        #expect(throws: ExpressionError.self) { try CompiledExpression("text('nope')", functions: .standard).evaluate(in: scope) }
    }
}
