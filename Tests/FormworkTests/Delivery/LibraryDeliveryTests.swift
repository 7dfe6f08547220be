import Foundation
import LoopbackHTTP
import Testing
@testable import Formwork

/// Block libraries delivered like pages, over a real HTTP server on loopback: packed beside the
/// pages, installed before them, verified the same way, and read with the pages on the next open.
@MainActor
@Suite struct LibraryDeliveryTests {
    /// A source folder of two pages that show a total with the library's `money` block, packed and
    /// served from `/pages/`.
    struct Scene {
        let temp: TemporaryFolder
        let source: URL
        let bundled: URL
        let cache: URL
        let server: LoopbackServer

        init() throws {
            temp = try TemporaryFolder()
            source = try temp.folder("source")
            bundled = try temp.folder("bundled")
            cache = temp.url.appendingPathComponent("cache")
            server = try LoopbackServer()
            try FileManager.default.createDirectory(at: source.appendingPathComponent("lib"), withIntermediateDirectories: true)
            try writePage("cart", version: 1, needs: 1)
            try writePage("checkout", version: 1, needs: 1)
        }

        /// The library `kit` at `version`, whose money block writes amounts with `currency` in front.
        func writeLibrary(version: Int, currency: String) throws {
            try Fixture.write(Data("""
                { "library": "kit", "version": \(version),
                  "blocks": { "money": { "attributes": { "title": { "type": "string" }, "amount": { "type": "number" } },
                    "components": [ { "id": "label", "key": "text", "attributes": { "text": { "template": "${$attr.title}: \(currency) ${fixed($attr.amount, 2)}" } } } ] } } }
                """.utf8), "kit.json", in: source.appendingPathComponent("lib"))
        }

        func writePage(_ id: String, version: Int, needs: Int) throws {
            try Fixture.write(Data("""
                { "page": "\(id)", "version": \(version), "libraries": { "kit": \(needs) }, "data": { "total": 12.5 },
                  "components": [ { "id": "money", "key": "total", "attributes": { "title": "\(id) v\(version)", "amount": { "expr": "$data.total" } } } ] }
                """.utf8), "\(id).json", in: source)
        }

        /// Packs the source folder and serves what was packed (each file, then the manifest).
        @discardableResult
        func publish() throws -> PagePacker.Report {
            try Fixture.packAndServe(source, under: temp.url, on: server)
        }

        func sync() async throws -> SyncReport {
            try await Fixture.syncServed(from: server, cache: cache, bundled: bundled)
        }

        /// What the page shows for its total when opened the way an app opens it.
        @MainActor func shownTotal(_ pageID: String) throws -> String? {
            let engine = PageEngine(registry: .standard, pages: PageRepository(bundled: bundled, cache: cache, registry: .standard))
            let session = try engine.open(pageID: pageID)
            defer { session.close() }
            return session.component("total.text")?.attributes["text"]?.stringValue
        }

        func tearDown() {
            server.stop()
            temp.remove()
        }
    }

    @Test func aNewLibraryVersionChangesEveryPageUsingItWithoutRepublishingThem() async throws {
        let scene = try Scene()
        defer { scene.tearDown() }
        try scene.writeLibrary(version: 1, currency: "¥")
        let first = try scene.publish()
        #expect(first.manifest.library("kit")?.file == "kit.library.json")
        #expect(first.manifest.entry(for: "cart")?.libraries == ["kit": 1])
        let installed = try await scene.sync()
        #expect(installed.lines.prefix(3) == ["installed library kit v1 (new)", "installed cart v1 (new)", "installed checkout v1 (new)"])
        #expect(try scene.shownTotal("cart") == "cart v1: ¥ 12.50")

        try scene.writeLibrary(version: 2, currency: "CNY")
        let second = try scene.publish()
        #expect(second.manifest.entry(for: "cart") == first.manifest.entry(for: "cart"), "the pages weren't republished")
        #expect(second.manifest.totalVersion != first.manifest.totalVersion)
        let report = try await scene.sync()
        #expect(report.changes == [.libraryInstalled(id: "kit", version: 2, previous: 1)])
        #expect(report.current == ["cart", "checkout"])
        #expect(try scene.shownTotal("cart") == "cart v1: CNY 12.50")
        #expect(try scene.shownTotal("checkout") == "checkout v1: CNY 12.50")
        #expect(Fixture.files(in: scene.cache) == ["cart.v1.json", "checkout.v1.json", "kit.library.v1.json", "kit.library.v2.json", "manifest.json"])
    }

