import Foundation
import Testing
import Formwork

/// `$computed`: values computed from the stores, read like a store, recomputed only when what
/// they read changes, never written, and never looping.
@Suite("Computed values")
@MainActor
struct ComputedValueTests {
    static let order = """
    {"page": "order",
     "data": {"lines": [{"id": 1, "price": 2.5, "qty": 2}, {"id": 2, "price": 4, "qty": 1}], "rate": 0.2, "note": ""},
     "computed": {
       "subtotal": "sum(map($data.lines, x => x.price * x.qty))",
       "tax": "round($computed.subtotal * $data.rate, 2)",
       "total": "$computed.subtotal + $computed.tax",
       "label": {"template": "Total: ${fixed($computed.total, 2)}"}
     },
     "components": [
       {"id": "label", "key": "total", "attributes": {"text": {"expr": "$computed.label"}}},
       {"id": "number-field", "key": "qty0", "attributes": {"value": {"expr": "$data.lines[0].qty"}}},
       {"id": "text-field", "key": "note", "attributes": {"value": {"expr": "$data.note"}}}
     ]}
    """

    @Test func valuesAreReadableAndFollowEdits() async throws {
        let page = try PageEngine(registry: .standard).open(EnginePages.load(Self.order))
        #expect(page.computed["subtotal"] == 9.0)
        #expect(page.computed["tax"] == 1.8)
        #expect(page.component("total")?.attributes["text"] == "Total: 10.80")

        let total = ChangeCounter(page.component("total"))
        try await page.edit(try #require(page.component("qty0")), to: 4)
        #expect(page.computed["subtotal"] == 14.0)
        #expect(page.computed["total"] == 16.8)
        #expect(page.component("total")?.attributes["text"] == "Total: 16.80")
        #expect(total.attributes == [["text"]], "one update, one notification")

        try page.set(0.1, at: try #require(StorePath("$data.rate")))
        #expect(page.component("total")?.attributes["text"] == "Total: 15.40")
    }

    /// A host function that counts its calls shows what is recomputed.
    @Test func aValueIsRecomputedOnlyWhenWhatItReadsChanges() async throws {
        let calls = Counter()
        var registry = Registry.standard
        registry.register(ExpressionFunction("counted", arity: 1...1, isPure: false) { invocation in
            calls.increment()
            return invocation.arguments[0]
        })
        let json = """
        {"page": "p", "data": {"a": 1, "b": 1},
         "computed": {"fromA": "counted($data.a)", "twice": "$computed.fromA * 2", "fromB": "$data.b + 1"}}
        """
        let page = try PageEngine(registry: registry).open(EnginePages.load(json, registry: registry))
        #expect(calls.value == 1)
        try page.set(5, at: try #require(StorePath("$data.b")))
        #expect(calls.value == 1, "writing $data.b doesn't recompute a value reading $data.a")
        #expect(page.computed["fromB"] == 6)
        try page.set(3, at: try #require(StorePath("$data.a")))
        #expect(calls.value == 2)
        #expect(page.computed["twice"] == 6)
        try page.batch { write in
            try write(4, try #require(StorePath("$data.a")))
            try write(7, try #require(StorePath("$data.a")))
        }
        #expect(calls.value == 3, "several writes in one update recompute once")
        #expect(page.computed["twice"] == 14)
    }

    @Test func aWriteToAComputedValueFailsAndChangesNothing() async throws {
        let json = """
        {"page": "p", "data": {"a": 1}, "computed": {"double": "$data.a * 2"},
         "interactions": {"go": [{"id": "store-var", "attributes": {"key": {"template": "$computed.double"}, "value": 9}}]}}
        """
        let page = try PageEngine(registry: .standard, host: PageHost(report: { _ in })).open(EnginePages.load(json))
        let outcome = await page.trigger("go")
        guard case .failed(let error, _) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error["kind"] == "read-only")
        #expect(error["message"]?.stringValue?.contains("$computed values follow their expressions") == true)
        #expect(page.computed["double"] == 2)
        #expect(throws: (any Error).self) { try page.set(3, at: try #require(StorePath("$computed.double"))) }
    }

    @Test func anInputShowingAComputedValueCantBeEdited() async throws {
        let json = """
        {"page": "p", "data": {"a": 1}, "computed": {"double": "$data.a * 2"},
         "components": [{"id": "number-field", "key": "d", "attributes": {"value": {"expr": "$computed.double"}}}]}
        """
        let page = try PageEngine(registry: .standard).open(PageDocument.load(Array(json.utf8), registry: .standard, libraries: .empty))
        let field = try #require(page.component("d"))
        do {
            try await page.edit(field, to: 3)
            Issue.record("the edit should be refused")
        } catch {
            #expect(error.diagnostics.first?.message == "'d' can't be edited because it reads $computed.double, which the page computes under \"computed\"; bind it to a plain path such as $data.d")
        }
    }

    @Test func aCycleIsACheckErrorNamingItAndNeverHangs() async throws {
        let json = """
        {"page": "p", "data": {"x": 1},
         "computed": {"a": "$computed.c + 1", "b": "$data.x", "c": "$computed.d", "d": "$computed.a * $computed.b", "e": "$computed.a ?? 'none'"},
         "components": [{"id": "label", "key": "e", "attributes": {"text": {"expr": "$computed.e"}}}]}
        """
        let document = try PageDocument.load(Array(json.utf8), registry: .standard, libraries: .empty)
        let messages = document.check(registry: .standard).map(\.message)
        #expect(messages == ["the computed values form a cycle: a → c → d → a; each needs the next one first, so none of them can be computed. Break the cycle by computing one of them from $data"])

        var reports: [PageReport] = []
        let page = try PageEngine(registry: .standard, host: PageHost(report: { reports.append($0) })).open(document)
        #expect(page.computed["a"] == .null)
        #expect(reports.count == 1)
        #expect(page.computed["b"] == 1)
        #expect(page.component("e")?.attributes["text"] == "none")
        try page.set(2, at: try #require(StorePath("$data.x")))
        #expect(page.computed["b"] == 2)
        #expect(page.computed["d"] == .null)
    }
}

/// A counter a `@Sendable` host function can bump (functions run on the main actor here).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
