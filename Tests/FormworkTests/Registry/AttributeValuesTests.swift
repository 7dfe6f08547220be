import Foundation
import Testing
import Formwork

/// An attribute's declared values: checked in literals, described as `"values"`, read back, and
/// an `enum` in the JSON Schema.
@Suite("Attribute values")
struct AttributeValuesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let components: String
        let printed: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a misspelt keyboard", components: #"{"id": "text-field", "attributes": {"keyboard": "emial"}}"#, printed: [
            #"components[0].attributes.keyboard: error: the attribute 'keyboard' of the component 'text-field': "emial" is not one of default, number, decimal, email, phone, url; did you mean "email"?"#]),
        Case(name: "validateOn with nothing near", components: #"{"id": "switch", "attributes": {"validateOn": "blur"}}"#, printed: [
            #"components[0].attributes.validateOn: error: the attribute 'validateOn' of the component 'switch': "blur" is not one of submit, change"#]),
        Case(name: "a status state, canonical form", components: #"{"id": "status", "attributes": [{"name": "state", "value": "loadin"}]}"#, printed: [
            #"components[0].attributes[0].value: error: the attribute 'state' of the component 'status': "loadin" is not one of normal, loading, empty, error; did you mean "loading"?"#]),
        Case(name: "listed values, null and expressions pass", components: #"""
            {"id": "text-field", "attributes": {"keyboard": "email", "validateOn": "change"}},
            {"id": "text-field", "attributes": {"keyboard": null, "validateOn": {"expr": "'blur'"}}},
            {"id": "status", "attributes": {"state": {"template": "loading"}}}
            """#, printed: []),
    ]

    @Test(arguments: cases)
    func checkPrints(_ test: Case) throws {
        let (document, decoded) = PageDocument.decode(json: #"{"page": "p", "components": [\#(test.components)]}"#, registry: .standard, libraries: .empty)
        #expect(decoded.map(\.rendered) == [])
        #expect(try #require(document).check(registry: .standard).map(\.rendered) == test.printed)
    }

    @Test func theValuesProblemSaysWhatIsAllowed() {
        let spec = AttributeSpec("size", .int, values: [1, 2, 4])
        #expect(spec.valueProblem(3) == "3 is not one of 1, 2, 4")
        #expect(spec.valueProblem(2) == nil)
        #expect(spec.valueProblem(.null) == nil)
        #expect(AttributeSpec("free", .string).valueProblem("x") == nil)
    }

    static let hostRegistry = #"""
    {"format": 2, "engineVersion": 1, "behavior": 1, "components": [
      {"id": "badge", "attributes": [{"name": "tone", "type": "string", "default": "calm", "values": ["calm", "alarm"]}], "events": [], "layout": "leaf"}],
     "actions": [], "validations": [], "errorHandlers": [], "functions": []}
    """#

    @Test func anAppsAttributeDeclaresItsValuesInTheRegistryFile() throws {
        let description = try RegistryDescription(bytes: Array(Self.hostRegistry.utf8), source: "app.registry.json")
        let registry = description.registry()
        #expect(registry.components["badge"]?.attribute("tone")?.values == ["calm", "alarm"])
        #expect(RegistryDescription.standard.registry().components["text-field"]?.attribute("keyboard")?.values == ["default", "number", "decimal", "email", "phone", "url"])
        let tone = registry.descriptionValue["components"]?[0]?["attributes"]?[0]
        #expect(tone == .object(PageObject([("name", "tone"), ("type", "string"), ("default", "calm"), ("values", ["calm", "alarm"])])))

        let (document, _) = PageDocument.decode(json: #"{"page": "p", "components": [{"id": "badge", "attributes": {"tone": "alarn"}}]}"#, registry: registry, libraries: .empty)
        #expect(try #require(document).check(registry: registry).map(\.rendered) == [
            #"components[0].attributes.tone: error: the attribute 'tone' of the component 'badge': "alarn" is not one of calm, alarm; did you mean "alarm"?"#])
    }

    @Test(arguments: [
        (#"[]"#, "components[0].attributes[0].values", #""values" must be a non-empty array of the literals the attribute may have"#),
        (#"["calm", 3]"#, "components[0].attributes[0].values[1]", "3 is not a string"),
        (#"["calm", "calm"]"#, "components[0].attributes[0].values[1]", #""calm" is listed twice"#),
        (#"["alarm"]"#, "components[0].attributes[0].values", #"the default "calm" is not one of the values"#),
    ])
    func aRegistryFileWithBadValuesIsRefused(values: String, path: String, message: String) {
        let text = Self.hostRegistry.replacingOccurrences(of: #"["calm", "alarm"]"#, with: values)
        #expect(throws: RegistryDescriptionError.self) { try RegistryDescription(bytes: Array(text.utf8), source: "app.registry.json") }
        do {
            _ = try RegistryDescription(bytes: Array(text.utf8), source: "app.registry.json")
        } catch {
            #expect(error.path == path)
            #expect(error.message == message)
        }
    }

    @Test func theSchemaListsTheValuesOfALiteral() {
        let schema = PageSchema.make(for: .standard, libraries: .empty)
        let textField = schema.jsonText
        #expect(textField.contains(#"{"enum":["default","number","decimal","email","phone","url",null]}"#))
        #expect(textField.contains(#"{"enum":["submit","change",null]}"#))
    }
}
