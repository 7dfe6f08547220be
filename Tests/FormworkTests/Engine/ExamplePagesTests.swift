import Foundation
import Testing
import Formwork

/// The example pages in pages/: each checks clean, and each behaves as its description says.
@Suite("Example pages")
@MainActor
struct ExamplePagesTests {
    let presenter = QueuedPresenter()
    let navigator = StackNavigator()
    let transport = CannedTransport()

    nonisolated static let files = EnginePages.exampleFiles.map(\.lastPathComponent)

    private func engine(globals: GlobalStore = GlobalStore()) -> PageEngine {
        PageEngine(registry: .standard, host: PageHost(navigator: navigator, presenter: presenter, transport: transport, router: navigator),
                   globals: globals, pages: DirectoryPageSource(directory: EnginePages.examples))
    }

    private func open(_ id: String, params: PageValue = .null, engine: PageEngine? = nil) async throws -> PageSession {
        let page = try (engine ?? self.engine()).open(pageID: id, params: params)
        await page.waitUntilIdle()
        return page
    }

    private func component(_ page: PageSession, _ key: String) throws -> PageComponent {
        try #require(page.component(key), "no component '\(key)' in \(page.document.id)")
    }

    // MARK: - Every page checks clean

    @Test(arguments: files)
    func decodesAndChecksWithoutErrorsOrWarnings(_ file: String) throws {
        let url = EnginePages.examples.appendingPathComponent(file)
        let known = Set(EnginePages.exampleFiles.map { $0.deletingPathExtension().lastPathComponent })
        // NB: as `formwork check pages` checks them: at the latest level (feedback.json's choices are level 2).
        let (document, decoded) = PageDocument.decode(Array(try Data(contentsOf: url)), registry: .standard(behavior: .latest), libraries: EnginePages.libraries, file: file)
        let diagnostics = decoded + (document?.check(registry: .standard(behavior: .latest), knownPages: known) ?? [])

        #expect(diagnostics.map(\.rendered) == [])
        #expect(document?.id == url.deletingPathExtension().lastPathComponent)
    }

