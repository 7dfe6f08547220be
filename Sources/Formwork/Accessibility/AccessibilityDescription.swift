/// How one component is announced: what a SwiftUI or UIKit host gives its accessibility
/// modifiers, what a browser host writes as ARIA, what `formwork render --a11y` prints. The
/// engine derives it from what the component says (an input's `title` is its name, a `switch`'s
/// value is "On" or "Off", a `section`'s header is a heading) and from the page's
/// `accessibility` attribute (Grammar 2.21); a host maps it with no logic of its own.
///
/// ```swift
/// let spicy = session.component("spicy")!.accessibility
/// spicy.name    // "Spicy"
/// spicy.role    // .switch
/// spicy.value   // "On"
/// ```
public struct AccessibilityDescription: Sendable, Equatable {
    /// The accessible name: what is read first ("Name", "Save").
    public var name: String
    /// What it is.
    public var role: AccessibilityRole
    /// Its value or state as announced ("On", "Mapo tofu", "3"); nil when it has none.
    public var value: String?
    /// What happens when it is used, read after a pause; nil when there is none.
    public var hint: String?
    /// The validation message shown under it, read with it; nil when it is valid.
    public var error: String?
    /// The heading level (1 is the page's title; a section's header is 2, a section inside it 3);
    /// nil when it is not a heading.
    public var headingLevel: Int?
    /// Whether assistive technology skips it (and its children): hidden on the page, or
    /// `accessibility.hidden`, or a decorative image.
    public var isHidden: Bool
    /// Whether it is read as one element with its children (`accessibility.group`): a row of a
    /// label and a value is one stop, not two.
    public var isGroup: Bool
    /// Whether the person can use it (false: announced "dimmed"/"disabled").
    public var isEnabled: Bool
    /// Whether it must be filled in (it has a `required` validation).
    public var isRequired: Bool

    /// A description; every member but `name` and `role` has the value of a plain, valid,
    /// enabled, optional component.
    public init(name: String, role: AccessibilityRole, value: String? = nil, hint: String? = nil, error: String? = nil, headingLevel: Int? = nil,
                isHidden: Bool = false, isGroup: Bool = false, isEnabled: Bool = true, isRequired: Bool = false) {
        self.name = name
        self.role = role
        self.value = value
        self.hint = hint
        self.error = error
        self.headingLevel = headingLevel
        self.isHidden = isHidden
        self.isGroup = isGroup
        self.isEnabled = isEnabled
        self.isRequired = isRequired
    }

    /// As JSON, the way `formwork render --format json` and the preview write it: `name`, `role`,
    /// `hidden`, `group`, `enabled` and `required` always; `value`, `hint`, `error` and `heading`
    /// only when there is one.
    ///
    /// ```json
    /// {"name": "Spicy", "role": "switch", "value": "On", "hidden": false, "group": false, "enabled": true, "required": false}
    /// ```
    public var jsonValue: PageValue {
        var object = PageObject([("name", .string(name)), ("role", .string(role.rawValue))])
        if let value { object["value"] = .string(value) }
        if let hint { object["hint"] = .string(hint) }
        if let error { object["error"] = .string(error) }
        if let headingLevel { object["heading"] = .int(Int64(headingLevel)) }
        object["hidden"] = .bool(isHidden)
        object["group"] = .bool(isGroup)
        object["enabled"] = .bool(isEnabled)
        object["required"] = .bool(isRequired)
        return .object(object)
    }
}
