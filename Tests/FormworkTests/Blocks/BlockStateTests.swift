import Foundation
import Testing
import Formwork
import FormworkTesting

/// `$state` is each instance's own: two uses, or one use in each row of a list (kept with the
/// row when the list is reordered), never see each other's (2.15).
@Suite("Blocks: $state")
@MainActor
struct BlockStateTests {
    static let counters = #"""
    {"page": "p",
     "data": {"items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]},
     "blocks": {"counter": {
       "attributes": {"name": {"type": "string"}},
       "data": {"n": 0, "open": false},
       "components": [
         {"id": "label", "key": "shown", "attributes": {"text": {"template": "${$attr.name}: ${$state.n}"}}},
         {"id": "switch", "key": "open", "attributes": {"value": {"expr": "$state.open"}}},
         {"id": "label", "key": "more", "attributes": {"text": "more", "hidden": {"expr": "!$state.open"}}},
         {"id": "button", "key": "bump", "interactions": {"onTap": [
           {"id": "store-var", "attributes": {"key": "$state.n", "value": {"expr": "$state.n + 1"}}}]}}]}},
     "components": [
       {"id": "counter", "key": "one", "attributes": {"name": "one"}},
       {"id": "counter", "key": "two", "attributes": {"name": "two"}},
       {"id": "list", "key": "rows", "attributes": {"items": {"expr": "$data.items"}, "itemKey": "id"}, "components": [
         {"id": "counter", "key": "row", "attributes": {"name": {"expr": "$item.id"}}}]}
     ]}
    """#

    @Test func eachInstanceStartsWithTheBlocksData() async throws {
        let page = try await BlockFixtures.open(Self.counters)
        defer { page.close() }
        try page.expect("component.one.shown.text", "one: 0")
        try page.expect("component.row.shown[2].text", "c: 0")
        #expect(try page.component("one").blockState == ["n": 0, "open": false])
        try page.expect("component.one.more.hidden", true)
    }

    @Test func twoUsesHaveTheirOwnState() async throws {
        let page = try await BlockFixtures.open(Self.counters)
        defer { page.close() }
        try await page.tap("one.bump")
        try await page.tap("one.bump")
        try page.expect("component.one.shown.text", "one: 2")
        try page.expect("component.two.shown.text", "two: 0")
        #expect(try page.component("one").blockState == ["n": 2, "open": false])
        #expect(try page.component("two").blockState == ["n": 0, "open": false])
        try page.expect("data", ["items": [["id": "a"], ["id": "b"], ["id": "c"]]])
    }

    /// A two-way input bound to `$state.open` writes the instance's state.
    @Test func anInputBoundToStateWritesIt() async throws {
        let page = try await BlockFixtures.open(Self.counters)
        defer { page.close() }
        try await page.set("two.open", true)
        try page.expect("component.two.more.hidden", false)
        try page.expect("component.one.more.hidden", true)
        #expect(try page.component("two").blockState["open"] == true)
    }

    @Test func eachRowHasItsOwnState() async throws {
        let page = try await BlockFixtures.open(Self.counters)
        defer { page.close() }
        try await page.tap("row.bump[1]")
        let texts = try components(page, "row.shown").map { $0.attributes["text"] }
        #expect(texts == ["a: 0", "b: 1", "c: 0"])
        try page.expect("component.one.shown.text", "one: 0")
    }

    /// A row's state stays with its item when the list is reordered by `itemKey`, and a new row
    /// starts afresh.
    @Test func aRowsStateMovesWithItsRow() async throws {
        let page = try await BlockFixtures.open(Self.counters)
        defer { page.close() }
        for _ in 0..<3 { try await page.tap("row.bump[1]") }
        try await page.set("row.open[1]", true)

        try page.current.set([["id": "b"], ["id": "d"], ["id": "a"]], at: try #require(StorePath("$data.items")))

        let texts = try components(page, "row.shown").map { $0.attributes["text"] }
        #expect(texts == ["b: 3", "d: 0", "a: 0"])
        let hidden = try components(page, "row.more").map(\.isHidden)
        #expect(hidden == [false, true, true])
        #expect(try components(page, "row").map(\.blockState) == [["n": 3, "open": true], ["n": 0, "open": false], ["n": 0, "open": false]])

        // Tapping b's button, now first, goes on counting b's.
        try await page.tap("row.bump[0]")
        #expect(try components(page, "row.shown").map { $0.attributes["text"] } == ["b: 4", "d: 0", "a: 0"])
    }

    /// The trace names the instance a write to `$state` belongs to (Grammar 2.15 writes it
    /// `$state["two"].n`; the trace writes store paths with dots).
    @Test func theTraceNamesTheInstancesState() async throws {
        let page = try await BlockFixtures.open(Self.counters)
        defer { page.close() }
        try await page.tap("two.bump")
        let lines = page.trace.map(\.description)
        #expect(lines.contains("[p] store: $state.two.n = 1"), "\(lines)")
    }
}
