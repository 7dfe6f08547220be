import Testing
@testable import Formwork

// A session keeps its last update's scope for the next update (`UpdateScope.release()`), but
// not the stores or the last component's variables in it: a scope still holding `$data` would
// make the next write find the store's storage shared and copy it, and one holding `$state`,
// `$item` or `$value` would keep a component's values alive after the component changed.
// NB: @testable for the kept scope (`PageSession.spareScope`).

@Suite("The scope a session keeps between updates")
@MainActor
struct KeptScopeTests {
    /// A label reading `$data.n` and an element of `$data.items`, 100 objects long.
    nonisolated static let itemsPage = #"""
    {"page": "kept-scope", "data": {"n": 1, "items": [\#((0..<100).map { #"{"qty": \#($0)}"# }.joined(separator: ","))]},
     "components": [{"id": "label", "key": "sum", "attributes": {"text": {"template": "${$data.n} ${$data.items[3].qty}"}}}]}
    """#

    /// Where `$data.items`' elements are stored now.
    static func itemsAddress(_ session: PageSession) -> Int {
        session.data["items"]?.arrayValue?.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } ?? 0
    }

    /// An edit, then a write below `$data.items`: the second write changes the array in place,
    /// as it does on a page that had no update before it.
    /// NB: a first write below `items` copies the array once (the page's document shares `$data`
    /// as the page file gave it); the writes after it must not.
    @Test func aWriteAfterAnUpdateDoesNotCopyTheStore() throws {
        let session = try PageEngine(registry: .standard).open(try EnginePages.load(Self.itemsPage))
        defer { session.close() }
        try session.set(0, at: StorePath(.data, [.key("items"), .index(0), .key("qty")]))
        try session.set(2, at: StorePath(.data, [.key("n")]))
        #expect(session.component("sum")?.attributes["text"] == "2 3")
        let before = Self.itemsAddress(session)
        try session.set(-1, at: StorePath(.data, [.key("items"), .index(3), .key("qty")]))
        #expect(Self.itemsAddress(session) == before, "the write copied $data.items: something still held $data")
        #expect(session.component("sum")?.attributes["text"] == "2 -1")
    }

    /// After edits that evaluate bindings in rows, on fields and in a block instance (`$item`,
    /// `$index`, `$value`, `$state`), the kept scope holds none of the stores that change and
    /// none of those variables.
    /// NB: `UpdateScopeEquivalenceTests.page` has no computed values; `aPageWithComputedValues…`
    /// below checks that a `$computed` that changes isn't kept.
    @Test(arguments: ["n", "rows", "a"])
    func theKeptScopeHoldsNoStoreAndNoComponentsVariables(_ key: String) throws {
        let session = try PageEngine(registry: .standard).open(try EnginePages.load(UpdateScopeEquivalenceTests.page))
        defer { session.close() }
        let value: PageValue = key == "n" ? 7 : key == "rows" ? .array([.object(PageObject([("k", "z")]))]) : .object(PageObject([("street", "Side 2")]))
        try session.set(value, at: StorePath(.data, [.key(key)]))
        try session.set(8, at: StorePath(.data, [.key("n")]))
        let kept = try #require(session.spareScope, "no scope kept after an update").scope
        for (name, held) in [("$data", kept.data), ("$global", kept.global), ("$page", kept.page),
                             ("$item", kept.item), ("$index", kept.index), ("$value", kept.value), ("$state", kept.state)] {
            #expect(held.isNull, "the kept scope still holds \(name): \(held.jsonText)")
        }
        // `$computed` of a page without computed values never changes: it is kept, as `$param` is.
        #expect(kept.computed == session.computed, "the kept scope holds \(kept.computed.jsonText) for $computed")
        #expect(session.component("last")?.attributes["text"] == "none none none 8")
    }

    /// A page with a computed value: the kept scope doesn't hold `$computed` (the next update
    /// reads it afresh), and a binding reading it follows each write.
    @Test func aPageWithComputedValuesDoesNotKeepComputed() throws {
        let session = try PageEngine(registry: .standard).open(try EnginePages.load("""
        {"page": "kept-computed", "data": {"n": 1}, "computed": {"twice": "$data.n * 2"},
         "components": [{"id": "label", "key": "out", "attributes": {"text": {"template": "${$computed.twice} ${$data.n}"}}}]}
        """))
        defer { session.close() }
        for n in [2, 3, 4] {
            try session.set(.int(Int64(n)), at: StorePath(.data, [.key("n")]))
            #expect(session.component("out")?.attributes["text"] == .string("\(n * 2) \(n)"))
            let kept = try #require(session.spareScope, "no scope kept after an update").scope
            #expect(kept.computed.isNull, "the kept scope still holds $computed: \(kept.computed.jsonText)")
        }
    }
}
