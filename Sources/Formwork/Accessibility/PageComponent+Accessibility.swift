/// The accessibility stage: one description per live component, computed when a host asks,
/// from the component's type (`ComponentType.accessibility`), its attributes and the page's
/// `accessibility` attribute. Nothing is computed while a page opens or updates.
extension PageComponent {
    /// How assistive technology announces this component, from its current attributes: read it
    /// again after a change (`observe`) to keep a view's accessibility current.
    ///
    /// ```swift
    /// session.component("price")?.accessibility
    /// // AccessibilityDescription(name: "Price", role: .textField, value: "12.5", error: "Enter a price", isRequired: true, …)
    /// ```
    public var accessibility: AccessibilityDescription {
        let defaults = type.accessibility
        let stated = statedAccessibility
        let statedRole = stated?["role"]?.stringValue.flatMap(AccessibilityRole.init(pageName:))
        let statedHeading = stated?["heading"]?.intValue.map { Int(clamping: $0) }
        var role = statedRole ?? defaults.role
        if statedHeading != nil, statedRole == nil, role == .text { role = .heading }
        let name = nonEmpty(stated?["label"]) ?? defaults.nameAttribute.flatMap { nonEmpty(attributes[$0]) } ?? ""
        let decorative = stated?["decorative"]?.isTruthy == true
        var description = AccessibilityDescription(name: name, role: role)
        description.value = nonEmpty(stated?["value"]) ?? announcedValue(role: role)
        description.hint = nonEmpty(stated?["hint"])
        description.error = validationError
        description.headingLevel = statedHeading ?? (defaults.namesHeading && !name.isEmpty ? headingDepth + 1 : (role == .heading ? 2 : nil))
        description.isHidden = isHidden || decorative || isHiddenFromAssistiveTechnology
        description.isGroup = stated?["group"]?.isTruthy == true
        description.isEnabled = isEnabled
        description.isRequired = node.validations.contains { $0.typeID == "required" }
        return description
    }

    /// The page's `accessibility` object, when the engine reads it for this type.
    private var statedAccessibility: PageObject? {
        guard type.engineReads("accessibility") else { return nil }
        return attributes["accessibility"]?.objectValue
    }

    /// Whether it or an ancestor says `accessibility.hidden`.
    private var isHiddenFromAssistiveTechnology: Bool {
        var current: PageComponent? = self
        while let component = current {
            if component.statedAccessibility?["hidden"]?.isTruthy == true { return true }
            current = component.parent
        }
        return false
    }

    /// How many headings enclose it, the page's title included: 1 at the top of the page.
    private var headingDepth: Int {
        var depth = 1
        var current = parent
        while let component = current {
            let defaults = component.type.accessibility
            if let level = component.statedAccessibility?["heading"]?.intValue {
                return depth + Int(clamping: level) - 1
            }
            if defaults.namesHeading, defaults.nameAttribute.flatMap({ nonEmpty(component.attributes[$0]) }) != nil { depth += 1 }
            current = component.parent
        }
        return depth
    }

    /// Its value as announced for `role`: "On"/"Off" for a switch, the chosen option's title for
    /// a picker (the chosen titles, for an array of them), a slider's `valueLabel`, the names of attached files, the text
    /// of anything else; nil when it has none (or it is secure text).
    private func announcedValue(role: AccessibilityRole) -> String? {
        guard let value, !value.isNull else { return role == .status ? statusValue : nil }
        switch role {
        case .switch: return value.isTruthy ? "On" : "Off"
        case .checkbox: return value.isTruthy ? "Checked" : "Not checked"
        case .picker, .radioGroup: return chosenText(value)
        case .group where attributes["options"] != nil: return chosenText(value)
        case .slider:
            return nonEmpty(attributes["valueLabel"]) ?? nonEmpty(value)
        case .button where value.arrayValue != nil:
            let names = (value.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
            return names.isEmpty ? nil : names.joined(separator: ", ")
        default:
            // NB: a secure field's text is never read out.
            if attributes["secure"]?.isTruthy == true { return nil }
            return nonEmpty(value)
        }
    }

    /// What is chosen among `options`: the chosen option's title (the titles, for an array of
    /// values); the value itself when no option has it (a rating's number of stars).
    private func chosenText(_ value: PageValue) -> String? {
        let options = (attributes["options"]?.arrayValue ?? []).map(PickerOption.init)
        if let chosen = value.arrayValue {
            let titles = options.filter { chosen.contains($0.value) }.map(\.title)
            return titles.isEmpty ? nil : titles.joined(separator: ", ")
        }
        return options.first { $0.value == value }?.title ?? nonEmpty(value)
    }

    /// A `status`'s state other than `normal` (`loading`, `error`, `empty`).
    private var statusValue: String? {
        guard case .switched(let state) = type.layout, let current = attributes[state]?.stringValue, current != "normal" else { return nil }
        return current
    }

    private func nonEmpty(_ value: PageValue?) -> String? {
        guard let value, !value.isNull else { return nil }
        let text = value.displayText
        return text.isEmpty ? nil : text
    }
}
