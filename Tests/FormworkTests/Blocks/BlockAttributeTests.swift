import Foundation
import Testing
import Formwork
import FormworkTesting

/// `$attr.NAME` inside a block is the use's own expression put in place: it follows what the
/// page gives, only its readers recompute, and lambdas on both sides keep their own slots (2.15).
@Suite("Blocks: $attr")
@MainActor
struct BlockAttributeTests {
    static let greeting = #"""
    {"page": "p",
     "data": {"name": "Ada", "count": 2},
     "blocks": {"greeting": {
       "attributes": {"who": {"type": "string"}, "count": {"type": "int"}, "mood": {"type": "string", "default": "glad"}, "sign": {"type": "string"}},
       "components": [
         {"id": "label", "key": "hello", "attributes": {"text": {"template": "Hi ${$attr.who}"}}},
         {"id": "label", "key": "count", "attributes": {"text": {"template": "${$attr.count} new"}}},
         {"id": "label", "key": "mood", "attributes": {"text": {"template": "${$attr.mood}, ${$attr.sign ?? 'unsigned'}"}}}]}},
     "components": [
       {"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}},
       {"id": "greeting", "key": "g", "attributes": {"who": {"expr": "$data.name"}, "count": {"expr": "$data.count"}}},
       {"id": "greeting", "key": "lit", "attributes": {"who": {"template": "Dr ${upper($data.name)}"}, "count": 1, "mood": "calm", "sign": "Bo"}}
     ]}
    """#

    @Test func theBlockFollowsWhatThePageGives() async throws {
        let page = try await BlockFixtures.open(Self.greeting)
        defer { page.close() }
        try page.expect("component.g.hello.text", "Hi Ada")
        try page.expect("component.lit.hello.text", "Hi Dr ADA")
        try await page.set("name", "Bo")
        try page.expect("component.g.hello.text", "Hi Bo")
        try page.expect("component.lit.hello.text", "Hi Dr BO")
    }

    @Test func literalsDefaultsAndNullsStandInForAttributes() async throws {
        let page = try await BlockFixtures.open(Self.greeting)
        defer { page.close() }
        try page.expect("component.g.mood.text", "glad, unsigned")
        try page.expect("component.lit.mood.text", "calm, Bo")
        try page.expect("component.lit.count.text", "1 new")
    }

    /// Only the bindings reading the attribute that changed recompute: a label of the block that
    /// reads another attribute hears nothing.
    @Test func onlyTheReadersOfAnAttributeRecompute() async throws {
        let page = try await BlockFixtures.open(Self.greeting)
        defer { page.close() }
        let hello = ChangeCounter(try page.component("g.hello"))
        let count = ChangeCounter(try page.component("g.count"))
        let mood = ChangeCounter(try page.component("g.mood"))
        let group = ChangeCounter(try page.component("g"))

        try await page.set("name", "Bo")

        #expect(hello.attributes == [["text"]])
        #expect(count.count == 0)
        #expect(mood.count == 0)
        #expect(group.count == 0)
    }

    struct LambdaCase: CustomTestStringConvertible, Sendable {
        let name: String
        /// What the page gives as `list`.
        let given: String
        /// What the block's label computes from it.
        let inside: String
        let expected: PageValue
        var testDescription: String { name }
    }

    nonisolated static let lambdaCases: [LambdaCase] = [
        LambdaCase(name: "the page maps, the block maps", given: "map($data.xs, x => x * 2)", inside: "map($attr.list, y => y + 1)", expected: [3, 5, 7]),
        LambdaCase(name: "the page maps, the block filters", given: "map($data.xs, x => x * 2)", inside: "filter($attr.list, y => y > 2)", expected: [4, 6]),
        LambdaCase(name: "both name their parameter alike", given: "map($data.xs, y => y * 2)", inside: "map($attr.list, y => y * 10)", expected: [20, 40, 60]),
        LambdaCase(name: "the page's lambda put inside the block's", given: "map($data.xs, x => x * 2)", inside: "map([1, 2], y => sum(map($attr.list, x => x + y)))", expected: [15, 18]),
        LambdaCase(name: "nested lambdas put inside the block's", given: "map($data.xs, x => sum(map($data.xs, z => z * x)))", inside: "map([100], k => map($attr.list, v => v + k))", expected: [[106, 112, 118]]),
        LambdaCase(name: "the block's parameter beside the page's, two deep", given: "filter($data.xs, x => x != 2)", inside: "map([10], a => map([1], b => map($attr.list, c => a + b + c)))", expected: [[[12, 14]]]),
    ]

    @Test(arguments: lambdaCases)
    func lambdasOnBothSidesKeepTheirOwnSlots(_ c: LambdaCase) async throws {
        let json = #"""
        {"page": "p", "data": {"xs": [1, 2, 3]},
         "blocks": {"shown": {"attributes": {"list": {"type": "array"}}, "components": [
           {"id": "list", "key": "out", "attributes": {"items": {"expr": "\#(c.inside)"}}}]}},
         "components": [{"id": "shown", "key": "s", "attributes": {"list": {"expr": "\#(c.given)"}}}]}
        """#
        let page = try await BlockFixtures.open(json)
        defer { page.close() }
        try page.expect("component.s.out.items", c.expected)
    }

    /// `$attr` in a block used inside another block is the outer use's expression, all the way down.
    @Test func attributesPassThroughNestedBlocks() async throws {
        let json = #"""
        {"page": "p", "data": {"price": 2.5},
         "blocks": {
           "amount": {"attributes": {"value": {"type": "number"}}, "components": [{"id": "label", "key": "text", "attributes": {"text": {"expr": "fixed($attr.value, 2)"}}}]},
           "line": {"attributes": {"price": {"type": "number"}}, "components": [{"id": "amount", "key": "total", "attributes": {"value": {"expr": "$attr.price * 2"}}}]}},
         "components": [{"id": "text-field", "key": "edit", "attributes": {"value": {"expr": "$data.price"}}}, {"id": "line", "key": "tea", "attributes": {"price": {"expr": "$data.price"}}}]}
        """#
        let page = try await BlockFixtures.open(json)
        defer { page.close() }
        try page.expect("component.tea.total.text.text", "5.00")
        try page.current.set(4, at: try #require(StorePath("$data.price")))
        try page.expect("component.tea.total.text.text", "8.00")
    }
}
