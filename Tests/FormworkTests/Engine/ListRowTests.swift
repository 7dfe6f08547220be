import Foundation
import Testing
import Formwork

/// Lists you can edit, rows that stay: `$item.qty` is two-way inside a row, rows are matched to
/// items by `itemKey`, kept rows are the same objects with their observers, and only the rows
/// that changed are touched.
@Suite("List rows")
@MainActor
struct ListRowTests {
    static let order = """
    {"page": "order",
     "data": {"lines": [{"id": "a", "name": "tea", "price": 2.5, "qty": 1}, {"id": "b", "name": "cake", "price": 4, "qty": 1}, {"id": "c", "name": "jam", "price": 3, "qty": 2}]},
     "computed": {"total": "sum(map($data.lines, x => x.price * x.qty))"},
     "components": [
       {"id": "list", "key": "lines", "attributes": {"items": {"expr": "$data.lines"}, "itemKey": "id"}, "components": [
         {"id": "group", "key": "line", "components": [
           {"id": "label", "key": "name", "attributes": {"text": {"template": "${$index + 1}. ${$item.name}"}}},
           {"id": "stepper", "key": "qty", "attributes": {"value": {"expr": "$item.qty"}, "min": 0}},
           {"id": "label", "key": "amount", "attributes": {"text": {"expr": "fixed($item.price * $item.qty, 2)"}}}
         ]}
       ]},
       {"id": "label", "key": "total", "attributes": {"text": {"expr": "fixed($computed.total, 2)"}}}
     ]}
    """

    private func open(_ json: String = ListRowTests.order) throws -> PageSession {
        try PageEngine(registry: .standard).open(try EnginePages.load(json))
    }

    private func rows(_ page: PageSession, _ key: String) -> [PageComponent] {
        page.allComponents.filter { $0.key == key }
    }

    private func texts(_ page: PageSession, _ key: String) -> [PageValue?] {
        rows(page, key).map { $0.attributes["text"] }
    }

    @Test func anInputInARowEditsItsElementOfTheList() async throws {
        let page = try open()
        let quantities = rows(page, "qty")
        let lines = rows(page, "line")
        let watched = lines.map(ChangeCounter.init)
        let amounts = rows(page, "amount").map(ChangeCounter.init)

        try await page.edit(quantities[2], to: 5)

        #expect(page.data["lines"]?[2]?["qty"] == 5)
        #expect(texts(page, "amount") == ["2.50", "4.00", "15.00"])
        #expect(page.component("total")?.attributes["text"] == "21.50")
        #expect(rows(page, "line").elementsEqual(lines, by: ===), "every row is the same object")
        #expect(amounts.map(\.count) == [0, 0, 1], "only the edited row hears about it")
        #expect(watched.map(\.count) == [0, 0, 0])
        #expect(quantities[2].attributes["value"] == 5)
    }

