import Foundation
import Testing
import Formwork

/// A registry described as JSON and read back: built-ins and host types alike.
@Suite("Registry description")
struct RegistryDescriptionTests {
    @MainActor @Test func theExampleAppsRegistryFileIsItsDescription() throws {
        let text = ExampleApp.registry().descriptionText
        if ProcessInfo.processInfo.environment["FORMWORK_WRITE_EXAMPLES"] == "1" {
            try ExampleApp.registry().writeDescription(to: ExampleApp.registryFile)
        }
        let file = try String(contentsOf: ExampleApp.registryFile, encoding: .utf8)
        #expect(file == text, "examples/app/app.registry.json is stale: run the tests with FORMWORK_WRITE_EXAMPLES=1")
    }

    @MainActor @Test func readingADescriptionGivesTheSameRegistryBack() throws {
        let app = ExampleApp.registry()
        let described = try RegistryDescription(bytes: Array(app.descriptionText.utf8), source: "app.registry.json")

        #expect(described.hostTypes == RegistryIDs(components: ["rating"], actions: ["analytics", "open-map"], validations: ["iban"],
                                                   errorHandlers: ["auth-redirect", "offline"], functions: ["currency"]))
        #expect(described.registry().descriptionText == app.descriptionText)
        #expect(described.registry().functions["currency"]?.arity == 1...2)
        #expect(described.registry().components["rating"]?.valueAttribute == "value")
        #expect(described.engineVersion == FormworkEngine.version)
    }

    @Test func theStandardDescriptionHasNoHostTypesAndEveryBuiltIn() throws {
        let standard = RegistryDescription.standard
        #expect(standard.hostTypes.isEmpty)
        let registry = standard.registry()
        #expect(registry.components.ids == Registry.standard.components.ids)
        #expect(registry.actions.ids == Registry.standard.actions.ids)
        #expect(registry.validations.ids == Registry.standard.validations.ids)
        #expect(registry.errorHandlers.ids == Registry.standard.errorHandlers.ids)
        #expect(registry.functions.names == Registry.standard.functions.names)
        #expect(registry.descriptionText == Registry.standard.descriptionText)
    }

    @Test func aBuiltInIdTheAppOverridesIsTheAppsOwn() throws {
        // The app registered its own `toast`, one that takes a `style`, `overriding: .builtIn("toast")`.
        let text = #"{"actions": [{"id": "toast", "overridesBuiltIn": true, "attributes": [{"name": "message", "type": "string"}, {"name": "style", "type": "string"}]}], "format": 2, "behavior": 1}"#
        let described = try RegistryDescription(bytes: Array(text.utf8), source: "app.registry.json")
        #expect(described.hostTypes == RegistryIDs(actions: ["toast"]))
        #expect(described.registry().actions["toast"]?.attribute("style") != nil)
        #expect(described.registry().components["label"] == nil)   // only what the file lists
    }

    @Test func everyBuiltInFunctionDescribesItsParametersAndResult() {
        for name in FunctionLibrary.standard.names {
            guard let function = FunctionLibrary.standard[name] else { continue }
            let signature = function.signature
            #expect(signature != nil, "\(name)() has no signature in BuiltInSignatures")
            #expect(signature?.arity == function.arity, "\(name)(): the signature's arity differs from the function's")
            #expect(signature?.lambdaPositions == function.lambdaParameters, "\(name)(): the signature's lambdas differ from the function's")
        }
    }

    @Test(arguments: [
        (#"[1]"#, #"r.json:1:1: a registry file is a JSON object with "components", "actions", "validations", "errorHandlers" and "functions"; write one with Registry.writeDescription(to:)"#),
        (#"{"componets": []}"#, "r.json:1:15: componets: unknown member 'componets' in a registry file; did you mean 'components'?"),
        (#"{"format": 3}"#, "r.json:1:12: format: the file has format 3, written by a newer Formwork; this one reads format 2: update formwork"),
        (#"{"format": 2, "behavior": 9}"#, #"r.json:1:27: behavior: "behavior" is the app's behaviour level, a whole number from 1 to 2 (a larger one was written by a newer Formwork: update formwork)"#),
        (#"{"actions": [{"id": 3}], "format": 2, "behavior": 1}"#, #"r.json:1:21: actions[0].id: "id" must be a non-empty string, like "analytics""#),
        (#"{"actions": [{"id": "a"}, {"id": "a"}], "format": 2, "behavior": 1}"#, "r.json:1:27: actions[1]: the action 'a' is described twice"),
        (#"{"components": [{"id": "r", "attributes": [{"name": "v", "type": "text"}]}], "format": 2, "behavior": 1}"#,
         "r.json:1:66: components[0].attributes[0].type: unknown attribute type \"text\"; use one of string, int, number, bool, array, object, any, actions, chains, components"),
        (#"{"components": [{"id": "r", "attributes": [{"name": "v", "type": "int", "default": "x"}]}], "format": 2, "behavior": 1}"#,
         #"r.json:1:84: components[0].attributes[0].default: the default "x" is not an int"#),
        (#"{"components": [{"id": "r", "valueAttribute": "value"}], "format": 2, "behavior": 1}"#,
         "r.json:1:47: components[0].valueAttribute: \"valueAttribute\" names 'value', which is not one of the component's attributes"),
        (#"{"components": [{"id": "r", "layout": {"repeated": "rows"}}], "format": 2, "behavior": 1}"#,
         "r.json:1:39: components[0].layout: \"repeated\" names the array attribute holding the items, but the component has no array attribute 'rows'"),
        (#"{"functions": [{"name": "to-money"}], "format": 2, "behavior": 1}"#,
         #"r.json:1:25: functions[0].name: "name" must be a function name like "currency" (letters, digits and _, not starting with a digit)"#),
        (#"{"functions": [{"name": "f", "parameters": [{"name": "a", "optional": true}, {"name": "b"}]}], "format": 2, "behavior": 1}"#,
         "r.json:1:78: functions[0].parameters[1].optional: only the last parameters may be optional"),
        (#"{"functions": [{"name": "f", "result": "lambda"}], "format": 2, "behavior": 1}"#,
         #"r.json:1:40: functions[0].result: unknown value type "lambda"; use string, int, number, bool, array, object or any, or an array of them like ["string", "array"]"#),
        ("{\"actions\": [", "r.json:1:14: actions[0]: the registry file is not valid JSON: unexpected end of the document; the JSON is cut off"),
    ])
    func aBrokenRegistryFileSaysWhereAndWhat(text: String, message: String) {
        #expect(throws: RegistryDescriptionError.self) { try RegistryDescription(bytes: Array(text.utf8), source: "r.json") }
        do {
            _ = try RegistryDescription(bytes: Array(text.utf8), source: "r.json")
        } catch {
            #expect(error.description == message)
        }
    }
}