    @Test func thePagesUseBothAttributeForms() throws {
        func forms(_ id: String) throws -> Set<String> {
            let source = String(decoding: try EnginePages.bytes(id), as: UTF8.self)
            var found = Set<String>()
            if source.contains(#""mode": "#) { found.insert("canonical") }
            if source.contains(#"{ "expr": "#) || source.contains(#"{ "template": "#) { found.insert("compact") }
            return found
        }
        #expect(try forms("cashier-settings") == ["canonical"])
        #expect(try forms("dish-edit") == ["compact"])
    }

    // MARK: - dish-list and dish-edit

    nonisolated static let menu: PageValue = ["dishes": [
        ["id": "d1", "name": "Mapo tofu", "price": 28, "category": "mains", "spicy": true, "likes": 12],
        ["id": "d2", "name": "Wonton soup", "price": 16.5, "category": "soups", "spicy": false],
    ]]

    @Test func theListShowsTheDishesFromTheServer() async throws {
        await transport.on("GET /api/dishes", Self.menu)
        let list = try await open("dish-list")

        #expect(list.title == "Menu (2)")
        #expect(list.component("dishes")?.children.count == 2)
        let rows = list.allComponents.filter { $0.key == "dishRow" }.map { $0.attributes["title"] }
        #expect(rows == ["1. Mapo tofu 🌶 — CN¥28.00", "2. Wonton soup — CN¥16.50"])
        #expect(list.component("emptyHint")?.isHidden == true)
        #expect(await transport.requests.first?.url.query == "shop=main-street")
    }

    @Test func addingADishPushesTheEditorAndAppendsWhatItSaved() async throws {
        await transport.on("GET /api/dishes", Self.menu)
        await transport.on("POST /api/dishes") { request in
            var dish = request.json?.objectValue ?? PageObject()
            dish["id"] = "d3"
            return .json(.object(dish), status: 201)
        }
        let list = try await open("dish-list")
        let addButton = try component(list, "add")
        let add = await started { await list.tap(addButton) }

        await list.waitUntilIdle()
        let editor = try #require(navigator.top)
        #expect(editor.document.id == "dish-edit")
        #expect(editor.title == "New dish")
        #expect(editor.component("save")?.attributes["title"] == "Add to menu")
        try await editor.edit(try component(editor, "name"), to: "  Dan dan noodles ")
        try await editor.edit(try component(editor, "price"), to: 22)
        #expect(editor.component("priceWithTax")?.attributes["text"] == "CN¥23.32 with 6% tax")
        presenter.pickAnswers = [2]
        await editor.tap(try component(editor, "category"))   // the select presents its options
        try await editor.edit(try component(editor, "spicy"), to: true)
        #expect(editor.component("spiceLevel")?.isHidden == false)
        await editor.trigger("onSave")   // the nav bar's Save

        let added = await add.value
        guard case .completed = added else { Issue.record("the add chain should complete: \(added) \(presenter.toasts) \(presenter.alerts)"); return }
        let sent = try #require(await transport.requests.last)
        #expect(sent.method == "POST")
        #expect(sent.json == ["name": "Dan dan noodles", "price": 22, "category": "staples", "spicy": true, "spiceLevel": 1, "description": ""])
        #expect(editor.isClosed)
        #expect(navigator.stack.isEmpty)
        #expect(list.data["dishes"]?.arrayValue?.last?["id"] == "d3")
        #expect(list.title == "Menu (3)")
        #expect(presenter.toasts == ["Saved “Dan dan noodles”", "Added “Dan dan noodles” to the menu"])
    }

    @Test func editingARowLoadsTheDishAndReplacesItWithTheSavedOne() async throws {
        await transport.on("GET /api/dishes", Self.menu)
        await transport.on("GET /api/dishes/d2", Self.menu["dishes"]?[1] ?? .null)
        await transport.on("PUT /api/dishes/d2") { request in
            var dish = request.json?.objectValue ?? PageObject()
            dish["id"] = "d2"
            return .json(.object(dish))
        }
        let list = try await open("dish-list")
        let secondRow = try #require(list.allComponents.filter { $0.key == "dishRow" }.last)
        let tap = await started { await list.tap(secondRow) }

        await list.waitUntilIdle()
        let editor = try #require(navigator.top)
        #expect(editor.document.id == "dish-edit")
        #expect(editor.params == ["dishId": "d2"])
        #expect(editor.title == "Edit dish")
        #expect(editor.component("name")?.attributes["value"] == "Wonton soup")
        try await editor.edit(try component(editor, "price"), to: 18)
        await editor.tap(try component(editor, "save"))

        guard case .completed = await tap.value else { Issue.record("the row's chain should complete"); return }
        #expect(await transport.lines == ["GET /api/dishes", "GET /api/dishes/d2", "PUT /api/dishes/d2"])
        let rows = list.allComponents.filter { $0.key == "dishRow" }.map { $0.attributes["title"] }
        #expect(rows == ["1. Mapo tofu 🌶 — CN¥28.00", "2. Wonton soup — CN¥18.00"])
    }

    @Test func likingADishRoutesToTheAppAndCountsTheLike() async throws {
        await transport.on("GET /api/dishes", Self.menu)
        let list = try await open("dish-list")
        let likes = list.allComponents.filter { $0.key == "like" }
        #expect(likes.map { $0.attributes["title"] } == ["♥ 12", "♥ 0"])

        await list.tap(likes[1])

        #expect(navigator.routes == ["app://open?target=LikeService&action=like&dishId=d2"])
        #expect(list.allComponents.filter { $0.key == "like" }.map { $0.attributes["title"] } == ["♥ 12", "♥ 1"])
    }

    @Test func deletingADishAsksFirst() async throws {
        await transport.on("GET /api/dishes", Self.menu)
        await transport.on("DELETE /api/dishes/d1", .null)
        let list = try await open("dish-list")
        let delete = try #require(list.allComponents.first { $0.key == "delete" })

        #expect(await list.tap(delete) == .cancelled)   // "no"
        presenter.confirmAnswers = [true]
        await list.tap(delete)

        #expect(presenter.confirmations == ["Delete “Mapo tofu”?", "Delete “Mapo tofu”?"])
        #expect(await transport.lines == ["GET /api/dishes", "DELETE /api/dishes/d1"])
        #expect(list.data["dishes"]?.arrayValue?.map { $0["name"] } == ["Wonton soup"])
        #expect(presenter.toasts == ["Deleted “Mapo tofu”"])
    }

    @Test func anEmptyFormShowsItsValidationErrors() async throws {
        let editor = try await open("dish-edit")

        let outcome = await editor.trigger("onSave")

        #expect(outcome.handledBy == "toast")
        #expect(editor.component("name")?.validationError == "Give the dish a name")
        #expect(editor.component("price")?.validationError == "Enter a price")
        #expect(editor.component("category")?.validationError == nil)   // "mains" by default
        #expect(presenter.toasts == ["Check the form: Give the dish a name"])
        #expect(await transport.requests.isEmpty)
    }

    @Test func aNameThatIsTakenGetsTheActionsOwnAlert() async throws {
        await transport.on("POST /api/dishes", status: 409, ["code": "name_taken", "message": "name taken"])
        let editor = try await open("dish-edit")
        try await editor.edit(try component(editor, "name"), to: "Mapo tofu")
        try await editor.edit(try component(editor, "price"), to: 28)

        #expect(await editor.trigger("onSave").handledBy == "alert")
        #expect(presenter.alerts == ["Name already used: Another dish is called “Mapo tofu”. Pick a different name."])
        #expect(!editor.isClosed)
    }

    @Test func anExpiredSessionPushesTheLoginPage() async throws {
        await transport.on("PUT /api/dishes/d1", status: 401, ["message": "token expired"])
        await transport.on("GET /api/dishes/d1", Self.menu["dishes"]?[0] ?? .null)
        let editor = try await open("dish-edit", params: ["dishId": "d1"])

        #expect(await editor.trigger("onSave").handledBy == "push")

        let login = try #require(navigator.top)
        #expect(login.document.id == "login")
        #expect(login.component("reason")?.attributes["text"] == "Your session has expired. Sign in to save the dish.")
    }

    @Test func signingInKeepsTheTokenInGlobal() async throws {
        await transport.on("POST /api/session", ["token": "t-9", "user": ["name": "Li Wei"]])
        let globals = GlobalStore()
        let login = try await open("login", engine: engine(globals: globals))
        let signIn = try component(login, "signIn")
        #expect(!signIn.isEnabled)
        try await login.edit(try component(login, "email"), to: "li.wei@noodles.example")
        try await login.edit(try component(login, "password"), to: "correct horse")

        await login.tap(signIn)

        #expect(globals.value["token"] == "t-9")
        #expect(presenter.toasts == ["Welcome back, Li Wei"])
        #expect(login.response == true)
        #expect(login.isClosed)
    }

    @Test func discardingChangesAsksOnlyWhenThereAreChanges() async throws {
        let unchanged = try await open("dish-edit")
        await unchanged.trigger("onCancel")
        #expect(unchanged.isClosed)
        #expect(presenter.confirmations.isEmpty)

        let changed = try await open("dish-edit")
        try await changed.edit(try component(changed, "name"), to: "Tofu")
        #expect(await changed.tap(try component(changed, "discard")) == .cancelled)
        #expect(!changed.isClosed)
        presenter.confirmAnswers = [true]
        await changed.tap(try component(changed, "discard"))
        #expect(changed.isClosed)
        #expect(presenter.confirmations == ["Discard changes?", "Discard changes?"])
    }

    // MARK: - takeout-settings

    nonisolated static let takeout: PageValue = [
        "delivery": true, "minOrder": 30, "deliveryFee": 4, "freeDelivery": true, "freeDeliveryFrom": 88,
        "radiusKm": 5, "pickup": true, "pickupMinutes": 20, "note": "",
    ]

    @Test func switchesShowAndHideTheFieldsTheyGovern() async throws {
        await transport.on("GET /api/shop/takeout", Self.takeout)
        let page = try await open("takeout-settings")
        let rules = try component(page, "deliveryRules")
        let threshold = try component(page, "freeDeliveryFrom")
        #expect(page.component("summary")?.attributes["text"] == "Delivery from CN¥30.00, fee CN¥4.00, free from CN¥88.00. Pickup in 20 min.")
        #expect(page.component("save")?.isEnabled == false)   // nothing changed yet

        try await page.edit(try component(page, "freeDelivery"), to: false)
        #expect(threshold.isHidden)
        #expect(page.component("save")?.isEnabled == true)

        try await page.edit(try component(page, "delivery"), to: false)
        #expect(rules.isHidden)
        #expect(try component(page, "minOrder").isHidden)
        #expect(page.component("summary")?.attributes["text"] == "Pickup in 20 min.")
    }

    @Test func theFreeDeliveryThresholdMustReachTheMinimumOrder() async throws {
        await transport.on("GET /api/shop/takeout", Self.takeout)
        await transport.on("PUT /api/shop/takeout") { request in .json(request.json ?? .null) }
        let page = try await open("takeout-settings")
        let threshold = try component(page, "freeDeliveryFrom")

        try await page.edit(threshold, to: 25)   // validateOn: change
        #expect(threshold.validationError == "Must be at least the minimum order (CN¥30.00)")
        #expect(await page.tap(try component(page, "save")).handledBy == "alert")
        #expect(presenter.alerts == ["Check the delivery rules: Must be at least the minimum order (CN¥30.00)"])

        try await page.edit(threshold, to: 30)
        #expect(threshold.validationError == nil)
        await page.tap(try component(page, "save"))
        #expect(await transport.requests.last?.json?["freeDeliveryFrom"] == 30)
        #expect(presenter.toasts == ["Takeout settings saved"])
        #expect(page.component("save")?.isEnabled == false)
    }

    @Test func turningTakeoutOffEntirelyAsksFirst() async throws {
        await transport.on("GET /api/shop/takeout", Self.takeout)
        await transport.on("PUT /api/shop/takeout") { request in .json(request.json ?? .null) }
        let page = try await open("takeout-settings")
        try await page.edit(try component(page, "delivery"), to: false)
        try await page.edit(try component(page, "pickup"), to: false)
        #expect(page.component("summary")?.attributes["text"] == "Takeout is off: customers can only eat in.")

        #expect(await page.trigger("onSave") == .cancelled)
        #expect(presenter.confirmations == ["Turn off takeout?"])
        #expect(await transport.lines == ["GET /api/shop/takeout"])
    }

    // MARK: - cashier-settings

    nonisolated static let printers: PageValue = ["printers": [
        ["id": "p1", "name": "Front counter", "online": true],
        ["id": "p2", "name": "Kitchen", "online": false],
    ]]

    nonisolated static let cashier: PageValue = [
        "acceptCash": true, "acceptCard": true, "acceptWallet": true, "printReceipt": true, "printerId": "p1",
        "receiptFooter": "Thank you!", "rounding": "0.1", "serviceChargePercent": 10,
    ]

    @Test func theStatusGoesFromLoadingToTheForm() async throws {
        await transport.on("GET /api/cashier/settings") { _ in
            try await Task.sleep(for: .milliseconds(30))
            return .json(Self.cashier)
        }
        await transport.on("GET /api/cashier/printers", Self.printers)
        let engine = engine()
        let page = try engine.open(pageID: "cashier-settings")
        let status = try component(page, "status")
        var states: [PageValue?] = [status.attributes["state"]]
        let watching = status.observe { _ in states.append(status.attributes["state"]) }

        await page.waitUntilIdle()

        #expect(states == ["loading", "normal"])
        #expect(status.children.map(\.key) == ["payments", "receipts", "totals", "save"])
        let printer = try component(page, "printer")
        #expect(printer.attributes["options"] == [["title": "Front counter", "value": "p1"], ["title": "Kitchen (offline)", "value": "p2"]])
        #expect(page.component("totals")?.attributes["footer"] == "A CN¥100.00 bill comes to CN¥110.00 with the service charge.")
        watching.cancel()
    }

    @Test func noSettingsYetShowsTheEmptyState() async throws {
        await transport.on("GET /api/cashier/settings", .null)
        await transport.on("GET /api/cashier/printers", Self.printers)
        let page = try await open("cashier-settings")

        #expect(page.component("status")?.attributes["state"] == "empty")
        await page.tap(try component(page, "setUp"))
        #expect(navigator.routes == ["app://open?target=CashierSetup&from=cashier-settings"])
    }

    @Test func aFailedLoadShowsTheErrorAndRetryRecovers() async throws {
        await transport.on("GET /api/cashier/settings", status: 502, ["message": "The till service is restarting"])
        await transport.on("GET /api/cashier/printers", Self.printers)
        let page = try await open("cashier-settings")
        let status = try component(page, "status")

        #expect(status.attributes["state"] == "error")
        #expect(page.component("errorLabel")?.attributes["text"] == "Couldn’t load the cashier settings: The till service is restarting")
        #expect(presenter.toasts.isEmpty)   // the api's own `run` handler took it

        await transport.on("GET /api/cashier/settings", Self.cashier)
        await page.tap(try component(page, "retry"))

        #expect(status.attributes["state"] == "normal")
        #expect(page.component("acceptCash")?.attributes["value"] == true)
    }

    @Test func savingTheCashierNeedsAPrinterWhenReceiptsArePrinted() async throws {
        var settings = Self.cashier.objectValue ?? PageObject()
        settings["printerId"] = .null
        await transport.on("GET /api/cashier/settings", .object(settings))
        await transport.on("GET /api/cashier/printers", Self.printers)
        await transport.on("PUT /api/cashier/settings") { request in .json(request.json ?? .null) }
        let page = try await open("cashier-settings")

        #expect(await page.tap(try component(page, "save")).handledBy == "alert")
        #expect(page.component("printer")?.validationError == "Choose the printer for receipts")

        presenter.pickAnswers = [0]
        await page.tap(try component(page, "printer"))
        await page.tap(try component(page, "save"))

        #expect(await transport.requests.last?.json?["printerId"] == "p1")
        #expect(presenter.toasts == ["Cashier settings saved"])
    }
}
