/// `toast`, `alert`, `push`, `ignore`, `show-errors`, `run`. Messages default to `$error.message`.
enum BuiltInErrorHandlers {
    @MainActor private static func message(_ context: ActionContext) throws -> String {
        try context.string("message") ?? context.error["message"]?.displayText ?? "Something went wrong"
    }

    /// NB: a named function, not a closure: the 6.3 optimizer crashes splitting this as a closure.
    @MainActor private static func openPage(_ context: ActionContext) async throws {
        let page = try context.string("page")
        let params = try context.value("params")
        let _: PageValue = try await NavigationActions.push(context, page: page, params: params, route: nil, wait: try context.bool("waitForResult"))
    }

    static let all: [ErrorHandlerType] = [
        ErrorHandlerType("toast", attributes: [AttributeSpec("message", .string, text: .whole)], summary: "shows the error briefly") { context in
            let text = try message(context)
            context.trace(.present, "toast \(text)")
            context.host.presenter.toast(text)
        },
        ErrorHandlerType("alert", attributes: [AttributeSpec("title", .string, default: "Something went wrong", text: .whole), AttributeSpec("message", .string, text: .whole)],
                         summary: "shows the error and waits") { context in
            let title = try context.string("title") ?? "", text = try message(context)
            context.trace(.present, "alert \"\(title)\" \(text)")
            await context.host.presenter.alert(title: title, message: text)
        },
        ErrorHandlerType("push", attributes: [
            AttributeSpec("page", .string, required: true, role: .pageID), AttributeSpec("params", .object),
            AttributeSpec("waitForResult", .bool, default: false, summary: "wait until the pushed page hands back a result (with retry: sign in, then try again)"),
        ], summary: "opens a page, e.g. login when $error.status == 401", handle: openPage),
        ErrorHandlerType("ignore", summary: "takes the error and does nothing") { _ in },
        ErrorHandlerType("show-errors", attributes: [AttributeSpec("errors", .object, summary: "component key → message; $error.body.errors when not given")],
                         summary: "shows the server's messages under the fields they name, e.g. when $error.status == 422") { context in
            let errors = context.has("errors") ? try context.value("errors") : (context.error["body"]?["errors"] ?? .null)
            let unmatched = context.session.showErrors(errors)
            if !unmatched.isEmpty { context.trace(.validation, "no component for " + PageValue.object(unmatched).preview()) }
        },
        ErrorHandlerType("run", attributes: [AttributeSpec("actions", .actions, required: true, summary: "the chain to run; its actions see $error")],
                         summary: "runs a chain, e.g. store-var to show an error state and a toast; the failed chain still stops") { context in
            _ = try await context.run(context.actions("actions"), result: .null)
        },
    ]
}
