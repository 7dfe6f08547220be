import Foundation
import Testing
import Formwork

// Delivery judges pages with the registry that will run them: built from the engine, the app
// can't forget it; given only the built-ins, every message says that is the problem instead of
// blaming the app. Public API only (the scene's server and folders are test helpers).

@Suite("Delivery takes the app's registry from one place")
@MainActor
struct DeliveryRegistryTests {
    @Test("built from the engine, sync installs and the repository serves a page using the app's own action")
    func fromTheEngine() async throws {
        let setup = try RegistryDeliveryTests.Setup()
        defer { setup.tearDown() }
        try setup.publish([RegistryDeliveryTests.order(version: 3, loyalty: true)], packedWith: RegistryDeliveryTests.newerApp)
        let engine = PageEngine(registry: RegistryDeliveryTests.newerApp)

        let report = try await engine.pageSync(manifestURL: setup.server.url("/pages/manifest.json"), cache: setup.cache, bundled: setup.bundled).run()
        #expect(report.changes == [.installed(id: "order", version: 3, previous: 1)])

        engine.pages = engine.pageRepository(bundled: setup.bundled, cache: setup.cache)
        let page = try engine.open(pageID: "order")
        #expect(page.document.version == 3)
    }

    @Test("a sync given only the built-ins says so, and how to give it the app's registry")
    func syncWithTheBuiltInsOnly() async throws {
        let setup = try RegistryDeliveryTests.Setup()
        defer { setup.tearDown() }
        try setup.publish([RegistryDeliveryTests.order(version: 3, loyalty: true)], packedWith: RegistryDeliveryTests.newerApp)

        let report = try await setup.sync(registry: .standard).run()
        #expect(report.changes == [.lacking(id: "order", version: 3, missing: "action 'loyalty-points'")])
        #expect(report.lines.first == "note: 1 page skipped: needs action 'loyalty-points', but the registry given to PageSync has only the built-in types, none of the app's own: give it the registry the app's engine uses (engine.pageSync(…), or registry: engine.registry)")

        // An app build that has its own types but not this one: the page needs what the app lacks.
        let older = try await setup.sync(registry: RegistryDeliveryTests.olderApp).run()
        #expect(older.lines.first == "skipped order v3: needs action 'loyalty-points', which this app doesn't have")
    }

    @Test("a repository given only the built-ins says so when it passes a cached page over")
    func repositoryWithTheBuiltInsOnly() async throws {
        let setup = try RegistryDeliveryTests.Setup()
        defer { setup.tearDown() }
        try await setup.downloadOrderV2ThenV3()
        let served = try setup.repository(registry: .standard).resolve("order")
        #expect(served.version == 2)
        #expect(served.diagnostics == ["cache: order v3 needs action 'loyalty-points', but the registry given to PageRepository has only the built-in types, none of the app's own: give it the registry the app's engine uses (engine.pageRepository(…), or registry: engine.registry); using the previous download order v2"])
    }

    @Test("a packer given only the built-ins refuses a page using the app's action, and says why")
    func packerWithTheBuiltInsOnly() throws {
        let setup = try RegistryDeliveryTests.Setup()
        defer { setup.tearDown() }
        let error = #expect(throws: DeliveryError.self) {
            try setup.publish([RegistryDeliveryTests.order(version: 3, loyalty: true)], packedWith: .standard)
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("unknown action 'loyalty-points'; PagePacker was given only the built-in types: if the app registers it, give PagePacker the registry the app's engine uses (PagePacker(registry: engine.registry))"))
    }

    @Test func hostTypeIDsAreWhatARegistryAddsToTheBuiltIns() {
        #expect(Registry.standard.hostTypeIDs.isEmpty)
        #expect(RegistryDeliveryTests.newerApp.hostTypeIDs == RegistryIDs(actions: ["loyalty-points"]))
    }
}
