import Foundation
import Testing
import Formwork

/// Counts how often expressions call `seen(name, value)`, which returns `value`: a way to count
/// how often each binding is evaluated.
final class EvaluationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    subscript(name: String) -> Int { lock.withLock { counts[name] ?? 0 } }

    func reset() { lock.withLock { counts = [:] } }

    var function: ExpressionFunction {
        ExpressionFunction("seen", arity: 2...2, isPure: false) { [self] call in
            lock.withLock { counts[call.arguments[0].displayText, default: 0] += 1 }
            return call.arguments[1]
        }
    }
}

@Suite("Binding semantics")
@MainActor
struct BindingTests {
    private func open(_ json: String, registry: Registry = .standard, host: PageHost = PageHost()) throws -> PageSession {
        try PageEngine(registry: registry, host: host).open(try EnginePages.load(json, registry: registry))
    }

    private func path(_ text: String) throws -> StorePath { try #require(StorePath(text)) }

    // MARK: - Computed attributes

    static let orderLine = """
    {
      "page": "order-line",
      "data": { "price": 12.5, "qty": 2 },
      "components": [
        { "id": "number-field", "key": "price", "attributes": { "value": { "expr": "$data.price" } } },
        { "id": "stepper", "key": "qty", "attributes": { "value": { "expr": "$data.qty" }, "min": 1 } },
        { "id": "label", "key": "total", "attributes": { "text": { "template": "Total: ${fixed($data.price * $data.qty, 2)}" } } }
      ]
    }
    """

    @Test func aTotalFollowsEditsOfEitherInput() async throws {
        let page = try open(Self.orderLine)
        let total = try #require(page.component("total"))
        #expect(total.attributes["text"] == "Total: 25.00")

        try await page.edit(try #require(page.component("price")), to: 10)
        #expect(total.attributes["text"] == "Total: 20.00")

        try await page.edit(try #require(page.component("qty")), to: 3)
        #expect(total.attributes["text"] == "Total: 30.00")
        #expect(page.data == ["price": 10.0, "qty": 3])
    }

    @Test func anEditWritesThroughToTheStoreAndToOtherReaders() async throws {
        let page = try open("""
        {
          "page": "p",
          "data": { "dish": { "name": "Tofu" } },
          "components": [
            { "id": "text-field", "key": "name", "attributes": { "value": { "expr": "$data.dish.name" } } },
            { "id": "text-field", "key": "sameName", "attributes": { "value": { "expr": "$data.dish.name" } } },
            { "id": "label", "key": "heading", "attributes": { "text": { "template": "Editing ${$data.dish.name}" } } }
          ]
        }
        """)
        let name = try #require(page.component("name"))
        let sameName = try #require(page.component("sameName"))
        let echoes = ChangeCounter(name)

        try await page.edit(name, to: "Mapo tofu")

        #expect(page.data["dish"]?["name"] == "Mapo tofu")
        #expect(name.attributes["value"] == "Mapo tofu")
        #expect(sameName.attributes["value"] == "Mapo tofu")
        #expect(page.component("heading")?.attributes["text"] == "Editing Mapo tofu")
        #expect(echoes.attributes == [["value"]])

        // A write from elsewhere reaches the input too.
        try page.set("Kung pao chicken", at: try path("$data.dish.name"))
        #expect(name.attributes["value"] == "Kung pao chicken")
    }

    @Test(arguments: [
        (#"{"expr": "upper($data.name)"}"#, "one way"),
        (#"{"template": "${$data.name}"}"#, "template"),
        (#"{"expr": "$data.name ?? 'x'"}"#, "one way"),
    ])
    func editingAComputedValueIsAnError(value: String, reason: String) async throws {
        let page = try open(#"{"page": "p", "data": {"name": "tofu"}, "components": [{"id": "text-field", "key": "f", "attributes": {"value": \#(value)}}]}"#)
        let field = try #require(page.component("f"))

        await #expect {
            try await page.edit(field, to: "x")
        } throws: { error in
            guard let error = error as? PageError, let diagnostic = error.diagnostics.first else { return false }
            return diagnostic.code == "edit" && diagnostic.message.contains(reason)
        }
        #expect(page.data["name"] == "tofu")
    }

    @Test func onlyTwoWayAttributesOfEnabledComponentsCanBeEdited() async throws {
        let page = try open("""
        {"page": "p", "data": {"locked": true, "name": "a"}, "components": [
          {"id": "label", "key": "l", "attributes": {"text": "hi"}},
          {"id": "text-field", "key": "f", "attributes": {"value": {"expr": "$data.name"}, "enabled": {"expr": "!$data.locked"}}}
        ]}
        """)
        let label = try #require(page.component("l"))
        let field = try #require(page.component("f"))

        await #expect(throws: PageError.self) { try await page.edit(label, to: "x") }
        await #expect(throws: PageError.self) { try await page.edit(field, "title", to: "x") }
        await #expect(throws: PageError.self) { try await page.edit(field, to: "x") }   // disabled

        try page.set(false, at: try path("$data.locked"))
        try await page.edit(field, to: "b")
        #expect(page.data["name"] == "b")
    }

    // MARK: - Change notification

    @Test func severalWritesInOneActionNotifyEachComponentOnce() async throws {
        var registry = Registry.standard
        registry.register(ActionType("reprice") { context in
            try context.write(9.5, to: try #require(StorePath("$data.price")))
            try context.write(4, to: try #require(StorePath("$data.qty")))
            try context.write("Lunch special", to: try #require(StorePath("$data.note")))
            return .null
        })
        let json = Self.orderLine.replacingOccurrences(of: #""components": ["#, with: #""interactions": {"reprice": [{"id": "reprice"}]}, "components": ["#)
        let page = try open(json, registry: registry)
        let total = ChangeCounter(page.component("total"))
        let price = ChangeCounter(page.component("price"))

        await page.trigger("reprice")

        #expect(page.component("total")?.attributes["text"] == "Total: 38.00")
        #expect(total.count == 1)
        #expect(price.count == 1)

        // The public batch API does the same for a host.
        try page.batch { write in
            try write(2, try path("$data.price"))
            try write(5, try path("$data.qty"))
        }
        #expect(page.component("total")?.attributes["text"] == "Total: 10.00")
        #expect(total.count == 2)
    }

    @Test func separateActionsNotifySeparately() async throws {
        let json = Self.orderLine.replacingOccurrences(of: #""components": ["#, with: #"""
        "interactions": {"reprice": [
          {"id": "store-var", "attributes": {"key": "$data.price", "value": 1}},
          {"id": "store-var", "attributes": {"key": "$data.qty", "value": 5}}
        ]}, "components": [
        """#)
        let page = try open(json)
        let total = ChangeCounter(page.component("total"))

        await page.trigger("reprice")

        #expect(total.count == 2)
        #expect(page.component("total")?.attributes["text"] == "Total: 5.00")
    }

    @Test func aWriteReevaluatesReadersOfItsPathItsAncestorsAndDescendantsOnly() async throws {
        let counter = EvaluationCounter()
        var registry = Registry.standard
        registry.register(counter.function)
        let page = try open("""
        {
          "page": "p",
          "data": { "a": { "b": { "c": 1 } }, "x": 0 },
          "components": [
            { "id": "label", "key": "readsA", "attributes": { "text": { "expr": "string(seen('a', $data.a))" } } },
            { "id": "label", "key": "readsB", "attributes": { "text": { "expr": "string(seen('b', $data.a.b))" } } },
            { "id": "label", "key": "readsC", "attributes": { "text": { "expr": "string(seen('c', $data.a.b.c))" } } },
            { "id": "label", "key": "readsX", "attributes": { "text": { "expr": "string(seen('x', $data.x))" } } }
          ]
        }
        """, registry: registry)
        let observed = ["readsA", "readsB", "readsC", "readsX"].map { ChangeCounter(page.component($0)) }
        counter.reset()

        try page.set(["c": 2], at: try path("$data.a.b"))

        #expect([counter["a"], counter["b"], counter["c"], counter["x"]] == [1, 1, 1, 0] as [Int])
        #expect(observed.map(\.count) == [1, 1, 1, 0])
        #expect(page.component("readsC")?.attributes["text"] == "2")

        // A write beside the path (a.other) concerns readers of $data.a only.
        counter.reset()
        try page.set(true, at: try path("$data.a.other"))
        #expect([counter["a"], counter["b"], counter["c"], counter["x"]] == [1, 0, 0, 0] as [Int])
    }

    @Test func noChangeArrivesAfterAnObservationIsCancelled() async throws {
        let page = try open(Self.orderLine)
        let total = try #require(page.component("total"))
        var calls = 0
        let observation = total.observe { _ in calls += 1 }
        try page.set(1, at: try path("$data.price"))

        observation.cancel()
        try page.set(2, at: try path("$data.price"))

        #expect(calls == 1)
    }

    @Test func anUnchangedValueSendsNoNotification() async throws {
        let page = try open(Self.orderLine)
        let total = ChangeCounter(page.component("total"))

        try page.set(12.5, at: try path("$data.price"))

        #expect(total.count == 0)
    }

    // MARK: - Structure

    static let menu = """
    {
      "page": "menu",
      "data": { "dishes": [ { "name": "Tofu" }, { "name": "Dumplings" } ] },
      "components": [
        { "id": "list", "key": "dishes", "attributes": { "items": { "expr": "$data.dishes" } },
          "components": [ { "id": "label", "key": "row", "attributes": { "text": { "template": "${$index + 1}. ${$item.name}" } } } ] }
      ]
    }
    """

    /// Without an `itemKey`, rows are matched by position (ListRowTests covers keyed lists).
    @Test func aListKeepsItsRowsByPositionWhenItsItemsChange() async throws {
        let page = try open(Self.menu)
        let list = try #require(page.component("dishes"))
        let changes = ChangeCounter(list)
        #expect(list.children.map { $0.attributes["text"] } == ["1. Tofu", "2. Dumplings"])
        let firstRow = try #require(list.children.first)
        let firstRowChanges = ChangeCounter(firstRow)

        try page.set([["name": "Noodles"], ["name": "Tofu"], ["name": "Dumplings"]], at: try path("$data.dishes"))

        #expect(list.children.map { $0.attributes["text"] } == ["1. Noodles", "2. Tofu", "3. Dumplings"])
        #expect(list.children.first === firstRow, "row 0 is kept and shows the new first item")
        #expect(firstRowChanges.attributes == [["text"]])
        #expect(changes.changes.last?.childrenChanged == true, "a row was added")

        // A write inside one item updates that row in place.
        try page.set("Mapo tofu", at: try path("$data.dishes[1].name"))
        #expect(list.children.map { $0.attributes["text"] } == ["1. Noodles", "2. Mapo tofu", "3. Dumplings"])
        #expect(changes.changes.last?.childrenChanged == false)
        #expect(firstRowChanges.count == 1, "the other rows hear nothing")
        #expect(changes.count == 2)

        try page.set([], at: try path("$data.dishes"))
        #expect(list.children.isEmpty)
        #expect(firstRow.isDisposed)
    }

    @Test func aStatusShowsTheChildrenOfItsState() async throws {
        let page = try open("""
        {
          "page": "p",
          "data": { "state": "loading" },
          "components": [
            { "id": "status", "key": "status",
              "attributes": {
                "state": { "expr": "$data.state" },
                "loading": [ { "id": "label", "key": "spinner", "attributes": { "text": "Loading…" } } ],
                "empty": [ { "id": "label", "key": "nothing", "attributes": { "text": "Nothing here" } } ],
                "error": [ { "id": "button", "key": "retry", "attributes": { "title": "Retry" } } ]
              },
              "components": [ { "id": "text-field", "key": "name" } ] }
          ]
        }
        """)
        let status = try #require(page.component("status"))
        let changes = ChangeCounter(status)
        func shown() -> [String?] { status.children.map(\.key) }

        #expect(shown() == ["spinner"])
        for (state, keys) in [("normal", ["name"]), ("empty", ["nothing"]), ("error", ["retry"]), ("unheard-of", []), ("loading", ["spinner"])] {
            try page.set(.string(state), at: try path("$data.state"))
            #expect(shown() == keys, "state \(state)")
        }
        #expect(changes.count == 5)
        #expect(changes.changes.allSatisfy { $0.childrenChanged })
        #expect(page.component("name") == nil)
    }

    @Test func hiddenAndEnabledFollowTheirExpressionsAndReachChildren() async throws {
        let page = try open("""
        {
          "page": "p",
          "data": { "delivery": false, "busy": false, "fee": null },
          "components": [
            { "id": "switch", "key": "delivery", "attributes": { "value": { "expr": "$data.delivery" } } },
            { "id": "section", "key": "rules", "attributes": { "hidden": { "expr": "!$data.delivery" } },
              "components": [ { "id": "number-field", "key": "fee", "attributes": { "value": { "expr": "$data.fee" } }, "validations": [ { "id": "required" } ] } ] },
            { "id": "button", "key": "save", "attributes": { "enabled": { "expr": "!$data.busy" } },
              "interactions": { "onTap": [ { "id": "validate" } ] } }
          ]
        }
        """)
        let fee = try #require(page.component("fee"))
        let save = try #require(page.component("save"))
        #expect(fee.isHidden)
        #expect(fee.attributes["hidden"] == false)   // hidden through its section
        #expect(await page.tap(save) == .completed(.null))   // the hidden fee isn't validated

        try await page.edit(try #require(page.component("delivery")), to: true)
        #expect(!fee.isHidden)
        guard case .failed(let error, _) = await page.tap(save) else { Issue.record("a visible empty fee should fail"); return }
        #expect(error["errors"] == ["fee": "This field is required"])
        #expect(fee.validationError == "This field is required")

        try page.set(true, at: try path("$data.busy"))
        #expect(!save.isEnabled)
        #expect(await page.tap(save) == .ignored("'save' is disabled"))
    }

    // MARK: - One update, many readers

    /// One batch writing 12 values: each of the 12 components hears once, with the names of the
    /// attributes that changed, and a binding reading two of the written paths is evaluated once.
    /// NB: more than the 8 components an update finds by searching its list, so the table it
    /// builds after that is used too (see `BindingUpdate`).
    @Test func aBatchNotifiesEachChangedComponentOnceWithItsChangedAttributes() async throws {
        let counter = EvaluationCounter()
        var registry = Registry.standard
        registry.register(counter.function)
        let count = 12
        let data = (0..<count).map { "\"v\($0)\": \($0)" }.joined(separator: ", ")
        let fields = (0..<count).map { i in
            #"{ "id": "number-field", "key": "f\#(i)", "attributes": { "value": { "expr": "$data.v\#(i)" }, "title": { "template": "Value ${$data.v\#(i)}" } } }"#
        }.joined(separator: ",\n")
        let page = try open("""
        {
          "page": "many",
          "data": { \(data) },
          "components": [
            \(fields),
            { "id": "label", "key": "both", "attributes": { "text": { "expr": "string(seen('both', $data.v0 + $data.v11))" } } }
          ]
        }
        """, registry: registry)
        var heard: [String: [[String]]] = [:]
        let observations = (0..<count).map { i in
            page.component("f\(i)")?.observe { change in heard["f\(i)", default: []].append(change.attributes) }
        }
        let both = ChangeCounter(page.component("both"))
        counter.reset()

        try page.batch { write in
            for i in 0..<count { try write(.int(Int64(100 + i)), try path("$data.v\(i)")) }
        }

        #expect(observations.allSatisfy { $0 != nil })
        for i in 0..<count {
            #expect(heard["f\(i)"] == [["title", "value"]], "f\(i) heard \(heard["f\(i)"] ?? [])")
            #expect(page.component("f\(i)")?.attributes["title"] == .string("Value \(100 + i)"))
        }
        #expect(counter["both"] == 1)
        #expect(both.count == 1)
        #expect(page.component("both")?.attributes["text"] == "211")
    }
}
