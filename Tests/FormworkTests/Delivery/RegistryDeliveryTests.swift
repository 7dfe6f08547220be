import Foundation
import LoopbackHTTP
import Testing
@testable import Formwork

/// Delivered pages never need what the app lacks: pack records what each page needs beyond the
/// built-ins, sync skips pages needing a type the app's registry lacks, and the repository serves
/// the newest copy it can run, else the previous good download, else the bundled page.
@Suite struct RegistryDeliveryTests {
    /// The order page; from v3 it awards loyalty points with an action only newer app builds have.
    static func order(version: Int, loyalty: Bool = false) -> Data {
        let action = loyalty ? #"{"id": "loyalty-points", "attributes": {"points": 10}}"# : #"{"id": "toast", "attributes": {"message": "Welcome"}}"#
        return Data("""
            { "page": "order", "version": \(version), "minEngineVersion": 1, "title": "Order v\(version)",
              "interactions": { "loaded": [ \(action) ] } }

            """.utf8)
    }

    /// A newer app build's registry: the built-ins and `loyalty-points`.
    static let newerApp: Registry = {
        var registry = Registry.standard
        registry.register(ActionType("loyalty-points", attributes: [AttributeSpec("points", .int, required: true)]) { $0.result })
        return registry
    }()

    /// An older app build: its own `analytics`, but not `loyalty-points`.
    static let olderApp: Registry = {
        var registry = Registry.standard
        registry.register(ActionType("analytics") { $0.result })
        return registry
    }()

    struct Setup {
        let temp: TemporaryFolder
        let bundled: URL
        let cache: URL
        let server: LoopbackServer

        init() throws {
            temp = try TemporaryFolder()
            bundled = try temp.folder("bundled")
            cache = temp.url.appendingPathComponent("cache")
            server = try LoopbackServer()
            try Fixture.write(RegistryDeliveryTests.order(version: 1), "order.json", in: bundled)
        }

        /// Packs `pages` with `registry` (as `formwork pack --registry` does) and serves the result.
        @discardableResult
        func publish(_ pages: [Data], packedWith registry: Registry) throws -> PageManifest {
            let source = try temp.folder("source-\(UUID().uuidString)")
            let site = temp.url.appendingPathComponent("site-\(UUID().uuidString)")
            for page in pages { try Fixture.write(page, "\(try PageHeader(data: page).id).json", in: source) }
            let report = try PagePacker(registry: registry).pack(from: source, to: site)
            for entry in report.manifest.pages {
                server.route("GET", "/pages/\(entry.file)", .data(try Data(contentsOf: site.appendingPathComponent(entry.file))))
            }
            server.route("GET", "/pages/manifest.json", .data(try Data(contentsOf: report.manifestURL)))
            return report.manifest
        }

        func sync(registry: Registry) -> PageSync {
            PageSync(manifestURL: server.url("/pages/manifest.json"), cache: cache, bundled: bundled, registry: registry)
        }

        /// The newer app syncs order v2 (built-ins only), then v3, which needs `loyalty-points`:
        /// the cache then holds both downloads.
        func downloadOrderV2ThenV3() async throws {
            try publish([RegistryDeliveryTests.order(version: 2)], packedWith: .standard)
            _ = try await sync(registry: RegistryDeliveryTests.newerApp).run()
            try publish([RegistryDeliveryTests.order(version: 3, loyalty: true)], packedWith: RegistryDeliveryTests.newerApp)
            _ = try await sync(registry: RegistryDeliveryTests.newerApp).run()
        }

        func repository(registry: Registry) -> PageRepository {
            PageRepository(bundled: bundled, cache: cache, registry: registry)
        }

        func tearDown() {
            server.stop()
            temp.remove()
        }
    }

    @Test func packRecordsWhatEachPageNeedsBeyondTheBuiltIns() throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        let manifest = try setup.publish([RegistryDeliveryTests.order(version: 3, loyalty: true), Fixture.page("menu", version: 1)], packedWith: RegistryDeliveryTests.newerApp)

        #expect(manifest.entry(for: "order")?.requires == RegistryIDs(actions: ["loyalty-points"]))
        #expect(manifest.entry(for: "menu")?.requires.isEmpty == true)
        let text = String(decoding: manifest.jsonData, as: UTF8.self)
        #expect(text.contains(#""requires": {"#))
        #expect(try PageManifest(data: manifest.jsonData, source: "m") == manifest)
        #expect(throws: DeliveryError.self) {
            try PageManifest(data: Data(#"{"totalVersion": "t", "pages": [{"id": "a", "file": "a.json", "version": 1, "minEngineVersion": 1, "size": 1, "sha256": "\#(String(repeating: "0", count: 64))", "requires": {"actions": [3]}}]}"#.utf8), source: "m")
        }
    }

    @Test func aNewerPageNeedingAnActionTheAppLacksIsSkippedAndTheOldOneServed() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        try setup.publish([RegistryDeliveryTests.order(version: 2)], packedWith: .standard)
        _ = try await setup.sync(registry: RegistryDeliveryTests.olderApp).run()

