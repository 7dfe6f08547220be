import Foundation
import Testing
import Formwork

/// An update evaluates its bindings in one scope built for the update (`UpdateScope`): a store
/// written while the update runs must still be seen by the bindings evaluated after it.
@Suite("One scope per update")
@MainActor
struct UpdateScopeTests {
    /// A edit of `x` updates `ratio` (which fails: `y` is 0) and then `sum`. The host answers the
    /// failure's report by writing `y`, in the middle of the update; `sum`, evaluated after that
    /// write, must read the new `y` — a scope kept from before the write would show "3".
    @Test func aWriteDuringAnUpdateIsSeenByTheBindingsAfterIt() throws {
        /// What the host's report handler sees; set once the page is open.
        @MainActor final class Answer {
            var session: PageSession?
            var answered = false
        }
        let answer = Answer()
        let host = PageHost(report: { report in
            guard case .diagnostic = report, let page = answer.session, !answer.answered, page.data["x"] == 2 else { return }
            answer.answered = true
            try? page.set(5, at: StorePath(.data, [.key("y")]))
        })
        let document = try EnginePages.load("""
        {
          "page": "reentrant",
          "data": { "x": 1, "y": 1 },
          "components": [
            { "id": "label", "key": "ratio", "attributes": { "text": { "template": "${$data.x / ($data.y - 1)}" } } },
            { "id": "label", "key": "sum", "attributes": { "text": { "template": "${$data.x + $data.y}" } } }
          ]
        }
        """)
        let page = try PageEngine(registry: .standard, host: host).open(document)
        answer.session = page
        let sum = try #require(page.component("sum"))
        #expect(sum.attributes["text"] == "2")

        try page.set(2, at: StorePath(.data, [.key("x")]))
        #expect(answer.answered)
        #expect(page.data == ["x": 2, "y": 5])
        #expect(sum.attributes["text"] == "7")
    }

    /// The bindings of one update each see their own component's `$value` and `$item`/`$index`,
    /// though they share the update's scope.
    @Test func eachBindingSeesItsOwnComponentsVariables() throws {
        let page = try PageEngine(registry: .standard).open(try EnginePages.load("""
        {
          "page": "rows",
          "data": { "n": 1, "items": ["a", "b"] },
          "components": [
            { "id": "text-field", "key": "field", "attributes": { "value": "typed", "placeholder": { "template": "${$value}-${$data.n}" } } },
            { "id": "list", "attributes": { "items": { "expr": "$data.items" } }, "components": [
              { "id": "label", "key": "row", "attributes": { "text": { "template": "${$item}${$index}-${$data.n}" } } }
            ] }
          ]
        }
        """))
        try page.set(2, at: StorePath(.data, [.key("n")]))
        #expect(try #require(page.component("field")).attributes["placeholder"] == "typed-2")
        #expect(page.allComponents.filter { $0.key == "row" }.map { $0.attributes["text"] } == ["a0-2", "b1-2"])
    }
}
