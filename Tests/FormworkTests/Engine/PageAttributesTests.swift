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

    /// A component given more values than are kept inline (a stepper's title, value, min, max,
    /// step and hidden): each reads as written or bound, the others as their defaults, and a
    /// binding's update reaches the right one, whichever place it is kept in.
    @Test("values past the first two are kept and updated by position", arguments: [0, 1, 2, 3, 4, 5])
    func manyValues(bound: Int) throws {
        let names = ["title", "value", "min", "max", "step", "hidden"]
        let literals: [String: String] = ["title": "\"Count\"", "value": "3", "min": "1", "max": "9", "step": "2", "hidden": "true"]
        let expected: [String: PageValue] = ["title": "Count", "value": 3, "min": 1, "max": 9, "step": 2, "hidden": true]
        // One of the six is bound to $data.x (its value is written there), the rest are literals.
        let members = names.map { name in
            name == names[bound] ? "\"\(name)\": {\"expr\": \"$data.x\"}" : "\"\(name)\": \(literals[name] ?? "null")"
        }
        let page = #"{"page": "p", "data": {"x": "#
            + (literals[names[bound]] ?? "null")
            + #"}, "components": [{"id": "stepper", "key": "s", "attributes": {"# + members.joined(separator: ", ") + "}}]}"
        let session = try PageEngine(registry: .standard).open(try PageDocument.load(Array(page.utf8), registry: .standard, libraries: .empty))
        let stepper = try #require(session.component("s"))
        for name in names { #expect(stepper.attributes[name] == expected[name], "\(name)") }
        #expect(stepper.attributes["enabled"] == true)
        #expect(stepper.attributes["validateOn"] == "submit")
        let newValue: PageValue = names[bound] == "title" ? "Total" : names[bound] == "hidden" ? false : 7
        try session.set(newValue, at: StorePath(.data, [.key("x")]))
        for name in names { #expect(stepper.attributes[name] == (name == names[bound] ? newValue : expected[name]), "\(name)") }
        #expect(stepper.attributes.dictionary.count == stepper.type.attributes.count)
    }
}
