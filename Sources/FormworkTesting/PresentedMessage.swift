/// Something the page showed the person: an alert, a toast, a confirmation or a picker.
public struct PresentedMessage: Sendable, Equatable {
    /// How it was shown.
    public enum Kind: String, Sendable {
        /// An alert, waiting for the person to dismiss it.
        case alert
        /// A toast, gone by itself.
        case toast
        /// A question with yes and no.
        case confirm
        /// A list of options to choose from.
        case picker
    }

    /// An alert, a toast, a confirmation or a picker.
    public let kind: Kind
    /// Its title; empty for a toast.
    public let title: String
    /// Its text (a picker's title, a toast's message).
    public let message: String
    /// The page that showed it.
    public let page: String

    /// A message of `kind` that `page` showed.
    public init(kind: Kind, title: String, message: String, page: String) {
        self.kind = kind
        self.title = title
        self.message = message
        self.page = page
    }

    /// `{kind, title, message, page}`, as flows read it (`alert.message`).
    public var jsonValue: PageValue {
        .object(PageObject([("kind", .string(kind.rawValue)), ("title", .string(title)), ("message", .string(message)), ("page", .string(page))]))
    }
}
