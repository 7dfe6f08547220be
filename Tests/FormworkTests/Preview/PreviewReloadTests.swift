import Foundation
import Formwork
import Testing

/// Saving a page file while it is open in the preview: the view follows, keeping `$data` where the
/// page still has room for it; a page with errors shows them until the next good save.
@Suite("formwork preview: hot reload")
struct PreviewReloadTests {
    @Test func savingReloadsKeepingDataAndErrorsShowUntilTheNextGoodSave() async throws {
        let folder = try PreviewProcess.copyOfPages()
        defer { try? FileManager.default.removeItem(at: folder) }
        let preview = try await PreviewProcess.start(folder)
        let events = try await EventStreamClient.open(port: preview.port, "/api/preview/dish-edit.json/events")
        try await events.waitForState("the form") { $0.component("name") != nil }
        _ = try await PreviewPageTests.action(preview, "dish-edit.json", #"{"do": "edit", "key": "name", "value": "Mapo tofu"}"#)
        _ = try await PreviewPageTests.action(preview, "dish-edit.json", #"{"do": "edit", "key": "spicy", "value": true}"#)
        try await events.waitForState("the typed name") { $0["data"]?["dish"]?["name"] == "Mapo tofu" && $0["data"]?["dish"]?["spicy"] == true }

        let file = folder.appendingPathComponent("dish-edit.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        func save(_ text: String) throws { try Data(text.utf8).write(to: file, options: .atomic) }

        // A good save: a new title, a data member added, one dropped, one of another kind. What
        // was typed stays where the data still has room for it.
        let initialDish = #""dish": { "name": "", "price": null, "category": "mains", "spicy": false, "spiceLevel": 1, "description": "" }"#
        #expect(original.contains(initialDish))
        let changed = original
            .replacingOccurrences(of: #""name": "Name""#, with: #""name": "Dish name""#)
            .replacingOccurrences(of: initialDish, with: #""dish": { "name": "", "price": null, "category": "mains", "spicy": "no", "spiceLevel": 1, "vegan": false }"#)
        try save(changed)
        let reloaded = try await events.waitForState("the new title") { $0.attribute("name", "title") == "Dish name" }
        #expect(reloaded.attribute("name", "value") == "Mapo tofu")
        #expect(reloaded["data"]?["dish"]?["vegan"] == false, "added by the page: its initial value")
        #expect(reloaded["data"]?["dish"]?["description"] == nil, "dropped by the page: gone")
        #expect(reloaded["data"]?["dish"]?["spicy"] == "no", "now text, not a bool: the page's value")
        #expect(reloaded["data"]?["dish"]?["category"] == "mains")
        #expect(reloaded["broken"] == false)
        #expect(reloaded["reloads"] == 1)

        // Bad JSON: the problem, where it is, instead of the page.
        try save("{ \"page\": \"dish-edit\",\n  \"components\": [ ")
        let broken = try await events.waitForState("the JSON error") { $0["broken"] == true }
        let problem = try #require(broken["problems"]?[0])
        #expect(problem["severity"] == "error")
        #expect(problem["file"]?.stringValue == folder.path + "/dish-edit.json")
        #expect(problem["line"] == 2)
        #expect(problem["text"]?.stringValue?.hasPrefix(folder.path + "/dish-edit.json:2:") == true)
        #expect(problem["message"]?.stringValue?.isEmpty == false)

        // A page `check` rejects: the message names the JSON path and suggests the fix.
        try save(changed.replacingOccurrences(of: #""id": "text-field""#, with: #""id": "text-feild""#))
        let unknown = try await events.waitForState("the check error") { state in
            state["problems"]?.arrayValue?.contains { $0["message"]?.stringValue?.contains("'text-feild'") == true } == true
        }
        let checkProblem = try #require(unknown["problems"]?.arrayValue?.first { $0["message"]?.stringValue?.contains("'text-feild'") == true })
        #expect(checkProblem["path"] == "components[0].components[0].id")
        #expect(checkProblem["message"]?.stringValue?.contains("did you mean 'text-field'?") == true)
        #expect(unknown["broken"] == true)

        // The next good save brings the page back, with what was typed.
        try save(original)
        let recovered = try await events.waitForState("the page back") { $0["broken"] == false && $0.attribute("name", "title") == "Name" }
        #expect(recovered.attribute("name", "value") == "Mapo tofu")
        #expect(recovered["problems"] == [])
        #expect(try await preview.interrupt().status == 0)
    }

    /// A page using a library's block follows the library: saving the library reloads it, and a
    /// broken library shows its problem, in the library's file, until the next good save.
    @Test func savingALibraryReloadsThePagesUsingIt() async throws {
        let folder = try PreviewProcess.copyOfPages()
        defer { try? FileManager.default.removeItem(at: folder) }
        let preview = try await PreviewProcess.start(folder)
        let events = try await EventStreamClient.open(port: preview.port, "/api/preview/order.json/events")
        try await events.waitForState("the order") { $0.attribute("subtotal.amount", "text")?.stringValue?.hasPrefix("Subtotal CN¥") == true }

        let library = folder.appendingPathComponent("lib/shop-kit.json")
        let original = try String(contentsOf: library, encoding: .utf8)
        #expect(original.contains("${formatMoney($attr.amount, $attr.currency)}"))
        try Data(original.replacingOccurrences(of: "${formatMoney($attr.amount, $attr.currency)}", with: "CNY ${fixed($attr.amount, 2)}").utf8).write(to: library, options: .atomic)
        let reloaded = try await events.waitForState("the library's new money row") { $0.attribute("subtotal.amount", "text")?.stringValue?.hasPrefix("Subtotal CNY ") == true }
        #expect(reloaded["broken"] == false)

        try Data(original.replacingOccurrences(of: "formatMoney($attr.amount, $attr.currency)", with: "formatMoney($attr.amont, $attr.currency)").utf8).write(to: library, options: .atomic)
        let broken = try await events.waitForState("the library's problem") { $0["broken"] == true }
        let problem = try #require(broken["problems"]?.arrayValue?.first)
        #expect(problem["file"]?.stringValue == library.path)
        #expect(problem["message"]?.stringValue?.contains("did you mean $attr.amount?") == true)

        try Data(original.utf8).write(to: library, options: .atomic)
        try await events.waitForState("the page back") { $0["broken"] == false && $0.attribute("subtotal.amount", "text")?.stringValue?.hasPrefix("Subtotal CN¥") == true }
        #expect(try await preview.interrupt().status == 0)
    }

    @Test func restartOpensThePageAgainWithItsOwnData() async throws {
        let preview = try await PreviewProcess.start(PreviewProcess.pages)
        let events = try await EventStreamClient.open(port: preview.port, "/api/preview/dish-edit.json/events")
        try await events.waitForState("the form") { $0.component("name") != nil }
        _ = try await PreviewPageTests.action(preview, "dish-edit.json", #"{"do": "edit", "key": "name", "value": "Mapo tofu"}"#)
        try await events.waitForState("the typed name") { $0.attribute("name", "value") == "Mapo tofu" }
        #expect(try await PreviewPageTests.action(preview, "dish-edit.json", #"{"do": "restart"}"#).status == 200)
        let fresh = try await events.waitForState("the page as it starts") { $0.attribute("name", "value") == "" }
        #expect(fresh["data"]?["dish"]?["name"] == "")
        #expect(try await preview.interrupt().status == 0)
    }
}
