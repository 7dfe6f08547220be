import Foundation
import Formwork
import Testing

/// `formwork preview` driven over real HTTP as the browser drives it: the index, a page, edits and
/// taps going to the engine and coming back as server-sent events, questions answered, navigation.
@Suite("formwork preview: pages")
struct PreviewPageTests {
    static func action(_ preview: PreviewProcess, _ page: String, _ json: String) async throws -> RawHTTPClient.Response {
        try await RawHTTPClient.post(port: preview.port, "/api/preview/\(page)/actions", json: json)
    }

    @Test func theIndexListsThePagesAndServesTheBrowserFiles() async throws {
        let preview = try await PreviewProcess.start(PreviewProcess.pages)
        let index = try await RawHTTPClient.get(port: preview.port, "/")
        #expect(index.status == 200)
        #expect(index.headers["content-type"] == "text/html; charset=utf-8")
        #expect(index.body.contains(#"<script type="module" src="/assets/index.js">"#))
        #expect(index.headers["content-security-policy"]?.hasPrefix("default-src 'self'") == true)
        let scripts = ["dom.js", "index.js", "page.js", "actions.js", "components.js", "inputs.js", "choices.js", "dialogs.js", "inspector.js"]
        for (asset, type) in [("page.html", "text/html"), ("preview.css", "text/css"), ("icon.svg", "image/svg+xml")] + scripts.map({ ($0, "text/javascript") }) {
            let response = try await RawHTTPClient.get(port: preview.port, "/assets/\(asset)")
            #expect(response.status == 200, "\(asset)")
            #expect(response.headers["content-type"]?.hasPrefix(type) == true, "\(asset)")
            #expect(response.body.count > 100, "\(asset)")
        }

        let list = try await RawHTTPClient.get(port: preview.port, "/api/pages").json
        #expect(list["folder"]?.stringValue == PreviewProcess.pages.path)
        let pages = list["pages"]?.arrayValue ?? []
        #expect(pages.compactMap { $0["file"]?.stringValue } == ["address.json", "cashier-settings.json", "dish-edit.json", "dish-list.json", "feedback.json", "login.json", "order.json", "payment.json", "reorder.json", "takeout-settings.json"])
        let dishEdit = pages.first { $0["file"] == "dish-edit.json" }
        #expect(dishEdit?["id"] == "dish-edit")
        #expect(dishEdit?["params"] == [["name": "dishId", "type": "string", "required": false]])
        #expect(dishEdit?["errors"] == 0)
        #expect(dishEdit?["description"]?.stringValue?.hasPrefix("Create or edit one dish") == true)

        let page = try await RawHTTPClient.get(port: preview.port, "/preview/dish-edit.json?dishId=42")
        #expect(page.status == 200)
        #expect(page.body.contains(#"<script type="module" src="/assets/page.js">"#))
        let missing = try await RawHTTPClient.get(port: preview.port, "/preview/dish-edti.json")
        #expect(missing.status == 404)
        #expect(missing.body.hasPrefix("there is no page 'dish-edti.json' in \(PreviewProcess.pages.path)"))
        let flow = try await RawHTTPClient.get(port: preview.port, "/preview/dish-edit.flow.json")
        #expect(flow.status == 404)
        #expect(flow.body.hasPrefix("'dish-edit.flow.json' is not a page"))
        #expect(try await RawHTTPClient.get(port: preview.port, "/assets/nope.js").status == 404)
        #expect(try await RawHTTPClient.get(port: preview.port, "/api/nope").status == 404)
        #expect(try await RawHTTPClient.get(port: preview.port, "/nope").status == 404)
        #expect(try await preview.interrupt().status == 0)
    }

