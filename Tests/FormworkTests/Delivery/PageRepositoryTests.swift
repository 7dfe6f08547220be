import Foundation
import Testing
@testable import Formwork

@Suite struct PageRepositoryTests {
    /// A bundled folder with dish-edit v3 and menu v1, and an empty cache folder.
    struct Setup {
        let temp: TemporaryFolder
        let bundled: URL
        let cache: URL
        var repository: PageRepository { PageRepository(bundled: bundled, cache: cache, registry: .standard) }

        init() throws {
            temp = try TemporaryFolder()
            bundled = try temp.folder("bundled")
            cache = try temp.folder("cache")
            try Fixture.bundle([Fixture.page("dish-edit", version: 3), Fixture.page("menu", version: 1)], in: bundled)
        }
    }

    @Test func servesTheBundledPageWhenTheCacheIsEmpty() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }

        let page = try setup.repository.resolve("dish-edit")

        #expect(page.source == .bundled)
        #expect(page.version == 3)
        #expect(page.data == Fixture.page("dish-edit", version: 3))
        #expect(page.url.lastPathComponent == "dish-edit.json")
        #expect(page.diagnostics.isEmpty)
    }

    @Test func servesANewerCachedPage() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        try Fixture.installInCache([Fixture.page("dish-edit", version: 4)], in: setup.cache)

        let page = try setup.repository.resolve("dish-edit")

        #expect(page.source == .cache)
        #expect(page.version == 4)
        #expect(page.data == Fixture.page("dish-edit", version: 4))
        #expect(page.diagnostics.isEmpty)
        #expect(try setup.repository.resolve("menu").source == .bundled)
    }

    @Test(arguments: [2, 3])
    func ignoresACachedPageThatIsNotNewer(version: Int) throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        try Fixture.installInCache([Fixture.page("dish-edit", version: version)], in: setup.cache)

        let page = try setup.repository.resolve("dish-edit")

        #expect(page.source == .bundled)
        #expect(page.version == 3)
        #expect(page.diagnostics == ["cache: dish-edit v\(version) is not newer than bundled v3; using bundled dish-edit v3"])
    }

    @Test func ignoresACachedPageThatNeedsANewerEngine() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        try Fixture.installInCache([Fixture.page("dish-edit", version: 9, minEngine: 2)], in: setup.cache)

        let page = try PageRepository(bundled: setup.bundled, cache: setup.cache, engineVersion: 1, registry: .standard).resolve("dish-edit")
        let upgraded = try PageRepository(bundled: setup.bundled, cache: setup.cache, engineVersion: 2, registry: .standard).resolve("dish-edit")

        #expect(page.source == .bundled)
        #expect(page.diagnostics == ["cache: dish-edit v9 needs engine 2, this is engine 1; using bundled dish-edit v3"])
        #expect(upgraded.source == .cache)
        #expect(upgraded.version == 9)
    }

    @Test func rejectsATamperedCacheFileAndServesTheBundledPage() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        try Fixture.installInCache([Fixture.page("dish-edit", version: 4)], in: setup.cache)
        // Same length, different bytes: the title now says something else.
        let tampered = Data(String(decoding: Fixture.page("dish-edit", version: 4), as: UTF8.self)
            .replacingOccurrences(of: "dish-edit version 4", with: "dish-edit VERSION 4").utf8)
        try Fixture.write(tampered, "dish-edit.v4.json", in: setup.cache)

        let page = try setup.repository.resolve("dish-edit")

        #expect(page.source == .bundled)
        #expect(page.version == 3)
        #expect(page.diagnostics == [
            "cache: dish-edit.v4.json is corrupt or was altered: its SHA-256 doesn't match the cache manifest; using bundled dish-edit v3",
        ])
    }

    @Test func rejectsATruncatedCacheFile() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        let page4 = Fixture.page("dish-edit", version: 4)
        try Fixture.installInCache([page4], in: setup.cache)
        try Fixture.write(page4.prefix(20), "dish-edit.v4.json", in: setup.cache)

        let page = try setup.repository.resolve("dish-edit")

        #expect(page.source == .bundled)
        #expect(page.diagnostics == [
            "cache: dish-edit.v4.json is truncated or was altered: 20 bytes, the cache manifest says \(page4.count); using bundled dish-edit v3",
        ])
    }

    @Test func rejectsAMissingCacheFile() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        try Fixture.installInCache([Fixture.page("dish-edit", version: 4)], in: setup.cache)
        try FileManager.default.removeItem(at: setup.cache.appendingPathComponent("dish-edit.v4.json"))

        let page = try setup.repository.resolve("dish-edit")

        #expect(page.source == .bundled)
        #expect(page.diagnostics == ["cache: dish-edit.v4.json for dish-edit v4 is missing or unreadable; using bundled dish-edit v3"])
    }

    @Test(arguments: ["", "{\"totalVersion\": \"x\", \"pages\": [", "\u{0}\u{1}garbage", #"{"totalVersion": "x", "pages": [{"id": "dish-edit"}]}"#])
    func aCorruptCacheManifestIsReportedNeverTrusted(contents: String) throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        try Fixture.installInCache([Fixture.page("dish-edit", version: 4)], in: setup.cache)
        try Fixture.write(Data(contents.utf8), "manifest.json", in: setup.cache)

        let page = try setup.repository.resolve("dish-edit")

        #expect(page.source == .bundled)
        #expect(page.diagnostics.count == 1)
        #expect(page.diagnostics.first?.hasPrefix("cache: the manifest at \(setup.cache.appendingPathComponent("manifest.json").path) is not valid") == true)
    }

    @Test func aCachedPageWhoseContentDisagreesWithItsManifestEntryIsRejected() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        // The file's bytes match the recorded hash, but the page inside is a different id.
        let other = Fixture.page("menu", version: 4)
        let entry = PageManifest.Entry(id: "dish-edit", file: "dish-edit.v4.json", version: 4, minEngineVersion: 1,
                                       size: other.count, sha256: SHA256Hasher.hexDigest(of: other))
        try Fixture.write(other, "dish-edit.v4.json", in: setup.cache)
        try PageCache(directory: setup.cache).writeIndex(.init(manifest: PageManifest(pages: [entry]), syncedTotalVersion: nil, syncedEngineVersion: nil))

        let page = try setup.repository.resolve("dish-edit")

        #expect(page.source == .bundled)
        #expect(page.diagnostics == [
            "cache: dish-edit.v4.json holds menu v4 (engine ≥ 1), but the cache manifest lists dish-edit v4; using bundled dish-edit v3",
        ])
    }

    @Test func findsABundledPageByItsPageFieldWhenTheFileIsNamedOtherwise() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        try Fixture.write(Fixture.page("cashier-settings", version: 2), "settings.json", in: setup.bundled)
        try Fixture.write(Data("{}".utf8), "cashier.flow.json", in: setup.bundled)

        let page = try setup.repository.resolve("cashier-settings")

        #expect(page.version == 2)
        #expect(page.url.lastPathComponent == "settings.json")
    }

    @Test func servesACachedPageTheAppDidNotBundle() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        try Fixture.installInCache([Fixture.page("specials", version: 1)], in: setup.cache)

        let page = try setup.repository.resolve("specials")

        #expect(page.source == .cache)
        #expect(setup.repository.availablePageIDs() == ["dish-edit", "menu", "specials"])
    }

    @Test func anUnknownIDListsThePagesAndSuggestsANearMatch() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }

        #expect(throws: DeliveryError.unknownPage(id: "dish-edt", available: ["dish-edit", "menu"])) {
            try setup.repository.resolve("dish-edt")
        }
        #expect(DeliveryError.unknownPage(id: "dish-edt", available: ["dish-edit", "menu"]).description
            == "no page 'dish-edt' in the bundled pages or the cache. Did you mean 'dish-edit'? Available: dish-edit, menu")
        #expect(throws: DeliveryError.unknownPage(id: "../menu", available: ["dish-edit", "menu"])) {
            try setup.repository.resolve("../menu")
        }
    }

    @Test func aBrokenBundledPageIsAnErrorThatNamesTheFile() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        let file = setup.bundled.appendingPathComponent("menu.json")
        try Data(#"{"page": "menu", "version": 0, "minEngineVersion": 1}"#.utf8).write(to: file)

        #expect(throws: DeliveryError.invalidPage(file: file.path, reason: #""version" must be a whole number from 1 to 2147483647, found int 0"#)) {
            try setup.repository.resolve("menu")
        }
    }

    @Test func withoutACacheFolderOnlyBundledPagesAreServed() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        try Fixture.installInCache([Fixture.page("dish-edit", version: 4)], in: setup.cache)

        let page = try PageRepository(bundled: setup.bundled, cache: nil, registry: .standard).resolve("dish-edit")

        #expect(page.source == .bundled)
        #expect(page.diagnostics.isEmpty)
    }

    @Test func reportsWhyACachedCopyWasPassedOver() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        try Fixture.installInCache([Fixture.page("dish-edit", version: 4)], in: setup.cache)
        try Fixture.write(Data("{}".utf8), "dish-edit.v4.json", in: setup.cache)
        let reported = ReportedLines()
        let repository = PageRepository(bundled: setup.bundled, cache: setup.cache, registry: .standard) { reported.append($0) }

        let page = try repository.resolve("dish-edit")

        #expect(page.source == .bundled)
        #expect(reported.lines == page.diagnostics)
        #expect(reported.lines.count == 1)
    }

    @Test @MainActor func isThePageSourceEnginePushesResolveThrough() throws {
        let setup = try Setup()
        defer { setup.temp.remove() }
        try Fixture.installInCache([Fixture.page("dish-edit", version: 4)], in: setup.cache)
        let source: any PageSource = setup.repository

        let found = try source.page("dish-edit")
        let engine = PageEngine(registry: .standard, pages: source)
        let document = try engine.document("dish-edit")

        #expect(found.bytes == Array(Fixture.page("dish-edit", version: 4)))
        #expect(found.file == setup.cache.appendingPathComponent("dish-edit.v4.json").path)
        #expect(document.id == "dish-edit")
        let error = #expect(throws: PageError.self) { try engine.document("dish-edt") }
        #expect(error?.description.contains("no page 'dish-edt' in the bundled pages or the cache. Did you mean 'dish-edit'?") == true)
    }
}

/// Lines collected from a `report` closure, which may be called from any thread.
final class ReportedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) {
        lock.lock()
        stored.append(line)
        lock.unlock()
    }
    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
