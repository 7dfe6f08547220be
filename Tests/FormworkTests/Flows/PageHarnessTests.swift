import Foundation
import FormworkTesting
import Testing

@MainActor
@Suite("Page harness")
struct PageHarnessTests {
    private func dishForm(params: PageValue = .null, stubs: (StubTransport) -> Void = { _ in }) async throws -> PageHarness {
        let page = PageHarness(registry: .standard)
        stubs(page.stub)
        try await page.open(file: FlowFixtures.path("dish-form.json"), params: params)
        return page
    }

    @Test func savesThroughTheStubAndHandsTheDishBack() async throws {
        let page = try await dishForm { stub in
            stub.on("POST", "/api/dishes") { request in .json(201, ["id": "7", "name": request.body["name"] ?? .null]) }
        }
        try await page.set("name", "Mapo tofu")
        try await page.set("price", 12.5)
        #expect(page.data["dish"]?["price"] == 12.5)
        let outcome = try await page.tap("save")
        #expect(outcome?.result == ["id": "7", "name": "Mapo tofu"])
        #expect(page.requests.count == 1)
        #expect(page.requests.last?.method == "POST")
        #expect(page.requests.last?.path == "/api/dishes")
        #expect(page.requests.last?.body == ["name": "Mapo tofu", "price": 12.5, "category": "mains", "tag": nil])
        #expect(page.requests.last?.headers["Content-Type"] == "application/json")
        #expect(page.response == ["id": "7", "name": "Mapo tofu"])
        #expect(page.toasts == ["Saved Mapo tofu"])
        #expect(page.globals["lastSaved"] == "7")
        #expect(page.navigation.map(\.kind) == [.response, .pop])
        #expect(try page.read("closed") == true)
    }

    @Test func validationFailuresShowInlineAndSendNothing() async throws {
        let page = try await dishForm()
        try await page.set("price", 0)
        #expect(try page.component("price").validationError == "Must be at least 0.01")
        let outcome = try await page.tap("save")
        guard case .failed(let error, _)? = outcome else { Issue.record("expected a failure, got \(String(describing: outcome))"); return }
        #expect(error["kind"] == "validation")
        #expect(try page.read("error.name") == "Give the dish a name")
        #expect(try page.read("errors") == ["name": "Give the dish a name", "price": "Must be at least 0.01"])
        #expect(page.requests.isEmpty)
        // No handler took the failure: as in an app, the host hears of it and the fallback alert shows.
        #expect(page.failures.map { $0["kind"] } == ["validation"])
        #expect(page.alerts.map(\.title) == ["Something went wrong"])
        #expect(try page.read("component.save.enabled") == true)
    }

    @Test func serverErrorsReachTheHandlers() async throws {
        let page = try await dishForm { $0.on("POST", "/api/dishes", .status(409, ["message": "duplicate"]), .status(500)) }
        try await page.set("name", "Tofu")
        try await page.set("price", 3)
        try await page.tap("save")
        #expect(page.toasts == ["A dish with this name exists"])
        guard case .failed(let error, "toast")? = page.outcome else { Issue.record("expected a failure the toast took, got \(String(describing: page.outcome))"); return }
        #expect(error["status"] == 409)
        #expect(error["body"] == ["message": "duplicate"])
        try await page.tap("save")
        #expect(page.alerts.map(\.title) == ["Can't save"])
        #expect(page.alerts.last?.message == "the server answered 500 to POST /api/dishes")
        #expect(page.data["saved"] == .null)
        #expect(page.response == nil)
    }

    @Test func networkFailureFromAStub() async throws {
        let page = try await dishForm { $0.on("POST", "/api/dishes", .failure("offline")) }
        try await page.set("name", "Tofu")
        try await page.set("price", 3)
        try await page.tap("save")
        #expect(page.alerts.last?.message == "Couldn't reach the server. Check your connection and try again.")
        #expect(try page.read("request.status") == nil)
    }

