import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// Delivery against a real web server: Debian's nginx on loopback, gzip, ETag and Last-Modified
/// on, as a CDN serves a packed folder. Skipped (saying why) only when nginx isn't installed;
/// .ci/run installs it and requires it.
@Suite(.enabled(if: NginxServer.available, Comment(rawValue: NginxServer.skipMessage)))
struct NginxDeliveryTests {
    /// Packs `pages` into `www/pages` as a publisher would, giving the new manifest a modification
    /// time of its own. NB: nginx's ETag is the file's modification second and size, so a
    /// manifest republished within the same second at the same size would keep its ETag.
    static func publish(_ pages: [Data], folder: URL, www: URL, second: Int) throws {
        let source = folder.appendingPathComponent("source-\(second)")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        for page in pages {
            let header = try PageHeader(data: page)
            try page.write(to: source.appendingPathComponent("\(header.id).json"))
        }
        _ = try PagePacker(registry: .standard).pack(from: source, to: www.appendingPathComponent("pages"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_790_000_000 + Double(second))],
                                              ofItemAtPath: www.appendingPathComponent("pages/manifest.json").path)
    }

    static func page(_ id: String, _ version: Int) -> Data {
        Data(#"{"page": "\#(id)", "version": \#(version), "minEngineVersion": 1, "title": "\#(id) v\#(version)", "components": []}"#.utf8)
    }

    /// The cache's page files and what a repository serves from it.
    static func served(from cache: URL, bundled: URL) throws -> [String] {
        let repository = PageRepository(bundled: bundled, cache: cache, registry: .standard)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.contains(".v") }.sorted()
        return files + repository.resolveAvailable().map { "\($0.id) v\($0.version) \(SHA256Hasher.hexDigest(of: $0.data).prefix(12))" }
    }

    @Test func aCDNLikeServerAnswers304ThenAChangeThenFailuresLeaveTheCacheAsItWas() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-nginx-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let www = folder.appendingPathComponent("www"), cache = folder.appendingPathComponent("cache"), bundled = folder.appendingPathComponent("bundled")
        try FileManager.default.createDirectory(at: bundled, withIntermediateDirectories: true)
        try Self.publish([Self.page("dish-edit", 1), Self.page("menu", 1)], folder: folder, www: www, second: 1)
        let stub = try LoopbackServer()
        defer { stub.stop() }
        let nginx = try NginxServer(root: www, upstream: try #require(stub.url("/").port), in: folder.appendingPathComponent("nginx"))
        defer { nginx.stop() }
        func sync(_ prefix: String = "pages") -> PageSync {
            PageSync(manifestURL: nginx.url("/\(prefix)/manifest.json"), cache: cache, registry: .standard)
        }
        let agent = "formwork/\(FormworkEngine.packageVersion) (engine \(FormworkEngine.version))"

        // 1. Everything new: the manifest comes gzipped with its validators.
        let first = try await sync().run()
        #expect(first.succeeded && first.changes.count == 2)
        var log = nginx.accessLog(atLeast: 3)
        let manifestLine = try #require(log.first)
        #expect(manifestLine.hasPrefix("200 /pages/manifest.json "))
        #expect(!manifestLine.contains(" - \""), "the manifest wasn't gzipped: \(manifestLine)")   // $gzip_ratio is "-" when not
        #expect(manifestLine.hasSuffix("\"-\" \"-\" \"\(agent)\""))

        // 2. Nothing changed: a conditional request, a bodiless 304, "up to date".
        let second = try await sync().run()
        #expect(second.upToDate)
        #expect(second.lines == ["up to date (totalVersion \(first.shortTotalVersion))"])
        log = nginx.accessLog(atLeast: 4)
        #expect(log.count == 4)
        let notModified = try #require(log.last)
        #expect(notModified.hasPrefix("304 /pages/manifest.json "))
        #expect(notModified.contains(#""W/\x22"#), "gzip makes nginx's ETag weak, and sync sends it as received: \(notModified)")

        // 3. One page changed: picked up.
        try Self.publish([Self.page("dish-edit", 2), Self.page("menu", 1)], folder: folder, www: www, second: 2)
        let third = try await sync().run()
        #expect(third.changes == [.installed(id: "dish-edit", version: 2, previous: 1)])
        #expect(nginx.accessLog(atLeast: 6).suffix(2).map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
                == ["200 /pages/manifest.json", "200 /pages/dish-edit.json"])
        let before = try Self.served(from: cache, bundled: bundled)
        #expect(before.contains { $0.hasPrefix("dish-edit v2 ") })

        // 4. menu v2 published, but the server fails while sync runs: the cache serves what it did.
        try Self.publish([Self.page("dish-edit", 2), Self.page("menu", 2)], folder: folder, www: www, second: 3)
        let failed = try await sync("broken").run()
        #expect(!failed.succeeded)
        #expect(failed.changes.map(\.description) == ["failed menu v2: \(nginx.url("/broken/menu.json").absoluteString) answered HTTP 500; keeping v1"])
        #expect(try Self.served(from: cache, bundled: bundled) == before)

        stub.route("GET", "/cut/menu.json", .init(status: 200, headers: ["Content-Type": "application/json"], body: Self.page("menu", 2), closeAfterBodyBytes: 20))
        let cut = try await sync("cut").run()
        #expect(!cut.succeeded)
        #expect(cut.changes.count == 1 && cut.changes.first?.description.hasPrefix("failed menu v2: ") == true)
        #expect(try Self.served(from: cache, bundled: bundled) == before)

        let cacheManifest = try Data(contentsOf: cache.appendingPathComponent("manifest.json"))
        await #expect(throws: DeliveryError.self) { try await sync("down").run() }
        #expect(try Data(contentsOf: cache.appendingPathComponent("manifest.json")) == cacheManifest)
        #expect(try Self.served(from: cache, bundled: bundled) == before)

        // 5. The server is fixed: menu v2 arrives (no validators were kept from the failed syncs).
        let fixed = try await sync().run()
        #expect(fixed.changes == [.installed(id: "menu", version: 2, previous: 1)])
    }
}
