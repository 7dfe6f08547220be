import Foundation
import Testing
import Formwork

// What a host is told to say and where focus goes, through the public API: a presenter that
// implements `announce` and `moveFocus`, and the session's record of them.

@MainActor
private final class ListeningPresenter: PagePresenter {
    var announced: [PageAnnouncement] = []
    var focused: [String] = []
    var toasts: [String] = []
    func pick(_ request: PickerRequest) async -> Int? { nil }
    func confirm(title: String, message: String) async -> Bool { false }
    func alert(title: String, message: String) async {}
    func toast(_ message: String) { toasts.append(message) }
    func announce(_ announcement: PageAnnouncement) { announced.append(announcement) }
    func moveFocus(to component: PageComponent) { focused.append(component.key ?? "") }
}

private let page = """
{
  "page": "order",
  "title": "Order",
  "data": { "name": "", "price": null, "note": "", "state": "normal" },
  "components": [
    { "id": "text-field", "key": "note", "attributes": { "title": "Note", "value": { "expr": "$data.note" } } },
    { "id": "text-field", "key": "name", "attributes": { "title": "Name", "value": { "expr": "$data.name" } },
      "validations": [ { "id": "required", "attributes": { "message": "Enter a name" } } ] },
    { "id": "number-field", "key": "price", "attributes": { "title": "Price", "value": { "expr": "$data.price" } },
      "validations": [ { "id": "required", "attributes": { "message": "Enter a price" } } ] },
    { "id": "status", "key": "menu", "attributes": { "state": { "expr": "$data.state" },
      "loading": [ { "id": "label", "attributes": { "text": "Loading the menu" } } ],
      "error": [ { "id": "label", "attributes": { "text": "The menu couldn't be loaded" } } ] },
      "components": [ { "id": "label", "attributes": { "text": "Menu" } } ] },
    { "id": "button", "key": "save", "attributes": { "title": "Save" },
      "interactions": { "onTap": [ { "id": "validate", "onError": [ { "id": "ignore" } ] }, { "id": "toast", "attributes": { "message": "Saved" } } ] } }
  ],
  "interactions": {
    "load": [ { "id": "store-var", "attributes": { "key": "$data.state", "value": "loading" } } ],
    "fail": [ { "id": "store-var", "attributes": { "key": "$data.state", "value": "error" } } ]
  }
}
"""

@Suite("Announcements and focus (public API)")
@MainActor
struct AnnouncementTests {
    private func open() throws -> (PageSession, ListeningPresenter) {
        let registry = Registry.standard(behavior: .v2)
        let presenter = ListeningPresenter()
        let document = try PageDocument.load(Array(page.utf8), registry: registry, libraries: .empty)
        return (try PageEngine(registry: registry, host: PageHost(presenter: presenter)).open(document), presenter)
    }

    @Test func aFailedValidateSaysWhatIsWrongAndFocusesTheFirstInvalidField() async throws {
        let (session, presenter) = try open()
        await session.tap(try #require(session.component("save")))
        await session.waitUntilIdle()
        let expected = PageAnnouncement("Name: Enter a name. Price: Enter a price", kind: .validation, politeness: .assertive, component: "name")
        #expect(presenter.announced == [expected])
        #expect(session.announcements == [expected])
        #expect(presenter.focused == ["name"])
        #expect(session.focusedComponent?.key == "name")
        #expect(presenter.toasts == [])
    }

    @Test func focusGoesToTheFirstFieldStillInvalid() async throws {
        let (session, presenter) = try open()
        try await session.edit(try #require(session.component("name")), to: "Tofu")
        await session.tap(try #require(session.component("save")))
        await session.waitUntilIdle()
        #expect(presenter.focused == ["price"])
        #expect(presenter.announced.last?.message == "Price: Enter a price")
    }

    @Test func aToastIsAnnouncedPolitely() async throws {
        let (session, presenter) = try open()
        try await session.edit(try #require(session.component("name")), to: "Tofu")
        try await session.edit(try #require(session.component("price")), to: 4)
        await session.tap(try #require(session.component("save")))
        await session.waitUntilIdle()
        #expect(presenter.toasts == ["Saved"])
        #expect(presenter.announced == [PageAnnouncement("Saved", kind: .toast, politeness: .polite)])
        #expect(presenter.focused == [])
    }

    @Test func aStatusTurningToLoadingOrErrorIsAnnounced() async throws {
        let (session, presenter) = try open()
        _ = await session.trigger("load")
        await session.waitUntilIdle()
        _ = await session.trigger("fail")
        await session.waitUntilIdle()
        #expect(presenter.announced == [
            PageAnnouncement("Loading the menu", kind: .loading, politeness: .polite, component: "menu"),
            PageAnnouncement("The menu couldn't be loaded", kind: .error, politeness: .assertive, component: "menu"),
        ])
        #expect(session.component("menu")?.accessibility.value == "error")
    }
}
