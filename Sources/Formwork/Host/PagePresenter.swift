/// Shows the small dialogs actions ask for.
@MainActor
public protocol PagePresenter: AnyObject {
    /// Let the person choose one option. Return its index, or nil when they cancel.
    func pick(_ request: PickerRequest) async -> Int?
    /// Ask yes or no. Return false when they decline or cancel.
    func confirm(title: String, message: String) async -> Bool
    /// Show a message and wait until it is dismissed.
    func alert(title: String, message: String) async
    /// Show a short message that goes away by itself.
    func toast(_ message: String)
    /// Have assistive technology say `announcement` (a failed `validate`, a toast, a `status`
    /// turning to loading or error): `UIAccessibility.post(notification: .announcement, …)`, an
    /// ARIA live region. Does nothing unless the presenter implements it.
    func announce(_ announcement: PageAnnouncement)
    /// Move assistive technology's focus to `component` (the first invalid field after a failed
    /// `validate`): `UIAccessibility.post(notification: .layoutChanged, argument: view)`,
    /// `@AccessibilityFocusState`, `element.focus()`. Does nothing unless the presenter
    /// implements it.
    func moveFocus(to component: PageComponent)
}

extension PagePresenter {
    /// Says nothing: a presenter that doesn't implement `announce(_:)`.
    public func announce(_ announcement: PageAnnouncement) {}
    /// Moves nothing: a presenter that doesn't implement `moveFocus(to:)`.
    public func moveFocus(to component: PageComponent) {}
}

/// What a `picker` (or a `select` being tapped) asks the person.
public struct PickerRequest: Sendable, Equatable {
    /// What the picker asks, shown above the options.
    public let title: String
    /// The choices, in the order shown.
    public let options: [PickerOption]
    /// The index of the currently selected option, if any.
    public let selected: Int?

    /// A picker titled `title` offering `options`, with `selected` chosen (nil: none).
    public init(title: String, options: [PickerOption], selected: Int?) {
        self.title = title
        self.options = options
        self.selected = selected
    }
}

/// One choice: the text shown and the value chosen.
public struct PickerOption: Sendable, Equatable {
    /// The text shown.
    public let title: String
    /// The value the chain gets when the person chooses it.
    public let value: PageValue

    /// A choice showing `title` and giving `value`.
    public init(title: String, value: PageValue) {
        self.title = title
        self.value = value
    }

    /// Reads `"Spicy"` or `{ "title": "Spicy", "value": 2 }`.
    public init(_ raw: PageValue) {
        if case .object(let object) = raw {
            let value = object["value"] ?? object["id"] ?? raw
            self.init(title: (object["title"] ?? object["label"] ?? object["name"] ?? value).displayText, value: value)
        } else {
            self.init(title: raw.displayText, value: raw)
        }
    }
}

/// A presenter for hosts without a screen: pickers and confirmations are cancelled, alerts and
/// toasts are dropped. Use a real presenter, or FormworkTesting's scripted one, to answer them.
@MainActor
public final class SilentPresenter: PagePresenter {
    /// A presenter that answers nothing.
    public init() {}
    /// Cancels the picker: nil.
    public func pick(_ request: PickerRequest) async -> Int? { nil }
    /// Declines: false.
    public func confirm(title: String, message: String) async -> Bool { false }
    /// Drops the alert.
    public func alert(title: String, message: String) async {}
    /// Drops the toast.
    public func toast(_ message: String) {}
}