    @Test func loadedFetchesWithParams() async throws {
        let page = try await dishForm(params: ["dishId": "42"]) {
            $0.on("GET", "/api/dishes/*", .json(200, ["name": "Soup", "price": 4, "category": "soups", "tag": nil]))
        }
        #expect(try page.current.title == "Edit dish")
        #expect(try page.read("component.name.value") == "Soup")
        #expect(page.requests.map(\.line) == ["GET /api/dishes/42"])
    }

    @Test func anUnmatchedRequestFailsLoudly() async throws {
        let page = PageHarness(registry: .standard)
        await #expect(throws: PageHarnessError("no stub for GET /api/dishes/42; add one with on(\"GET\", \"/api/dishes/42\")")) {
            try await page.open(file: FlowFixtures.path("dish-form.json"), params: ["dishId": "42"])
        }
    }

    @Test func aSelectWaitsForThePicker() async throws {
        let page = try await dishForm()
        let outcome = try await page.tap("category")
        #expect(outcome == nil)
        #expect(page.pendingPicker?.options.map(\.title) == ["Starters", "Mains", "Soups"])
        #expect(page.pendingPicker?.selected == 1)
        try await page.pick("Soups")
        #expect(page.pendingPicker == nil)
        #expect(page.data["dish"]?["category"] == "soups")
        try await page.tap("category")
        try await page.cancelPicker()
        #expect(page.data["dish"]?["category"] == "soups")
        #expect(page.outcome == .cancelled)
    }

    @Test func aPushedPageAnswersTheWaitingPush() async throws {
        let page = try await dishForm()
        try await page.tap("tag")
        #expect(try page.current.document.id == "tag-picker")
        #expect(try page.read("stack") == ["dish-form", "tag-picker"])
        #expect(page.data["chosen"] == "new")
        try await page.set("tag", "vegan")
        try await page.tap("done")
        #expect(try page.current.document.id == "dish-form")
        #expect(page.data["dish"]?["tag"] == "vegan")
        #expect(try page.read("component.tag.title") == "Tag: vegan")
        #expect(page.navigation.map(\.kind) == [.push, .response, .pop])
        #expect(page.navigation.first?.value == ["current": nil])
    }

    @Test func backFromAPushedPageCancelsTheWaitingPush() async throws {
        let page = try await dishForm()
        try await page.tap("tag")
        try await page.back()
        #expect(try page.current.document.id == "dish-form")
        #expect(page.data["dish"]?["tag"] == .null)
        #expect(page.outcome == .cancelled)
    }

    @Test func confirmNoKeepsThePageAndYesPopsIt() async throws {
        let page = try await dishForm()
        try await page.tap("cancel")
        #expect(page.pendingConfirm?.title == "Discard changes?")
        try await page.confirm(false)
        #expect(try page.current.isClosed == false)
        try await page.tap("cancel")
        try await page.confirm(true)
        #expect(try page.current.isClosed)
        #expect(page.navigation.last?.kind == .pop)
    }

    @Test func misuseNamesTheProblem() async throws {
        let page = try await dishForm()
        await #expect(throws: PageHarnessError("no component \"sav\" on the page 'dish-form'; did you mean \"save\"?")) { try await page.tap("sav") }
        await #expect(throws: PageHarnessError("no picker is waiting for an answer, so there is nothing to pick; tap a select, or run a picker action first")) { try await page.pick(0) }
        await #expect(throws: PageHarnessError("the page 'dish-form' has no interaction 'onSaev'; did you mean 'onSave'?")) { try await page.trigger("onSaev") }
        try await page.tap("category")
        await #expect(throws: PageHarnessError("the picker \"Category\" has no option 5; its options are 0: Starters, 1: Mains, 2: Soups")) { try await page.pick(5) }
        #expect(throws: PageHarnessError("can't read 'dta.x': there is no 'dta'; did you mean 'data'?")) { try page.read("dta.x") }
    }

    @Test func repeatedKeysAreAddressedByRow() async throws {
        let page = PageHarness(registry: .standard)
        try await page.open(json: """
            {"page": "menu", "data": {"dishes": [{"name": "Tofu"}, {"name": "Soup"}]},
             "components": [{"id": "list", "key": "dishes", "attributes": {"items": {"expr": "$data.dishes"}}, "components": [
               {"id": "button", "key": "row", "attributes": {"title": {"expr": "$item.name"}},
                "interactions": {"onTap": [{"id": "store-var", "attributes": {"key": "$data.chosen", "value": {"expr": "$index"}}}]}}
             ]}]}
            """)
        try await page.tap("row[1]")
        #expect(page.data["chosen"] == 1)
        #expect(try page.read("component.row[1].title") == "Soup")
        #expect(try page.read("component.row.title") == "Tofu")
        #expect(try page.read("component.dishes.count") == 2)
        #expect(try page.read("component.row[2].exists") == false)
        await #expect(throws: PageHarnessError("there is no row[2] on the page 'menu': it has 2 components keyed \"row\", counted from 0")) { try await page.tap("row[2]") }
    }

    /// `component.LIST.count` is the list's rows, however many components each row builds: here
    /// two uses of a block (each of two labels) a row. Other components count their children.
    @Test func aListsCountIsItsRowsNotTheComponentsInThem() async throws {
        let page = PageHarness(registry: .standard)
        try await page.open(json: """
            {"page": "menu", "data": {"dishes": [{"name": "Tofu"}, {"name": "Soup"}, {"name": "Rice"}]},
             "blocks": {"tag": {"attributes": {"text": {"type": "string"}},
               "components": [{"id": "label", "key": "a", "attributes": {"text": {"expr": "$attr.text"}}}, {"id": "label", "key": "b", "attributes": {"text": "·"}}]}},
             "components": [
               {"id": "list", "key": "dishes", "attributes": {"items": {"expr": "$data.dishes"}}, "components": [
                 {"id": "tag", "key": "name", "attributes": {"text": {"expr": "$item.name"}}},
                 {"id": "tag", "key": "mark", "attributes": {"text": {"expr": "$index"}}}
               ]},
               {"id": "list", "key": "none", "attributes": {"items": []}, "components": [{"id": "label", "attributes": {"text": "x"}}]},
               {"id": "section", "key": "box", "components": [{"id": "label", "attributes": {"text": "x"}}, {"id": "tag", "key": "t", "attributes": {"text": "y"}}]}
             ]}
            """)
        #expect(try page.read("component.dishes.count") == 3)
        #expect(try page.read("component.name.a[2].text") == "Rice")
        #expect(try page.read("component.none.count") == 0)
        #expect(try page.read("component.box.count") == 2)
        #expect(try page.read("component.name.count") == 2, "a block's use counts what it is made of")
        #expect(try page.component("dishes").childRows?.map { $0.compactMap(\.key) } == [["name", "mark"], ["name", "mark"], ["name", "mark"]])
    }

    @Test func pagesAppearAndDisappearAsAHostShowsThem() async throws {
        let counter = """
            "interactions": {
              "appear": [{"id": "store-var", "attributes": {"key": "$global.log", "value": {"expr": "($global.log ?? '') + $param.name + '+'"}}}],
              "disappear": [{"id": "store-var", "attributes": {"key": "$global.log", "value": {"expr": "$global.log + $param.name + '-'"}}}]
            }
            """
        let pages = InlinePages([
            "second": #"{"page": "second", "params": {"name": {"type": "string"}}, "components": [], \#(counter)}"#,
        ])
        let page = PageHarness(registry: .standard, pages: pages, limits: LimitFixtures.limits { $0.flowStepSeconds = LimitFixtures.patientStepSeconds })
        try await page.open(json: """
            {"page": "first", "params": {"name": {"type": "string"}},
             "components": [{"id": "button", "key": "next", "interactions": {"onTap": [{"id": "push", "attributes": {"page": "second", "params": {"name": "B"}}}]}}],
             \(counter)}
            """, params: ["name": "A"])
        #expect(page.globals["log"] == "A+")
        try await page.tap("next")
        #expect(page.globals["log"] == "A+A-B+")
        try await page.back()
        #expect(page.globals["log"] == "A+A-B+A+")
    }

    @Test func anAnswerIsTakenBeforeTheStepReturns() async throws {
        // The page counts as waiting for the person until the woken chain resumes; the harness
        // must not return from pick/confirm before then (it used to, under load).
        for _ in 0..<50 {
            let page = PageHarness(registry: .standard)
            try await page.open(json: """
                {"page": "p", "interactions": {"loaded": [
                  {"id": "picker", "attributes": {"options": ["a", "b"]}}, {"id": "store-var", "attributes": {"key": "$data.x"}},
                  {"id": "confirm"}, {"id": "store-var", "attributes": {"key": "$data.y", "value": true}}
                ]}}
                """)
            try await page.pick(1)
            #expect(page.data["x"] == "b")
            try await page.confirm(true)
            #expect(page.data["y"] == true)
        }
    }

    @Test func theScopedHarnessClosesItsPagesAfterTheBody() async throws {
        var opened: PageSession?
        let toast = try await PageHarness.test(file: FlowFixtures.path("dish-form.json"), registry: .standard, stubs: { stub in
            stub.on("POST", "/api/dishes", .json(201, ["id": "1", "name": "Tofu"]))
        }) { page in
            opened = try page.current
            try await page.set("name", "Tofu")
            try await page.set("price", 2)
            try await page.tap("save")
            return page.toasts.last
        }
        #expect(toast == "Saved Tofu")
        #expect(opened?.isClosed == true)
    }

    @Test func expectNamesThePathAndTheLeavesThatDiffer() async throws {
        let page = try await dishForm()
        try await page.set("price", 12.5)
        try page.expect("data.dish.price", 12.5)
        try page.expect("component.category.options", .count(3))
        #expect(throws: PageHarnessError("expect data.dish.price: expected 13, got 12.5")) { try page.expect("data.dish.price", 13) }
        #expect(throws: PageHarnessError(#"expect data.dish: expected {"name":"Tofu","price":12.5,"category":"mains","tag":null}, got {"name":"","price":12.5,"category":"mains","tag":null}; at data.dish.name: expected "Tofu", got """#)) {
            try page.expect("data.dish", ["name": "Tofu", "price": 12.5, "category": "mains", "tag": nil])
        }
    }

    @Test func problemsTheEngineReportsAreReadable() async throws {
        let page = PageHarness(registry: .standard)
        try await page.open(json: #"{"page": "d", "data": {"a": "x"}, "components": [{"id": "label", "key": "l", "attributes": {"text": {"expr": "$data.a * 2"}}}]}"#)
        #expect(page.diagnostics.count == 1)
        try page.expect("diagnostics", .count(1))
        try page.expect("diagnostics[0]", .contains("the attribute 'text' of 'l' can't be computed"))
    }

    @Test func coverageRecordsWhatRan() async throws {
        let page = try await dishForm()
        try await page.tap("save")
        let hits = page.coverage.hits["dish-form"] ?? PageHits()
        #expect(hits.actions.contains("interactions.onSave[0]"))
        #expect(!hits.actions.contains("interactions.onSave[1]"))
        #expect(hits.branches == ["interactions.loaded[0] else"])
        #expect(hits.validations.contains("components[0].components[0].validations[0]"))
        #expect(hits.interactions == ["interactions.loaded", "components[1].components[0].interactions.onTap"])
        #expect(hits.handlers == [])
        let coverage = PageCoverage(document: try page.current.document, hits: hits)
        #expect(coverage.categories[0].missed.map(\.label) == ["tag.onTap", "cancel.onTap"])
        #expect(coverage.categories[5].missed.map(\.label) == ["toast", "alert"])
    }
}

extension PageHarnessError: Equatable {
    public static func == (lhs: PageHarnessError, rhs: PageHarnessError) -> Bool { lhs.message == rhs.message }
}

/// Pages by id from strings, for tests that push.
struct InlinePages: PageSource {
    let pages: [String: String]

    init(_ pages: [String: String]) { self.pages = pages }

    func page(_ id: String) throws -> (bytes: [UInt8], file: String?) {
        guard let text = pages[id] else { throw PageHarnessError("no inline page '\(id)'") }
        return (Array(text.utf8), nil)
    }
}
