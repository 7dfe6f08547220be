import Foundation
import Testing
import Formwork

/// What a host keys its views by: `PageComponent.identity`, written from the page (key, or
/// place in the page; a row's item key), kept while the component lives, never given twice.
/// Public API only.
@Suite("Component identities")
@MainActor
struct ComponentIdentityTests {
    static let page = """
    {"page": "basket",
     "data": {"lines": [{"id": "a", "qty": 1}, {"id": "b", "qty": 2}], "plain": [1, 2], "state": "normal"},
     "components": [
       {"id": "label", "attributes": {"text": "Your basket"}},
       {"id": "list", "key": "lines", "attributes": {"items": {"expr": "$data.lines"}, "itemKey": "id"}, "components": [
         {"id": "stepper", "key": "qty", "attributes": {"value": {"expr": "$item.qty"}}}
       ]},
       {"id": "list", "key": "plain", "attributes": {"items": {"expr": "$data.plain"}}, "components": [
         {"id": "label", "key": "n", "attributes": {"text": {"expr": "$item"}}}
       ]},
       {"id": "status", "key": "box", "attributes": {"state": {"expr": "$data.state"}, "loading": [{"id": "label", "key": "spinner"}]}, "components": [
         {"id": "label", "key": "ready", "attributes": {"text": "Ready"}}
       ]},
       {"id": "button", "key": "save", "attributes": {"title": "Save"}}
     ]}
    """

    private func identities(_ page: PageSession) -> [String] {
        page.allComponents.map(\.identity.description)
    }

    @Test("identities are the key, the place in the page, or the list and the row's item key")
    func writtenFromThePage() throws {
        let page = try PageEngine(registry: .standard).open(try EnginePages.load(Self.page))
        #expect(identities(page) == ["components[0]", "lines", "lines[a].qty", "lines[b].qty", "plain", "plain[0].n", "plain[1].n", "box", "ready", "save"])
        let stepper = try #require(page.component(identity: ComponentIdentity("lines[b].qty")))
        #expect(stepper.attributes["value"] == 2)
    }

    @Test("a row keeps its identity when it moves; a row that comes back is a new one, never an old identity")
    func survivesMovesAndIsNeverReused() async throws {
        let page = try PageEngine(registry: .standard).open(try EnginePages.load(Self.page))
        let b = try #require(page.component(identity: ComponentIdentity("lines[b].qty")))
        try page.set([["id": "b", "qty": 2], ["id": "a", "qty": 1]], at: StorePath("$data.lines")!)
        #expect(b.identity.description == "lines[b].qty")
        #expect(page.component(identity: b.identity) === b)

        var seen = Set(page.allComponents.map(\.identity))
        for round in 0..<5 {
            try page.set([["id": "a", "qty": 1]], at: StorePath("$data.lines")!)                        // b leaves
            #expect(b.isDisposed)
            try page.set([["id": "a", "qty": 1], ["id": "b", "qty": 9]], at: StorePath("$data.lines")!)  // and comes back
            let again = try #require(page.component("lines")?.children.last)
            #expect(again.identity == ComponentIdentity("lines[b].qty", incarnation: round + 2))
            #expect(seen.insert(again.identity).inserted, "an identity is never given twice")
            try page.set(round % 2 == 0 ? "loading" : "normal", at: StorePath("$data.state")!)     // the status rebuilds its children
            let shown = try #require(page.component("box")?.children.first)
            #expect(seen.insert(shown.identity).inserted, "\(shown.identity) was given before")
        }
        #expect(page.component(identity: b.identity) == nil, "the first b is gone; its identity isn't given to the new one")
    }
}
