/// One line of what happened on a page: actions run, requests sent, navigation, store writes.
/// `formwork run` prints them; tests read them.
public struct PageTraceEvent: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case action, request, response, navigation, store, present, validation, error, event
    }

    public let page: String
    public let kind: Kind
    public let text: String

    public var description: String { "[\(page)] \(kind.rawValue): \(text)" }
}
