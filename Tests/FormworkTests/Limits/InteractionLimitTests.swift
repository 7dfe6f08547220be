import Foundation
import Testing
import Formwork
import FormworkTesting

/// One interaction runs at most `actionsPerInteraction` actions, counting everything its `all`,
/// `trigger`, `if` and error handlers start; `trigger` nests at most `triggerDepth` deep and
/// failing handlers at most `handlerDepth` deep.
@MainActor
@Suite("Limits: interactions")
struct InteractionLimitTests {
    static let limits = LimitFixtures.limits {
        $0.actionsPerInteraction = 300
        $0.flowStepSeconds = LimitFixtures.patientStepSeconds
    }

    /// `x = [store-var, all [[trigger x], [trigger x]]]`: every level doubles.
    static let fanOut = LimitFixtures.loadedPage(data: ["n": 0], [LimitFixtures.trigger("x")], interactions: [
        "x": [
            LimitFixtures.storeVar("$data.n", expr: "$data.n + 1"),
            ["id": "all", "attributes": ["chains": [[LimitFixtures.trigger("x")], [LimitFixtures.trigger("x")]]]],
        ],
    ])

    @Test("an interaction that fans out through all stops at the budget instead of eating memory")
    func fanOutStops() async throws {
        let page = PageHarness(registry: .standard, limits: InteractionLimitTests.limits)
        try await page.open(json: InteractionLimitTests.fanOut)
        let toast = try #require(page.presenter.toasts.first)
        #expect(toast.message.hasPrefix("this interaction ran 300 actions (the actionsPerInteraction limit)"))
        let writes = try #require(page.data["n"]?.intValue)
        #expect(writes > 10 && writes < 300)
        #expect(page.diagnostics.contains { $0.code == "limit" })
    }

    @Test("actions in if, all, trigger and handlers all count, and each interaction starts afresh")
    func everythingCounts() async throws {
        let limits = LimitFixtures.limits { $0.actionsPerInteraction = 8 }
        let bump = LimitFixtures.storeVar("$data.n", expr: "$data.n + 1")
        // tap: bump, if(then: bump), all([bump], [bump]), trigger(more: bump, bump): 10 actions.
        let json = LimitFixtures.page([
            "page": "count", "data": ["n": 0],
            "components": [["id": "button", "key": "go", "interactions": ["onTap": [
                bump,
                ["id": "if", "attributes": ["condition": true, "then": [bump]]],
                ["id": "all", "attributes": ["chains": [[bump], [bump]]]],
                LimitFixtures.trigger("more"),
            ]]]],
            "interactions": ["more": [bump, bump]],
        ])
        let page = PageHarness(registry: .standard, limits: limits)
        try await page.open(json: json)
        let first = try await page.tap("go")
        guard case .failed(let error, nil)? = first else { Issue.record("expected a failure, got \(String(describing: first))"); return }
        #expect(error["kind"] == "limit")
        #expect(error["path"] == "interactions.more[1]")
        #expect(page.data["n"] == 5)
        // A new tap is a new interaction with its own budget.
        _ = try await page.tap("go")
        #expect(page.data["n"] == 10)
    }

    @Test("trigger depth comes from the limits")
    func triggerDepthComesFromTheLimits() async throws {
        let limits = LimitFixtures.limits { $0.triggerDepth = 5 }
        let page = PageHarness(registry: .standard, limits: limits)
        try await page.open(json: LimitFixtures.loadedPage(data: ["n": 0], [LimitFixtures.trigger("again")], interactions: [
            "again": [LimitFixtures.storeVar("$data.n", expr: "$data.n + 1"), LimitFixtures.trigger("again")],
        ]))
        #expect(page.data["n"] == 5)
        #expect(page.presenter.toasts.first?.message == "the interaction 'again' is triggered 5 levels deep inside one chain (the triggerDepth limit); an interaction that triggers itself never ends, so it was stopped")
    }

    @Test("handler depth comes from the limits")
    func handlerDepthComesFromTheLimits() async throws {
        let limits = LimitFixtures.limits { $0.handlerDepth = 2 }
        let fail = LimitFixtures.storeVar("$data.fail", expr: "1 / 0")
        let page = PageHarness(registry: .standard, limits: limits)
        try await page.open(json: LimitFixtures.page([
            "page": "handlers", "data": ["n": 0],
            "interactions": ["loaded": [fail]],
            "onError": [["id": "run", "attributes": ["actions": [LimitFixtures.storeVar("$data.n", expr: "$data.n + 1"), fail]]]],
        ]))
        // The first failure is handled, and the handler's own failure twice more; the next is reported.
        #expect(page.data["n"] == 3)
        #expect(page.diagnostics.last?.message.contains("2 levels deep, the handlerDepth limit") == true)
    }
}
