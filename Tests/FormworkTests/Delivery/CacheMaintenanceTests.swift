import Foundation
import LoopbackHTTP
import Testing
@testable import Formwork

/// What a killed sync leaves behind is cleaned by the next one, and two syncs never update one
/// cache at once.
@Suite struct CacheMaintenanceTests {
    let temp: TemporaryFolder
    let cache: URL
    let server: LoopbackServer

    init() throws {
        temp = try TemporaryFolder()
        cache = try temp.folder("cache")
        server = try LoopbackServer()
    }

    func tearDown() {
        server.stop()
        temp.remove()
    }

    var sync: PageSync { PageSync(manifestURL: server.url("/pages/manifest.json"), cache: cache) }

    // MARK: - Leftovers

    /// A sync killed after downloading dish-edit v5 (one copy renamed into place, one still a
    /// temporary file) but before recording it, and one killed after recording menu v2 but before
    /// deleting v1: the next sync deletes all of it, keeps what its manifest names, and leaves
    /// files that aren't sync's alone.
    @Test func theNextSyncCleansUpAfterAKilledOne() async throws {
        defer { tearDown() }
        try Fixture.publish([Fixture.page("dish-edit", version: 4), Fixture.page("menu", version: 2)], on: server)
        _ = try await sync.run()
        let leftovers = [AtomicFile.temporaryPrefix + "3F2A-dish-edit.v5.json", "dish-edit.v5.json", "menu.v1.json"]
        for name in leftovers { try Fixture.write(Data("partial".utf8), name, in: cache) }
        try Fixture.write(Data("mine".utf8), "notes.txt", in: cache)

        let report = try await sync.run()

        #expect(report.upToDate)
        #expect(report.notes == ["note: removed 3 files left behind by an interrupted sync: " + leftovers.sorted().joined(separator: ", ")])
        #expect(Fixture.files(in: cache) == ["dish-edit.v4.json", "manifest.json", "menu.v2.json", "notes.txt"])
        let repository = PageRepository(bundled: temp.url, cache: cache)
        #expect(try repository.resolve("dish-edit").version == 4)
        #expect(try repository.resolve("menu").version == 2)
    }

    @Test func leftoversAreCleanedEvenWhenTheServerIsDown() async throws {
        defer { tearDown() }
        try Fixture.installInCache([Fixture.page("dish-edit", version: 4)], in: cache)
        try Fixture.write(Data("partial".utf8), AtomicFile.temporaryPrefix + "1-manifest.json", in: cache)
        server.stop()

        await #expect(throws: DeliveryError.self) { try await sync.run() }

        #expect(Fixture.files(in: cache) == ["dish-edit.v4.json", "manifest.json"])
    }

    @Test(arguments: [
        ("dish-edit.v4.json", true), ("a.b-c_d.v12.json", true), ("dish-edit.v0.json", false), ("dish-edit.v.json", false),
        ("dish-edit.v4a.json", false), ("dish-edit.json", false), ("manifest.json", false), ("dish-edit.v+4.json", false),
    ])
    func versionFileNamesAreRecognised(name: String, isVersion: Bool) {
        #expect(PageCache.isVersionFileName(name) == isVersion)
    }

    // MARK: - One sync at a time

    @Test func aSecondSyncOnABusyCacheStopsAndSaysSo() async throws {
        defer { tearDown() }
        let manifest = try Fixture.publish([Fixture.page("dish-edit", version: 4)], on: server)
        // The first sync is held inside its manifest request until the second has been refused.
        let release = DispatchSemaphore(value: 0)
        server.route("GET", "/pages/manifest.json") { _ in
            _ = release.wait(timeout: .now() + 30)
            return .data(manifest.jsonData)
        }
        let first = Task { try await sync.run() }
        await eventually { server.requests.count == 1 }

        await #expect(throws: DeliveryError.cacheBusy(path: cache.path)) { try await sync.run() }
        release.signal()

        let report = try await first.value
        #expect(report.changes == [.installed(id: "dish-edit", version: 4, previous: nil)])
        // Once the first is done, the cache is free again.
        server.route("GET", "/pages/manifest.json", .data(manifest.jsonData))
        #expect(try await sync.run().upToDate)
    }

    @Test func theCommandLineSaysWhenAnotherSyncHoldsTheCache() async throws {
        defer { tearDown() }
        try Fixture.publish([Fixture.page("dish-edit", version: 4)], on: server)
        let lock = try #require(try CacheLock(in: cache))
        defer { lock.release() }

        let output = try CLIRunner.run(["sync", "--manifest", server.url("/pages/manifest.json").absoluteString, "--cache", cache.path])

        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr == """
            error: another sync is updating the cache '\(cache.path)' right now; wait for it to finish, then sync again if you still need to.
            nothing was changed in '\(cache.path)'.

            """)
        #expect(server.requests.isEmpty)
    }

    @Test func theLockIsFreeAgainOnceReleased() throws {
        defer { tearDown() }
        let first = try #require(try CacheLock(in: cache))
        #expect(try CacheLock(in: cache) == nil)
        first.release()
        let second = try CacheLock(in: cache)
        #expect(second != nil)
        second?.release()
    }
}
