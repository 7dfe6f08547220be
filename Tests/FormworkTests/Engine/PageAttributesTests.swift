import Testing
import Formwork

/// `PageComponent.attributes`: every attribute the type declares, at its default unless the page
/// gives it, looked up by name.
@MainActor
@Suite("Component attributes")
struct PageAttributesTests {
    @Test func everyDeclaredAttributeHasAValueAndOthersHaveNone() throws {
        let document = try PageDocument.load(Array(#"{"page": "p", "data": {"n": 2}, "components": [{"id": "number-field", "key": "n", "attributes": {"title": "Count", "value": {"expr": "$data.n"}}}]}"#.utf8), registry: .standard, libraries: .empty)
        let session = try PageEngine(registry: .standard).open(document)
        let field = try #require(session.component("n"))
        #expect(field.attributes["title"] == "Count")
        #expect(field.attributes["value"] == 2)
        #expect(field.attributes["hidden"] == false)
        #expect(field.attributes["nope"] == nil)
        #expect(field.attributes.names == field.type.attributes.map(\.name))
        #expect(field.attributes.count == field.type.attributes.count)
        for (name, value) in field.attributes {
            #expect(field.attributes.dictionary[name] == value)
            let spec = try #require(field.type.attribute(name))
            if name != "title" && name != "value" { #expect(value == spec.defaultValue) }
        }
        try session.set(5, at: StorePath(.data, [.key("n")]))
        #expect(field.attributes["value"] == 5)
    }
}