    @Test func keyedRowsStayWithTheirItems() async throws {
        let page = try open()
        let list = try #require(page.component("lines"))
        let listChanges = ChangeCounter(list)
        let (tea, cake, jam) = (rows(page, "line")[0], rows(page, "line")[1], rows(page, "line")[2])
        let cakeChanges = ChangeCounter(rows(page, "name")[1])

        // Remove tea, move jam first, add bread, change cake's name.
        try page.set([["id": "c", "name": "jam", "price": 3, "qty": 2], ["id": "b", "name": "carrot cake", "price": 4, "qty": 1], ["id": "d", "name": "bread", "price": 1, "qty": 1]],
                     at: try #require(StorePath("$data.lines")))

        let now = rows(page, "line")
        #expect(now[0] === jam && now[1] === cake)
        #expect(now[2] !== tea && !now.contains { $0 === tea })
        #expect(tea.isDisposed && !cake.isDisposed && !jam.isDisposed)
        #expect(texts(page, "name") == ["1. jam", "2. carrot cake", "3. bread"])
        #expect(cakeChanges.attributes == [["text"]])
        #expect(listChanges.changes.last?.attributes == ["items"])
        #expect(listChanges.changes.last?.childrenChanged == true)

        // An observer of a kept row still hears about it.
        try await page.edit(rows(page, "qty")[1], to: 3)
        #expect(cakeChanges.count == 1)
        #expect(texts(page, "amount") == ["6.00", "12.00", "1.00"])
        #expect(page.data["lines"]?[1]?["qty"] == 3)
    }

    @Test func anUnchangedListTouchesNoRow() async throws {
        let page = try open()
        let counters = rows(page, "name").map(ChangeCounter.init)
        let list = ChangeCounter(page.component("lines"))
        try page.set(page.data["lines"] ?? .null, at: try #require(StorePath("$data.lines")))
        #expect(counters.map(\.count) == [0, 0, 0])
        #expect(list.count == 0)
    }

    /// The fast path (a write below one element) and the general path (the whole array written)
    /// give the same rows, for a seeded series of edits.
    @Test func aWriteBelowAnElementAndTheWholeListWrittenAgreeRowForRow() async throws {
        let fast = try open(), general = try open()
        let fastRows = rows(fast, "line"), generalRows = rows(general, "line")
        var random = SplitMix(seed: 42)
        for step in 0..<60 {
            let line = Int(random.next() % 3)
            let member = ["qty", "name", "price"][Int(random.next() % 3)]
            let value: PageValue = member == "name" ? .string("n\(step)") : .int(Int64(random.next() % 9))
            try fast.set(value, at: StorePath(.data, [.key("lines"), .index(line), .key(member)]))
            var lines = general.data["lines"]?.arrayValue ?? []
            if case .object(var object) = lines[line] { object[member] = value; lines[line] = .object(object) }
            try general.set(.array(lines), at: StorePath(.data, [.key("lines")]))
            for key in ["name", "qty", "amount"] {
                #expect(rows(fast, key).map(\.attributes) == rows(general, key).map(\.attributes), "step \(step), \(key)")
            }
            #expect(fast.component("total")?.attributes == general.component("total")?.attributes)
        }
        #expect(rows(fast, "line").elementsEqual(fastRows, by: ===))
        #expect(rows(general, "line").elementsEqual(generalRows, by: ===))
    }

    @Test func withoutAKeyRowsAreMatchedByPosition() async throws {
        let page = try open(Self.order.replacingOccurrences(of: #", "itemKey": "id""#, with: ""))
        let (first, last) = (rows(page, "line")[0], rows(page, "line")[2])
        try page.set([["id": "b", "name": "cake", "price": 4, "qty": 1], ["id": "c", "name": "jam", "price": 3, "qty": 2]], at: try #require(StorePath("$data.lines")))
        #expect(rows(page, "line")[0] === first, "row 0 stays and shows what is now first")
        #expect(texts(page, "name") == ["1. cake", "2. jam"])
        #expect(last.isDisposed)
    }

    @Test func nestedListsFollowTheirRows() async throws {
        let page = try open("""
        {"page": "p", "data": {"groups": [{"id": 1, "items": ["a", "b"]}, {"id": 2, "items": ["c"]}]},
         "components": [{"id": "list", "attributes": {"items": {"expr": "$data.groups"}, "itemKey": "id"}, "components": [
           {"id": "list", "key": "inner", "attributes": {"items": {"expr": "$item.items"}}, "components": [
             {"id": "text-field", "key": "cell", "attributes": {"value": {"expr": "$item"}}}]}]}]}
        """)
        let cells = rows(page, "cell")
        try await page.edit(cells[1], to: "B")
        #expect(page.data["groups"]?[0]?["items"] == ["a", "B"])
        try page.set(["x", "y"], at: StorePath(.data, [.key("groups"), .index(1), .key("items")]))
        #expect(rows(page, "cell").map { $0.attributes["value"] } == ["a", "B", "x", "y"])
        #expect(rows(page, "cell")[0] === cells[0] && rows(page, "cell")[2] === cells[2])
        try await page.edit(rows(page, "cell")[3], to: "Y")
        #expect(page.data["groups"]?[1]?["items"] == ["x", "Y"])
    }

    @Test func aRowOfAComputedListCantBeEdited() async throws {
        let json = """
        {"page": "p", "data": {"lines": [{"qty": 1}]},
         "components": [{"id": "list", "attributes": {"items": {"expr": "filter($data.lines, x => x.qty > 0)"}}, "components": [
           {"id": "stepper", "key": "qty", "attributes": {"value": {"expr": "$item.qty"}}}]},
           {"id": "stepper", "key": "loose", "attributes": {"value": {"expr": "$item.qty"}}}]}
        """
        let document = try PageDocument.load(Array(json.utf8), registry: .standard, libraries: .empty)
        #expect(document.check(registry: .standard).map(\.rendered) == [
            "components[0].components[0].attributes.value.expr: error: $item.qty would be written when the person edits 'value', but the list's items come from filter($data.lines, x => x.qty > 0), not a plain path, so there is no element to write; bind the list's items to a plain path such as $data.lines",
            "components[1].attributes.value.expr: error: $item.qty would be written when the person edits 'value', but this component isn't inside a list, so $item is null; bind it to a $data path",
        ])
        let page = try PageEngine(registry: .standard).open(document)
        let field = try #require(page.component("qty"))
        do {
            try await page.edit(field, to: 3)
            Issue.record("the edit should be refused")
        } catch {
            #expect(error.diagnostics.first?.message == "'qty' can't be edited because it reads $item.qty, but the list it is in takes its items from an expression, not a plain path, so there is no element to write; bind the list's items to a plain path such as $data.lines")
        }
    }
}
