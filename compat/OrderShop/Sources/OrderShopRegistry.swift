import Foundation
import Formwork

/// A shop app written for the compatibility suite against Formwork at 8290e77, frozen since: never
/// edit it (compat/README.md). It states no behaviour level, and shares names with the engine the
/// way real apps do, each stated:
/// - `badge` declares its own `hidden` ("never" or "when-empty"), named like the engine's common
///   one: `replacing: ["hidden"]`, so the engine never hides it;
/// - `sign-in`, an error handler, runs the page's sign-in actions; the engine's `retry` then sends
///   the failed order again;
/// - `send-receipt` declares a `retry` of its own (how often its mailer tries); actions have no
///   common `retry`, and a later one must not read it;
/// - `track` is an id a later built-in may take: it stays the app's.
enum OrderShop {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let pagesFolder = folder.appendingPathComponent("pages")

    @MainActor static func registry(log: ShopLog = ShopLog()) -> Registry {
        var registry = Registry.standard
        registry.register(ComponentType("badge", attributes: [
            AttributeSpec("text", .string, summary: "what the badge says"),
            AttributeSpec("hidden", .string, default: "never", summary: "never, or when-empty: hide while the text is empty"),
        ], summary: "a small label on the basket"), replacing: ["hidden"])
        registry.register(ErrorHandlerType("sign-in", attributes: [
            AttributeSpec("actions", .actions, summary: "how the page signs the person in"),
        ], summary: "signs the person in again") { context in
            log.record("sign-in")
            _ = try await context.run(context.actions("actions"), result: .null)
        })
        registry.register(ActionType("send-receipt", attributes: [
            AttributeSpec("order", .string, required: true),
            AttributeSpec("retry", .int, default: 0, summary: "how many times the app's mailer tries again"),
        ], summary: "mails the receipt; passes $result on") { context in
            log.record("receipt \(try context.string("order") ?? "") retry \(try context.value("retry").jsonText)")
            return context.result
        })
        registry.register(ActionType("track", attributes: [
            AttributeSpec("event", .string, required: true),
        ], summary: "records an event; passes $result on") { context in
            log.record("track " + (try context.string("event") ?? ""))
            return context.result
        })
        return registry
    }
}

/// What the shop's own types did, in order.
@MainActor final class ShopLog {
    private(set) var events: [String] = []
    func record(_ event: String) { events.append(event) }
}