        try setup.publish([RegistryDeliveryTests.order(version: 3, loyalty: true)], packedWith: RegistryDeliveryTests.newerApp)
        let report = try await setup.sync(registry: RegistryDeliveryTests.olderApp).run()

        #expect(report.changes == [.lacking(id: "order", version: 3, missing: "action 'loyalty-points'")])
        #expect(report.lines.first == "skipped order v3: needs action 'loyalty-points', which this app doesn't have")
        #expect(report.succeeded)
        #expect(setup.server.requests(to: "/pages/order.json").count == 1)   // only v2 was ever downloaded
        let served = try setup.repository(registry: RegistryDeliveryTests.olderApp).resolve("order")
        #expect(served.source == .cache)
        #expect(served.version == 2)
        #expect(served.diagnostics.isEmpty)

        // The newer app build has the action: it gets v3.
        let upgraded = try await setup.sync(registry: RegistryDeliveryTests.newerApp).run()
        #expect(upgraded.changes == [.installed(id: "order", version: 3, previous: 2)])
        #expect(try setup.repository(registry: RegistryDeliveryTests.newerApp).resolve("order").version == 3)
    }

    @Test func aCorruptNewestCopyFallsBackToThePreviousGoodDownload() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        try await setup.downloadOrderV2ThenV3()
        #expect(Fixture.files(in: setup.cache) == ["manifest.json", "order.v2.json", "order.v3.json"])

        var bytes = [UInt8](RegistryDeliveryTests.order(version: 3, loyalty: true))
        bytes[bytes.count / 2] ^= 0x20
        try Fixture.write(Data(bytes), "order.v3.json", in: setup.cache)
        let served = try setup.repository(registry: RegistryDeliveryTests.newerApp).resolve("order")

        #expect(served.source == .cache)
        #expect(served.version == 2)
        #expect(served.diagnostics == ["cache: order.v3.json is corrupt or was altered: its SHA-256 doesn't match the cache manifest; using the previous download order v2"])

        // With the previous download damaged too, the bundled page is served, every reason kept.
        try Fixture.write(Data("{}".utf8), "order.v2.json", in: setup.cache)
        let bundled = try setup.repository(registry: RegistryDeliveryTests.newerApp).resolve("order")
        #expect(bundled.source == .bundled)
        #expect(bundled.diagnostics == [
            "cache: order.v3.json is corrupt or was altered: its SHA-256 doesn't match the cache manifest; using bundled order v1",
            "cache: order.v2.json is truncated or was altered: 2 bytes, the cache manifest says \(RegistryDeliveryTests.order(version: 2).count); using bundled order v1",
        ])
    }

    @Test func aCachedPageTheAppCantRunIsPassedOverForThePreviousOne() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        try await setup.downloadOrderV2ThenV3()

        // The same cache read by an app build without the action (say, after a rollback).
        let served = try setup.repository(registry: RegistryDeliveryTests.olderApp).resolve("order")

        #expect(served.version == 2)
        #expect(served.diagnostics == ["cache: order v3 needs action 'loyalty-points', which this app doesn't have; using the previous download order v2"])
    }

    @Test func theNextSyncKeepsOnlyTheNewestAndThePreviousDownload() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        for version in 2...4 {
            try setup.publish([RegistryDeliveryTests.order(version: version)], packedWith: .standard)
            _ = try await setup.sync(registry: .standard).run()
        }
        #expect(Fixture.files(in: setup.cache) == ["manifest.json", "order.v3.json", "order.v4.json"])
        let index = try #require(try PageCache(directory: setup.cache).readIndex())
        #expect(index.previous.map(\.version) == [3])
        #expect(index.manifest.pages.map(\.version) == [4])
    }

    @Test @MainActor func anUnknownActionMetAtRunTimeTellsThePersonASentenceAndTheHostWhy() async throws {
        var diagnostics: [String] = []
        var unhandled: [PageValue] = []
        let host = PageHost(report: { report in
            switch report {
            case .diagnostic(let diagnostic): diagnostics.append(diagnostic.rendered)
            case .unhandledFailure(_, let error): unhandled.append(error)
            }
        })
        let engine = PageEngine(registry: .standard, host: host)
        let page = #"{"page": "p", "components": [{"id": "text-field", "key": "iban", "validations": [{"id": "iban"}]}], "interactions": {"loaded": [{"id": "loyalty-points"}]}}"#
        let session = try engine.open(try PageDocument.load(Array(page.utf8), registry: .standard, libraries: .empty))
        await session.waitUntilIdle()

        #expect(unhandled.first?["message"] == "This part of the page isn't available in this version of the app.")
        #expect(unhandled.first?["kind"] == "unknown-action")
        #expect(unhandled.first?["detail"]?.stringValue?.hasPrefix("unknown action 'loyalty-points'") == true)
        let failures = await session.validate()
        #expect(failures.map(\.message) == ["This can't be checked in this version of the app."])
        #expect(diagnostics.contains { $0.hasPrefix("interactions.loaded[0]: error: unknown action 'loyalty-points'") })
        #expect(diagnostics.contains { $0.hasPrefix("components[0].validations[0]: error: unknown validation 'iban'") })
    }
}
