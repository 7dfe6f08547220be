/// What a component is to assistive technology: one neutral kind that maps 1:1 onto an ARIA role
/// (`ariaRole`), UIKit's traits and SwiftUI's accessibility modifiers. Its raw value is what
/// `formwork render --format json` and the preview write (`"textField"`).
///
/// ```swift
/// AccessibilityRole.switch.rawValue    // "switch"
/// AccessibilityRole.textField.ariaRole // "textbox"
/// ```
public enum AccessibilityRole: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Something a person taps to run an action (`button`).
    case button
    /// A heading over the content that follows (a `section`'s header; `heading` in a page).
    case heading
    /// Read-only text (`label`).
    case text
    /// A picture; its name is its `alt`.
    case image
    /// One line of editable text (`text-field`, `number-field`, `date-field`).
    case textField
    /// Several lines of editable text (`text-area`).
    case textArea
    /// On or off (`switch`); its value is "On" or "Off".
    case `switch`
    /// Checked or not, one of several that may be chosen together.
    case checkbox
    /// A set of options of which one is chosen.
    case radioGroup
    /// A choice among options presented in a picker (`select`); its value is the chosen title.
    case picker
    /// A value changed in steps (`stepper`); its value is the number.
    case adjustable
    /// A value chosen on a track between a minimum and a maximum (`slider`); its value is the
    /// number, or the slider's label.
    case slider
    /// Components read together (`group`; `section` with its header as a heading).
    case group
    /// Rows repeated per item (`list`).
    case list
    /// A region whose changes are announced politely (`status`).
    case status
    /// A message that interrupts (an error shown to the person).
    case alert
    /// Nothing to announce: left out of what assistive technology reads.
    case none

    /// The ARIA role a browser host gives it; nil for plain text, which has none.
    public var ariaRole: String? {
        switch self {
        case .button: return "button"
        case .heading: return "heading"
        case .text: return nil
        case .image: return "img"
        case .textField, .textArea: return "textbox"
        case .switch: return "switch"
        case .checkbox: return "checkbox"
        case .radioGroup: return "radiogroup"
        case .picker: return "combobox"
        case .adjustable: return "spinbutton"
        case .slider: return "slider"
        case .group: return "group"
        case .list: return "list"
        case .status: return "status"
        case .alert: return "alert"
        case .none: return "presentation"
        }
    }

    /// Reads a page's `accessibility.role` (`"button"`, `"textField"`; also the ARIA spellings
    /// `"textbox"`, `"img"`, `"spinbutton"`, …); nil for a name it doesn't know.
    public init?(pageName name: String) {
        if let role = AccessibilityRole(rawValue: name) {
            self = role
        } else if let role = AccessibilityRole.allCases.first(where: { $0.ariaRole == name }) {
            self = role
        } else {
            return nil
        }
    }
}

/// What a component type says about how it is announced, in its `ComponentType`: its role and
/// which of its attributes holds its accessible name. A type that states none gets one derived
/// from its declaration (`ComponentType.accessibility`): a bool value is a switch, a number an
/// adjustable, a string a text field, an `onTap` without a value a button, children a group.
///
/// ```swift
/// registry.register(ComponentType("rating", attributes: [
///     AttributeSpec("title", .string), AttributeSpec("value", .int, twoWay: true),
/// ], valueAttribute: "value", accessibility: AccessibilityDefaults(role: .adjustable, name: "title")))
/// ```
public struct AccessibilityDefaults: Sendable, Equatable {
    /// The role its components have unless a page says otherwise.
    public var role: AccessibilityRole
    /// The attribute whose text is the accessible name (`title`, `header`, `text`, `alt`); nil
    /// when it has none (a page gives one with `accessibility.label`).
    public var nameAttribute: String?
    /// Whether its name is a heading over its children (a `section`'s header): level 2 at the
    /// top of the page, one deeper inside each such component.
    public var namesHeading: Bool

    /// A type read as `role`, named by the attribute `name`; `heading`: its name is a heading
    /// over its children.
    public init(role: AccessibilityRole, name nameAttribute: String? = nil, heading namesHeading: Bool = false) {
        self.role = role
        self.nameAttribute = nameAttribute
        self.namesHeading = namesHeading
    }

    /// What a type that states nothing gets: a bool value is a switch, a number an adjustable, a
    /// string (or any value) a text field, a value with `options` a picker; without a value,
    /// `onTap` makes a button, children a group (a list when repeated, a status when switched),
    /// else text. The name is the first of `title`, `label`, `text`, `header`, `alt` it declares.
    static func derived(for type: ComponentType) -> AccessibilityDefaults {
        let declared = Set(type.attributes.map(\.name))
        let name = ["title", "label", "text", "header", "alt"].first { declared.contains($0) }
        if let value = type.valueAttribute, let spec = type.attribute(value) {
            switch spec.type {
            case .bool: return AccessibilityDefaults(role: .switch, name: name)
            case .int, .number: return AccessibilityDefaults(role: .adjustable, name: name)
            default: return AccessibilityDefaults(role: declared.contains("options") ? .picker : .textField, name: name)
            }
        }
        switch type.layout {
        case .container: return AccessibilityDefaults(role: .group, name: name)
        case .repeated: return AccessibilityDefaults(role: .list, name: name)
        case .switched: return AccessibilityDefaults(role: .status, name: name)
        case .leaf: return AccessibilityDefaults(role: type.events.contains("onTap") ? .button : .text, name: name)
        }
    }
}
