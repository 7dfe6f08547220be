/// One line of what happened on a page: actions run, requests sent, navigation, store writes.
/// `formwork run` prints them; tests read them.
///
/// NB: a store write or an edit is recorded on every change a person makes, so its line is not
/// written when it happens: the event keeps what was written where, and `text` writes the line
/// when someone reads it. Only what costs no more than its line is kept this way (a path, and a
/// value that is a number, a bool, null, or a string no longer than the preview); anything else
/// is written out at once, so a trace never keeps a large value alive.
public struct PageTraceEvent: Sendable, Equatable, CustomStringConvertible {
    /// What the line is about.
    public enum Kind: String, Sendable {
        /// An action of a chain ran: `store-var`, `api`, a host's own.
        case action
        /// A request went out (method and path).
        case request
        /// A server answered a request (status and size).
        case response
        /// A page was pushed, popped or replaced.
        case navigation
        /// A store changed: `$data.price = 12.5`.
        case store
        /// Something was presented to the person: a toast, an alert, a picker.
        case present
        /// A validation ran, with its outcome.
        case validation
        /// A chain failed, or a handler took a failure.
        case error
        /// An interaction started: `loaded`, `save.onTap`, a watcher.
        case event
    }

    /// What was assigned, for a line `target = value`.
    enum Target: Sendable {
        /// A store write: `$data.qty = 3`.
        case store(StorePath)
        /// An edit of a component's attribute: `edit qty.value = 3`.
        case edit(component: String, attribute: String)

        var text: String {
            switch self {
            case .store(let path): return path.description
            case .edit(let component, let attribute): return "edit \(component).\(attribute)"
            }
        }
    }

    private enum Content: Sendable {
        case text(String)
        /// `target = value`, the value previewed in at most `limit` characters.
        case assignment(Target, PageValue, limit: Int)
    }

    /// The id of the page it happened on.
    public let page: String
    /// What it is about.
    public let kind: Kind
    private let content: Content

    /// A line of `kind` on `page` saying `text`.
    public init(page: String, kind: Kind, text: String) {
        self.page = page
        self.kind = kind
        content = .text(text)
    }

    /// `target = value`, with `value` previewed in at most `limit` characters (`PageValue.preview`).
    init(page: String, kind: Kind, assigning value: PageValue, to target: Target, limit: Int) {
        self.page = page
        self.kind = kind
        switch value {
        case .null, .bool, .int, .number:
            content = .assignment(target, value, limit: limit)
        case .string(let string) where string.utf8.count <= limit:
            content = .assignment(target, value, limit: limit)
        case .string, .array, .object:
            content = .text(Self.line(target, value, limit: limit))
        }
    }

    /// What happened, as `formwork run` prints it.
    public var text: String {
        switch content {
        case .text(let text): return text
        case .assignment(let target, let value, let limit): return Self.line(target, value, limit: limit)
        }
    }

    /// `[page] kind: text`, as `formwork run` prints it.
    public var description: String { "[\(page)] \(kind.rawValue): \(text)" }

    /// Whether both say the same about the same page.
    public static func == (lhs: PageTraceEvent, rhs: PageTraceEvent) -> Bool {
        lhs.page == rhs.page && lhs.kind == rhs.kind && lhs.text == rhs.text
    }

    private static func line(_ target: Target, _ value: PageValue, limit: Int) -> String {
        "\(target.text) = \(value.preview(limit: limit))"
    }
}
