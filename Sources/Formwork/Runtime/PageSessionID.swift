/// Which page session something belongs to: unique among the sessions a process opens (never
/// given twice, whatever engine opened them) and fixed for the session's lifetime.
///
/// A `ComponentIdentity` is unique only within its session — two open pages, or the same page
/// opened twice, both have a `save` — so `PageComponent.id` pairs it with this:
///
/// ```swift
/// let order = try engine.open(page), again = try engine.open(page)
/// order.id == again.id                                          // false
/// order.component("save")?.identity == again.component("save")?.identity   // true: "save"
/// order.component("save")?.id == again.component("save")?.id               // false
/// order.component("save")?.id.description                       // "s1/save"
/// ```
///
/// NB: numbers count up from 1 in each process, so an id means nothing once the process ends;
/// a host that saves state keeps a component's `identity`, which is written from the page.
public struct PageSessionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The session's number: 1 for the first session the process opened, 2 for the next, …
    public let number: Int

    /// `s` and the number: `s1`, `s2`, …
    public var description: String { "s\(number)" }

    /// Whether `lhs` was opened before `rhs`.
    public static func < (lhs: PageSessionID, rhs: PageSessionID) -> Bool { lhs.number < rhs.number }

    /// The last number given; sessions are made on the main actor, so no lock is needed.
    @MainActor private static var lastNumber = 0

    /// The next id of the process.
    @MainActor static func next() -> PageSessionID {
        lastNumber += 1
        return PageSessionID(number: lastNumber)
    }

    private init(number: Int) { self.number = number }
}

/// A live component's `id`: its session's id with its `ComponentIdentity`, so it is unique among
/// every component of every page of the process, not only within its page. `PageComponent` is
/// `Identifiable` and `Hashable` by it: SwiftUI's `ForEach`, a `Set` or a dictionary keyed by
/// components tell them apart correctly, where an `ObjectIdentifier` of a disposed row can come
/// back for a new one.
///
/// ```swift
/// ForEach(list.children) { row in RowView(row) }          // keyed by row.id
/// var shown: [PageComponent.ID: RowModel] = [:]            // or [PageComponent: RowModel]
/// page.component("lines")?.children.first?.id.description  // "s1/lines[sku-1].qty"
/// ```
public struct PageComponentID: Hashable, Sendable, CustomStringConvertible {
    /// The session the component lives in.
    public let session: PageSessionID
    /// Who it is in that session (`lines[sku-1].qty#2`).
    public let identity: ComponentIdentity

    /// The id of the component with `identity` in the session `session`.
    public init(session: PageSessionID, identity: ComponentIdentity) {
        self.session = session
        self.identity = identity
    }

    /// The session's id and the identity: `s1/lines[sku-1].qty#2`.
    public var description: String { "\(session)/\(identity)" }
}
