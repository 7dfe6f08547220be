/// The built-in components: platform-neutral models for forms. Every input has a `title`, a
/// two-way `value` and an `onChange` event.
enum BuiltInComponents {
    static let title = AttributeSpec("title", .string, summary: "the label shown with the input", text: .whole)

    static func input(_ id: String, value: AttributeType, extra: [AttributeSpec] = [], events: [String] = [], handlers: [String: ComponentEventHandler] = [:], summary: String,
                      coercion: ComponentValueCoercion? = nil) -> ComponentType {
        ComponentType(id, attributes: [title, AttributeSpec("value", value, twoWay: true, summary: "the value; bind it to a $data path to make it two-way")] + extra,
                      events: ["onChange"] + events, valueAttribute: "value", eventHandlers: handlers, summary: summary, valueCoercion: coercion)
    }

    /// The built-ins with how each is announced (`BuiltInComponents+Accessibility.swift`).
    static let all: [ComponentType] = declared.map { $0.stating(accessibility[$0.id]) }

    static let declared: [ComponentType] = [
        ComponentType("section", attributes: [AttributeSpec("header", .string, text: .whole), AttributeSpec("footer", .string, text: .whole)], layout: .container, summary: "a titled group of rows"),
        ComponentType("group", attributes: [AttributeSpec("title", .string, text: .whole)], layout: .container, summary: "groups components without visual chrome"),
        ComponentType("status", attributes: [
            AttributeSpec("state", .string, default: "normal", summary: "normal, loading, empty or error: which child set is shown",
                          values: ["normal", "loading", "empty", "error"]),
            AttributeSpec("loading", .components), AttributeSpec("empty", .components), AttributeSpec("error", .components),
        ], layout: .switched(state: "state"), summary: "shows `components` in the normal state and the matching set otherwise"),
        ComponentType("list", attributes: [
            AttributeSpec("items", .array, summary: "the array to repeat over; children see $item and $index"),
            AttributeSpec("itemKey", .string, summary: "the member that identifies an item, like id: a row is kept while its item is in the list"),
        ], events: ["onTap"], layout: .repeated(items: "items", key: "itemKey"), summary: "repeats its children for each item"),
        ComponentType("label", attributes: [AttributeSpec("text", .string, text: .whole), AttributeSpec("style", .string, default: "body")], summary: "read-only text"),
        input("text-field", value: .string, extra: [
            AttributeSpec("placeholder", .string, text: .whole), AttributeSpec("keyboard", .string, default: "default", summary: "default, number, decimal, email, phone or url",
                                                            values: ["default", "number", "decimal", "email", "phone", "url"]),
            AttributeSpec("maxLength", .int), AttributeSpec("secure", .bool, default: false),
            MaskCheck.attribute(number: false),
        ], summary: "one line of text"),
        input("text-area", value: .string, extra: [AttributeSpec("placeholder", .string, text: .whole), AttributeSpec("maxLength", .int)], summary: "several lines of text"),
        input("number-field", value: .number, extra: [AttributeSpec("placeholder", .string, text: .whole), AttributeSpec("unit", .string, text: .whole), MaskCheck.attribute(number: true)], summary: "a number"),
        input("switch", value: .bool, summary: "on or off"),
        input("select", value: .any, extra: [
            AttributeSpec("options", .array, summary: "strings, or objects with title and value", text: .members(["title"])), AttributeSpec("placeholder", .string, text: .whole),
        ], events: ["onTap"], handlers: ["onTap": presentPicker], summary: "a choice among options; tapping presents a picker"),
        input("date-field", value: .string, extra: [AttributeSpec("min", .string), AttributeSpec("max", .string)], summary: "a date as yyyy-MM-dd"),
        input("stepper", value: .int, extra: [AttributeSpec("min", .int), AttributeSpec("max", .int), AttributeSpec("step", .int, default: 1)], summary: "a whole number changed in steps"),
        ComponentType("button", attributes: [AttributeSpec("title", .string, text: .whole), AttributeSpec("style", .string, default: "primary")], events: ["onTap"], summary: "runs onTap"),
        ComponentType("image", attributes: [AttributeSpec("url", .string), AttributeSpec("width", .number), AttributeSpec("height", .number), AttributeSpec("alt", .string, text: .whole)], summary: "a picture from a URL"),
    ]

    /// `select`'s tap: present the options, then edit the value to the chosen one.
    static let presentPicker: ComponentEventHandler = { context in
        let options = (context.component.attributes["options"]?.arrayValue ?? []).map(PickerOption.init)
        let current = context.component.attributes["value"] ?? .null
        let request = PickerRequest(title: context.component.attributes["title"]?.stringValue ?? "", options: options, selected: options.firstIndex { $0.value == current })
        guard let chosen = await context.pick(request), options.indices.contains(chosen) else { return nil }
        try await context.edit(options[chosen].value)
        return options[chosen].value
    }
}
