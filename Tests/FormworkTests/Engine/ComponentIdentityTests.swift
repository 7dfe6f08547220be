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

    // MARK: - id: what hosts key views, sets and dictionaries by

    /// Holds a component without keeping it alive, so a disposed row's memory can be reused.
    private final class Seen {
        weak var component: PageComponent?
        init(_ component: PageComponent) { self.component = component }
    }

    static let rowsPage = """
    {"page": "rows", "data": {"lines": []},
     "components": [
       {"id": "list", "key": "lines", "attributes": {"items": {"expr": "$data.lines"}, "itemKey": "id"}, "components": [
         {"id": "stepper", "key": "qty", "attributes": {"value": {"expr": "$item.qty"}}},
         {"id": "label", "attributes": {"text": {"template": "${$item.id}"}}}
       ]}
     ]}
    """

    @Test("rows added and removed hundreds of times never share an id, even when the same item comes back")
    func idsAreNeverReusedWithinASession() throws {
        let page = try PageEngine(registry: .standard).open(try EnginePages.load(Self.rowsPage))
        let lines = try #require(StorePath("$data.lines"))
        var seen: [PageComponentID: Seen] = [:]
        var built = 0
        for round in 0..<300 {
            // Rows come and go: a sliding window over 6 keys, so keys leave and come back, plus a
            // key never seen before every round; disposed rows free their objects as they go.
            let keys = (0..<3).map { "k\((round + $0) % 6)" } + ["new\(round)"]
            try page.set(.array(keys.map { ["id": .string($0), "qty": .int(Int64(round))] }), at: lines)
            let rows = page.allComponents.filter { $0.parent?.key == "lines" }
            #expect(rows.count == 8)
            #expect(Set(rows).count == rows.count, "components of one page are told apart as set members")
            #expect(Set(rows.map(\.id)).count == rows.count)
            for row in rows {
                #expect(row.id.session == page.id)
                #expect(row.id.identity == row.identity)
                if let earlier = seen[row.id] {
                    #expect(earlier.component === row, "round \(round): \(row.id) was given to another component before")
                } else {
                    seen[row.id] = Seen(row)
                    built += 1
                }
            }
        }
        // Every round built the new key's row and the key that came back into the window.
        #expect(built > 1_000)
        #expect(seen.count == built)
    }

    @Test("each session has an id of its own, kept while it lives; components of two sessions differ by it")
    func sessionsHaveTheirOwnID() async throws {
        let engine = PageEngine(registry: .standard)
        let document = try EnginePages.load(Self.page)
        let first = try engine.open(document)
        let second = try engine.open(document)
        let third = try PageEngine(registry: .standard).open(document)   // another engine: still another id
        #expect(Set([first.id, second.id, third.id]).count == 3)
        #expect(first.id < second.id)

        let firstSave = try #require(first.component("save")), secondSave = try #require(second.component("save"))
        #expect(firstSave.identity == secondSave.identity, "the page gives both the same identity")
        #expect(firstSave.id != secondSave.id)
        #expect(firstSave != secondSave)
        #expect(firstSave.id.description == "\(first.id)/save")
        #expect(firstSave == first.component(identity: ComponentIdentity("save")))
        let everything = Set(first.allComponents + second.allComponents + third.allComponents)
        #expect(everything.count == 3 * first.allComponents.count)
        var rows: [PageComponent.ID: String] = [:]
        for component in first.allComponents + second.allComponents { rows[component.id] = component.identity.description }
        #expect(rows.count == 2 * first.allComponents.count)

        let id = first.id
        try first.set([["id": "c", "qty": 3]], at: StorePath("$data.lines")!)
        try await first.edit(try #require(first.component("qty")), to: 4)
        #expect(first.id == id, "stable while the session lives")
        first.close()
        #expect(first.id == id)
        #expect(try engine.open(document).id > third.id, "a later session gets a later id")
    }
}