    @Test func aPageNeedingALibraryTheServerCantDeliverIsSkippedAndTheOldPageKeepsWorking() async throws {
        let scene = try Scene()
        defer { scene.tearDown() }
        try scene.writeLibrary(version: 2, currency: "¥")
        try scene.publish()
        _ = try await scene.sync()

        try scene.writeLibrary(version: 3, currency: "CNY")
        try scene.writePage("cart", version: 2, needs: 3)
        try scene.publish()
        scene.server.route("GET", "/pages/kit.library.json", .text("gone", status: 404))
        let report = try await scene.sync()

        #expect(report.changes == [
            .libraryFailed(id: "kit", version: 3, reason: "\(scene.server.url("/pages/kit.library.json").absoluteString) answered HTTP 404", kept: 2),
            .needsLibrary(id: "cart", version: 2, library: "kit", minimum: 3, reason: "\(scene.server.url("/pages/kit.library.json").absoluteString) answered HTTP 404"),
        ])
        #expect(report.lines[1].hasPrefix("skipped cart v2: needs library kit ≥ 3, which couldn't be installed: "))
        #expect(!report.succeeded)
        #expect(try scene.shownTotal("cart") == "cart v1: ¥ 12.50")

        // The next sync, with the library there, installs both.
        try scene.publish()
        let retried = try await scene.sync()
        #expect(retried.changes == [.libraryInstalled(id: "kit", version: 3, previous: 2), .installed(id: "cart", version: 2, previous: 1)])
        #expect(try scene.shownTotal("cart") == "cart v2: CNY 12.50")
    }

    @Test func aTamperedLibraryIsRefusedAndThePagesKeepTheirs() async throws {
        let scene = try Scene()
        defer { scene.tearDown() }
        try scene.writeLibrary(version: 1, currency: "¥")
        try scene.publish()
        _ = try await scene.sync()

        try scene.writeLibrary(version: 2, currency: "€")
        let report = try scene.publish()
        let entry = try #require(report.manifest.library("kit"))
        // Same size, other bytes: a library altered on the way or on the server.
        var altered = try Data(contentsOf: scene.source.appendingPathComponent("lib/kit.json"))
        let at = try #require(altered.firstRange(of: Data("€".utf8)))
        altered.replaceSubrange(at, with: Data("$$$".utf8))
        #expect(altered.count == entry.size)
        scene.server.route("GET", "/pages/kit.library.json", .data(altered))
        let refused = try await scene.sync()

        #expect(refused.changes.count == 1)
        guard case .libraryFailed(let id, let version, let reason, let kept)? = refused.changes.first else {
            Issue.record("expected the library to be refused, got \(refused.changes)")
            return
        }
        #expect(id == "kit" && version == 2 && kept == 1)
        #expect(reason.contains("SHA-256"))
        #expect(try scene.shownTotal("cart") == "cart v1: ¥ 12.50")
    }

    @Test func aCachedLibraryDamagedOnDiskFallsBackToThePreviousGoodOne() async throws {
        let scene = try Scene()
        defer { scene.tearDown() }
        try scene.writeLibrary(version: 1, currency: "¥")
        try scene.publish()
        _ = try await scene.sync()
        try scene.writeLibrary(version: 2, currency: "CNY")
        try scene.publish()
        _ = try await scene.sync()
        #expect(try scene.shownTotal("cart") == "cart v1: CNY 12.50")

        try Data("{ not json".utf8).write(to: scene.cache.appendingPathComponent("kit.library.v2.json"))
        var lines: [String] = []
        _ = PageRepository(bundled: scene.bundled, cache: scene.cache, registry: .standard).libraries(diagnostics: &lines)
        let line = "cache: kit.library.v2.json for library kit v2 is missing, truncated, corrupt or was altered; using the previous download of library kit v1"
        #expect(lines == [line])
        #expect(try scene.shownTotal("cart") == "cart v1: ¥ 12.50")
        // Issue 27: the page's lines name the library's fallback, never the page's ("…; using the
        // previous download cart v1" named the page where it meant the library).
        let page = try PageRepository(bundled: scene.bundled, cache: scene.cache, registry: .standard).resolve("cart")
        #expect(page.version == 1 && page.source == .cache)
        #expect(page.diagnostics == [line])
    }
}

/// Issue 27: `PageRepository` keeps the libraries it read until a file they come from changes;
/// a library changed on disk — replaced by a sync, or edited in place in the bundled folder with
/// the same size — is still seen by the next resolve of the same repository.
@Suite struct LibraryCacheTests {
    static func library(_ text: String) -> Data {
        Data("""
            { "library": "kit", "version": 1, "blocks": { "money": { "components": [ { "id": "label", "attributes": { "text": "\(text)" } } ] } } }
            """.utf8)
    }

    @Test func aChangedLibraryIsSeenByTheSameRepository() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let bundled = try temp.folder("bundled")
        let lib = try temp.folder("bundled/lib")
        try Fixture.write(LibraryCacheTests.library("AAAA"), "kit.json", in: lib)
        let repository = PageRepository(bundled: bundled, cache: nil, registry: .standard)
        func text() -> String? {
            repository.libraries()["kit"]?.blocks["money"].map { "\($0)" }
        }
        let old = Date(timeIntervalSinceNow: -60)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: lib.path + "/kit.json")
        #expect(text()?.contains("AAAA") == true)
        // The cache is used: bytes changed behind its back (same inode, size and time) aren't read.
        try LibraryCacheTests.library("ZZZZ").write(to: lib.appendingPathComponent("kit.json"))
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: lib.path + "/kit.json")
        #expect(text()?.contains("AAAA") == true, "read again though no file changed")
        // Same size, rewritten in place (no new file): seen.
        try LibraryCacheTests.library("BBBB").write(to: lib.appendingPathComponent("kit.json"))
        #expect(text()?.contains("BBBB") == true, "\(text() ?? "nil")")
        // Replaced atomically, as sync and pack write.
        try AtomicFile.write(LibraryCacheTests.library("CCCCC"), to: lib.appendingPathComponent("kit.json"))
        #expect(text()?.contains("CCCCC") == true)
        // Removed: gone.
        try FileManager.default.removeItem(at: lib.appendingPathComponent("kit.json"))
        #expect(repository.libraries()["kit"] == nil)
    }
}
