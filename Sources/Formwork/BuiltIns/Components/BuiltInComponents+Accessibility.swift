/// How each built-in component is announced: its role and the attribute that names it, stated
/// through `ComponentType`'s `accessibility` exactly as a host states its own types'.
extension BuiltInComponents {
    static let accessibility: [String: AccessibilityDefaults] = [
        "section": AccessibilityDefaults(role: .group, name: "header", heading: true),
        "group": AccessibilityDefaults(role: .group, name: "title"),
        "status": AccessibilityDefaults(role: .status),
        "list": AccessibilityDefaults(role: .list),
        "label": AccessibilityDefaults(role: .text, name: "text"),
        "text-field": AccessibilityDefaults(role: .textField, name: "title"),
        "text-area": AccessibilityDefaults(role: .textArea, name: "title"),
        "number-field": AccessibilityDefaults(role: .textField, name: "title"),
        "switch": AccessibilityDefaults(role: .switch, name: "title"),
        "select": AccessibilityDefaults(role: .picker, name: "title"),
        "date-field": AccessibilityDefaults(role: .textField, name: "title"),
        "stepper": AccessibilityDefaults(role: .adjustable, name: "title"),
        "button": AccessibilityDefaults(role: .button, name: "title"),
        "image": AccessibilityDefaults(role: .image, name: "alt"),
        "rating": AccessibilityDefaults(role: .radioGroup, name: "title"),
        "radio": AccessibilityDefaults(role: .radioGroup, name: "title"),
        "segmented": AccessibilityDefaults(role: .radioGroup, name: "title"),
        "checkboxes": AccessibilityDefaults(role: .group, name: "title"),
        "slider": AccessibilityDefaults(role: .slider, name: "title"),
        "file": AccessibilityDefaults(role: .button, name: "title"),
    ]
}
