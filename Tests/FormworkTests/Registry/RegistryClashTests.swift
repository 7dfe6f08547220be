import Foundation
import Testing
import Formwork

// A name an app's type or function shares with the engine — a built-in's id, or an attribute
// every type of its kind has — is a decision, never an accident: without `overriding:` or
// `replacing:` the registry has a clash naming both and the two choices, and the engine, `check`
// and `writeDescription` refuse it; stated, it is recorded in the registry file and read back.
// Public API only, as an app would.

private struct IDClash: Sendable, CustomTestStringConvertible {
    let kind: String
    let id: String
    let register: @Sendable (inout Registry, BuiltInOverride?) -> Void
    var testDescription: String { "\(kind) '\(id)'" }
}

private let idClashes: [IDClash] = [
    IDClash(kind: "component", id: "label") { $0.register(ComponentType("label", attributes: [AttributeSpec("caption", .string)]), overriding: $1) },
    IDClash(kind: "action", id: "discard-draft") { $0.register(ActionType("discard-draft", attributes: [AttributeSpec("keep", .bool)]) { $0.result }, overriding: $1) },
    IDClash(kind: "validation", id: "email") { $0.register(ValidationType("email") { _ in nil }, overriding: $1) },
    IDClash(kind: "error handler", id: "toast") { $0.register(ErrorHandlerType("toast") { _ in }, overriding: $1) },
    IDClash(kind: "function", id: "formatMoney") { $0.register(ExpressionFunction("formatMoney", arity: 1...1) { _ in "€" }, overriding: $1) },
]

private struct AttributeClash: Sendable, CustomTestStringConvertible {
    let kind: String
    let id: String
    let attribute: String
    let register: @Sendable (inout Registry, [String]) -> Void
    var testDescription: String { "\(kind) '\(id)' declaring '\(attribute)'" }
}

private let attributeClashes: [AttributeClash] = [
    AttributeClash(kind: "component", id: "map", attribute: "hidden") {
        $0.register(ComponentType("map", attributes: [AttributeSpec("hidden", .bool, summary: "collapsed to a pin")]), replacing: $1)
    },
    AttributeClash(kind: "validation", id: "known-code", attribute: "message") {
        $0.register(ValidationType("known-code", attributes: [AttributeSpec("message", .string, summary: "a message key")]) { _ in nil }, replacing: $1)
    },
    AttributeClash(kind: "error handler", id: "undo", attribute: "retry") {
        $0.register(ErrorHandlerType("undo", attributes: [AttributeSpec("retry", .string, role: .interactionName)]) { _ in }, replacing: $1)
    },
]

private let plainPage = #"{ "page": "p", "components": [ { "id": "label", "attributes": { "text": "Hi" } } ] }"#

@Suite("Names an app shares with the engine")
@MainActor
struct RegistryClashTests {
    @Test("an app's type or function with a built-in's id is refused, naming both and both choices, until it says overriding:", arguments: idClashes)
    fileprivate func idClash(_ clash: IDClash) throws {
        var registry = Registry.standard
        clash.register(&registry, nil)
        let word = clash.kind == "function" ? "name" : "id"
        let message = "the app's \(clash.kind) '\(clash.id)' has the \(word) of the engine's built-in \(clash.kind) '\(clash.id)'; say which one pages mean: register it with `overriding: .builtIn(\"\(clash.id)\")` (pages get the app's \(clash.kind), not the engine's), or give the app's \(clash.kind) another \(word) (pages keep the engine's)"
        #expect(registry.clashes.map(\.message) == [message])
        try expectRefused(registry, saying: message)

        var stated = Registry.standard
        clash.register(&stated, .builtIn(clash.id))
        #expect(stated.clashes.isEmpty)
        let host = stated.hostTypeIDs
        #expect(RegistryIDs.kinds.first { $0.word == clash.kind }.map { host[keyPath: $0.ids] } == [clash.id])   // the app's, not the engine's
        let engine = PageEngine(registry: stated)
        _ = try engine.open(try PageDocument.load(Array(plainPage.utf8), registry: stated, libraries: .empty))

        // The file records the choice and reads back as the same choice.
        let kinds = ["component": "components", "action": "actions", "validation": "validations", "error handler": "errorHandlers", "function": "functions"]
        let member = try #require(kinds[clash.kind])
        let key = clash.kind == "function" ? "name" : "id"
        let entry = try #require(stated.descriptionValue[member]?.arrayValue?.first { $0[key] == .string(clash.id) })
        #expect(entry["overridesBuiltIn"] == true)
        let read = try RegistryDescription(bytes: Array(stated.descriptionText.utf8), source: "app.registry.json")
        #expect(read.registry().clashes.isEmpty)
        #expect(read.registry().descriptionValue == stated.descriptionValue)
        #expect(RegistryIDs.kinds.first { $0.word == clash.kind }.map { read.hostTypes[keyPath: $0.ids] } == [clash.id])
    }

