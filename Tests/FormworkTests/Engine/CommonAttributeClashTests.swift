import Foundation
import Testing
import Formwork

// An app's type that declares an attribute named like one the engine gives every type of its
// kind (`retry`, `when`, `message`, `hidden`, `enabled`, `validateOn`), registered `replacing:`
// it: the type's declaration wins and the engine's feature of that name is off for it, so the
// two never both read it. (Without `replacing:` it is a clash: RegistryClashTests.)
// Public API only, as an app would.

@MainActor
private final class Undo {
    var reruns: [String] = []
}

@MainActor
private func undoRegistry(_ undo: Undo) -> Registry {
    var registry = Registry.standard
    // The app's own `retry`: the interaction to run again (not the engine's bool).
    registry.register(ErrorHandlerType("undo", attributes: [AttributeSpec("retry", .string, role: .interactionName, summary: "the interaction to run again")]) { context in
        undo.reruns.append(try context.string("retry") ?? "")
    }, replacing: ["retry"])
    // A map whose `hidden` means "collapsed", drawn by the app; the engine never hides it.
    registry.register(ComponentType("map", attributes: [AttributeSpec("hidden", .bool, default: false, summary: "collapsed to a pin")]), replacing: ["hidden"])
    // A validation whose own `message` is the app's message key.
    registry.register(ValidationType("known-code", attributes: [AttributeSpec("message", .string, summary: "the app's message key")]) { context in
        context.value.stringValue == "ok" ? nil : "Unknown code"
    }, replacing: ["message"])
    return registry
}

private let orderPage = """
{
  "page": "order", "data": { "code": "bad" },
  "components": [
    { "id": "map", "key": "map", "attributes": { "hidden": true } },
    { "id": "text-field", "key": "code", "attributes": { "value": { "expr": "$data.code" } },
      "validations": [ { "id": "known-code", "attributes": { "message": "codes.unknown" } } ] },
    { "id": "button", "key": "submit", "attributes": { "title": "Order" }, "interactions": { "onTap": [
      { "id": "api", "attributes": { "method": "POST", "url": "/api/orders" },
        "onError": [ { "id": "undo", "attributes": { "retry": "onSubmit" } } ] } ] } },
    { "id": "button", "key": "check", "attributes": { "title": "Check" }, "interactions": { "onTap": [ { "id": "validate" } ] } }
  ],
  "interactions": { "onSubmit": [] }
}
"""

@Suite("An app's attribute named like a common one")
@MainActor
struct CommonAttributeClashTests {
    @Test("an error handler with its own retry is never retried by the engine: one request, the app's handler runs once")
    func ownRetryIsNotTheEngines() async throws {
        let undo = Undo()
        let registry = undoRegistry(undo)
        let undoType = try #require(registry.errorHandlers["undo"])
        #expect(undoType.replacedCommonAttributes == ["retry"])
        #expect(!undoType.engineReads("retry"))
        #expect(undoType.engineReads("when"))
        #expect(undoType.attribute("retry")?.type == .string)

        let transport = CannedTransport()
        await transport.on("POST /api/orders", status: 500, ["message": "busy"])
        let engine = PageEngine(registry: registry, host: PageHost(transport: transport))
        let page = try engine.open(try EnginePages.load(orderPage, registry: registry))
        await page.tap(try #require(page.component("submit")))
        await engine.waitUntilIdle()
        #expect(await transport.lines == ["POST /api/orders"])   // the engine didn't send it again
        #expect(undo.reruns == ["onSubmit"])                      // the app's handler read its own retry
    }

    @Test("a component with its own hidden is shown; a validation with its own message keeps the built-in one")
    func ownHiddenAndMessage() async throws {
        let registry = undoRegistry(Undo())
        let engine = PageEngine(registry: registry)
        let page = try engine.open(try EnginePages.load(orderPage, registry: registry))
        let map = try #require(page.component("map"))
        #expect(map.attributes["hidden"] == true)   // the app's to read
        #expect(!map.isHidden)                       // the engine doesn't hide it
        await page.tap(try #require(page.component("check")))
        await engine.waitUntilIdle()
        #expect(page.component("code")?.validationError == "Unknown code")
    }

    @Test("the registry description lists the app's own retry and says it replaces the common one, and reads back the same")
    func description() throws {
        let registry = undoRegistry(Undo())
        let handlers = try #require(registry.descriptionValue["errorHandlers"]?.arrayValue)
        let undo = try #require(handlers.first { $0["id"] == "undo" })
        #expect(undo["replacesCommon"] == ["retry"])
        #expect(undo["attributes"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["retry"])
        #expect(handlers.first { $0["id"] == "toast" }?["replacesCommon"] == nil)

        let described = try RegistryDescription(bytes: Array(registry.descriptionText.utf8), source: "app.registry.json")
        let read = try #require(described.registry().errorHandlers["undo"])
        #expect(read.replacedCommonAttributes == ["retry"])
        #expect(described.registry().descriptionValue == registry.descriptionValue)
    }

    @Test("a description whose replacesCommon doesn't match its attributes is refused")
    func wrongReplacesCommon() throws {
        let text = #"{ "format": 2, "behavior": 1, "components": [], "actions": [], "validations": [], "functions": [], "errorHandlers": [ { "id": "undo", "attributes": [], "replacesCommon": ["retry"] } ] }"#
        #expect {
            _ = try RegistryDescription(bytes: Array(text.utf8), source: "app.registry.json")
        } throws: { error in
            "\(error)".contains(#"errorHandlers[0].replacesCommon: "replacesCommon" must name the common attributes (when, retry) the error handler lists under "attributes": it lists none of them"#)
        }
    }

    @Test("check says whose retry it is when a page gives the engine's kind of value")
    func checkExplains() throws {
        let registry = undoRegistry(Undo())
        let page = orderPage.replacingOccurrences(of: #""retry": "onSubmit""#, with: #""retry": true"#)
        let diagnostics = PageDocument.decode(Array(page.utf8), registry: registry, libraries: .empty).diagnostics.map(\.rendered)
        #expect(diagnostics == [
            "components[2].interactions.onTap[0].onError[0].attributes.retry: error: the attribute 'retry' is a string, but the literal true is a bool; NB: the error handler 'undo' declares its own 'retry' (string: the interaction to run again), so the engine's 'retry' (bool: when the handler is done, run the failed action once more; if it succeeds, the chain goes on) is off for it",
        ])
    }
}
