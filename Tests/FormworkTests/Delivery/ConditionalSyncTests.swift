import Foundation
import LoopbackHTTP
import Testing
@testable import Formwork

/// Sync asks "changed since?" with the manifest's validators, and a 304 ends it as "up to date".
@Suite struct ConditionalSyncTests {
    static let etag = #"W/"5f2c-1a9b""#
    static let lastModified = "Sat, 28 Nov 2026 04:00:00 GMT"

    /// Serves `manifest` with validators; answers 304 when the request's If-None-Match is `etag`
    /// (and `honour` is on), else the whole manifest.
    static func serve(_ manifest: PageManifest, on server: LoopbackServer, etag: String? = ConditionalSyncTests.etag,
                      lastModified: String? = ConditionalSyncTests.lastModified, honour: Bool = true) {
        var headers = ["Content-Type": "application/json"]
        if let etag { headers["ETag"] = etag }
        if let lastModified { headers["Last-Modified"] = lastModified }
        server.route("GET", "/pages/manifest.json") { [headers] request in
            if honour, let etag, request.headers["if-none-match"] == etag { return .init(status: 304, headers: headers) }
            return .data(manifest.jsonData, headers: headers)
        }
    }

    static let pages = [Fixture.page("dish-edit", version: 4), Fixture.page("menu", version: 1)]

    @Test func aSecondSyncSendsTheValidatorsAndA304EndsItAsUpToDate() async throws {
        let scene = try SyncScene()
        defer { scene.tearDown() }
        let manifest = try Fixture.publish(Self.pages, on: scene.server)
        Self.serve(manifest, on: scene.server)

        let first = try await scene.sync().run()
        #expect(first.succeeded && !first.upToDate)
        #expect(scene.server.requests(to: "/pages/manifest.json").first?.headers["if-none-match"] == nil)
        let cacheBefore = try Data(contentsOf: scene.cache.appendingPathComponent("manifest.json"))
        scene.server.clearRequests()

        let second = try await scene.sync().run()

        let request = try #require(scene.server.requests.first)
        #expect(scene.server.requests.map(\.description) == ["GET /pages/manifest.json"])
        #expect(request.headers["if-none-match"] == Self.etag)   // a weak ETag, sent as received
        #expect(request.headers["if-modified-since"] == Self.lastModified)
        #expect(second == SyncReport(totalVersion: manifest.totalVersion, upToDate: true, changes: [], current: ["dish-edit", "menu"]))
        #expect(second.lines == ["up to date (totalVersion \(second.shortTotalVersion))"])
        #expect(try Data(contentsOf: scene.cache.appendingPathComponent("manifest.json")) == cacheBefore)
        #expect(try PageRepository(bundled: scene.temp.folder("none"), cache: scene.cache, registry: .standard).resolve("dish-edit").version == 4)
    }

    @Test func aServerThatIgnoresTheValidatorsIsSyncedAsBefore() async throws {
        let scene = try SyncScene()
        defer { scene.tearDown() }
        let manifest = try Fixture.publish(Self.pages, on: scene.server)
        Self.serve(manifest, on: scene.server, honour: false)
        _ = try await scene.sync().run()
        scene.server.clearRequests()

        let second = try await scene.sync().run()

        #expect(scene.server.requests.first?.headers["if-none-match"] == Self.etag)
        #expect(second.upToDate)
        #expect(second.current == ["dish-edit", "menu"])
        // A changed manifest, still with the old ETag (a server that ignores validators may lie): fetched and installed.
        let changed = try Fixture.publish([Fixture.page("dish-edit", version: 5), Fixture.page("menu", version: 1)], on: scene.server)
        Self.serve(changed, on: scene.server, honour: false)
        let third = try await scene.sync().run()
        #expect(third.changes == [.installed(id: "dish-edit", version: 5, previous: 4)])
    }

