import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// Revocation: the manifest takes a version back by SHA-256, sync records it in the cache, and
/// the repository never serves that copy again, even offline.
@Suite struct RevocationTests {
    @Test func aRevokedVersionIsNotServedFromTheCacheWhileTheServerIsUnreachable() async throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        try scene.write(Fixture.page("dish-edit", version: 6))
        try scene.publish()
        _ = try await scene.sync("phone").run()
        try scene.write(Fixture.page("dish-edit", version: 7))
        let published = try scene.publish()
        _ = try await scene.sync("phone").run()
        #expect(try scene.repository("phone").resolve("dish-edit").version == 7)

        // Revoke v7 without changing any page: the manifest's totalVersion changes anyway.
        let revoking = try scene.publish(revoke: ["dish-edit@7"])
        #expect(revoking.pages == published.pages)
        #expect(revoking.totalVersion != published.totalVersion)
        let sha = try #require(published.entry(for: "dish-edit")?.sha256)
        let manifestBefore = try Data(contentsOf: scene.cache("phone").appendingPathComponent("manifest.json"))
        #expect(revoking.revoked == [PageRevocation(id: "dish-edit", version: 7, sha256: sha)])
        let report = try await scene.sync("phone").run()
        #expect(report.changes.contains(.revoked(id: "dish-edit", version: 7, library: false, removed: true)))
        #expect(report.lines.contains("revoked dish-edit v7: deleted from the cache, never served again"))

        // Offline from now on.
        scene.server.stop()
        let lines = ReleaseScene.Lines()
        let page = try scene.repository("phone", lines: lines).resolve("dish-edit")
        #expect(page.version == 6)
        #expect(page.source == .cache)
        #expect(page.reason == .revoked(version: 7))
        await #expect(throws: DeliveryError.self) { try await scene.sync("phone").run() }
        #expect(try scene.repository("phone").resolve("dish-edit").version == 6)

        // Revocations survive in the cache even where the cache's manifest still names the copy
        // (a sync killed between recording the revocation and rewriting its manifest).
        try manifestBefore.write(to: scene.cache("phone").appendingPathComponent("manifest.json"))
        try Fixture.page("dish-edit", version: 7).write(to: scene.cache("phone").appendingPathComponent("dish-edit.v7.json"))
        let stale = try scene.repository("phone", lines: lines).resolve("dish-edit")
        #expect(stale.version == 6)
        #expect(stale.reason == .revoked(version: 7))
        #expect(stale.diagnostics.first == "cache: dish-edit v7 was revoked; using the previous download dish-edit v6")
    }

    @Test func aRevocationReachesAnInstallWhoseSyncWasUpToDateAndFallsBackToTheBundledCopy() async throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        try scene.write(Fixture.page("dish-edit", version: 6))
        try scene.publish()
        let first = try await scene.sync("phone").run()
        #expect(first.changes == [.installed(id: "dish-edit", version: 6, previous: 5)])
        #expect(try await scene.sync("phone").run().upToDate)

        let sha = SHA256Hasher.hexDigest(of: Fixture.page("dish-edit", version: 6))
        try scene.publish(revoke: [sha])
        let report = try await scene.sync("phone").run()
        #expect(!report.upToDate)
        #expect(report.lines.last == "synced totalVersion \(report.shortTotalVersion): 1 revoked, 1 already current")
        let page = try scene.repository("phone").resolve("dish-edit")
        #expect(page.source == .bundled)
        #expect(page.version == 5)
        #expect(page.reason.description == "revoked: v6 was revoked")

        // A fresh install never downloads it.
        scene.server.clearRequests()
        let fresh = try await scene.sync("fresh").run()
        #expect(fresh.changes == [.revoked(id: "dish-edit", version: 6, library: false, removed: false)])
        #expect(scene.server.requests.map(\.path) == ["/pages/manifest.json"])
        #expect(try scene.repository("fresh").resolve("dish-edit").version == 5)
    }

    @Test func packNamesWhatItCantRevoke() throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        try scene.write(Fixture.page("dish-edit", version: 6))
        #expect {
            try scene.publish(revoke: ["dish-edit@4"])
        } throws: { error in
            "\(error)".contains("can't revoke 'dish-edit@4': no version published from this folder or packed now has it (it knows page dish-edit v6)")
        }
        #expect {
            try scene.publish(revoke: ["menu@1"])
        } throws: { error in
            "\(error)".contains("can't revoke 'menu@1': no version published from this folder or packed now has it (it knows no version of the page 'menu'; it knows: dish-edit)")
        }
        #expect {
            try scene.publish(revoke: ["dish-edit"])
        } throws: { error in
            "\(error)".contains("--revoke takes PAGE@VERSION (like dish-edit@7)")
        }
    }

    /// Issue 27: a version a later release replaced is still on installs as their fallback copy,
    /// so it can be revoked by number (the folder's history knows it) or by any SHA-256.
    @Test func aVersionALaterReleaseReplacedCanBeRevoked() async throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        var shas: [Int: String] = [:]
        for version in 6...8 {
            try scene.write(Fixture.page("dish-edit", version: version))
            shas[version] = try scene.publish().entry(for: "dish-edit")?.sha256
            if version < 8 { #expect(try await scene.sync("phone").run().succeeded) }
        }
        // The phone holds v7, and v6 as its previous download; v6 is in no manifest any more.
        #expect(Fixture.files(in: scene.cache("phone")).filter { $0.hasPrefix("dish-edit.") } == ["dish-edit.v6.json", "dish-edit.v7.json"])
        let revoking = try scene.publish(revoke: ["dish-edit@6"])
        #expect(revoking.revoked == [PageRevocation(id: "dish-edit", version: 6, sha256: try #require(shas[6]))])
        let report = try await scene.sync("phone").run()
        #expect(report.lines.contains("revoked dish-edit v6: deleted from the cache, never served again"), "\(report.lines)")
        #expect(!Fixture.files(in: scene.cache("phone")).contains("dish-edit.v6.json"))

        // Any SHA-256 is taken, known or not; one no version has is published without a name,
        // and an install honours it for pages and libraries alike.
        let stranger = String(repeating: "ab", count: 32)
        let both = try scene.publish(revoke: [try #require(shas[7]), stranger])
        #expect(both.revoked.contains(PageRevocation(id: "dish-edit", version: 7, sha256: try #require(shas[7]))))
        #expect(both.revoked.contains(.unnamed(sha256: stranger)))
        let reread = try PageManifest(data: Data(contentsOf: scene.site.appendingPathComponent("manifest.json")), source: "manifest.json")
        #expect(reread.revoked == both.revoked)
        #expect(try await scene.sync("phone").run().succeeded)
        #expect(try scene.repository("phone").resolve("dish-edit").version == 8)
    }
}
