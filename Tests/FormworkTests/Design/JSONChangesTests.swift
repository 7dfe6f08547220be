import Foundation
import Testing
import Formwork
import FormworkDesign

@Suite("JSONChanges")
struct JSONChangesTests {
    /// One comparison: the document before and after (as JSON text), and the lines expected.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let old: String
        let new: String
        let expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "equal documents", old: #"{"a": 12.0, "b": [1]}"#, new: #"{"b": [1], "a": 12}"#, expected: []),
        Case(name: "a top-level member changed", old: #"{"version": 1, "page": "p"}"#, new: #"{"version": 2, "page": "p"}"#,
             expected: ["version changed"]),
        Case(name: "members added and removed", old: #"{"data": {"tip": 10, "n": 1}}"#, new: #"{"data": {"n": 1, "note": ""}, "title": "T"}"#,
             expected: ["data.tip removed", "data.note added", "title added"]),
        Case(name: "a nested attribute changed",
             old: #"{"components": [{"id": "a", "attributes": {"title": "x", "n": 1}}]}"#,
             new: #"{"components": [{"id": "a", "attributes": {"title": "y", "n": 1}}]}"#,
             expected: ["components[0].attributes.title changed"]),
        Case(name: "a component inserted: one line, not one per later component",
             old: #"{"components": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#,
             new: #"{"components": [{"id": "a"}, {"id": "new"}, {"id": "b"}, {"id": "c"}]}"#,
             expected: ["components[1] added"]),
        Case(name: "a component removed",
             old: #"{"components": [{"id": "a"}, {"id": "b", "n": 2}, {"id": "c"}]}"#,
             new: #"{"components": [{"id": "a"}, {"id": "c"}]}"#,
             expected: ["components[1] removed"]),
        Case(name: "a component moved",
             old: #"{"components": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}]}"#,
             new: #"{"components": [{"id": "a"}, {"id": "c"}, {"id": "d"}, {"id": "b"}]}"#,
             expected: ["components[1] moved to components[3]"]),
        Case(name: "a component changed and one added after it",
             old: #"{"components": [{"id": "a", "key": "k"}, {"id": "b"}]}"#,
             new: #"{"components": [{"id": "a", "key": "k2"}, {"id": "b"}, {"id": "c"}]}"#,
             expected: ["components[0].key changed", "components[2] added"]),
        Case(name: "a value that changed type", old: #"{"title": "x"}"#, new: #"{"title": {"text": "x"}}"#,
             expected: ["title changed"]),
        Case(name: "scalars in a list", old: #"{"tags": ["a", "b", "c"]}"#, new: #"{"tags": ["a", "B", "c"]}"#,
             expected: ["tags[1] changed"]),
        Case(name: "the example in JSONChanges' documentation",
             old: #"{"version": 1, "data": {"tip": 10}, "components": [{"id": "a"}, {"id": "b"}]}"#,
             new: #"{"version": 2, "data": {}, "components": [{"id": "b"}, {"id": "a"}, {"id": "c"}]}"#,
             expected: ["version changed", "data.tip removed", "components[0] moved to components[1]", "components[2] added"]),
        Case(name: "the example in changes(from:to:)'s documentation",
             old: #"{"tags": ["a", "b"]}"#, new: #"{"tags": ["a", "B", "c"]}"#, expected: ["tags[1] changed", "tags[2] added"]),
        Case(name: "a whole document that isn't an object", old: "1", new: "2", expected: ["the document changed"]),
    ]

    @Test(arguments: cases)
    func changes(_ example: Case) throws {
        let lines = JSONChanges.changes(from: try JSONReader.parse(example.old), to: try JSONReader.parse(example.new))
        #expect(lines == example.expected)
    }

    @Test func manyChangesAreCappedWithACount() {
        let old = PageValue.object(PageObject((0..<80).map { ("m\($0)", PageValue.int(Int64($0))) }))
        let new = PageValue.object(PageObject((0..<80).map { ("m\($0)", PageValue.int(Int64($0 + 1))) }))
        let lines = JSONChanges.changes(from: old, to: new)
        #expect(lines.count == JSONChanges.maximumLines)
        #expect(lines.first == "m0 changed")
        #expect(lines.last == "… and 31 more")
    }

    @Test func fiftyChangesAreAllListed() {
        let old = PageValue.object(PageObject((0..<50).map { ("m\($0)", PageValue.int(Int64($0))) }))
        let new = PageValue.object(PageObject((0..<50).map { ("m\($0)", PageValue.bool(true)) }))
        let lines = JSONChanges.changes(from: old, to: new)
        #expect(lines.count == 50)
        #expect(lines.last == "m49 changed")
    }

    @Test func aRealPageWithOneAttributeChanged() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("pages/order.json")
        let old = try JSONReader.parse(bytes: Array(try Data(contentsOf: url)))
        let new = JSONEditSupport.edited(old, .key("components"), .index(1), .key("components"), .index(2), .key("attributes"), .key("style")) {
            $0 = "plain"
        }
        var components = try #require(new["components"]?.arrayValue)
        components.remove(at: 3)
        let edited = JSONEditSupport.edited(new, .key("components")) { $0 = .array(components) }
        #expect(JSONChanges.changes(from: old, to: edited) == ["components[1].components[2].attributes.style changed", "components[3] removed"])
    }
}
