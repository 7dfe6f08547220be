/// Something the engine asks assistive technology to say, without moving focus: a failed
/// `validate` ("2 fields need attention: Name, Price"), a toast, a `status` turning to
/// `loading` or `error`. The host hears each one through its presenter
/// (`PagePresenter.announce(_:)`) and posts it (`UIAccessibility.post(notification:
/// .announcement, …)`, `AccessibilityNotification.Announcement`, an ARIA live region); the
/// session keeps the latest ones (`PageSession.announcements`) for flows and tools.
///
/// ```swift
/// session.announcements.last?.message     // "Saved"
/// session.announcements.last?.kind        // .toast
/// session.announcements.last?.politeness  // .polite
/// ```
public struct PageAnnouncement: Sendable, Equatable {
    /// What set it off.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A `validate` failed: the message counts and names the invalid fields.
        case validation
        /// A toast was shown.
        case toast
        /// A `status` changed to `loading` ("Loading").
        case loading
        /// A `status` changed to `error`.
        case error
    }

    /// How urgently it is said.
    public enum Politeness: String, Sendable, Equatable, CaseIterable {
        /// After what is being read now (`aria-live="polite"`).
        case polite
        /// At once, interrupting (`aria-live="assertive"`).
        case assertive
    }

    /// The text to say.
    public let message: String
    /// What set it off.
    public let kind: Kind
    /// How urgently.
    public let politeness: Politeness
    /// The key of the component it is about (the `status` that changed, the first invalid
    /// field); nil when it is about the page.
    public let component: String?

    /// An announcement of `message`.
    public init(_ message: String, kind: Kind, politeness: Politeness, component: String? = nil) {
        self.message = message
        self.kind = kind
        self.politeness = politeness
        self.component = component
    }

    /// As JSON, as `formwork render --format json` and the preview write it:
    /// `{"message": "Saved", "kind": "toast", "politeness": "polite"}` (with `"component"` when
    /// it is about one).
    public var jsonValue: PageValue {
        var object = PageObject([("message", .string(message)), ("kind", .string(kind.rawValue)), ("politeness", .string(politeness.rawValue))])
        if let component { object["component"] = .string(component) }
        return .object(object)
    }
}
