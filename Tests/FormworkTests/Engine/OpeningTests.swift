import Foundation
import Testing
@testable import Formwork

/// What opening a page does less of (issue 34) without a page or host seeing a difference: an
/// attribute's path is written out only when read, a decoded page lets its parsed JSON go (and
/// reads the bytes again when asked for it), a component's members are found in one walk, and
/// closing walks the tree without building arrays.
@Suite("Opening: less work, the same answers")
@MainActor
struct OpeningTests {
    static let page = #"""
    {"page": "p", "title": {"template": "Hi ${$data.name}"}, "data": {"name": "Ada", "n": 2},
     "whileRunning": {"onSave": "queue"},
     "components": [
       {"id": "section", "components": [
         {"id": "number-field", "key": "n", "attributes": {"title": "N", "value": {"expr": "$data.n"}}},
         {"id": "label", "attributes": {"text": {"template": "${$data.n * 2} pcs"}, "hidden": {"type": "bool", "mode": "expression", "value": "$data.n > 5"}}}
       ]}
     ]}
    """#

    /// Each form of a compact attribute has the path it had when paths were written out at decode.
    @Test func anAttributesPathIsTheSameWrittenOutLater() throws {
        let document = try PageDocument.load(Array(Self.page.utf8), registry: .standard, libraries: .empty)
        let section = try #require(document.components.first)
        let field = section.children[0], label = section.children[1]
        #expect(document.title?.path == "title.template")
        #expect(field.attributes["title"]?.path == "components[0].components[0].attributes.title")
        #expect(field.attributes["value"]?.path == "components[0].components[0].attributes.value.expr")
        #expect(label.attributes["text"]?.path == "components[0].components[1].attributes.text.template")
        #expect(label.attributes["hidden"]?.path == "components[0].components[1].attributes.hidden.value")
        // The public initializer keeps the path it is given.
        #expect(AttributeNode(name: "x", type: .string, mode: .literal, content: .literal("a"), path: "a.b").path == "a.b")
    }

    /// A diagnostic about an attribute names its path, written out then.
    @Test func aProblemInAnAttributeNamesItsPath() {
        let text = #"{"page": "p", "components": [{"id": "label", "attributes": {"text": {"template": "${$data.}"}, "hidden": {"expr": "1 +"}}}]}"#
        let (_, diagnostics) = PageDocument.decode(Array(text.utf8), registry: .standard, libraries: .empty)
        #expect(diagnostics.map(\.path) == ["components[0].attributes.text.template", "components[0].attributes.hidden.expr"])
        #expect(diagnostics.allSatisfy { $0.line == 1 })
    }

    /// The document keeps the bytes, not the tree of values parsed from them; `source` reads the
    /// bytes again and gives the same value, and `check` still points into the file.
    @Test func aDecodedPageLetsItsParsedJSONGo() throws {
        let bytes = Array(Self.page.utf8)
        let document = try PageDocument.load(bytes, registry: .standard, libraries: .empty)
        #expect(document.keptSource == nil)
        #expect(document.locations?.keepsValue == false)
        #expect(document.source == (try PageValue(json: Self.page)))
        #expect(document.queued == ["onSave"])

        let unknown = #"{"page": "p", "whileRunning": {"onSav": "queue"}, "interactions": {"onSave": []}}"#
        let checked = try PageDocument.load(Array(unknown.utf8), registry: .standard, libraries: .empty).check(registry: .standard)
        let problem = try #require(checked.first { $0.path == "whileRunning.onSav" })
        #expect(problem.message == "the page has no interaction 'onSav'; did you mean 'onSave'?")
        #expect(problem.line == 1)
    }

    /// A stated `minEngineVersion` below what the page needs is still caught by `check`, which
    /// no longer reads the JSON as written to see that it is stated.
    @Test func checkStillSeesAStatedEngineVersion() throws {
        let stated = #"{"page": "p", "minEngineVersion": 1, "draft": true}"#
        let left = #"{"page": "p", "draft": true}"#
        let codes = { (text: String) in try PageDocument.load(Array(text.utf8), registry: .standard, libraries: .empty).check(registry: .standard).map(\.code) }
        #expect(try codes(stated).contains("engine"))
        #expect(try !codes(left).contains("engine"))
    }

    /// Unknown members of a component are reported as before, in the order written, with the
    /// near name; the known ones are all read.
    @Test func aComponentsMembersAreReadInOneWalk() {
        let text = #"{"page": "p", "components": [{"id": "section", "atributes": {}, "key": "s", "extra": 1, "components": [{"id": "label", "attributes": {"text": "a"}}]}]}"#
        let (document, diagnostics) = PageDocument.decode(Array(text.utf8), registry: .standard, libraries: .empty)
        #expect(diagnostics.map(\.message) == [
            "unknown member 'atributes' in a component; did you mean 'attributes'?",
            "unknown member 'extra' in a component; a component may have: id, key, attributes, validations, interactions, components, fallback, description",
        ])
        #expect(diagnostics.map(\.path) == ["components[0].atributes", "components[0].extra"])
        #expect(document?.components.first?.key == "s")
        #expect(document?.components.first?.children.first?.attributes["text"] != nil)
    }

    /// Closing ends the `changes` of every component, however deep.
    @Test func closingEndsTheChangesOfNestedComponents() async throws {
        let page = try PageEngine(registry: .standard).open(try PageDocument.load(Array(Self.page.utf8), registry: .standard, libraries: .empty))
        let label = try #require(page.components.first?.children.last)
        let changes = label.changes
        page.close()
        var count = 0
        for await _ in changes { count += 1 }
        #expect(count == 0)
        #expect(page.allComponents.count == 3)
        #expect(page.allComponents.map(\.type.id) == ["section", "number-field", "label"])
    }
}
