import Formwork

/// Draws a live page as a screen reader reads it (`formwork render --a11y`): one line per element
/// in reading order — its role, name, value, state, hint and error — with headings and their
/// levels, from the engine's `AccessibilityDescription`s. Hidden elements are left out; a group
/// read as one element is one line.
///
/// ```
/// heading level 1: Edit dish
/// heading level 2: Basic info
/// text field: Name, value "Mapo tofu", required
/// text field: Price, required, invalid: "This field is required"
/// button: Save
/// ```
@MainActor
enum PageA11yRenderer {
    static func render(_ session: PageSession) -> String {
        var lines = ["heading level 1: " + session.title]
        for component in session.components { read(component, into: &lines) }
        if !session.announcements.isEmpty {
            lines.append("")
            for announcement in session.announcements {
                lines.append("announced (\(announcement.politeness.rawValue)): \(announcement.message)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func read(_ component: PageComponent, into lines: inout [String]) {
        let description = component.accessibility
        guard !description.isHidden else { return }
        if description.isGroup {
            var names = description.name.isEmpty ? [] : [description.name]
            for inner in component.allComponents.dropFirst() {
                let innerDescription = inner.accessibility
                if !innerDescription.isHidden, !innerDescription.name.isEmpty { names.append(innerDescription.name) }
                if !innerDescription.isHidden, let value = innerDescription.value { names.append(value) }
            }
            var merged = description
            merged.name = names.joined(separator: ", ")
            lines.append(line(merged))
            return
        }
        if let level = description.headingLevel, description.role != .heading, !description.name.isEmpty {
            lines.append("heading level \(level): \(description.name)")
        } else if description.role == .heading {
            lines.append(line(description))
        } else if !(description.name.isEmpty && description.value == nil && [.group, .list, .status, .none].contains(description.role)) {
            lines.append(line(description))
        }
        for child in component.children { read(child, into: &lines) }
    }

    /// `text field: Price, value "12.5", required, dimmed, invalid: "Enter a price", hint: "…"`.
    static func line(_ description: AccessibilityDescription) -> String {
        var parts: [String] = []
        if !description.name.isEmpty { parts.append(description.name) } else { parts.append("(no name)") }
        if let value = description.value { parts.append("value \"\(value)\"") }
        if description.isRequired { parts.append("required") }
        if !description.isEnabled { parts.append("dimmed") }
        if let error = description.error { parts.append("invalid: \"\(error)\"") }
        if let hint = description.hint { parts.append("hint: \"\(hint)\"") }
        return spoken(description) + ": " + parts.joined(separator: ", ")
    }

    private static func spoken(_ description: AccessibilityDescription) -> String {
        switch description.role {
        case .heading: return "heading level \(description.headingLevel ?? 2)"
        case .textField: return "text field"
        case .textArea: return "text area"
        case .radioGroup: return "radio group"
        case .picker: return "pop-up button"
        case .none: return "element"
        default: return description.role.rawValue
        }
    }
}
