import Formwork

/// Draws a live page as text: the title, sections, fields with their values and inline errors,
/// buttons. Hidden components are left out; disabled ones are marked.
///
/// ```
/// Edit dish
/// ═════════
/// ▌ Basic info
///   Name [name]: Mapo tofu
///   Price [price]: (empty)
///     ! This field is required
///   [ Save ] (save)
/// ```
@MainActor
enum PageTextRenderer {
    static func render(_ session: PageSession) -> String {
        var lines: [String] = []
        let title = session.title
        lines.append(title)
        lines.append(String(repeating: "═", count: max(3, title.count)))
        for component in session.components { draw(component, indent: 0, into: &lines) }
        return lines.joined(separator: "\n")
    }

    private static func text(_ value: PageValue?) -> String {
        guard let value, !value.isNull else { return "" }
        return value.displayText
    }

    private static func draw(_ component: PageComponent, indent: Int, into lines: inout [String]) {
        if component.type.engineReads("hidden"), component.attributes["hidden"]?.isTruthy == true { return }
        let pad = String(repeating: "  ", count: indent)
        let key = component.key.map { " [\($0)]" } ?? ""
        let disabled = component.type.engineReads("enabled") && component.attributes["enabled"]?.isTruthy == false ? " (disabled)" : ""
        let a = component.attributes
        switch component.type.id {
        case "section":
            if !text(a["header"]).isEmpty { lines.append(pad + "▌ " + text(a["header"])) }
            for child in component.children { draw(child, indent: indent + 1, into: &lines) }
            if !text(a["footer"]).isEmpty { lines.append(pad + "  " + text(a["footer"])) }
        case "group":
            if !text(a["title"]).isEmpty { lines.append(pad + text(a["title"])) }
            for child in component.children { draw(child, indent: indent + (text(a["title"]).isEmpty ? 0 : 1), into: &lines) }
        case "status":
            let state = text(a["state"])
            if state != "normal" && !state.isEmpty { lines.append(pad + "(\(state))") }
            for child in component.children { draw(child, indent: indent, into: &lines) }
        case "list":
            if component.children.isEmpty { lines.append(pad + "(no items)" + key) }
            for child in component.children { draw(child, indent: indent, into: &lines) }
        case "label":
            lines.append(pad + text(a["text"]) + key)
        case "button":
            lines.append(pad + "[ " + text(a["title"]) + " ]" + (component.key.map { " (\($0))" } ?? "") + disabled)
        case "image":
            lines.append(pad + "[image " + (text(a["alt"]).isEmpty ? text(a["url"]) : text(a["alt"])) + "]" + key)
        default:
            if component.type.valueAttribute != nil {
                var value = text(component.value)
                switch component.type.id {
                case "switch": value = component.value?.isTruthy == true ? "on" : "off"
                case "select":
                    let options = (a["options"]?.arrayValue ?? []).map(PickerOption.init)
                    value = options.first { $0.value == (component.value ?? .null) }?.title ?? value
                    value += " ▸"
                case "text-field" where a["secure"]?.isTruthy == true: value = String(repeating: "•", count: value.count)
                case "file": value = attachments(component.value)
                default: break
                }
                if component.type.id == "file", value.isEmpty {
                    value = "(no file) 📎"
                } else if text(component.value).isEmpty, component.type.id != "switch" {
                    value = text(a["placeholder"]).isEmpty ? "(empty)" : "(\(text(a["placeholder"])))" + (component.type.id == "select" ? " ▸" : "")
                }
                lines.append(pad + (text(a["title"]).isEmpty ? component.type.id : text(a["title"])) + key + ": " + value + disabled)
            } else {
                // A host's own component without a value: its title (or id) and its other attributes.
                let shown = component.node.attributes.names.filter { $0 != "title" }.compactMap { name in a[name].map { "\(name)=\($0.preview())" } }
                let title = text(a["title"]).isEmpty ? "" : text(a["title"]) + " "
                lines.append(pad + title + "<\(component.type.id)\(key)>" + (shown.isEmpty ? "" : " " + shown.joined(separator: " ")) + disabled)
                for child in component.children { draw(child, indent: indent + 1, into: &lines) }
            }
        }
        if let error = component.validationError {
            lines.append(pad + "  ! " + error)
        }
    }

    /// A file input's attachments: `receipt.jpg (image/jpeg, 48 KiB), notes.pdf (application/pdf, 3 KiB) 📎`.
    static func attachments(_ value: PageValue?) -> String {
        let files = value?.arrayValue ?? []
        guard !files.isEmpty else { return "" }
        return files.map { file in
            let size = file["size"]?.intValue.map { PageLimits.describe(bytes: Int(clamping: $0)) } ?? "?"
            return text(file["name"]) + " (" + text(file["type"]) + ", " + size + ")"
        }.joined(separator: ", ") + " 📎"
    }

    /// The component tree as JSON, for snapshots and tools.
    static func json(_ session: PageSession) -> PageValue {
        .object(PageObject([
            ("page", .string(session.document.id)), ("title", .string(session.title)),
            ("data", session.data), ("components", .array(session.components.map(json))),
        ]))
    }

    private static func json(_ component: PageComponent) -> PageValue {
        var object = PageObject([("type", .string(component.type.id))])
        if let key = component.key { object["key"] = .string(key) }
        var attributes = PageObject()
        for spec in component.type.attributes where !spec.type.holdsNodes {
            attributes[spec.name] = component.attributes[spec.name] ?? .null
        }
        object["attributes"] = .object(attributes)
        object["hidden"] = .bool(component.isHidden)
        object["enabled"] = .bool(component.isEnabled)
        if let error = component.validationError { object["error"] = .string(error) }
        if !component.children.isEmpty { object["components"] = .array(component.children.map(json)) }
        return .object(object)
    }
}
