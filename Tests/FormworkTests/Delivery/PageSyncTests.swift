import Foundation
import LoopbackHTTP
import Testing
@testable import Formwork

/// Sync against a real HTTP server on loopback. The app bundles dish-edit v3 and menu v1.
@Suite struct PageSyncTests {
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
            try Fixture.bundle([Fixture.page("dish-edit", version: 3), Fixture.page("menu", version: 1)], in: bundled)
        }

        func sync(engine: Int = 1) -> PageSync {
            PageSync(manifestURL: server.url("/pages/manifest.json"), cache: cache, bundled: bundled, engineVersion: engine, registry: .standard)
        }

        var repository: PageRepository { PageRepository(bundled: bundled, cache: cache, registry: .standard) }

        func tearDown() {
            server.stop()
            temp.remove()
        }
    }

    @Test func installsANewerRemoteVersion() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        try Fixture.publish([Fixture.page("dish-edit", version: 4), Fixture.page("menu", version: 1)], on: setup.server)

        let report = try await setup.sync().run()

        #expect(report.changes == [.installed(id: "dish-edit", version: 4, previous: 3)])
        #expect(report.current == ["menu"])
        #expect(report.succeeded)
        #expect(report.lines.first == "installed dish-edit v4 (was v3)")
        #expect(setup.server.requests.map(\.description) == ["GET /pages/manifest.json", "GET /pages/dish-edit.json"])
        let page = try setup.repository.resolve("dish-edit")
        #expect(page.source == .cache)
        #expect(page.data == Fixture.page("dish-edit", version: 4))
        #expect(Fixture.files(in: setup.cache) == ["dish-edit.v4.json", "manifest.json"])
    }

    @Test func skipsARemotePageThatNeedsANewerEngineUntilTheEngineIsUpgraded() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        try Fixture.publish([Fixture.page("dish-edit", version: 9, minEngine: 2), Fixture.page("menu", version: 1)], on: setup.server)

        let report = try await setup.sync(engine: 1).run()

        #expect(report.changes == [.skipped(id: "dish-edit", version: 9, needsEngine: 2, engine: 1)])
        #expect(report.lines.first == "skipped dish-edit v9: needs engine 2, this is engine 1")
        #expect(report.succeeded)
        #expect(setup.server.requests(to: "/pages/dish-edit.json").isEmpty)
        #expect(try setup.repository.resolve("dish-edit").version == 3)

        // Same manifest, newer engine: the page it skipped is now fetched.
        let upgraded = try await setup.sync(engine: 2).run()
        #expect(upgraded.changes == [.installed(id: "dish-edit", version: 9, previous: 3)])
        #expect(try PageRepository(bundled: setup.bundled, cache: setup.cache, engineVersion: 2, registry: .standard).resolve("dish-edit").version == 9)
    }

    @Test func anInterruptedDownloadLeavesThePreviousVersionAndIsRetried() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        try Fixture.publish([Fixture.page("dish-edit", version: 4)], on: setup.server)
        _ = try await setup.sync().run()

        let v5 = Fixture.page("dish-edit", version: 5)
        try Fixture.publish([v5], on: setup.server)
        setup.server.route("GET", "/pages/dish-edit.json", .init(body: v5, closeAfterBodyBytes: 40))
        let report = try await setup.sync().run()

        #expect(!report.succeeded)
        guard case .failed(let id, let version, let reason, let kept)? = report.changes.first else {
            Issue.record("expected a failure, got \(report.changes)")
            return
        }
        #expect((id, version, kept) == ("dish-edit", 5, 4))
        // Linux reports curl's "transfer closed with N bytes remaining", Apple "connection was lost".
        #expect(reason.contains("transfer closed") || reason.contains("lost") || reason.contains("cut short"), "\(reason)")
        #expect(report.lines.last?.hasPrefix("sync incomplete, totalVersion ") == true)
        let page = try setup.repository.resolve("dish-edit")
        #expect(page.version == 4)
        #expect(page.source == .cache)
        #expect(Fixture.files(in: setup.cache) == ["dish-edit.v4.json", "manifest.json"])

        // The server recovers: the same totalVersion is synced again, since the last sync failed.
        setup.server.route("GET", "/pages/dish-edit.json", .data(v5))
        let retry = try await setup.sync().run()
        #expect(retry.changes == [.installed(id: "dish-edit", version: 5, previous: 4)])
        // v4, the previous good download, is kept as the repository's fallback.
        #expect(Fixture.files(in: setup.cache) == ["dish-edit.v4.json", "dish-edit.v5.json", "manifest.json"])
    }

    @Test func anUnchangedTotalVersionDownloadsNothing() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        let manifest = try Fixture.publish([Fixture.page("dish-edit", version: 4), Fixture.page("menu", version: 2)], on: setup.server)
        let first = try await setup.sync().run()
        #expect(first.changes.count == 2)
        setup.server.clearRequests()

        let second = try await setup.sync().run()

        #expect(second.upToDate)
        #expect(second.changes.isEmpty)
        #expect(second.lines == ["up to date (totalVersion \(manifest.totalVersion.prefix(12))…)"])
        #expect(setup.server.requests.map(\.description) == ["GET /pages/manifest.json"])
    }

    @Test func aPageWhoseHashDoesNotMatchTheManifestIsRejected() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        let v4 = Fixture.page("dish-edit", version: 4)
        try Fixture.publish([v4], on: setup.server)
        var corrupted = v4
        corrupted[corrupted.count - 3] = UInt8(ascii: "X")
        setup.server.route("GET", "/pages/dish-edit.json", .data(corrupted))

        let report = try await setup.sync().run()

        #expect(report.changes == [.failed(id: "dish-edit", version: 4, reason:
            "the SHA-256 of \(setup.server.url("/pages/dish-edit.json").absoluteString) doesn't match the manifest (corrupted in transit, or the page and manifest were published out of step)",
            kept: 3)])
        #expect(try setup.repository.resolve("dish-edit").source == .bundled)
        #expect(Fixture.files(in: setup.cache) == ["manifest.json"])
    }

    @Test(arguments: [-1, 1])
    func aPageOfTheWrongSizeIsRejected(sizeChange: Int) async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        let v4 = Fixture.page("dish-edit", version: 4)
        try Fixture.publish([v4], on: setup.server)
        let served = sizeChange < 0 ? v4.prefix(30) : v4 + Data(" ".utf8)
        setup.server.route("GET", "/pages/dish-edit.json", .data(served))
        let url = setup.server.url("/pages/dish-edit.json").absoluteString

        let report = try await setup.sync().run()

        let reason = sizeChange < 0
            ? "got 30 of \(v4.count) bytes of \(url): the download was cut short"
            : "\(url) sent more than the \(v4.count) bytes the manifest gives it: the page and the manifest on the server are out of step; publish the packed folder again"
        #expect(report.changes == [.failed(id: "dish-edit", version: 4, reason: reason, kept: 3)])
        #expect(report.changes.first?.description == "failed dish-edit v4: \(reason); keeping v3")
        #expect(try setup.repository.resolve("dish-edit").version == 3)
    }

    @Test func anOpenPageKeepsItsVersionWhileANewerOneIsInstalled() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        try Fixture.publish([Fixture.page("dish-edit", version: 4)], on: setup.server)
        _ = try await setup.sync().run()
        let open = try setup.repository.resolve("dish-edit")

        try Fixture.publish([Fixture.page("dish-edit", version: 5)], on: setup.server)
        _ = try await setup.sync().run()
        let reopened = try setup.repository.resolve("dish-edit")

        #expect(open.version == 4)
        #expect(open.data == Fixture.page("dish-edit", version: 4))
        #expect(reopened.version == 5)
    }

    @Test func aPageNoLongerPublishedIsRemovedFromTheCache() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        try Fixture.publish([Fixture.page("dish-edit", version: 4), Fixture.page("specials", version: 1)], on: setup.server)
        _ = try await setup.sync().run()
        setup.server.removeRoute("GET", "/pages/specials.json")
        try Fixture.publish([Fixture.page("dish-edit", version: 4)], on: setup.server)

        let report = try await setup.sync().run()

        #expect(report.changes == [.removed(id: "specials", version: 1, reason: "no longer published")])
        #expect(report.lines.first == "removed specials v1 from the cache: no longer published")
        #expect(Fixture.files(in: setup.cache) == ["dish-edit.v4.json", "manifest.json"])
        #expect(throws: DeliveryError.self) { try setup.repository.resolve("specials") }
    }

    @Test func aDamagedCachedCopyIsDownloadedAgain() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        try Fixture.publish([Fixture.page("dish-edit", version: 4)], on: setup.server)
        _ = try await setup.sync().run()
        try Fixture.write(Data("garbage".utf8), "dish-edit.v4.json", in: setup.cache)

        let report = try await setup.sync().run()

        #expect(report.notes == ["note: cached dish-edit v4 was missing or damaged; dropped it"])
        #expect(report.changes == [.installed(id: "dish-edit", version: 4, previous: 3)])
        #expect(try setup.repository.resolve("dish-edit").source == .cache)
    }

    @Test func aMissingManifestFailsWithTheURLAndStatus() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }

        await #expect(throws: DeliveryError.download(url: setup.server.url("/pages/manifest.json").absoluteString,
                                                     reason: "the server answered HTTP 404")) {
            try await setup.sync().run()
        }
    }

    @Test func aCorruptRemoteManifestChangesNothing() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        try Fixture.publish([Fixture.page("dish-edit", version: 4)], on: setup.server)
        _ = try await setup.sync().run()
        setup.server.route("GET", "/pages/manifest.json", .json(#"{"totalVersion": "2", "pages": [{"id": "dish-edit"}]}"#))

        let error = await #expect(throws: DeliveryError.self) { try await setup.sync().run() }

        #expect(error?.description.hasPrefix("the manifest at \(setup.server.url("/pages/manifest.json").absoluteString) is not valid:") == true)
        #expect(try setup.repository.resolve("dish-edit").version == 4)
    }

    @Test func anUnreachableServerFailsWithAClearMessage() async throws {
        let setup = try Setup()
        defer { setup.tearDown() }
        let url = setup.server.url("/pages/manifest.json")
        setup.server.stop()

        let error = await #expect(throws: DeliveryError.self) {
            try await PageSync(manifestURL: url, cache: setup.cache, registry: .standard).run()
        }
        #expect(error?.description == "couldn't download \(url.absoluteString): could not connect to 127.0.0.1:\(setup.server.port) (is the server running?)")
    }
}