    @Test("an app's type declaring a common attribute is refused, naming both and both choices, until it says replacing:", arguments: attributeClashes)
    fileprivate func attributeClash(_ clash: AttributeClash) throws {
        var registry = Registry.standard
        clash.register(&registry, [])
        let common = ["component": ComponentType.commonAttributes, "validation": ValidationType.commonAttributes, "error handler": ErrorHandlerType.commonAttributes]
        let summary = try #require(common[clash.kind]?.first { $0.name == clash.attribute }).summary
        let message = "the app's \(clash.kind) '\(clash.id)' declares an attribute '\(clash.attribute)', and the engine gives every \(clash.kind) a '\(clash.attribute)' (\(summary)); say which one pages mean: register it with `replacing: [\"\(clash.attribute)\"]` (the app's '\(clash.attribute)'; the engine's is off for '\(clash.id)'), or rename or drop the app's '\(clash.attribute)' (the engine's stays)"
        #expect(registry.clashes.map(\.message) == [message])
        #expect(registry.clashes.first?.attribute == clash.attribute)
        try expectRefused(registry, saying: message)

        var stated = Registry.standard
        clash.register(&stated, [clash.attribute])
        #expect(stated.clashes.isEmpty)
        _ = try PageEngine(registry: stated).open(try PageDocument.load(Array(plainPage.utf8), registry: stated, libraries: .empty))
        let read = try RegistryDescription(bytes: Array(stated.descriptionText.utf8), source: "app.registry.json")
        #expect(read.registry().clashes.isEmpty)
        #expect(read.registry().descriptionValue == stated.descriptionValue)
    }

