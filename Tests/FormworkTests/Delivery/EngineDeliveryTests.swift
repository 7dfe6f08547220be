import Foundation
import Testing
@testable import Formwork

/// Delivery built from the engine: `engine.pageSync(…, installID:)` and the repository's report
/// closure as a test or an app naturally writes it.
@Suite struct EngineDeliveryTests {
    @Test @MainActor func theRepositorysReportMayWriteToMainActorState() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let bundled = try temp.folder("bundled"), cache = try temp.folder("cache")
        try Fixture.bundle([Fixture.page("dish-edit", version: 3)], in: bundled)
        try Fixture.installInCache([Fixture.page("dish-edit", version: 4)], in: cache)
        try Fixture.write(Data("{}".utf8), "dish-edit.v4.json", in: cache)
        let engine = PageEngine(registry: .standard, host: PageHost())
        var lines: [String] = []

        // The spelling a test writes: a local var, appended to from the closure.
        engine.pages = engine.pageRepository(bundled: bundled, cache: cache) { lines.append($0) }
        let document = try engine.document("dish-edit")

        #expect(document.version == 3)
        #expect(lines.count == 1, "\(lines)")
        #expect(lines == ["cache: dish-edit.v4.json is truncated or was altered: 2 bytes, the cache manifest says 121; using bundled dish-edit v3"])
    }

    @Test @MainActor func theEnginesSyncDecidesRolloutsAsTheInstallItIsGiven() async throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        try scene.write(Fixture.page("dish-edit", version: 6))
        try scene.publish()
        try scene.write(Fixture.page("dish-edit", version: 7))
        try scene.publish(rollouts: ["dish-edit": 0])
        let engine = PageEngine(registry: .standard, host: PageHost())

        let sync = engine.pageSync(manifestURL: scene.server.url("/pages/manifest.json"), cache: scene.cache("fresh"), bundled: scene.bundled, installID: "fresh-install")
        let report = try await sync.run()

        #expect(sync.installID == "fresh-install")
        let bucket = PageRollout.bucket(installID: "fresh-install", id: "dish-edit", version: 7)
        #expect(report.lines.contains("rollout dish-edit v7 to 0%: this install is not in it (this install's bucket is \(String(format: "%d.%02d%%", bucket / 100, bucket % 100))); it gets v6 instead"), "\(report.lines)")
        // The given id is used, so none is made and kept in the cache folder.
        #expect(!FileManager.default.fileExists(atPath: scene.cache("fresh").appendingPathComponent("install-id").path))
    }
}
