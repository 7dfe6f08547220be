import Foundation
import LoopbackHTTP
import Testing
@testable import Formwork

/// A fresh folder under the temporary directory, removed by `remove()` (call it in a `defer`).
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-delivery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func folder(_ name: String) throws -> URL {
        let folder = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A temporary folder with a `cache` folder in it, and a loopback server to sync from. Call
/// `tearDown()` in a `defer`.
struct SyncScene {
    let temp: TemporaryFolder
    let cache: URL
    let server: LoopbackServer

    init() throws {
        temp = try TemporaryFolder()
        cache = try temp.folder("cache")
        server = try LoopbackServer()
    }

    /// Where `Fixture.publish` puts the manifest.
    var manifestURL: URL { server.url("/pages/manifest.json") }

    func sync(_ limits: PageLimits = .standard) -> PageSync {
        PageSync(manifestURL: manifestURL, cache: cache, registry: .standard, limits: limits)
    }

    func tearDown() {
        server.stop()
        temp.remove()
    }
}

enum Fixture {
    /// A small page document; `title` makes two versions' bytes differ.
    static func page(_ id: String, version: Int, minEngine: Int = 1) -> Data {
        Data("""
            {
              "page": "\(id)",
              "version": \(version),
              "minEngineVersion": \(minEngine),
              "title": "\(id) version \(version)",
              "components": []
            }

            """.utf8)
    }

    /// Writes `data` to `folder/name`.
    static func write(_ data: Data, _ name: String, in folder: URL) throws {
        try data.write(to: folder.appendingPathComponent(name))
    }

    /// Writes pages into `folder` as `<id>.json`.
    static func bundle(_ pages: [Data], in folder: URL) throws {
        for page in pages {
            let header = try PageHeader(data: page)
            try write(page, "\(header.id).json", in: folder)
        }
    }

    /// Installs pages into a cache folder the way sync does, returning the cache index written.
    @discardableResult
    static func installInCache(_ pages: [Data], in cache: URL) throws -> PageCache.Index {
        var entries: [PageManifest.Entry] = []
        for page in pages {
            let header = try PageHeader(data: page)
            let file = PageCache.fileName(id: header.id, version: header.version)
            try write(page, file, in: cache)
            entries.append(PageManifest.Entry(header: header, file: file, data: page))
        }
        let index = PageCache.Index(manifest: PageManifest(pages: entries), syncedTotalVersion: "t", syncedEngineVersion: FormworkEngine.version)
        try PageCache(directory: cache).writeIndex(index)
        return index
    }

    /// Publishes pages on `server` under `/pages/`: each as `/pages/<id>.json` plus
    /// `/pages/manifest.json`. Returns the manifest.
    @discardableResult
    static func publish(_ pages: [Data], on server: LoopbackServer) throws -> PageManifest {
        var entries: [PageManifest.Entry] = []
        for page in pages {
            let header = try PageHeader(data: page)
            let file = "\(header.id).json"
            server.route("GET", "/pages/\(file)", .data(page, headers: ["Content-Type": "application/json"]))
            entries.append(PageManifest.Entry(header: header, file: file, data: page))
        }
        let manifest = PageManifest(pages: entries)
        server.route("GET", "/pages/manifest.json", .data(manifest.jsonData, headers: ["Content-Type": "application/json"]))
        return manifest
    }

    /// The names of files in `folder`, sorted, hidden ones included, except the lock files.
    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0 != CacheLock.fileName && $0 != OpeningRecord.lockName }.sorted()
    }
}

extension Fixture {
    /// Packs `source` into a fresh folder under `temp` and serves what was packed under `/pages/`
    /// on `server` (each file, then the manifest): a publisher's release, shared by the library
    /// and localization delivery tests.
    @discardableResult
    static func packAndServe(_ source: URL, under temp: URL, on server: LoopbackServer) throws -> PagePacker.Report {
        let out = temp.appendingPathComponent("out-\(UUID().uuidString)")
        let report = try PagePacker(registry: .standard).pack(from: source, to: out)
        for entry in report.manifest.pages + report.manifest.libraries {
            server.route("GET", "/pages/\(entry.file)", .data(try Data(contentsOf: out.appendingPathComponent(entry.file))))
        }
        server.route("GET", "/pages/manifest.json", .data(report.manifest.jsonData))
        return report
    }

    /// An app's sync of what `packAndServe` published into `cache`.
    static func syncServed(from server: LoopbackServer, cache: URL, bundled: URL) async throws -> SyncReport {
        try await PageSync(manifestURL: server.url("/pages/manifest.json"), cache: cache, bundled: bundled, registry: .standard).run()
    }
}
