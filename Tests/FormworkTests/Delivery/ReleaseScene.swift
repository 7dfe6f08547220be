import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// A publisher and any number of installs, over a real HTTP server on loopback: pages are
/// written to `source`, packed into one `site` folder (as a publisher packs into the folder it
/// published last) with the packer's rollouts and revocations, and every file there is served
/// under `/pages/`. Each install has a cache folder of its own and bundles `dish-edit` v5.
struct ReleaseScene {
    let temp: TemporaryFolder
    let source: URL
    let site: URL
    let bundled: URL
    let server: LoopbackServer

    init() throws {
        temp = try TemporaryFolder()
        source = try temp.folder("source")
        site = try temp.folder("site")
        bundled = try temp.folder("bundled")
        server = try LoopbackServer()
        try Fixture.bundle([Fixture.page("dish-edit", version: 5)], in: bundled)
    }

    /// Writes `page` into the source folder as `<id>.json`.
    func write(_ page: Data) throws {
        let header = try PageHeader(data: page)
        try Fixture.write(page, "\(header.id).json", in: source)
    }

    /// Packs the source folder into `site` with these rollouts and revocations, then serves
    /// every file of `site`.
    @discardableResult
    func publish(rollouts: [String: Int] = [:], revoke: [String] = []) throws -> PageManifest {
        var packer = PagePacker(registry: .standard)
        packer.rollouts = rollouts
        packer.revoke = revoke
        let report = try packer.pack(from: source, to: site)
        for name in try FileManager.default.contentsOfDirectory(atPath: site.path) where name.hasSuffix(".json") {
            server.route("GET", "/pages/\(name)", .data(try Data(contentsOf: site.appendingPathComponent(name)), headers: ["Content-Type": "application/json"]))
        }
        return report.manifest
    }

    /// The cache folder of install `name`.
    func cache(_ name: String) -> URL { temp.url.appendingPathComponent("cache-\(name)") }

    /// A sync of install `name`; `installID` nil lets the cache make and keep one.
    func sync(_ name: String, installID: String? = nil) -> PageSync {
        PageSync(manifestURL: server.url("/pages/manifest.json"), cache: cache(name), bundled: bundled, registry: .standard, installID: installID)
    }

    /// The repository of install `name`, its `report` lines collected in `lines`.
    func repository(_ name: String, lines: Lines? = nil) -> PageRepository {
        PageRepository(bundled: bundled, cache: cache(name), registry: .standard) { line in lines?.append(line) }
    }

    func tearDown() {
        server.stop()
        temp.remove()
    }

    /// Lines a repository reported, from any thread.
    final class Lines: @unchecked Sendable {
        // NB: @unchecked because `items` is only touched while `lock` is held.
        private let lock = NSLock()
        private var items: [String] = []

        func append(_ line: String) { lock.withLock { items.append(line) } }
        var all: [String] { lock.withLock { items } }
    }
}

extension Fixture {
    /// A dish-edit page at `version` whose `loaded` chain calls `GET /api/dish` (a request that
    /// never succeeds when nothing answers it, or never ends when the server holds it).
    static func loadingPage(version: Int, url: String = "/api/dish") -> Data {
        Data("""
            {
              "page": "dish-edit",
              "version": \(version),
              "title": "dish-edit version \(version)",
              "components": [],
              "interactions": { "loaded": [ { "id": "api", "attributes": { "url": "\(url)" } } ] }
            }

            """.utf8)
    }
}
