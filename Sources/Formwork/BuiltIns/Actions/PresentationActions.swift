/// `picker`, `confirm`, `alert`, `toast`.
enum PresentationActions {
    static let all: [ActionType] = [
        ActionType("picker", attributes: [
            AttributeSpec("title", .string, text: .whole), AttributeSpec("options", .array, required: true, summary: "strings, or objects with title and value", text: .members(["title"])),
            AttributeSpec("selected", .any, summary: "the value currently chosen"),
        ], summary: "lets the person choose; the result is the chosen value; cancelling ends the chain quietly") { context in
            let options = (try context.value("options").arrayValue ?? []).map(PickerOption.init)
            let selected = try context.value("selected")
            let request = PickerRequest(title: try context.string("title") ?? "", options: options, selected: options.firstIndex { $0.value == selected })
            context.trace(.present, "picker \"\(request.title)\": " + options.map(\.title).joined(separator: " | "))
            guard let index = await context.host.presenter.pick(request), options.indices.contains(index) else {
                throw ChainCancelled()
            }
            return options[index].value
        },
        ActionType("confirm", attributes: [AttributeSpec("title", .string, text: .whole), AttributeSpec("message", .string, text: .whole)],
                   summary: "asks yes or no; no ends the chain quietly; yes passes $result on") { context in
            let title = try context.string("title") ?? "", message = try context.string("message") ?? ""
            context.trace(.present, "confirm \"\(title)\" \(message)")
            guard await context.host.presenter.confirm(title: title, message: message) else { throw ChainCancelled() }
            return context.result
        },
        ActionType("alert", attributes: [AttributeSpec("title", .string, text: .whole), AttributeSpec("message", .string, text: .whole)], summary: "shows a message and waits until it is dismissed") { context in
            let title = try context.string("title") ?? "", message = try context.string("message") ?? ""
            context.trace(.present, "alert \"\(title)\" \(message)")
            await context.host.presenter.alert(title: title, message: message)
            return context.result
        },
        ActionType("toast", attributes: [AttributeSpec("message", .string, required: true, text: .whole)], summary: "shows a short message") { context in
            let message = try context.string("message") ?? ""
            context.trace(.present, "toast \(message)")
            context.host.presenter.toast(message)
            return context.result
        },
    ]
}
