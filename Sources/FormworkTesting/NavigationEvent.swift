/// One navigation a test can assert: a page pushed, popped or left with back, a value handed
/// back with `response`, a native route.
public struct NavigationEvent: Sendable, Equatable {
    /// What kind of navigation happened.
    public enum Kind: String, Sendable {
        /// A page was pushed on top (`page`, with `value` = its params).
        case push
        /// A page closed itself with `pop`.
        case pop
        /// The person went back from `page`.
        case back
        /// `page` handed `value` back to its opener.
        case response
        /// A native screen or an event URL was opened (`page` = the URL).
        case route
    }

    /// Push, pop, back, response or route.
    public let kind: Kind
    /// The page pushed, popped, left or responding; the URL for `route`.
    public let page: String
    /// The page it happened from (the opener for a push).
    public let from: String?
    /// A push's params, a response's value; null otherwise.
    public let value: PageValue

    /// An event of `kind` on `page`, from the page `from`, carrying `value`.
    public init(kind: Kind, page: String, from: String?, value: PageValue = .null) {
        self.kind = kind
        self.page = page
        self.from = from
        self.value = value
    }

    /// `{kind, page, from, value}`, as flows read it (`navigation[-1].page`).
    public var jsonValue: PageValue {
        .object(PageObject([("kind", .string(kind.rawValue)), ("page", .string(page)), ("from", from.map { .string($0) } ?? .null), ("value", value)]))
    }
}
