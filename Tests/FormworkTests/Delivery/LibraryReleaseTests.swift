import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// Block libraries get the rollouts and revocations pages get, over loopback HTTP.
@Suite struct LibraryReleaseTests {
    static func writeLibrary(version: Int, in scene: ReleaseScene) throws {
        let lib = scene.source.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        try Fixture.write(Data("""
            { "library": "kit", "version": \(version),
              "blocks": { "money": { "attributes": { "amount": { "type": "number" } },
                "components": [ { "id": "label", "key": "text", "attributes": { "text": { "template": "v\(version) ${fixed($attr.amount, 2)}" } } } ] } } }
            """.utf8), "kit.json", in: lib)
    }

    @Test func aLibraryVersionCanBeRolledOutAndRevoked() async throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        try Fixture.write(Data("""
            { "page": "cart", "version": 1, "libraries": { "kit": 1 }, "data": { "total": 12.5 },
              "components": [ { "id": "money", "key": "total", "attributes": { "amount": { "expr": "$data.total" } } } ] }
            """.utf8), "cart.json", in: scene.source)
        try LibraryReleaseTests.writeLibrary(version: 1, in: scene)
        try scene.publish()
        _ = try await scene.sync("phone", installID: "phone").run()
        #expect(scene.repository("phone").libraries()["kit"]?.version == 1)

        // v2 to nobody yet: this install keeps v1, and the report says why.
        try LibraryReleaseTests.writeLibrary(version: 2, in: scene)
        let manifest = try scene.publish(rollouts: ["library:kit": 0])
        #expect(manifest.library("kit")?.rollout?.previous?.file == "kit.library.v1.json")
        let held = try await scene.sync("phone", installID: "phone").run()
        let bucket = PageRollout.bucket(installID: "phone", id: "library:kit", version: 2)
        #expect(held.changes.contains(.rollout(id: "kit", version: 2, percent: 0, bucket: bucket, included: false, instead: 1, library: true)))
        #expect(scene.repository("phone").libraries()["kit"]?.version == 1)

        // To everyone, then revoked: the previous good v1 is read again.
        try scene.publish(rollouts: ["library:kit": 100])
        _ = try await scene.sync("phone", installID: "phone").run()
        #expect(scene.repository("phone").libraries()["kit"]?.version == 2)
        let revoking = try scene.publish(revoke: ["library:kit@2"])
        #expect(revoking.revoked.map(\.library) == [true])
        let report = try await scene.sync("phone", installID: "phone").run()
        #expect(report.lines.contains("revoked library kit v2: deleted from the cache, never served again"))
        #expect(scene.repository("phone").libraries()["kit"]?.version == 1)
    }
}
