/// `toast`, `alert`, `push`, `ignore`, `run`. Messages default to `$error.message`.
enum BuiltInErrorHandlers {
    @MainActor private static func message(_ context: ActionContext) throws -> String {
        try context.string("message") ?? context.error["message"]?.displayText ?? "Something went wrong"
    }

    /// NB: a named function, not a closure: the 6.3 optimizer crashes splitting this as a closure.
    @MainActor private static func openPage(_ context: ActionContext) async throws {
        let page = try context.string("page")
        let params = try context.value("params")
        let _: PageValue = try await NavigationActions.push(context, page: page, params: params, route: nil, wait: false)
    }

    static let all: [ErrorHandlerType] = [
        ErrorHandlerType("toast", attributes: [AttributeSpec("message", .string)], summary: "shows the error briefly") { context in
            let text = try message(context)
            context.trace(.present, "toast \(text)")
            context.host.presenter.toast(text)
        },
        ErrorHandlerType("alert", attributes: [AttributeSpec("title", .string, default: "Something went wrong"), AttributeSpec("message", .string)],
                         summary: "shows the error and waits") { context in
            let title = try context.string("title") ?? "", text = try message(context)
            context.trace(.present, "alert \"\(title)\" \(text)")
            await context.host.presenter.alert(title: title, message: text)
        },
        ErrorHandlerType("push", attributes: [AttributeSpec("page", .string, required: true, role: .pageID), AttributeSpec("params", .object)],
                         summary: "opens a page, e.g. login when $error.status == 401", handle: openPage),
        ErrorHandlerType("ignore", summary: "takes the error and does nothing") { _ in },
        ErrorHandlerType("run", attributes: [AttributeSpec("actions", .actions, required: true, summary: "the chain to run; its actions see $error")],
                         summary: "runs a chain, e.g. store-var to show an error state and a toast; the failed chain still stops") { context in
            _ = try await context.run(context.actions("actions"), result: .null)
        },
    ]
}
