import Foundation
import Testing
import Formwork

/// `watchers`: chains that follow a value (`on`) or wait for a condition (`when`), run after the
/// update that set them off, in page order, once per update, and never loop forever.
@Suite("Watchers")
@MainActor
struct WatcherTests {
    final class Reports {
        var diagnostics: [PageDiagnostic] = []
    }

    private func open(_ json: String, reports: Reports = Reports()) throws -> PageSession {
        let host = PageHost(report: { report in
            if case .diagnostic(let diagnostic) = report { reports.diagnostics.append(diagnostic) }
        })
        return try PageEngine(registry: .standard, host: host).open(try EnginePages.load(json))
    }

    private func set(_ page: PageSession, _ path: String, _ value: PageValue) async throws {
        try page.set(value, at: try #require(StorePath(path)))
        await page.waitUntilIdle()
    }

    @Test func onRunsAfterItsValueChangesWithOldAndNewValues() async throws {
        let page = try open("""
        {"page": "p", "data": {"province": "ON", "log": []},
         "watchers": [{"on": "$data.province", "actions": [
           {"id": "store-var", "attributes": {"key": "$data.log", "value": {"expr": "$data.log + [$event.oldValue + '→' + $event.value]"}}}]}]}
        """)
        await page.waitUntilIdle()
        #expect(page.data["log"] == [], "nothing runs when the page opens")
        try await set(page, "$data.province", "QC")
        try await set(page, "$data.province", "QC")
        try await set(page, "$data.province", "BC")
        #expect(page.data["log"] == ["ON→QC", "QC→BC"], "an unchanged value sets nothing off")
    }

    @Test func whenRunsEachTimeItsConditionTurnsTrue() async throws {
        let page = try open("""
        {"page": "p", "data": {"total": 10, "times": 0},
         "watchers": [{"when": "$data.total > 50", "actions": [{"id": "store-var", "attributes": {"key": "$data.times", "value": {"expr": "$data.times + 1"}}}]}]}
        """)
        for total: PageValue in [60, 70, 20, 90] { try await set(page, "$data.total", total) }
        #expect(page.data["times"] == 2)
    }

    @Test func watchersRunInPageOrderOncePerUpdate() async throws {
        let page = try open("""
        {"page": "p", "data": {"a": 1, "b": 1, "log": []},
         "watchers": [
           {"on": "$data.b", "actions": [{"id": "store-var", "attributes": {"key": "$data.log", "value": {"expr": "$data.log + ['first']"}}}]},
           {"on": "[$data.a, $data.b]", "actions": [{"id": "store-var", "attributes": {"key": "$data.log", "value": {"expr": "$data.log + ['second']"}}}]}
         ]}
        """)
        try page.batch { write in
            try write(2, try #require(StorePath("$data.a")))
            try write(2, try #require(StorePath("$data.b")))
            try write(3, try #require(StorePath("$data.a")))
        }
        await page.waitUntilIdle()
        #expect(page.data["log"] == ["first", "second"])
    }

    @Test func aWatcherCanFollowAComputedValue() async throws {
        let page = try open("""
        {"page": "p", "data": {"qty": 1, "price": 10, "delivery": false},
         "computed": {"total": "$data.qty * $data.price"},
         "watchers": [{"when": "$computed.total >= 50", "actions": [{"id": "store-var", "attributes": {"key": "$data.delivery", "value": true}}]}],
         "components": [{"id": "section", "key": "delivery", "attributes": {"hidden": {"expr": "!$data.delivery"}}}]}
        """)
        #expect(page.component("delivery")?.isHidden == true)
        try await set(page, "$data.qty", 5)
        #expect(page.data["delivery"] == true)
        #expect(page.component("delivery")?.isHidden == false)
    }

    @Test func aWatcherThatKeepsSettingItselfOffIsStopped() async throws {
        let reports = Reports()
        let page = try open("""
        {"page": "p", "data": {"n": 0},
         "watchers": [{"on": "$data.n", "actions": [{"id": "store-var", "attributes": {"key": "$data.n", "value": {"expr": "$data.n + 1"}}}]}]}
        """, reports: reports)
        try await set(page, "$data.n", 1)
        // The person's write sets it off once; then each of its own writes, up to the limit.
        #expect(page.data["n"] == .int(1 + Int64(PageLimits.standard.watcherDepth)))
        #expect(reports.diagnostics.map(\.message) == ["the watcher watchers[0] was set off by 32 watchers in a row (each writing what the next one watches), so it was stopped; a watcher that changes what it watches never ends (watcherDepth)"])
        #expect(page.trace.map(\.text).contains("stopped watchers[0]: set off by 32 watchers in a row"))
        // A new write by the person starts over.
        try await set(page, "$data.n", 0)
        #expect(page.data["n"] == 32)
    }

    @Test func aWatcherBadlyWrittenIsACheckError() throws {
        let cases: [(String, String, String)] = [
            (#"{"page": "p", "watchers": [{"actions": []}]}"#, "watchers[0]", "a watcher needs \"on\""),
            (#"{"page": "p", "watchers": [{"on": "$data.a", "when": "$data.b", "actions": []}]}"#, "watchers[0]", "not both"),
            (#"{"page": "p", "watchers": [{"on": "$data.a"}]}"#, "watchers[0]", "no \"actions\""),
            (#"{"page": "p", "watchers": [{"on": "$data.a +", "actions": []}]}"#, "watchers[0].on", "ends too early"),
            (#"{"page": "p", "watchers": [{"on": "$computed.nope", "actions": []}]}"#, "watchers[0].on", "computes no value 'nope'"),
            (#"{"page": "p", "watchers": [{"on": "$data.a", "actions": [{"id": "stor-var"}]}]}"#, "watchers[0].actions[0].id", "unknown action 'stor-var'"),
            (#"{"page": "p", "watchers": [{"on": "$data.a", "actoins": []}]}"#, "watchers[0].actoins", "did you mean 'actions'?"),
        ]
        for (json, path, words) in cases {
            let (document, decoded) = PageDocument.decode(json: json, registry: .standard, libraries: .empty)
            let diagnostics = decoded + (document?.check(registry: .standard) ?? [])
            #expect(diagnostics.contains { $0.path == path && $0.severity == .error && $0.message.contains(words) }, "\(json): \(diagnostics.map(\.rendered))")
        }
    }
}
