import Foundation
import Testing
@testable import Formwork

/// `PageRepository` reads the cache's manifest, revocations and openings once, and again only when
/// the file changes; a file changed in the last two seconds is read every time.
@Suite struct RepositoryRecordsTests {
    /// Sets every file in `folder` to have last changed a minute ago.
    static func age(_ folder: URL) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: folder.appendingPathComponent(name).path)
        }
    }

    /// Overwrites `url` in place (same inode) with as many bytes of junk, and gives it back its
    /// modification time: a change no stat can see.
    static func scribbleInPlace(_ url: URL) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let size = try #require((attributes[.size] as? NSNumber)?.intValue)
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: size))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: try #require(attributes[.modificationDate] as? Date)], ofItemAtPath: url.path)
    }

    @Test func theCacheManifestIsReadOnceWhileItsFileIsUnchangedAndAgainWhenReplaced() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let bundled = try temp.folder("bundled"), cache = try temp.folder("cache")
        try Fixture.bundle([Fixture.page("dish-edit", version: 3)], in: bundled)
        try Fixture.installInCache([Fixture.page("dish-edit", version: 4)], in: cache)
        try Self.age(cache)
        let repository = PageRepository(bundled: bundled, cache: cache, registry: .standard)
        #expect(try repository.resolve("dish-edit").version == 4)

        // Junk no stat can see: the kept records still serve v4 (a fresh repository can't read them).
        try Self.scribbleInPlace(cache.appendingPathComponent("manifest.json"))
        #expect(try repository.resolve("dish-edit").version == 4)
        #expect(try PageRepository(bundled: bundled, cache: cache, registry: .standard).resolve("dish-edit").version == 3)

        // Replaced the way sync replaces it (atomically, a new file): read again.
        try Fixture.installInCache([Fixture.page("dish-edit", version: 5)], in: cache)
        #expect(try repository.resolve("dish-edit").version == 5)
        try Self.age(cache)
        #expect(try repository.resolve("dish-edit").version == 5)
    }

    @Test func aFileChangedInTheLastTwoSecondsIsReadEveryTime() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let bundled = try temp.folder("bundled"), cache = try temp.folder("cache")
        try Fixture.bundle([Fixture.page("dish-edit", version: 3)], in: bundled)
        try Fixture.installInCache([Fixture.page("dish-edit", version: 4)], in: cache)
        // NB: a time set the way scribbleInPlace sets it back, so the junk keeps the exact stat.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -0.5)], ofItemAtPath: cache.appendingPathComponent("manifest.json").path)
        let repository = PageRepository(bundled: bundled, cache: cache, registry: .standard)
        #expect(try repository.resolve("dish-edit").version == 4)

        // NB: written just now, so a change within the clock's granularity could keep its stat: never kept.
        try Self.scribbleInPlace(cache.appendingPathComponent("manifest.json"))
        let page = try repository.resolve("dish-edit")
        #expect(page.version == 3)
        #expect(page.diagnostics.first?.hasPrefix("cache: invalid cache manifest") == true || page.diagnostics.first?.contains("not valid JSON") == true,
                "\(page.diagnostics)")
    }

    @Test func resolveAvailableGivesWhatResolveGivesForEachPage() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let bundled = try temp.folder("bundled"), cache = try temp.folder("cache")
        try Fixture.bundle([Fixture.page("dish-edit", version: 3), Fixture.page("menu", version: 2), Fixture.page("login", version: 1)], in: bundled)
        try Fixture.installInCache([Fixture.page("dish-edit", version: 4), Fixture.page("menu", version: 1), Fixture.page("orders", version: 2)], in: cache)
        try PageCache(directory: cache).record([PageRevocation(id: "orders", version: 2, sha256: SHA256Hasher.hexDigest(of: Fixture.page("orders", version: 2)))])
        let repository = PageRepository(bundled: bundled, cache: cache, registry: .standard)

        let all = repository.resolveAvailable()

        let one = repository.availablePageIDs().compactMap { try? repository.resolve($0) }
        #expect(all.map(\.id) == ["dish-edit", "login", "menu"])
        #expect(all.map { "\($0.id) v\($0.version) \($0.source) \($0.reason)" } == one.map { "\($0.id) v\($0.version) \($0.source) \($0.reason)" })
        #expect(all.map(\.data) == one.map(\.data))
        #expect(all.map(\.diagnostics) == one.map(\.diagnostics))
    }
}