    @Test func aDamagedCacheOrAMissingCacheManifestIsNeverAnswered304() async throws {
        let scene = try SyncScene()
        defer { scene.tearDown() }
        let manifest = try Fixture.publish(Self.pages, on: scene.server)
        // NB: a server that answers 304 to any If-None-Match: only a request without one gets the manifest.
        scene.server.route("GET", "/pages/manifest.json") { request in
            if request.headers["if-none-match"] != nil { return .init(status: 304, headers: ["ETag": Self.etag]) }
            return .data(manifest.jsonData, headers: ["ETag": Self.etag])
        }
        _ = try await scene.sync().run()
        try FileManager.default.removeItem(at: scene.cache.appendingPathComponent("dish-edit.v4.json"))
        scene.server.clearRequests()

        let repaired = try await scene.sync().run()

        #expect(scene.server.requests.first?.headers["if-none-match"] == nil)
        #expect(repaired.changes == [.installed(id: "dish-edit", version: 4, previous: nil)])
        #expect(Fixture.files(in: scene.cache).contains("dish-edit.v4.json"))

        try FileManager.default.removeItem(at: scene.cache.appendingPathComponent("manifest.json"))
        scene.server.clearRequests()
        let afresh = try await scene.sync().run()
        #expect(scene.server.requests.first?.headers["if-none-match"] == nil)
        #expect(afresh.succeeded && !afresh.upToDate)
        #expect(try PageCache(directory: scene.cache).readIndex()?.manifest.pages.count == 2)
    }

    @Test func validatorsFirstSeenOnAnUpToDateSyncAreKeptForTheNext() async throws {
        let scene = try SyncScene()
        defer { scene.tearDown() }
        let manifest = try Fixture.publish(Self.pages, on: scene.server)   // no validators yet
        _ = try await scene.sync().run()
        Self.serve(manifest, on: scene.server)                               // the CDN starts sending them
        #expect(try await scene.sync().run().upToDate)
        scene.server.clearRequests()
        let bytesBefore = scene.server.bodyBytesSent(to: "/pages/manifest.json")

        let third = try await scene.sync().run()

        #expect(third.upToDate)
        #expect(scene.server.requests.first?.headers["if-none-match"] == Self.etag)
        #expect(scene.server.bodyBytesSent(to: "/pages/manifest.json") == bytesBefore)
    }

    @Test func anIncompleteSyncKeepsNoValidatorsSoTheNextFetchesTheManifestWhole() async throws {
        let scene = try SyncScene()
        defer { scene.tearDown() }
        let manifest = try Fixture.publish(Self.pages, on: scene.server)
        Self.serve(manifest, on: scene.server)
        scene.server.route("GET", "/pages/menu.json", .text("down", status: 500))
        #expect(try await !scene.sync().run().succeeded)
        _ = try Fixture.publish(Self.pages, on: scene.server)
        Self.serve(manifest, on: scene.server)
        scene.server.clearRequests()

        let second = try await scene.sync().run()

        #expect(scene.server.requests.first?.headers["if-none-match"] == nil)
        #expect(second.changes == [.installed(id: "menu", version: 1, previous: nil)])
    }

    @Test func a304ToARequestWithoutValidatorsIsAnError() async throws {
        let scene = try SyncScene()
        defer { scene.tearDown() }
        scene.server.route("GET", "/pages/manifest.json", .init(status: 304))

        await #expect(throws: DeliveryError.download(url: scene.manifestURL.absoluteString, reason: "the server answered 304 Not Modified to a request for the whole manifest "
            + "(one without If-None-Match or If-Modified-Since); check the server's or proxy's caching settings")) {
            try await scene.sync().run()
        }
    }

    @Test func everyRequestSaysWhoIsAsking() async throws {
        let scene = try SyncScene()
        defer { scene.tearDown() }
        try Fixture.publish(Self.pages, on: scene.server)
        _ = try await scene.sync().run()
        let agent = "formwork/\(FormworkEngine.packageVersion) (engine \(FormworkEngine.version))"
        #expect(scene.server.requests.map { $0.headers["user-agent"] } == [agent, agent, agent])

        let transport = URLSessionTransport(baseURL: scene.server.url("/"), allowedHosts: [], userAgent: "ShopApp/3.1\r\nX-Evil: 1")
        scene.server.clearRequests()
        _ = try await transport.send(TransportRequest(url: URL(string: "/pages/menu.json")!))
        #expect(scene.server.requests.first?.headers["user-agent"] == agent + " ShopApp/3.1X-Evil: 1")
        #expect(scene.server.requests.first?.headers["x-evil"] == nil)
        _ = try await transport.send(TransportRequest(url: URL(string: "/pages/menu.json")!, headers: ["User-Agent": "mine"]))
        #expect(scene.server.requests.last?.headers["user-agent"] == "mine")
    }
}
