import Foundation
import Testing
import Formwork

/// `$page.submitting` (`page.isSubmitting`): on while the person's own submit runs — a tap, a
/// host's trigger — and untouched by watchers, so a Save bound to it doesn't flicker as the
/// person types. Public API only.
@Suite("Submitting")
@MainActor
struct SubmittingStateTests {
    static let page = """
    {"page": "dish", "data": {"name": "Tofu"},
     "watchers": [{"on": "$data.name", "actions": [{"id": "api", "attributes": {"method": "PUT", "url": "/api/draft"}}]}],
     "components": [
       {"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}},
       {"id": "button", "key": "save", "attributes": {"title": "Save", "enabled": {"expr": "!$page.submitting"}},
        "interactions": {"onTap": [{"id": "api", "attributes": {"method": "PUT", "url": "/api/dish"}}]}}
     ],
     "interactions": {"onSave": [{"id": "api", "attributes": {"method": "PUT", "url": "/api/dish"}}], "appear": []}}
    """

    @Test("a watcher's chain makes the page busy but not submitting: a Save bound to it doesn't change; a tap and a host's trigger do")
    func watchersDontSubmit() async throws {
        let transport = CannedTransport()
        await transport.hang("PUT /api/draft")
        await transport.on("PUT /api/dish", ["saved": true])
        let engine = PageEngine(registry: .standard, host: PageHost(transport: transport))
        let page = try engine.open(try EnginePages.load(Self.page))
        let save = try #require(page.component("save"))
        var enabled: [PageValue?] = []
        let observation = save.observe { _ in enabled.append(save.attributes["enabled"]) }
        defer { observation.cancel(); page.close() }

        try await page.edit(try #require(page.component("name")), to: "Mapo tofu")
        await transport.waitForRequests(1)   // the watcher's request is in flight, and stays there
        #expect(page.isBusy)
        #expect(!page.isSubmitting)
        #expect(page.state["submitting"] == false)
        #expect(enabled.isEmpty, "Save didn't flicker")

        await page.tap(save)
        #expect(enabled == [false, true], "the person's submit turned it off, then on again")
        await page.trigger("onSave")          // a nav-bar Save
        #expect(enabled == [false, true, false, true])
        await page.appear()                   // lifecycle isn't a submit
        #expect(enabled.count == 4)
        #expect(page.isBusy && !page.isSubmitting)
    }
}
