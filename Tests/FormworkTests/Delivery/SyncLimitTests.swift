import Foundation
import LoopbackHTTP
import Testing
@testable import Formwork

/// Sync against servers that would exhaust it: endless, huge or dripping manifests and pages, and
/// manifests listing too many pages. Budgets are small so each case ends quickly; a refused
/// download never changes what the cache serves.
@Suite struct SyncLimitTests {
    let scene: SyncScene

    init() throws { scene = try SyncScene() }

    static var small: PageLimits {
        var limits = PageLimits.standard
        limits.manifestBytes = 16 << 10
        limits.manifestPages = 3
        limits.pageBytes = 8 << 10
        return limits
    }

    func sync(_ limits: PageLimits = small) -> PageSync { scene.sync(limits) }

    var manifestURL: String { scene.manifestURL.absoluteString }

    // MARK: - The manifest

    @Test func anEndlessManifestIsRefusedAtManifestBytes() async throws {
        defer { scene.tearDown() }
        try Fixture.publish([Fixture.page("dish-edit", version: 4)], on: scene.server)
        _ = try await sync().run()
        scene.server.route("GET", "/pages/manifest.json", .init(stream: .repeating(Data(#"{"totalVersion": "2", "pages": [ "#.utf8))))

        await #expect(throws: DeliveryError.download(url: manifestURL, reason:
            "the manifest is larger than 16 KiB, the most sync reads (manifestBytes); check that the URL points at the manifest.json written by 'formwork pack'")) {
            try await sync().run()
        }
        #expect(Fixture.files(in: scene.cache) == ["dish-edit.v4.json", "manifest.json"])
        #expect(try PageRepository(bundled: scene.temp.url, cache: scene.cache, registry: .standard).resolve("dish-edit").version == 4)
    }

    @Test func aGzipBombManifestIsRefusedAtManifestBytes() async throws {
        defer { scene.tearDown() }
        scene.server.route("GET", "/pages/manifest.json", .init(stream: .gzipBomb))

        let error = await #expect(throws: DeliveryError.self) { try await sync().run() }

        #expect(error?.description.hasPrefix("couldn't download \(manifestURL): the manifest is larger than 16 KiB") == true)
    }

    @Test func aManifestListingMorePagesThanManifestPagesIsRefused() async throws {
        defer { scene.tearDown() }
        try Fixture.publish((1...4).map { Fixture.page("page-\($0)", version: 1) }, on: scene.server)

        await #expect(throws: DeliveryError.invalidManifest(source: manifestURL, reason:
            "it lists 4 pages, more than the 3 one manifest may list (manifestPages)")) {
            try await sync().run()
        }
        #expect(scene.server.requests.map(\.description) == ["GET /pages/manifest.json"])
    }

    @Test func aManifestThatDripsIsCutOffAtRequestSeconds() async throws {
        defer { scene.tearDown() }
        scene.server.route("GET", "/pages/manifest.json", .init(stream: .drip(Data(" ".utf8), every: 0.05, lasting: 30)))
        var limits = Self.small
        limits.requestSeconds = 0.5

        await #expect(throws: DeliveryError.download(url: manifestURL, reason:
            "the server took longer than 0.5 s to send it in full, the most one request may take (requestSeconds)")) {
            try await sync(limits).run()
        }
    }

    // MARK: - Pages

    @Test func aPageBodyIsNeverReadPastTheManifestsSize() async throws {
        defer { scene.tearDown() }
        try Fixture.publish([Fixture.page("dish-edit", version: 4)], on: scene.server)
        _ = try await sync().run()
        let v5 = Fixture.page("dish-edit", version: 5)
        try Fixture.publish([v5], on: scene.server)
        // The right first bytes, then no end.
        scene.server.route("GET", "/pages/dish-edit.json", .init(body: v5, stream: .repeating(Data(repeating: 0x20, count: 4096))))

        let report = try await sync().run()

        let url = scene.server.url("/pages/dish-edit.json").absoluteString
        #expect(report.changes == [.failed(id: "dish-edit", version: 5, reason:
            "\(url) sent more than the \(v5.count) bytes the manifest gives it: the page and the manifest on the server are out of step; publish the packed folder again",
            kept: 4)])
        #expect(Fixture.files(in: scene.cache) == ["dish-edit.v4.json", "manifest.json"])
    }

    @Test func aGzipBombPageIsCutOffAtTheManifestsSize() async throws {
        defer { scene.tearDown() }
        let v1 = Fixture.page("dish-edit", version: 1)
        try Fixture.publish([v1], on: scene.server)
        scene.server.route("GET", "/pages/dish-edit.json", .init(stream: .gzipBomb))

        let report = try await sync().run()

        guard case .failed(_, _, let reason, let kept)? = report.changes.first else {
            Issue.record("expected a failure, got \(report.changes)")
            return
        }
        #expect(kept == nil)
        #expect(reason.contains("sent more than the \(v1.count) bytes the manifest gives it"))
    }

    @Test func aPageTheManifestSaysIsOverPageBytesIsNotDownloaded() async throws {
        defer { scene.tearDown() }
        let big = Fixture.page("dish-edit", version: 1)
        var entry = PageManifest.Entry(header: try PageHeader(data: big), file: "dish-edit.json", data: big)
        entry.size = 9 << 10
        scene.server.route("GET", "/pages/manifest.json", .data(PageManifest(pages: [entry]).jsonData))

        let report = try await sync().run()

        #expect(report.changes == [.failed(id: "dish-edit", version: 1, reason:
            "the manifest gives it 9 KiB, more than the 8 KiB a page may have (pageBytes); it was not downloaded", kept: nil)])
        #expect(scene.server.requests(to: "/pages/dish-edit.json").isEmpty)
    }

    // MARK: - The whole sync

    @Test func aSyncStopsAtSyncSecondsAndTheCacheKeepsServing() async throws {
        defer { scene.tearDown() }
        try Fixture.publish([Fixture.page("z-kept", version: 1)], on: scene.server)
        _ = try await sync().run()
        var limits = Self.small
        // NB: long enough that the manifest (served at once) always arrives inside it, even on a
        // loaded 2-core machine where 3 s wasn't; a-slow never ends, so the budget always runs out there.
        limits.syncSeconds = 10
        try Fixture.publish(["a-slow", "b-never", "z-kept"].map { Fixture.page($0, version: 2) }, on: scene.server)
        // Each byte comes in time for the request; the sync as a whole runs out.
        scene.server.route("GET", "/pages/a-slow.json", .init(stream: .drip(Data(" ".utf8), every: 0.2)))   // 50 of its 115 bytes in 10 s

        let report = try await sync(limits).run()

        let outOfTime = "the sync took longer than 10 s, the most one sync may take (syncSeconds); the next sync carries on"
        #expect(report.changes == [
            .failed(id: "a-slow", version: 2, reason: outOfTime, kept: nil),
            .failed(id: "b-never", version: 2, reason: outOfTime, kept: nil),
            .failed(id: "z-kept", version: 2, reason: outOfTime, kept: 1),
        ])
        #expect(scene.server.requests(to: "/pages/b-never.json").isEmpty)
        #expect(scene.server.requests(to: "/pages/z-kept.json").count == 1)   // the first sync's
        #expect(Fixture.files(in: scene.cache) == ["manifest.json", "z-kept.v1.json"])
        #expect(try PageRepository(bundled: scene.temp.url, cache: scene.cache, registry: .standard).resolve("z-kept").version == 1)
    }
}
