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
        for component in session.components { draw(component, indent: 0, into: &lines, session: session) }
        return lines.joined(separator: "\n")
    }

    private static func text(_ value: PageValue?) -> String {
        guard let value, !value.isNull else { return "" }
        return value.displayText
    }

    private static func draw(_ component: PageComponent, indent: Int, into lines: inout [String], session: PageSession) {
        if component.type.engineReads("hidden"), component.attributes["hidden"]?.isTruthy == true { return }
        let pad = String(repeating: "  ", count: indent)
        let key = component.key.map { " [\($0)]" } ?? ""
        let disabled = component.type.engineReads("enabled") && component.attributes["enabled"]?.isTruthy == false ? " (disabled)" : ""
        let a = component.attributes
        switch component.type.id {
        case "section":
            if !text(a["header"]).isEmpty { lines.append(pad + "▌ " + text(a["header"])) }
            for child in component.children { draw(child, indent: indent + 1, into: &lines, session: session) }
            if !text(a["footer"]).isEmpty { lines.append(pad + "  " + text(a["footer"])) }
        case "group":
            if !text(a["title"]).isEmpty { lines.append(pad + text(a["title"])) }
            for child in component.children { draw(child, indent: indent + (text(a["title"]).isEmpty ? 0 : 1), into: &lines, session: session) }
        case "status":
            let state = text(a["state"])
            if state != "normal" && !state.isEmpty { lines.append(pad + "(\(state))") }
            for child in component.children { draw(child, indent: indent, into: &lines, session: session) }
        case "list":
            if component.children.isEmpty { lines.append(pad + "(no items)" + key) }
            for child in component.children { draw(child, indent: indent, into: &lines, session: session) }
        case "label":
            lines.append(pad + text(a["text"]) + key)
        case "button":
            lines.append(pad + "[ " + text(a["title"]) + " ]" + (component.key.map { " (\($0))" } ?? "") + disabled)
        case "image":
            lines.append(pad + "[image " + (text(a["alt"]).isEmpty ? text(a["url"]) : text(a["alt"])) + "]" + key)
        default:
            if component.type.valueAttribute != nil {
                var value = text(component.value)
                // A masked field shows its masked text (the store has the raw value).
                if session.mask(of: component) != nil { value = session.textForValue(in: component) }
                switch component.type.id {
                case "switch": value = component.value?.isTruthy == true ? "on" : "off"
                case "select":
                    let options = (a["options"]?.arrayValue ?? []).map(PickerOption.init)
                    value = options.first { $0.value == (component.value ?? .null) }?.title ?? value
                    value += " ▸"
                case "text-field" where a["secure"]?.isTruthy == true: value = String(repeating: "•", count: value.count)
                case "file": value = attachments(component.value)
                default:
                    if let choice = choiceText(component, session.engine.registry) { value = choice }
                }
                if component.type.id == "file", value.isEmpty {
                    value = "(no file) 📎"
                } else if text(component.value).isEmpty, component.type.id != "switch", choiceText(component, session.engine.registry) == nil {
                    value = text(a["placeholder"]).isEmpty ? "(empty)" : "(\(text(a["placeholder"])))" + (component.type.id == "select" ? " ▸" : "")
                }
                lines.append(pad + (text(a["title"]).isEmpty ? component.type.id : text(a["title"])) + key + ": " + value + disabled)
            } else {
                // A host's own component without a value: its title (or id) and its other attributes.
                let shown = component.node.attributes.names.filter { $0 != "title" }.compactMap { name in a[name].map { "\(name)=\($0.preview())" } }
                let title = text(a["title"]).isEmpty ? "" : text(a["title"]) + " "
                lines.append(pad + title + "<\(component.type.id)\(key)>" + (shown.isEmpty ? "" : " " + shown.joined(separator: " ")) + disabled)
                for child in component.children { draw(child, indent: indent + 1, into: &lines, session: session) }
            }
        }
        if let error = component.validationError {
            lines.append(pad + "  ! " + error)
        }
    }

    /// The engine's choice inputs (level 2) drawn as a person sees them; nil for any other
    /// component, an app's own `rating` included.
    ///
    /// ```
    /// Stars [stars]: ★★★★☆ 4/5
    /// Visit [visit]: (•) First time  ( ) Again
    /// Size [size]: | S | [M] | L |
    /// Liked [liked]: [x] Food  [ ] Service  [x] Music
    /// Noise [noise]: 0 ├───●──────┤ 10  3.5
    /// ```
    private static func choiceText(_ component: PageComponent, _ registry: Registry) -> String? {
        let id = component.type.id, a = component.attributes, value = component.value ?? .null
        guard ["rating", "radio", "segmented", "checkboxes", "slider"].contains(id), !registry.components.isApps(id) else { return nil }
        let options = (a["options"]?.arrayValue ?? []).map(PickerOption.init)
        switch id {
        case "rating":
            let max = Int(a["max"]?.intValue ?? 5), stars = value.doubleValue ?? 0
            let drawn = (1...Swift.max(max, 1)).map { Double($0) <= stars ? "★" : Double($0) - 0.5 <= stars ? "½" : "☆" }.joined()
            return drawn + (value.isNull ? " (not rated)" : " \(value.displayText)/\(max)")
        case "radio":
            return options.map { ($0.value == value ? "(•) " : "( ) ") + $0.title }.joined(separator: "  ")
        case "segmented":
            return "| " + options.map { $0.value == value ? "[\($0.title)]" : $0.title }.joined(separator: " | ") + " |"
        case "checkboxes":
            let chosen = value.arrayValue ?? []
            return options.map { (chosen.contains($0.value) ? "[x] " : "[ ] ") + $0.title }.joined(separator: "  ")
        default:
            let low = a["min"]?.doubleValue ?? 0, high = a["max"]?.doubleValue ?? 100, width = 10
            let at = value.doubleValue.map { high > low ? Int((($0 - low) / (high - low) * Double(width - 1)).rounded()) : 0 }
            let track = (0..<width).map { $0 == at ? "●" : "─" }.joined()
            let label = text(a["valueLabel"]).isEmpty ? (value.isNull ? "(empty)" : value.displayText) : text(a["valueLabel"])
            return "\(PageValue.format(low)) ├\(track)┤ \(PageValue.format(high))  \(label)"
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
            ("locale", .string(session.locale)), ("direction", .string(LocaleTag.direction(session.locale))),
            ("data", session.data), ("components", .array(session.components.map(json))),
            ("announcements", .array(session.announcements.map(\.jsonValue))),
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
        object["accessibility"] = component.accessibility.jsonValue
        if !component.children.isEmpty { object["components"] = .array(component.children.map(json)) }
        return .object(object)
    }
}
