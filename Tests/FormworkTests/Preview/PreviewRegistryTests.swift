import Foundation
import Formwork
import Testing

/// Pages that use an app's own types: the preview finds the registry the project file names, the
/// app's functions and actions answer from the stub file, and its components are drawn plainly.
@Suite("formwork preview: an app's own types")
struct PreviewRegistryTests {
    @Test func theAppsRegistryIsFoundAndItsTypesRunFromTheStubs() async throws {
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-app-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: FlowFixtures.packageRoot.appendingPathComponent("examples/app"), to: app)
        defer { try? FileManager.default.removeItem(at: app) }
        let stubs = app.appendingPathComponent("stubs.json")
        try Data(#"""
            {
              "GET /api/basket": { "body": { "items": [ { "name": "Mapo tofu", "price": 12.5, "qty": 2 } ], "total": 25, "currency": "EUR", "shop": "Hauptstraße 1" } },
              "function currency": [ { "args": [25, "EUR"], "result": "€25.00" } ],
              "action open-map": { "result": { "opened": true } }
            }
            """#.utf8).write(to: stubs)

        let preview = try await PreviewProcess.start(app.appendingPathComponent("pages"), ["--api-stub", stubs.path])
        let events = try await EventStreamClient.open(port: preview.port, "/api/preview/order-form.json/events")
        let loaded = try await events.waitForState("the basket") { $0.attribute("total", "text") == "Total €25.00" }
        #expect(loaded["problems"] == [], "no unknown types: the registry came from ../formwork.json")
        #expect(loaded.component("stars")?["type"] == "group", "a use of the app's block star-feedback")
        let stars = try #require(loaded.component("stars.rating"))
        #expect(stars["type"] == "rating")
        #expect(stars["editable"] == true)
        #expect(stars["attributes"]?["title"] == "How was ordering?")

        #expect(try await PreviewPageTests.action(preview, "order-form.json", #"{"do": "edit", "key": "stars.rating", "value": 4}"#).status == 200)
        try await events.waitForState("the rating") { $0["data"]?["stars"] == 4 }
        #expect(try await PreviewPageTests.action(preview, "order-form.json", #"{"do": "tap", "key": "map"}"#).status == 200)
        try await events.waitForState("the map's answer") { $0["data"]?["map"] == ["opened": true] }
        #expect(try await preview.interrupt().status == 0)
    }
}
