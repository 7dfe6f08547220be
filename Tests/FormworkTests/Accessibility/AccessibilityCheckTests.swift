import Foundation
import Testing
import Formwork

// `check`'s accessibility rules, through the public API: each fires on a page with the problem and
// is quiet on the same page fixed. Level 2 has them; level 1's `check` is unchanged.

@MainActor
@Suite("Accessibility check rules (public API)")
struct AccessibilityCheckTests {
    struct Case: CustomStringConvertible, Sendable {
        let rule: String
        let broken: String
        let fixed: String
        /// What `check` prints for the broken page (its accessibility lines).
        let expected: [String]
        var description: String { rule }
    }

    nonisolated static func page(_ components: String, strings: String = "") -> String {
        """
        { "page": "p", "title": "Order", \(strings) "data": { "name": "", "qty": 1 }, "components": [ \(components) ] }
        """
    }

    nonisolated static let cases: [Case] = [
        Case(rule: "a11y-no-name",
             broken: page(#"{ "id": "text-field", "key": "name", "attributes": { "value": { "expr": "$data.name" } } }"#),
             fixed: page(#"{ "id": "text-field", "key": "name", "attributes": { "title": "Name", "value": { "expr": "$data.name" } } }"#),
             expected: [#"p.json: components[0]: error: the text-field 'name' has no accessible name; a screen reader says only "text field": give it a 'title' or accessibility.label [a11y-no-name]"#]),
        Case(rule: "a11y-no-name in one language",
             broken: page(#"{ "id": "text-field", "key": "name", "attributes": { "title": { "text": "name" }, "value": { "expr": "$data.name" } } }"#,
                          strings: #""strings": { "en": { "name": "Name" }, "de": { "name": "" } },"#),
             fixed: page(#"{ "id": "text-field", "key": "name", "attributes": { "title": { "text": "name" }, "value": { "expr": "$data.name" } } }"#,
                         strings: #""strings": { "en": { "name": "Name" }, "de": { "name": "Name" } },"#),
             expected: [#"p.json: components[0].attributes.title: error: the text-field 'name' has no accessible name in de: its text 'name' is empty there; a screen reader says only "text field" [a11y-no-name]"#]),
        Case(rule: "a11y-image-alt",
             broken: page(#"{ "id": "image", "key": "photo", "attributes": { "url": "https://x.example/a.png" } }"#),
             fixed: page(#"{ "id": "image", "key": "photo", "attributes": { "url": "https://x.example/a.png", "accessibility": { "decorative": true } } }"#),
             expected: [#"p.json: components[0]: error: the image 'photo' has neither an alt text nor accessibility.decorative; a screen reader says only "image": give it "alt" (what it shows), or "accessibility": {"decorative": true} if it says nothing [a11y-image-alt]"#]),
        Case(rule: "a11y-button-text",
             broken: page(#"{ "id": "button", "key": "save" }"#),
             fixed: page(#"{ "id": "button", "key": "save", "attributes": { "accessibility": { "label": "Save" } } }"#),
             expected: [#"p.json: components[0]: error: the button 'save' has no text; a screen reader says only "button": give it a 'title' or accessibility.label [a11y-button-text]"#]),
        Case(rule: "a11y-same-name",
             broken: page(#"{ "id": "section", "attributes": { "header": "Dish" }, "components": [ { "id": "text-field", "key": "a", "attributes": { "title": "Name" } }, { "id": "text-field", "key": "b", "attributes": { "title": "Name" } } ] }"#),
             fixed: page(#"{ "id": "section", "attributes": { "header": "Dish" }, "components": [ { "id": "text-field", "key": "a", "attributes": { "title": "Name" } }, { "id": "text-field", "key": "b", "attributes": { "title": "Name", "accessibility": { "label": "Name in Chinese" } } } ] }"#),
             expected: [#"p.json: components[0].components[1].attributes.title: warning: the text-field 'b' has the same accessible name as the text-field 'a' in this section ("Name"); a screen reader can't tell them apart: give one a different title or accessibility.label [a11y-same-name]"#]),
        Case(rule: "a11y-heading-skip",
             broken: page(#"{ "id": "label", "key": "big", "attributes": { "text": "Almost done", "accessibility": { "heading": 3 } } }"#),
             fixed: page(#"{ "id": "label", "key": "big", "attributes": { "text": "Almost done", "accessibility": { "heading": 2 } } }"#),
             expected: [#"p.json: components[0].attributes.accessibility.heading: warning: the label 'big' is a heading of level 3 after one of level 1; a screen reader's list of headings skips a level: make it level 2 [a11y-heading-skip]"#]),
        Case(rule: "a11y-name-may-be-empty",
             broken: page(#"{ "id": "stepper", "key": "qty", "attributes": { "title": { "expr": "$data.name" }, "value": { "expr": "$data.qty" } } }"#),
             fixed: page(#"{ "id": "stepper", "key": "qty", "attributes": { "title": { "template": "Portions of ${$data.name}" }, "value": { "expr": "$data.qty" } } }"#),
             expected: [#"p.json: components[0].attributes.title.expr: warning: the stepper 'qty' is named only by $data.name, which may be empty; then a screen reader says only "adjustable": add text around it (a template like "Name: ${…}") or a fallback (?? 'Name') [a11y-name-may-be-empty]"#]),
    ]

    static func accessibilityLines(_ json: String, registry: Registry) -> [String] {
        let (document, problems) = PageDocument.decode(json: json, registry: registry, libraries: .empty, file: "p.json")
        return (problems + (document?.check(registry: registry, knownPages: nil) ?? [])).map(\.rendered).filter { $0.contains("[a11y-") }
    }

    @Test(arguments: cases) func fires(_ test: Case) {
        #expect(Self.accessibilityLines(test.broken, registry: .standard(behavior: .v2)) == test.expected)
    }

    @Test(arguments: cases) func isQuietOnTheFixedPage(_ test: Case) {
        #expect(Self.accessibilityLines(test.fixed, registry: .standard(behavior: .v2)) == [])
    }

    @Test(arguments: cases) func levelOneHasNone(_ test: Case) {
        #expect(Self.accessibilityLines(test.broken, registry: .standard) == [])
    }

    @Test func blocksAreCheckedWhereTheyAreUsed() {
        let page = """
        { "page": "p", "title": "Order",
          "blocks": { "qty-row": { "attributes": { "label": { "type": "string" } },
                                   "components": [ { "id": "stepper", "key": "n", "attributes": { "title": { "expr": "$attr.label" } } } ] } },
          "components": [ { "id": "qty-row", "key": "a", "attributes": { "label": "Tea" } },
                          { "id": "qty-row", "key": "b", "attributes": { "label": "" } } ] }
        """
        let lines = Self.accessibilityLines(page, registry: .standard(behavior: .v2))
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains("[a11y-no-name]") == true, "\(lines)")
    }
}