    @Test func anEditAndATapReachTheEngineAndTheChangesComeBackAsEvents() async throws {
        let preview = try await PreviewProcess.start(PreviewProcess.pages, ["--api-stub", PreviewProcess.stubs])
        let events = try await EventStreamClient.open(port: preview.port, "/api/preview/dish-edit.json/events")
        let first = try await events.waitForState("the form") { $0.component("name") != nil }
        #expect(first["page"]?["title"] == "New dish")
        #expect(first.attribute("name", "value") == "")
        #expect(first.component("name")?["editable"] == true)
        #expect(first.component("priceWithTax")?["hidden"] == true)
        #expect(first["page"]?["interactions"] == ["onCancel", "onSave"])

        let edit = try await Self.action(preview, "dish-edit.json", #"{"do": "edit", "key": "name", "value": "Mapo tofu"}"#)
        #expect(edit.status == 200)
        let revision = Int(edit.json["revision"]?.intValue ?? 0)
        let edited = try await events.waitForState("the typed name") { $0.revision >= revision && $0.attribute("name", "value") == "Mapo tofu" }
        #expect(edited["data"]?["dish"]?["name"] == "Mapo tofu")

        // Save with no price: validation fails, the field shows why, the page's handler toasts.
        #expect(try await Self.action(preview, "dish-edit.json", #"{"do": "tap", "key": "save"}"#).status == 200)
        let invalid = try await events.waitForState("the price's error") { $0.component("price")?["error"] == "Enter a price" }
        #expect(invalid.component("name")?["error"] == PageValue.null)
        try await events.waitForLog("the validation toast") { log in
            log["messages"]?.arrayValue?.contains { $0["kind"] == "toast" && $0["message"]?.stringValue?.hasPrefix("Check the form") == true } == true
        }

        // The browser names components by their number in the state.
        let price = try #require(invalid.component("price")?["id"]?.intValue)
        #expect(try await Self.action(preview, "dish-edit.json", #"{"do": "edit", "component": \#(price), "value": 12.5}"#).status == 200)
        let priced = try await events.waitForState("the price with tax") { $0.component("priceWithTax")?["hidden"] == false }
        #expect(priced.attribute("priceWithTax", "text") == "CN¥13.25 with 6% tax")
        #expect(priced.component("price")?["error"] == "Enter a price", "validated on submit: the message stays until the next save")

        // Save: POST to the stub, toast, hand the dish back, close.
        #expect(try await Self.action(preview, "dish-edit.json", #"{"do": "tap", "key": "save"}"#).status == 200)
        let closed = try await events.waitForState("the page closed with its response") { $0["page"] == .null && $0["responded"] == true }
        #expect(closed["response"]?["id"] == "d-9")
        #expect(closed["stack"] == [])
        let log = try await events.waitForLog("the POST") { $0["requests"]?.arrayValue?.contains { $0["method"] == "POST" } == true }
        let request = try #require(log["requests"]?.arrayValue?.first { $0["method"] == "POST" })
        #expect(request["path"] == "/api/dishes")
        #expect(request["status"] == 201)
        #expect(request["body"] == ["name": "Mapo tofu", "price": 12.5, "category": "mains", "spicy": false, "spiceLevel": 0, "description": ""])
        #expect(events.received.contains { $0.name == "log" && $0.data["messages"]?.arrayValue?.contains { $0["message"] == "Saved “Mapo tofu”" } == true })

        // A component that isn't there, and a tap the engine ignores, are answered plainly.
        let gone = try await Self.action(preview, "dish-edit.json", #"{"do": "tap", "component": 99999}"#)
        #expect(gone.status == 409)
        #expect(gone.json["error"] == "the page is closed; open it again")
        #expect(try await preview.interrupt().status == 0)
    }

    @Test func pickersAndConfirmationsAreAnsweredFromTheBrowser() async throws {
        let preview = try await PreviewProcess.start(PreviewProcess.pages)
        let events = try await EventStreamClient.open(port: preview.port, "/api/preview/dish-edit.json/events")
        try await events.waitForState("the form") { $0.component("category") != nil }

        #expect(try await Self.action(preview, "dish-edit.json", #"{"do": "tap", "key": "category"}"#).status == 200)
        let asked = try await events.waitForState("the picker") { $0["questions"]?[0]?["kind"] == "picker" }
        let picker = try #require(asked["questions"]?[0])
        #expect(picker["title"] == "Category")
        #expect(picker["options"] == ["Starters", "Mains", "Noodles & rice", "Soups", "Drinks"])
        #expect(picker["selected"] == 1)
        let id = try #require(picker["id"]?.intValue)
        #expect(try await Self.action(preview, "dish-edit.json", #"{"do": "answer", "question": \#(id), "option": 3}"#).status == 200)
        let picked = try await events.waitForState("the chosen category") { $0["data"]?["dish"]?["category"] == "soups" }
        #expect(picked["questions"] == [])
        let again = try await Self.action(preview, "dish-edit.json", #"{"do": "answer", "question": \#(id), "option": 0}"#)
        #expect(again.status == 409)
        #expect(again.json["error"] == "that question isn't waiting any more")

        // Discard asks first, because the dish changed; "no" keeps the page, "yes" closes it.
        #expect(try await Self.action(preview, "dish-edit.json", #"{"do": "trigger", "name": "onCancel"}"#).status == 200)
        let confirm = try await events.waitForState("the confirmation") { $0["questions"]?[0]?["kind"] == "confirm" }
        #expect(confirm["questions"]?[0]?["title"] == "Discard changes?")
        let first = try #require(confirm["questions"]?[0]?["id"]?.intValue)
        #expect(try await Self.action(preview, "dish-edit.json", #"{"do": "answer", "question": \#(first), "yes": false}"#).status == 200)
        let kept = try await events.waitForState("the page kept") { $0["questions"] == [] }
        #expect(kept["page"]?["id"] == "dish-edit")
        #expect(try await Self.action(preview, "dish-edit.json", #"{"do": "trigger", "name": "onCancel"}"#).status == 200)
        let second = try await events.waitForState("the second confirmation") { $0["questions"]?[0]?["kind"] == "confirm" }
        let secondID = try #require(second["questions"]?[0]?["id"]?.intValue)
        #expect(try await Self.action(preview, "dish-edit.json", #"{"do": "answer", "question": \#(secondID), "yes": true}"#).status == 200)
        let closed = try await events.waitForState("the page closed") { $0["page"] == .null }
        #expect(closed["responded"] == false)
        #expect(try await preview.interrupt().status == 0)
    }

    @Test func pushOpensTheNextPageAndBackOrItsResponseReturns() async throws {
        let preview = try await PreviewProcess.start(PreviewProcess.pages, ["--api-stub", PreviewProcess.stubs])
        let events = try await EventStreamClient.open(port: preview.port, "/api/preview/dish-list.json/events")
        let menu = try await events.waitForState("the loaded menu") { $0["page"]?["title"] == "Menu (2)" }
        #expect(menu.components("dishRow").compactMap { $0["attributes"]?["title"]?.stringValue } == ["1. Kung pao chicken 🌶 — CN¥28.00", "2. Wonton soup — CN¥16.50"])

        #expect(try await Self.action(preview, "dish-list.json", #"{"do": "tap", "key": "add"}"#).status == 200)
        let pushed = try await events.waitForState("dish-edit on top") { $0["page"]?["id"] == "dish-edit" }
        #expect(pushed["stack"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["dish-list", "dish-edit"])
        #expect(try await Self.action(preview, "dish-list.json", #"{"do": "back"}"#).status == 200)
        let back = try await events.waitForState("the menu again") { $0["page"]?["id"] == "dish-list" }
        #expect(back["stack"]?.arrayValue?.count == 1)

        #expect(try await Self.action(preview, "dish-list.json", #"{"do": "tap", "key": "add"}"#).status == 200)
        try await events.waitForState("dish-edit on top again") { $0["page"]?["id"] == "dish-edit" }
        _ = try await Self.action(preview, "dish-list.json", #"{"do": "edit", "key": "name", "value": "Mapo tofu"}"#)
        _ = try await Self.action(preview, "dish-list.json", #"{"do": "edit", "key": "price", "value": 12.5}"#)
        #expect(try await Self.action(preview, "dish-list.json", #"{"do": "tap", "key": "save"}"#).status == 200)
        let saved = try await events.waitForState("the menu with the saved dish") { $0["page"]?["title"] == "Menu (3)" }
        #expect(saved["page"]?["id"] == "dish-list")
        #expect(saved.components("dishRow").last?["attributes"]?["title"] == "3. Mapo tofu 🌶 — CN¥12.50")
        #expect(try await preview.interrupt().status == 0)
    }

    @Test func globalWrittenByOnePageShowsInTheOthers() async throws {
        let preview = try await PreviewProcess.start(PreviewProcess.pages, ["--api-stub", PreviewProcess.stubs])
        let editor = try await EventStreamClient.open(port: preview.port, "/api/preview/dish-edit.json/events")
        // The preview keeps an outbox, so `$global` holds `outbox` (Grammar 2.19) and nothing else yet.
        try await editor.waitForState("the editor") { $0["global"] != nil && $0["global"]?["token"] == nil && $0["global"]?["outbox"]?["count"] == 0 }
        let login = try await EventStreamClient.open(port: preview.port, "/api/preview/login.json/events")
        try await login.waitForState("the login form") { $0.component("signIn") != nil }
        _ = try await Self.action(preview, "login.json", #"{"do": "edit", "key": "email", "value": "li.wei@noodles.example"}"#)
        _ = try await Self.action(preview, "login.json", #"{"do": "edit", "key": "password", "value": "correct horse"}"#)
        #expect(try await Self.action(preview, "login.json", #"{"do": "tap", "key": "signIn"}"#).status == 200)
        try await login.waitForState("the session stored") { $0["global"]?["token"] == "t-9" }
        let shared = try await editor.waitForState("the token in the editor's $global") { $0["global"]?["token"] == "t-9" }
        #expect(shared["global"]?["user"]?["name"] == "Li Wei")
        #expect(try await preview.interrupt().status == 0)
    }
}
