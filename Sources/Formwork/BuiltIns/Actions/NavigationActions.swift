import Foundation

/// `push`, `pop`, `response`, `route`.
enum NavigationActions {
    static let all: [ActionType] = [
        ActionType("push", attributes: [
            AttributeSpec("page", .string, role: .pageID, summary: "the id of the page to open"),
            AttributeSpec("params", .object, summary: "its $param"),
            AttributeSpec("route", .string, summary: "a native screen's URL, instead of a page"),
            AttributeSpec("waitForResult", .bool, default: false, summary: "wait for the pushed page's response and make it this action's result"),
        ], summary: "opens another page or a native screen") { context in
            let page = try context.string("page"), params = try context.value("params")
            let route = try context.string("route"), wait = try context.bool("waitForResult")
            return try await push(context, page: page, params: params, route: route, wait: wait)
        },
        ActionType("pop", summary: "closes this page") { context in
            context.trace(.navigation, "pop")
            await context.host.navigator?.dismiss(context.session)
            context.session.close()
            return context.result
        },
        ActionType("response", attributes: [AttributeSpec("value", .any, summary: "what to hand back; the previous result when not given")],
                   summary: "hands a value back to whoever opened this page") { context in
            let value = context.has("value") ? try context.value("value") : context.result
            context.session.respond(value)
            return value
        },
        ActionType("route", attributes: [AttributeSpec("url", .string, required: true, summary: "an event URL such as app://open?target=LikeService")],
                   summary: "sends an event URL to the host's router; the result is the router's answer") { context in
            let text = try context.string("url") ?? ""
            guard let url = URL(string: text), url.scheme != nil else { throw ActionFailure(kind: "route", message: "route's url '\(text)' is not a valid URL with a scheme") }
            guard let router = context.host.router else { throw ActionFailure(kind: "route", message: "this app has no router for \(text)") }
            context.trace(.navigation, "route \(text)")
            return try await router.route(url, from: context.session)
        },
    ]

    /// Opens a page (or a native route) from an action or an error handler.
    @inline(never) @MainActor static func push(_ context: ActionContext, page: String?, params: PageValue, route: String?, wait: Bool) async throws -> PageValue {
        if let route {
            guard let url = URL(string: route), url.scheme != nil else { throw ActionFailure(kind: "navigation", message: "push's route '\(route)' is not a valid URL") }
            guard let navigator = context.host.navigator else { throw ActionFailure(kind: "navigation", message: "this app can't open \(route): no navigator is configured") }
            context.trace(.navigation, "push route \(route)")
            let result = try await navigator.pushRoute(url, from: context.session)
            return result ?? .null
        }
        guard let page, !page.isEmpty else { throw ActionFailure(kind: "navigation", message: "push needs a 'page' id or a 'route' URL") }
        let engine = context.session.engine
        let pushed = try engine.open(pageID: page, params: params, opener: context.session)
        context.trace(.navigation, "push \(page)" + (params.isNull ? "" : " \(context.tracePreview(params))"))
        if let navigator = context.host.navigator { await navigator.show(pushed) }
        guard wait else { return .null }
        return try await pushed.awaitResponse()
    }
}
