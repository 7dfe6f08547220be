import Foundation
import Testing
import Formwork

@Suite("Session lifecycle: title and pushed pages")
@MainActor
struct SessionLifecycleTests {
    @Test func aBoundTitleTellsTheHostWhenItChanges() throws {
        let document = try PageDocument.load(Array(#"{"page": "menu", "title": {"template": "Menu (${len($data.dishes)})"}, "data": {"dishes": [], "other": 0}}"#.utf8), registry: .standard, libraries: .empty)
        let page = try PageEngine(registry: .standard).open(document)
        var titles: [String] = []
        page.onTitleChange = { titles.append($0) }

        try page.set(["tofu"], at: StorePath(.data, [.key("dishes")]))
        try page.set(1, at: StorePath(.data, [.key("other")]))   // the title doesn't read it
        try page.set(["soup"], at: StorePath(.data, [.key("dishes")]))   // read, but the title stays "Menu (1)"
        try page.set(["tofu", "soup"], at: StorePath(.data, [.key("dishes")]))

        #expect(titles == ["Menu (1)", "Menu (2)"])
    }

    @Test func closingAPageClosesThePagesItPushed() async throws {
        let pages = MemoryPageSource([
            "list": #"{"page": "list", "interactions": {"onAdd": [{"id": "push", "attributes": {"page": "edit", "waitForResult": true}}]}}"#,
            "edit": #"{"page": "edit"}"#,
        ])
        let engine = PageEngine(registry: .standard, pages: pages)
        let list = try engine.open(pageID: "list")
        var pushed: PageSession?
        let navigator = CapturingNavigator { pushed = $0 }
        engine.host.navigator = navigator
        let adding = await started { await list.trigger("onAdd") }
        await list.waitUntilIdle()
        let edit = try #require(pushed)
        #expect(!edit.isClosed)

        list.close()

        #expect(edit.isClosed)
        #expect(await adding.value == .cancelled)
    }
}

/// Hands each shown page to a closure.
@MainActor
private final class CapturingNavigator: PageNavigator {
    let shown: (PageSession) -> Void
    init(_ shown: @escaping (PageSession) -> Void) { self.shown = shown }
    func show(_ session: PageSession) async { shown(session) }
    func dismiss(_ session: PageSession) async {}
    func pushRoute(_ url: URL, from session: PageSession) async throws -> PageValue? { nil }
}
