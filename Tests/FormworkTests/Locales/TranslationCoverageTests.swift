import Foundation
import Testing
import Formwork

/// `check --locale TAG` counts every text a person reads, literals included (Grammar 2.17).
@Suite struct TranslationCoverageTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let page: String
        let locale: String
        let translated: Int
        let total: Int
        let missing: [String]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "a literal title is missing in every other language", page: """
            {"page": "p", "components": [{"id": "text-field", "key": "name", "attributes": {"title": "Your name"}}]}
            """, locale: "zh-Hans", translated: 0, total: 1, missing: ["components[0].attributes.title"]),
        Row(name: "a literal is in the page's own language", page: """
            {"page": "p", "components": [{"id": "text-field", "key": "name", "attributes": {"title": "Your name"}}]}
            """, locale: "en-GB", translated: 1, total: 1, missing: []),
        Row(name: "a page's defaultLocale decides whose literals they are", page: """
            {"page": "p", "defaultLocale": "de", "title": "Speisekarte", "components": []}
            """, locale: "de-CH", translated: 1, total: 1, missing: []),
        Row(name: "page title, placeholder, validation message, toast, accessibility label, option titles", page: """
            {"page": "p", "title": "Order",
             "components": [
               {"id": "text-field", "key": "name", "attributes": {"title": {"text": "name"}, "placeholder": "e.g. Ada", "accessibility": {"hint": "Your full name", "role": "button"}},
                "validations": [{"id": "required", "attributes": {"message": "Give a name"}}]},
               {"id": "select", "key": "size", "attributes": {"title": {"text": {"en": "Size", "zh-Hans": "尺寸"}}, "options": [{"value": "s", "title": {"text": {"en": "Small", "zh-Hans": "小"}}}, "Large"]}},
               {"id": "button", "key": "save", "attributes": {"title": {"text": "save"}, "style": "primary"}, "interactions": {"onTap": [{"id": "toast", "attributes": {"message": "Saved"}}]}},
               {"id": "image", "key": "logo", "attributes": {"url": "https://example.com/a.png", "alt": {"mode": "literal", "value": "Logo"}}}
             ],
             "strings": {"en": {"name": "Name", "save": "Save"}, "zh-Hans": {"name": "名字"}}}
            """, locale: "zh-Hans", translated: 3, total: 11, missing: [
                "title", "components[0].attributes.placeholder", "components[0].attributes.accessibility.hint", "components[0].validations[0].attributes.message",
                "components[1].attributes.options[1]", "components[2].attributes.title", "components[2].interactions.onTap[0].attributes.message", "components[3].attributes.alt.value",
            ]),
        Row(name: "expressions, templates, urls and styles are not texts to translate", page: """
            {"page": "p", "components": [{"id": "label", "attributes": {"text": {"expr": "$data.name"}, "style": "title"}}, {"id": "label", "attributes": {"text": {"template": "${$data.n}"}}}]}
            """, locale: "de", translated: 0, total: 0, missing: []),
        Row(name: "nested components and an action's then chain are read", page: """
            {"page": "p", "components": [{"id": "section", "attributes": {"header": "Contact"}, "components": [{"id": "label", "attributes": {"text": "Hi"}}]}],
             "interactions": {"go": [{"id": "if", "attributes": {"condition": true, "then": [{"id": "alert", "attributes": {"title": "Done", "message": {"text": "ok"}}}]}}]},
             "strings": {"en": {"ok": "OK"}, "de": {"ok": "OK"}}}
            """, locale: "de", translated: 1, total: 4, missing: ["components[0].attributes.header", "components[0].components[0].attributes.text", "interactions.go[0].attributes.then[0].attributes.title"]),
    ]

    @Test(arguments: rows) func countsEveryTextAPersonReads(row: Row) throws {
        // Level 2: `accessibility` (one of the rows' texts) is a level-2 attribute (Grammar 2.21).
        let registry = Registry.standard(behavior: .v2)
        let (document, problems) = PageDocument.decode(json: row.page, registry: registry, libraries: .empty)
        #expect(problems.filter { $0.severity == .error }.map(\.rendered) == [])
        let coverage = try #require(document).translationCoverage(locale: row.locale, registry: registry)
        #expect(coverage.translated == row.translated)
        #expect(coverage.total == row.total)
        #expect(coverage.missing.map(\.path) == row.missing)
        #expect(coverage.missing.allSatisfy { $0.severity == .warning })
        let strict = try #require(document).translationCoverage(locale: row.locale, registry: registry, strict: true)
        #expect(strict.missing.allSatisfy { $0.severity == .error } && strict.missing.count == row.missing.count)
    }

    /// A host type says which of its attributes a person reads, the way built-ins do.
    @Test func aHostTypeDeclaresItsTexts() throws {
        var registry = Registry.standard
        registry.register(ComponentType("badge", attributes: [AttributeSpec("caption", .string, text: .whole), AttributeSpec("icon", .string)]))
        let (document, _) = PageDocument.decode(json: #"{"page": "p", "components": [{"id": "badge", "attributes": {"caption": "New", "icon": "star"}}]}"#, registry: registry, libraries: .empty)
        let coverage = try #require(document).translationCoverage(locale: "fr", registry: registry)
        #expect(coverage.total == 1)
        #expect(coverage.missing.map(\.rendered) == [#"components[0].attributes.caption: warning: no 'fr' text: "New" is written in place, in 'en' only; make it translatable (formwork strings export, then import)"#])
    }
}
