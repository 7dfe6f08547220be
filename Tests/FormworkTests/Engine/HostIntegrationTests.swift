import Foundation
import Testing
import Formwork

// How an app hosts Formwork pages, using only the public API: register its own component and
// action next to the built-ins, give the engine a host, open a page, then drive and observe it.

/// The app's transport: here, canned answers instead of a server.
struct MenuTransport: PageTransport {
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        TransportResponse(status: 200, body: Data(#"{"name": "Mapo tofu"}"#.utf8))
    }
}

/// The app's analytics, which the custom action reports to.
@MainActor final class Analytics {
    var events: [String] = []
}

@MainActor
private func menuRegistry(analytics: Analytics) -> Registry {
    var registry = Registry.standard
    // A star rating input: `value` binds two-way like the built-in inputs' values.
    registry.register(ComponentType("rating", attributes: [
        AttributeSpec("title", .string),
        AttributeSpec("value", .int, default: 0, twoWay: true),
        AttributeSpec("max", .int, default: 5),
    ], events: ["onChange"], valueAttribute: "value"))
    // An action that records an event; it passes `$result` on, so it fits anywhere in a chain.
    registry.register(ActionType("analytics", attributes: [AttributeSpec("event", .string, required: true)]) { context in
        analytics.events.append(try context.string("event") ?? "")
        return context.result
    })
    return registry
}

private let reviewPage = """
{
  "page": "review",
  "data": { "name": "", "stars": 4 },
  "components": [
    { "id": "rating", "key": "stars",
      "attributes": { "title": { "template": "How was the ${$data.name}?" }, "value": { "expr": "$data.stars" } },
      "interactions": { "onChange": [ { "id": "analytics", "attributes": { "event": { "template": "rated ${$event.value}" } } } ] } },
    { "id": "label", "key": "summary",
      "attributes": { "text": { "template": "${$data.stars} of 5 stars" } } },
    { "id": "button", "key": "send", "attributes": { "title": "Send" },
      "interactions": { "onTap": [
        { "id": "analytics", "attributes": { "event": "review sent" } },
        { "id": "toast", "attributes": { "message": "Thanks!" } } ] } }
  ],
  "interactions": {
    "loaded": [
      { "id": "api", "attributes": { "url": "https://menu.example/api/dishes/7/review" } },
      { "id": "store-var", "attributes": { "key": "$data.name", "value": { "expr": "$result.name" } } },
      { "id": "analytics", "attributes": { "event": { "template": "opened ${$data.name}" } } }
    ]
  }
}
"""

@Suite("Host integration (public API)")
@MainActor
struct HostIntegrationTests {
    @Test func customComponentAndActionRunInAHostedPage() async throws {
        let analytics = Analytics()
        let registry = menuRegistry(analytics: analytics)
        let presenter = QueuedPresenter()
        let engine = PageEngine(registry: registry, host: PageHost(presenter: presenter, transport: MenuTransport()))

        let document = try PageDocument.load(Array(reviewPage.utf8), registry: registry, libraries: .empty)
        let page = try engine.open(document)
        await page.waitUntilIdle()   // `loaded` has fetched the review

        let stars = try #require(page.component("stars"))
        let summary = try #require(page.component("summary"))
        #expect(stars.attributes["title"] == "How was the Mapo tofu?")
        #expect(stars.attributes["value"] == 4)
        #expect(summary.attributes["text"] == "4 of 5 stars")

        // Observe the label, then let the person change the rating.
        var seen: [[String]] = []
        let observation = summary.observe { change in seen.append(change.attributes) }
        try await page.edit(stars, to: 5)   // writes $data.stars, runs onChange

        #expect(page.data["stars"] == 5)
        #expect(summary.attributes["text"] == "5 of 5 stars")
        #expect(seen == [["text"]])
        #expect(analytics.events == ["opened Mapo tofu", "rated 5"])

        await page.tap(try #require(page.component("send")))
        #expect(analytics.events == ["opened Mapo tofu", "rated 5", "review sent"])
        #expect(presenter.toasts == ["Thanks!"])
        observation.cancel()
    }

    @Test func changesArriveAsAnAsyncStream() async throws {
        let registry = menuRegistry(analytics: Analytics())
        let engine = PageEngine(registry: registry, host: PageHost(transport: MenuTransport()))
        let page = try engine.open(try PageDocument.load(Array(reviewPage.utf8), registry: registry, libraries: .empty))
        await page.waitUntilIdle()
        let stars = try #require(page.component("stars"))
        let summary = try #require(page.component("summary"))

        let changes = summary.changes
        try await page.edit(stars, to: 2)
        try await page.edit(stars, to: 3)

        var texts: [PageValue?] = []
        for await change in changes.prefix(2) {
            #expect(change.attributes == ["text"])
            texts.append(summary.attributes["text"])
        }
        // Both edits happened before the loop read the stream, so it sees the latest text twice.
        #expect(texts == ["3 of 5 stars", "3 of 5 stars"])
    }

    @Test func theStreamEndsWhenThePageCloses() async throws {
        let registry = menuRegistry(analytics: Analytics())
        let page = try PageEngine(registry: registry, host: PageHost(transport: MenuTransport()))
            .open(try PageDocument.load(Array(reviewPage.utf8), registry: registry, libraries: .empty))
        await page.waitUntilIdle()
        let summary = try #require(page.component("summary"))
        let changes = summary.changes
        let listening = Task {
            var count = 0
            for await _ in changes { count += 1 }
            return count   // reached only when the stream ends
        }

        try await page.edit(try #require(page.component("stars")), to: 1)
        page.close()

        #expect(await listening.value == 1)
    }

    @Test func aRowsStreamEndsWhenItsItemLeavesTheList() async throws {
        let document = try PageDocument.load(Array(#"""
            {"page": "p", "data": {"dishes": [{"id": 1, "name": "Tofu"}]}, "components": [
              {"id": "list", "attributes": {"items": {"expr": "$data.dishes"}, "itemKey": "id"}, "components": [{"id": "label", "key": "row", "attributes": {"text": {"expr": "$item.name"}}}]}]}
            """#.utf8), registry: .standard, libraries: .empty)
        let page = try PageEngine(registry: .standard).open(document)
        let row = try #require(page.component("row"))
        let changes = row.changes
        let seen = Task { var texts: [String] = []; for await change in changes { texts += change.attributes }; return texts }

        try page.set([["id": 2, "name": "Noodles"], ["id": 1, "name": "Mapo tofu"]], at: try #require(StorePath("$data.dishes")))
        #expect(row.attributes["text"] == "Mapo tofu", "the row follows its item to its new place")
        try page.set([["id": 2, "name": "Noodles"]], at: try #require(StorePath("$data.dishes")))

        #expect(await seen.value == ["text"])
        #expect(row.isDisposed)
        #expect(page.component("row")?.attributes["text"] == "Noodles")
    }

    @Test func aRatingBoundToALiteralKeepsItsOwnState() async throws {
        let registry = menuRegistry(analytics: Analytics())
        let document = try PageDocument.load(Array(#"{"page": "p", "components": [{"id": "rating", "key": "r", "attributes": {"value": 1}}]}"#.utf8), registry: registry, libraries: .empty)
        let page = try PageEngine(registry: registry).open(document)
        let rating = try #require(page.component("r"))

        try await page.edit(rating, to: 3)

        #expect(rating.attributes["value"] == 3)
        #expect(page.data == [:])
    }

    @Test func theHostHearsAboutFailuresNoHandlerTook() async throws {
        var reports: [PageReport] = []
        let host = PageHost(report: { reports.append($0) })   // no transport configured
        let document = try PageDocument.load(Array(#"{"page": "p", "interactions": {"onSave": [{"id": "api", "attributes": {"url": "/api/x"}}]}}"#.utf8), registry: .standard, libraries: .empty)
        let page = try PageEngine(registry: .standard, host: host).open(document)

        let outcome = await page.trigger("onSave")

        guard case .failed(error: let error, handledBy: nil) = outcome else { Issue.record("expected an unhandled failure, got \(outcome)"); return }
        #expect(error["kind"] == "network")
        guard case .unhandledFailure(page: "p", error: let reported)? = reports.first else { Issue.record("expected a report, got \(reports)"); return }
        #expect(reported == error)
    }
}
