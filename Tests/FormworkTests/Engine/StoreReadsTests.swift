import Testing
@testable import Formwork

// An update puts a page-wide store (`$data`, `$global`, `$computed`, `$page`) in its scope only
// when a binding evaluated reads it (`StoreReads`, from the expression's dependencies;
// `UpdateScope.fill`). Bindings reading different stores, one after another in one update, must
// each hold what a scope of its own gives (`PageSession.scope(for:)`), after edits of every store.
// NB: @testable for the session's bindings and `StoreReads`.

@Suite("An update puts in the stores its bindings read")
@MainActor
struct StoreReadsTests {
    /// Labels reading `$global`, `$data`, both, `$computed`, `$page` and `$global` at a key read
    /// from `$data`, in that order, all updated by a write of `$data.n` (but `g`, `dyn`).
    nonisolated static let page = #"""
    {"page": "reads", "data": {"n": 1, "k": "a"}, "computed": {"twice": "$data.n * 2"},
     "components": [
       {"id": "label", "key": "g", "attributes": {"text": {"template": "${$global.g ?? 'none'}"}}},
       {"id": "label", "key": "d", "attributes": {"text": {"template": "${$data.n}"}}},
       {"id": "label", "key": "dg", "attributes": {"text": {"template": "${$data.n} ${$global.g ?? 'none'}"}}},
       {"id": "label", "key": "c", "attributes": {"text": {"template": "${$computed.twice} ${$data.n}"}}},
       {"id": "label", "key": "p", "attributes": {"text": {"template": "${$page.busy} ${$data.n}"}}},
       {"id": "label", "key": "dyn", "attributes": {"text": {"template": "${$global[$data.k] ?? 'none'} ${$data.n}"}}}
     ]}
    """#

    nonisolated static let edits: [[(StorePath, PageValue)]] = [
        [(StorePath(.data, [.key("n")]), 2)],
        [(StorePath(.global, [.key("g")]), "x"), (StorePath(.data, [.key("n")]), 3)],
        [(StorePath(.global, [.key("a")]), "y"), (StorePath(.data, [.key("k")]), "g"), (StorePath(.data, [.key("n")]), 4)],
    ]

    @Test(arguments: 0..<edits.count)
    func everyBindingHasTheValueAScopeOfItsOwnGives(_ table: Int) throws {
        let session = try PageEngine(registry: .standard).open(try EnginePages.load(Self.page))
        defer { session.close() }
        for (path, value) in Self.edits[table] {
            try session.set(value, at: path)
            let bindings = session.bindings.compactMap { $0 }
            #expect(bindings.count == 6)
            for binding in bindings {
                let updated = binding.component.attributes[position: binding.position]
                let general = (try? binding.type.coerce(binding.expression.evaluate(in: session.scope(for: binding.component)))) ?? .null
                #expect(updated.isSame(as: general), "after \(path) = \(value.jsonText): \(binding.component.key ?? "?") \(binding.name) is \(updated.jsonText), a scope of its own gives \(general.jsonText)")
            }
        }
        let n = Self.edits[table].last.map { $0.1.displayText } ?? "1"
        #expect(session.component("c")?.attributes["text"] == .string("\(Int(n).map { $0 * 2 } ?? 0) \(n)"))
    }

    /// The stores each expression depends on, and only those.
    @Test(arguments: [
        ("$data.n", StoreReads.data), ("$global.g", .global), ("$computed.t", .computed), ("$page.busy", .page),
        ("$global[$data.k]", [.global, .data]), ("$param.x + 1", []), ("1 + 2", []), ("$value ?? $data.n", .data),
        // A function is handed the whole scope: a call reads every store.
        ("len($data.s)", .all), ("now()", .all), ("$data.n > 0 ? text('a') : ''", .all),
    ] as [(String, StoreReads)])
    func theStoresAnExpressionReads(_ source: String, _ reads: StoreReads) throws {
        #expect(StoreReads(try CompiledExpression(source, functions: .standard)) == reads)
    }
}
