import Foundation
import Formwork

/// The example app's registry (examples/app): the built-ins plus a `rating` component,
/// `analytics` and `open-map` actions, an `iban` validation, `auth-redirect` and `offline` error
/// handlers and a `currency()` function, registered through the public API as an app would.
/// `offline` declares its own `retry`, named like the engine's common one, and says so
/// (`replacing: ["retry"]`): every name the app shares with the engine is a stated choice.
/// `examples/app/app.registry.json` is its description, written by `writeDescription(to:)`; a
/// test keeps the file equal to it.
enum ExampleApp {
    static let folder = FlowFixtures.packageRoot.appendingPathComponent("examples/app")
    static let registryFile = folder.appendingPathComponent("app.registry.json")
    static let pagesFolder = folder.appendingPathComponent("pages")

    @MainActor static func registry(events: EventLog = EventLog()) -> Registry {
        var registry = Registry.standard
        registry.register(ComponentType("rating", attributes: [
            AttributeSpec("title", .string, summary: "the question shown with the stars"),
            AttributeSpec("value", .int, default: 0, twoWay: true, summary: "stars given, 0 to max"),
            AttributeSpec("max", .int, default: 5),
        ], events: ["onChange"], valueAttribute: "value", summary: "a star rating"))
        registry.register(ActionType("analytics", attributes: [
            AttributeSpec("event", .string, required: true, summary: "what happened, like basket-opened"),
            AttributeSpec("value", .any, summary: "a detail sent with the event"),
        ], summary: "records an event; passes $result on") { context in
            events.record(try context.string("event") ?? "")
            return context.result
        })
        registry.register(ActionType("open-map", attributes: [
            AttributeSpec("address", .string, required: true),
        ], summary: "opens the maps app at an address; its result is {opened: true}") { context in
            events.record("map " + (try context.string("address") ?? ""))
            return ["opened": true]
        })
        registry.register(ValidationType("iban", summary: "an IBAN with a valid check sum") { context in
            guard case .string(let text) = context.value, !text.isEmpty else { return nil }
            return ExampleApp.isIBAN(text) ? nil : "Enter a valid IBAN"
        })
        registry.register(ErrorHandlerType("auth-redirect", attributes: [
            AttributeSpec("page", .string, default: "login", summary: "the sign-in page to push"),
        ], summary: "sends the person to sign in again") { context in
            events.record("sign in: " + (try context.string("page") ?? "login"))
        })
        registry.register(ErrorHandlerType("offline", attributes: [
            AttributeSpec("retry", .int, default: 3, summary: "how many times the app's outbox sends the request again once online"),
        ], summary: "keeps the failed request in the app's outbox") { context in
            events.record("outbox: " + (try context.value("retry")).jsonText)
        }, replacing: ["retry"])
        registry.register(ExpressionFunction("currency", signature: FunctionSignature(
            [.value("amount", .number), .value("code", .string, optional: true)], result: [.string],
            summary: "the amount as money, like €12.50")) { args in
            guard let amount = args[0].doubleValue else { throw FunctionFailure("currency() expects a number", kind: .type) }
            let symbol = ["EUR": "€", "USD": "$", "CNY": "¥"][args.count > 1 ? args[1].stringValue ?? "EUR" : "EUR"] ?? ""
            return .string(symbol + String(format: "%.2f", amount))
        })
        return registry
    }

    /// ISO 13616: move the first four characters to the end, letters to numbers, mod 97 == 1.
    static func isIBAN(_ text: String) -> Bool {
        let compact = text.uppercased().filter { $0 != " " }
        guard compact.count >= 15, compact.count <= 34, compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        var remainder = 0
        for character in compact.dropFirst(4) + compact.prefix(4) {
            let digits = character.isLetter ? String(Int(character.asciiValue ?? 0) - 55) : String(character)
            for digit in digits { remainder = (remainder * 10 + (digit.wholeNumberValue ?? 0)) % 97 }
        }
        return remainder == 1
    }
}

/// What the example app's host types did, in order.
@MainActor final class EventLog {
    private(set) var events: [String] = []
    func record(_ event: String) { events.append(event) }
}