    @Test("a statement that matches nothing is refused too: overriding a built-in the engine lacks, replacing an attribute actions don't have")
    func staleStatements() {
        var registry = Registry.standard
        registry.register(ActionType("analytics") { $0.result }, overriding: .builtIn("analytics"))
        registry.register(ActionType("place-order", attributes: [AttributeSpec("retry", .bool)]) { $0.result }, replacing: ["retry"])
        registry.register(ComponentType("rating", attributes: []), overriding: .builtIn("label"))
        #expect(registry.clashes.map(\.message) == [
            "the app's component 'rating' is registered `overriding: .builtIn(\"label\")`, but a type overrides only the built-in of its own id: write `overriding: .builtIn(\"rating\")`, or leave it out: the engine has no built-in component 'rating'",
            "the app's action 'analytics' is registered `overriding: .builtIn(\"analytics\")`, but the engine has no built-in action 'analytics': leave `overriding:` out",
            "the app's action 'place-order' is registered `replacing: [\"retry\"]`, but 'retry' is not an attribute every action has (actions have none): leave 'retry' out of `replacing:`",
        ])
    }

    @Test("registering the app's type without a statement after one with it takes the statement back")
    func laterRegistrationDecides() {
        var registry = Registry.standard
        registry.register(ActionType("raise") { $0.result }, overriding: .builtIn("raise"))
        #expect(registry.clashes.isEmpty)
        registry.register(ActionType("raise") { $0.result })
        #expect(registry.clashes.map(\.id) == ["raise"])
        #expect(Registry.standard.clashes.isEmpty)
        #expect(Registry.standard.hostTypeIDs.isEmpty)
    }

    // MARK: - Registry files

    @Test("a file's replacesCommon reads as the app's stated replacement")
    func replacesCommonIsAStatement() throws {
        let text = #"{ "format": 2, "engineVersion": 1, "behavior": 1, "errorHandlers": [ { "id": "undo", "attributes": [ { "name": "retry", "type": "string" } ], "replacesCommon": ["retry"] } ] }"#
        let read = try RegistryDescription(bytes: Array(text.utf8), source: "app.registry.json")
        #expect(read.registry().errorHandlers.choice("undo") == RegistrationChoice(replacing: ["retry"]))
        #expect(read.registry().clashes.isEmpty)
    }

    @Test("a file with an app's type under a built-in's id, or a common attribute, and no statement is refused with how to write it again", arguments: [
        (#"{ "actions": [ { "id": "discard-draft", "attributes": [ { "name": "keep", "type": "bool" } ] } ], "format": 2, "behavior": 1 }"#,
         #"app.registry.json:1:16: actions[0]: the app's action 'discard-draft' has the id of the engine's built-in action 'discard-draft', and the file doesn't say which one pages mean (an earlier Formwork let the app's replace the engine's silently); where the app registers it, write `overriding: .builtIn("discard-draft")` (pages get the app's) or give it another id (pages keep the engine's), then write the file again with Registry.writeDescription(to:). If the app has no action 'discard-draft' of its own, the file was written by another version of Formwork, which describes its built-in 'discard-draft' otherwise (attributes: this Formwork has 0 items, the file 1): write the file again from the app with the Formwork it is built with, and run the `formwork` of that same version"#),
        (#"{ "functions": [ { "name": "len", "minArguments": 1 } ], "format": 2, "behavior": 1 }"#,
         #"app.registry.json:1:18: functions[0]: the app's function 'len' has the name of the engine's built-in function 'len', and the file doesn't say which one pages mean (an earlier Formwork let the app's replace the engine's silently); where the app registers it, write `overriding: .builtIn("len")` (pages get the app's) or give it another name (pages keep the engine's), then write the file again with Registry.writeDescription(to:). If the app has no function 'len' of its own, the file was written by another version of Formwork, which describes its built-in 'len' otherwise (parameters: this Formwork has it, the file doesn't): write the file again from the app with the Formwork it is built with, and run the `formwork` of that same version"#),
        (#"{ "components": [ { "id": "map", "attributes": [ { "name": "hidden", "type": "string" } ] } ], "format": 2, "behavior": 1 }"#,
         #"app.registry.json:1:19: components[0]: the app's component declares 'hidden', and the engine gives every component a 'hidden', but the file doesn't say which one pages mean (an earlier Formwork decided it silently); where the app registers it, write `replacing: ["hidden"]` (the app's 'hidden') or rename or drop the app's 'hidden' (the engine's stays), then write the file again with Registry.writeDescription(to:)"#),
        (#"{ "actions": [ { "id": "analytics", "overridesBuiltIn": true } ], "format": 2, "behavior": 1 }"#,
         #"app.registry.json:1:57: actions[0].overridesBuiltIn: the engine has no built-in action 'analytics' to override: leave `overriding:` out where the app registers it, then write the file again with Registry.writeDescription(to:)"#),
    ])
    func unstatedFileIsRefused(_ text: String, _ expected: String) {
        #expect {
            _ = try RegistryDescription(bytes: Array(text.utf8), source: "app.registry.json")
        } throws: { error in
            "\(error)" == expected
        }
    }

    @Test("a file written by another Formwork, whose built-in api had other method values, is refused naming the difference and both ways out")
    func aBuiltInDescribedByAnotherFormworkNamesTheDifference() throws {
        // As an earlier engine wrote `api` (and `server`): more method values than this one's five.
        let indent = String(repeating: " ", count: 12)
        let methods = ["\"DELETE\""].map { indent + $0 }.joined(separator: ",\n") + "\n"
        let older = ["\"DELETE\"", "\"HEAD\"", "\"options\""].map { indent + $0 }.joined(separator: ",\n") + "\n"
        let written = Registry.standard.descriptionText
        #expect(written.contains(methods))
        let text = written.replacingOccurrences(of: methods, with: older)
        #expect(text != written)
        #expect {
            _ = try RegistryDescription(bytes: Array(text.utf8), source: "app.registry.json")
        } throws: { error in
            let message = "\(error)"
            return message.contains("the app's action 'api' has the id of the engine's built-in action 'api'")
                && message.contains(#"If the app has no action 'api' of its own, the file was written by another version of Formwork, which describes its built-in 'api' otherwise (attributes[0] ("method").values: this Formwork has 5 items, the file 7): write the file again from the app with the Formwork it is built with, and run the `formwork` of that same version"#)
        }
    }

    // MARK: - check

    @Test("check warns where a page's meaning rests on the app's choice")
    func checkSaysWhereAChoiceMatters() throws {
        var registry = Registry.standard
        registry.register(ActionType("discard-draft") { $0.result }, overriding: .builtIn("discard-draft"))
        registry.register(ErrorHandlerType("undo", attributes: [AttributeSpec("retry", .string, role: .interactionName)]) { _ in }, replacing: ["retry"])
        let page = """
            { "page": "p", "interactions": { "onSave": [], "cancel": [
              { "id": "discard-draft" },
              { "id": "api", "attributes": { "url": "/x" }, "onError": [ { "id": "undo", "attributes": { "retry": "onSave" } } ] } ] } }
            """
        let document = try PageDocument.load(Array(page.utf8), registry: registry, libraries: .empty)
        #expect(document.check(registry: registry).map(\.rendered) == [
            "interactions.cancel[0].id: warning: 'discard-draft' is the app's own action, not the engine's (the app registered it overriding the built-in action 'discard-draft')",
            "interactions.cancel[1].onError[0].attributes.retry: warning: 'undo' replaces the engine's 'retry' (when the handler is done, run the failed action once more; if it succeeds, the chain goes on): here 'retry' is the app's error handler's own, and the engine doesn't do that for it",
        ])
    }

    // MARK: -

    private func expectRefused(_ registry: Registry, saying message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let diagnostics = PageDocument.decode(Array(plainPage.utf8), registry: registry, libraries: .empty).diagnostics.map(\.rendered)
        #expect(diagnostics == ["error: " + message], sourceLocation: sourceLocation)
        let document = try PageDocument.load(Array(plainPage.utf8), registry: .standard, libraries: .empty)
        #expect(sourceLocation: sourceLocation) {
            _ = try PageEngine(registry: registry).open(document)
        } throws: { error in
            "\(error)".contains(message)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clash-\(UUID().uuidString).json")
        #expect(sourceLocation: sourceLocation) {
            try registry.writeDescription(to: file)
        } throws: { error in
            "\(error)" == message
        }
        #expect(!FileManager.default.fileExists(atPath: file.path), sourceLocation: sourceLocation)
    }
}
