import Testing
@testable import Formwork

// An update evaluates its bindings in one scope (`UpdateScope`), putting in only what differs
// from the component evaluated before: outside a list's rows `$item` and `$index` aren't read
// from the component (`PageComponent.isInRow`), and a variable already null isn't written again.
// The general path builds a scope of its own for each binding (`PageSession.scope(for:)`). After
// each edit, every binding must hold the value that scope gives.
// NB: @testable for the session's bindings.

@Suite("An update's scope gives what a scope of its own gives")
@MainActor
struct UpdateScopeEquivalenceTests {
    /// Bindings in and out of rows, with and without `$value`, and in block instances reading
    /// `$state`, all reading `$data.n`, so one edit updates them in id order: a component outside
    /// the rows is evaluated right after a row's, a label without `$value` right after a field's.
    nonisolated static let page = #"""
    {"page": "p", "data": {"n": 1, "rows": [{"k": "a"}, {"k": "b"}], "a": {"street": "Main 1"}},
     "blocks": {"address": {
       "attributes": {"value": {"type": "object", "required": true, "twoWay": true}, "n": {"type": "number"}},
       "data": {"more": true},
       "components": [
         {"id": "text-field", "key": "street", "attributes": {"value": {"expr": "$attr.value.street"}, "title": {"template": "${$value} ${$state.more} ${$attr.n}"}}}
       ]}},
     "components": [
       {"id": "label", "key": "before", "attributes": {"text": {"template": "${$item ?? 'none'} ${$index ?? 'none'} ${$value ?? 'none'} ${$data.n}"}}},
       {"id": "list", "attributes": {"items": {"expr": "$data.rows"}}, "components": [
         {"id": "text-field", "key": "cell", "attributes": {"value": {"expr": "$item.k"}, "title": {"template": "${$index}:${$item.k}:${$value}:${$data.n}"}}},
         {"id": "label", "key": "row", "attributes": {"text": {"template": "${$index}:${$item.k}:${$value ?? 'none'}:${$data.n}"}}}
       ]},
       {"id": "label", "key": "after", "attributes": {"text": {"template": "${$item ?? 'none'} ${$index ?? 'none'} ${$value ?? 'none'} ${$data.n}"}}},
       {"id": "address", "key": "ship", "attributes": {"value": {"expr": "$data.a"}, "n": {"expr": "$data.n"}}},
       {"id": "text-field", "key": "field", "attributes": {"value": "typed", "title": {"template": "${$value} ${$item ?? 'none'} ${$data.n}"}}},
       {"id": "label", "key": "last", "attributes": {"text": {"template": "${$item ?? 'none'} ${$index ?? 'none'} ${$value ?? 'none'} ${$data.n}"}}}
     ]}
    """#

    @Test(arguments: [
        [("n", PageValue.int(2))],
        [("n", .int(2)), ("n", .int(3))],
        [("rows", ["x"].map { PageValue.object(PageObject([("k", .string($0))])) }.asArray), ("n", .int(5))],
    ] as [[(String, PageValue)]])
    func everyBindingHasTheValueAScopeOfItsOwnGives(_ edits: [(String, PageValue)]) throws {
        let session = try PageEngine(registry: .standard).open(try EnginePages.load(Self.page))
        defer { session.close() }
        for (key, value) in edits { try session.set(value, at: StorePath(.data, [.key(key)])) }
        let bindings = session.bindings.compactMap { $0 }.filter { !$0.component.isDisposed }
        #expect(bindings.count >= 9)
        for binding in bindings {
            let updated = binding.component.attributes[position: binding.position]
            let general = (try? binding.type.coerce(binding.expression.evaluate(in: session.scope(for: binding.component)))) ?? .null
            #expect(updated.isSame(as: general), "\(binding.component.identity) \(binding.name): updated to \(updated.jsonText), a scope of its own gives \(general.jsonText)")
        }
        let n = edits.last.map { $0.1 } ?? .int(1)
        #expect(session.component("after")?.attributes["text"] == .string("none none none \(n.displayText)"))
        #expect(session.component("last")?.attributes["text"] == .string("none none none \(n.displayText)"))
    }
}

private extension Array where Element == PageValue {
    var asArray: PageValue { .array(self) }
}
