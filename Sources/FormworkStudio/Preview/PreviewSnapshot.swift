import Formwork
import FormworkTesting

/// How the preview describes a page to the browser, as JSON values: the component tree, questions,
/// problems, requests and trace lines. The browser draws exactly this; nothing here is HTML.
enum PreviewSnapshot {
    /// A component with its resolved attributes, its state as the person sees it, and its children.
    ///
    /// `{"id": 4, "type": "text-field", "key": "name", "hidden": false, "enabled": true,
    ///   "editable": true, "error": null, "attributes": {"title": "Name", "value": "Tofu", …}, "children": [],
    ///   "accessibility": {"name": "Name", "role": "textField", "value": "Tofu", …}}`
    ///
    /// `"accessibility"` is `AccessibilityDescription.jsonValue`, as `formwork render --format json` writes it.
    ///
    /// An input also has `"text"`: its value as the field shows it in the page's locale (`1234,5`
    /// for 1234.5 in `de`), which the browser puts in the field and sends back typed (`"type"`).
    ///
    /// A field the engine masks also has `"masked": true`: the browser sends each of its edits
    /// (`"mask"`) and shows what the engine answers.
    @MainActor
    static func component(_ component: PageComponent, ids: ComponentIdentities, page: PageSession) -> PageValue {
        var attributes = PageObject()
        for spec in component.type.attributes where !spec.type.holdsNodes {
            attributes[spec.name] = component.attributes[spec.name] ?? .null
        }
        var described = PageObject([
            ("id", .int(Int64(ids.id(for: component)))),
            ("type", .string(component.type.id)),
            ("key", component.key.map { .string($0) } ?? .null),
            ("hidden", .bool(component.isHidden)),
            ("enabled", .bool(component.isEnabled)),
            ("editable", .bool(isEditable(component))),
            ("error", component.validationError.map { .string($0) } ?? .null),
            ("events", .array(component.type.events.map { .string($0) })),
            ("attributes", .object(attributes)),
            ("text", component.type.valueAttribute == nil ? .null : .string(page.textForValue(in: component))),
            ("accessibility", component.accessibility.jsonValue),
            ("children", .array(component.children.map { self.component($0, ids: ids, page: page) })),
        ])
        if page.mask(of: component) != nil { described["masked"] = .bool(true) }
        return .object(described)
    }

    /// Whether a person can change the component's value: it has a two-way value that is a literal
    /// or bound to a plain `$data`/`$global` path (a computed value binds one way).
    @MainActor
    static func isEditable(_ component: PageComponent) -> Bool {
        guard let name = component.type.valueAttribute, component.type.attributes.contains(where: { $0.name == name && $0.twoWay }) else { return false }
        switch component.node.attributes[name]?.content {
        case .expression(let expression)?: return expression.assignablePath != nil
        case .template?: return false
        default: return true
        }
    }

    static func question(_ question: PreviewHost.Question) -> PageValue {
        .object(PageObject([
            ("id", .int(Int64(question.id))),
            ("kind", .string(question.kind.rawValue)),
            ("title", .string(question.title)),
            ("message", .string(question.message)),
            ("options", .array(question.options.map { .string($0) })),
            ("selected", question.selected.map { .int(Int64($0)) } ?? .null),
            ("page", .string(question.page)),
        ]))
    }

    /// A problem found in a file: where it is, what it says, and the line `check` would print.
    static func problem(_ diagnostic: PageDiagnostic) -> PageValue {
        guard case .object(var object) = diagnostic.jsonValue else { return diagnostic.jsonValue }
        object["text"] = .string(ToolText.located(diagnostic))
        return .object(object)
    }

    /// One request with the answer it got, numbered for the browser's list.
    static func request(_ request: SentRequest, number: Int) -> PageValue {
        guard case .object(var object) = request.jsonValue else { return request.jsonValue }
        object["n"] = .int(Int64(number))
        object["response"] = request.response.map(\.jsonValue) ?? .null
        return .object(object)
    }

    @MainActor
    static func session(_ session: PageSession) -> PageValue {
        .object(PageObject([
            ("id", .string(session.document.id)),
            ("title", .string(session.title)),
            ("file", session.document.file.map { .string($0) } ?? .null),
        ]))
    }
}
