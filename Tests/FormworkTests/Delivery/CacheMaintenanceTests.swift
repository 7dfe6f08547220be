import Foundation
import LoopbackHTTP
import Testing
@testable import Formwork

/// What a killed sync leaves behind is cleaned by the next one, and two syncs never update one
/// cache at once.
@Suite struct CacheMaintenanceTests {
    let scene: SyncScene

    init() throws { scene = try SyncScene() }

    var sync: PageSync { scene.sync() }

    // MARK: - Leftovers

    /// A sync killed after downloading dish-edit v5 (one copy renamed into place, one still a
    /// temporary file) but before recording it, and one killed after recording menu v2 but before
    /// deleting v1: the next sync deletes all of it, keeps what its manifest names, and leaves
    /// files that aren't sync's alone.
    @Test func theNextSyncCleansUpAfterAKilledOne() async throws {
        defer { scene.tearDown() }
        try Fixture.publish([Fixture.page("dish-edit", version: 4), Fixture.page("menu", version: 2)], on: scene.server)
        _ = try await sync.run()
        let leftovers = [AtomicFile.temporaryPrefix + "3F2A-dish-edit.v5.json", "dish-edit.v5.json", "menu.v1.json"]
        for name in leftovers { try Fixture.write(Data("partial".utf8), name, in: scene.cache) }
        try Fixture.write(Data("mine".utf8), "notes.txt", in: scene.cache)

        let report = try await sync.run()

        #expect(report.upToDate)
        #expect(report.notes == ["note: removed 3 files left behind by an interrupted sync: " + leftovers.sorted().joined(separator: ", ")])
        #expect(Fixture.files(in: scene.cache) == ["dish-edit.v4.json", "manifest.json", "menu.v2.json", "notes.txt"])
        let repository = PageRepository(bundled: scene.temp.url, cache: scene.cache, registry: .standard)
        #expect(try repository.resolve("dish-edit").version == 4)
        #expect(try repository.resolve("menu").version == 2)
    }

    @Test func leftoversAreCleanedEvenWhenTheServerIsDown() async throws {
        defer { scene.tearDown() }
        try Fixture.installInCache([Fixture.page("dish-edit", version: 4)], in: scene.cache)
        try Fixture.write(Data("partial".utf8), AtomicFile.temporaryPrefix + "1-manifest.json", in: scene.cache)
        scene.server.stop()

        await #expect(throws: DeliveryError.self) { try await sync.run() }

        #expect(Fixture.files(in: scene.cache) == ["dish-edit.v4.json", "manifest.json"])
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
        defer { scene.tearDown() }
        let manifest = try Fixture.publish([Fixture.page("dish-edit", version: 4)], on: scene.server)
        // The first sync is held inside its manifest request until the second has been refused.
        let release = DispatchSemaphore(value: 0)
        let (arrived, arrival) = AsyncStream<Void>.makeStream()
        scene.server.route("GET", "/pages/manifest.json") { _ in
            arrival.yield()
            _ = release.wait(timeout: .now() + 30)
            return .data(manifest.jsonData)
        }
        let first = Task { try await sync.run() }
        for await _ in arrived { break }   // it holds the lock now

        await #expect(throws: DeliveryError.cacheBusy(path: scene.cache.path)) { try await sync.run() }
        release.signal()

        let report = try await first.value
        #expect(report.changes == [.installed(id: "dish-edit", version: 4, previous: nil)])
        // Once the first is done, the cache is free again.
        scene.server.route("GET", "/pages/manifest.json", .data(manifest.jsonData))
        #expect(try await sync.run().upToDate)
    }

    @Test func theCommandLineSaysWhenAnotherSyncHoldsTheCache() async throws {
        defer { scene.tearDown() }
        try Fixture.publish([Fixture.page("dish-edit", version: 4)], on: scene.server)
        let lock = try #require(try CacheLock(in: scene.cache))
        defer { lock.release() }

        let output = try await CLIRunner.run(["sync", "--manifest", scene.manifestURL.absoluteString, "--cache", scene.cache.path])

        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr == """
            error: another sync is updating the cache '\(scene.cache.path)' right now; wait for it to finish, then sync again if you still need to.
            nothing was changed in '\(scene.cache.path)'.

            """)
        #expect(scene.server.requests.isEmpty)
    }

    @Test func theLockIsFreeAgainOnceReleased() throws {
        defer { scene.tearDown() }
        let first = try #require(try CacheLock(in: scene.cache))
        #expect(try CacheLock(in: scene.cache) == nil)
        first.release()
        let second = try CacheLock(in: scene.cache)
        #expect(second != nil)
        second?.release()
    }
}
