import Foundation
import Testing
import Formwork

/// `$page.busy` (`page.isBusy`) is one stretch of work per edit: on from the update that sets
/// watchers off until every chain they queued has run, never off and on again in between (a
/// watcher whose chain sets off another, as an address page's province → city does). Public API
/// only.
@Suite("Busy transitions")
@MainActor
struct BusyTransitionsTests {
    /// The province's watcher picks a city, which sets off the city's watcher: two chains, one
    /// after the other, for each edit. Save is enabled by `!$page.busy`.
    static let page = """
    {"page": "address", "data": {"province": "zj", "city": "hz", "cities": [], "districts": []},
     "watchers": [
       {"on": "$data.province", "actions": [
         {"id": "api", "attributes": {"url": {"template": "/api/${$data.province}/cities"}}},
         {"id": "store-var", "attributes": {"key": "$data.cities", "value": {"expr": "$result.cities"}}},
         {"id": "store-var", "attributes": {"key": "$data.city", "value": {"expr": "$data.cities[0]"}}}]},
       {"on": "$data.city", "actions": [
         {"id": "api", "attributes": {"url": {"template": "/api/${$data.city}/districts"}}},
         {"id": "store-var", "attributes": {"key": "$data.districts", "value": {"expr": "$result.districts"}}}]}],
     "components": [
       {"id": "text-field", "key": "province", "attributes": {"value": {"expr": "$data.province"}}},
       {"id": "button", "key": "save", "attributes": {"title": "Save", "enabled": {"expr": "!$page.busy"}}}
     ]}
    """

    @Test("two edits that each set off two watchers in a row: Save turns off once and on once per edit (level 2)")
    func busyIsOneStretchPerEdit() async throws {
        let (enabled, busy) = try await Self.twoEdits(behavior: .v2)
        // Before, busy went off between the province's chain and the city's: [false, true, false, true] per edit.
        #expect(enabled == [false, true, false, true], "Save changed \(enabled.count) times over two edits")
        #expect(busy == [true, false, true, false])
    }

    @Test("at level 1, an app that states no level, busy still turns off and on between the watchers' chains")
    func levelOneKeepsTheOldBusy() async throws {
        let (enabled, _) = try await Self.twoEdits(behavior: .v1)
        #expect(enabled.count > 4, "level 1 keeps what apps tested against: \(enabled)")
        #expect(enabled.last == true)
    }

    /// Save's enabled state and `isBusy` each time Save changed, over two edits of the province.
    static func twoEdits(behavior: BehaviorLevel) async throws -> (enabled: [Bool], busy: [Bool]) {
        let transport = CannedTransport()
        await transport.on("GET /api/gd/cities", ["cities": ["gz", "sz"]])
        await transport.on("GET /api/gz/districts", ["districts": ["tianhe"]])
        await transport.on("GET /api/js/cities", ["cities": ["nj"]])
        await transport.on("GET /api/nj/districts", ["districts": ["xuanwu"]])
        let engine = PageEngine(registry: .standard(behavior: behavior), host: PageHost(transport: transport))
        let page = try engine.open(try EnginePages.load(Self.page))
        let save = try #require(page.component("save")), province = try #require(page.component("province"))
        var enabled: [Bool] = []
        var busy: [Bool] = []
        let observation = save.observe { _ in
            enabled.append(save.isEnabled)
            busy.append(page.isBusy)
        }
        defer { observation.cancel(); page.close() }

        try await page.edit(province, to: "gd")
        if behavior >= .v2 {
            #expect(page.isBusy, "busy as soon as the edit set the watchers off, before their chains start")
            #expect(!save.isEnabled)
        }
        await page.waitUntilIdle()
        #expect(page.data["city"] == "gz" && page.data["districts"] == ["tianhe"], "both watchers ran")
        try await page.edit(province, to: "js")
        await page.waitUntilIdle()
        #expect(page.data["districts"] == ["xuanwu"])
        #expect(await transport.lines == ["GET /api/gd/cities", "GET /api/gz/districts", "GET /api/js/cities", "GET /api/nj/districts"])
        return (enabled, busy)
    }

    /// A watcher set off by the page settling (`!$page.busy`) whose chain makes it busy again sets
    /// itself off at each end: it is stopped after `watcherDepth` in a row, as any watcher loop.
    @Test("a watcher on busy turning off can't loop forever", .timeLimit(.minutes(5)))
    func aWatcherOnBusyIsBounded() async throws {
        var reports: [String] = []
        var limits = PageLimits.standard
        limits.watcherDepth = 4   // NB: few rounds, each a few turns of the main actor, which other tests share
        let engine = PageEngine(registry: .standard(behavior: .v2), host: PageHost(report: { if case .diagnostic(let diagnostic) = $0 { reports.append(diagnostic.message) } }), limits: limits)
        let page = try engine.open(try EnginePages.load("""
        {"page": "p", "data": {"name": "Tofu", "settled": 0},
         "watchers": [
           {"on": "$data.name", "actions": [{"id": "store-var", "attributes": {"key": "$data.seen", "value": {"expr": "$data.name"}}}]},
           {"when": "!$page.busy", "actions": [{"id": "store-var", "attributes": {"key": "$data.settled", "value": {"expr": "$data.settled + 1"}}}]}],
         "components": [{"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}}]}
        """))
        defer { page.close() }
        try await page.edit(try #require(page.component("name")), to: "Mapo tofu")
        await page.waitUntilIdle()
        #expect(page.isBusy == false)
        let settled = try #require(page.data["settled"]?.intValue)
        #expect(settled > 0 && settled <= 4, "ran \(settled) times")
        #expect(reports.contains { $0.contains("was set off by 4 watchers in a row") }, "\(reports)")
    }
}
