import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// `formwork pack --rollout/--revoke` and `formwork sync --install-id` as a publisher runs them:
/// stdout, stderr and exit code of the real binary, syncing over loopback HTTP.
@Suite struct ReleaseCommandTests {
    @Test func revokingAFileNoVersionHasWarnsThatEarlierAppsCantReadTheManifest() async throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        try scene.write(Fixture.page("dish-edit", version: 6))
        let stranger = String(repeating: "ab", count: 32)
        let revoked = try await CLIRunner.run(["pack", scene.source.path, "--out", scene.site.path, "--revoke", stranger])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(revoked.stdout.contains("revoked the file with sha256 abababababab… (no version published from \(scene.site.path) has it): apps never serve it again, as a page or a library. NB: apps built on an earlier Formwork can't read a manifest that revokes a file by SHA-256 alone and stop syncing; give ID@VERSION instead when you know the version\n"), "\(revoked.stdout)")
    }

    @Test func packAndSyncPrintTheRolloutTheRevocationAndWhatIsServed() async throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        let pack = ["pack", scene.source.path, "--out", scene.site.path]
        try scene.write(Fixture.page("dish-edit", version: 6))
        #expect(try await CLIRunner.run(pack).status == 0)
        try scene.write(Fixture.page("dish-edit", version: 7))

        let wrong = try await CLIRunner.run(pack + ["--rollout", "dish-edit=150%"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("--rollout takes a page id and a whole percentage from 0 to 100, like --rollout dish-edit=5%"))

        let rolled = try await CLIRunner.run(pack + ["--rollout", "dish-edit=0%"])
        #expect(rolled.status == 0, "\(rolled.stderr)")
        #expect(rolled.stdout.contains("rollout dish-edit v7 to 0% of installs; the others get v6 (dish-edit.v6.json)\n"))

        let unknown = try await CLIRunner.run(pack + ["--revoke", "dish-edit@9"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("error: can't revoke 'dish-edit@9': no version published from this folder or packed now has it (it knows page dish-edit v6, v7)"))

        let revoked = try await CLIRunner.run(pack + ["--revoke", "dish-edit@6"])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(revoked.stdout.contains("revoked dish-edit v6 (sha256 "))
        try scene.publish()   // serves what the command wrote, as it is (no flags: the rollout stays)

        let sync = try await CLIRunner.run(["sync", "--manifest", scene.server.url("/pages/manifest.json").absoluteString, "--cache", scene.cache("cli").path,
                                            "--bundled", scene.bundled.path, "--install-id", "phone-1"])
        #expect(sync.status == 0, "\(sync.stderr)")
        let bucket = PageRollout.bucket(installID: "phone-1", id: "dish-edit", version: 7)
        // Outside a 0% rollout, and its previous version is revoked: the bundled v5 stays.
        #expect(sync.stdout.split(separator: "\n").map(String.init) == [
            "rollout dish-edit v7 to 0%: this install is not in it (this install's bucket is \(bucket / 100).\(String(format: "%02d", bucket % 100))%); it keeps what it has",
            "synced totalVersion \(try PageManifest(data: Data(contentsOf: scene.site.appendingPathComponent("manifest.json")), source: "m").totalVersion.prefix(12))…: 1 already current",
            "serving dish-edit v5 (rollout: this install is outside the 0% rollout of v7)",
        ])
    }

    /// `formwork sync` as install `installID` into the cache of install `name`.
    static func sync(_ scene: ReleaseScene, _ name: String, installID: String?) async throws -> CLIRunner.Output {
        try await CLIRunner.run(["sync", "--manifest", scene.server.url("/pages/manifest.json").absoluteString, "--cache", scene.cache(name).path,
                                 "--bundled", scene.bundled.path] + (installID.map { ["--install-id", $0] } ?? []))
    }

    /// Issue 33: rollout buckets are pinned to literal numbers computed outside Formwork from the
    /// documented rule (Grammar.md 6.2), and each is checked in separate `formwork sync`
    /// processes, launch after launch. A bucket seeded per process (or read little-endian, or
    /// from other bytes) fails here. Each literal comes from:
    ///   printf 'phone-4\tdish-edit\t7' | sha256sum | cut -c1-16 | python3 -c "import sys; print(int(sys.stdin.read(), 16) % 10000)"
    @Test(arguments: [("phone-1", "25.67%", true), ("phone-3", "7.59%", true), ("phone-4", "53.42%", false), ("phone-5", "88.91%", false)])
    func rolloutBucketsAreTheDocumentedOnesInEveryLaunch(installID: String, bucket: String, inAtHalf: Bool) async throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        try scene.write(Fixture.page("dish-edit", version: 6))
        try scene.publish()
        try scene.write(Fixture.page("dish-edit", version: 7))
        try scene.publish(rollouts: ["dish-edit": 50])
        let first = try await Self.sync(scene, "phone", installID: installID)
        #expect(first.status == 0, "\(first.stderr)")
        let decision = inAtHalf ? "this install is in it (this install's bucket is \(bucket))" : "this install is not in it (this install's bucket is \(bucket)); it gets v6 instead"
        #expect(first.stdout.split(separator: "\n").contains("rollout dish-edit v7 to 50%: \(decision)"), "\(first.stdout)")
        #expect(first.stdout.contains("serving dish-edit v\(inAtHalf ? 7 : 6) "))

        // The next launch (another process), after the share widened to 90%: the same bucket.
        try scene.publish(rollouts: ["dish-edit": 90])
        let second = try await Self.sync(scene, "phone", installID: installID)
        #expect(second.status == 0, "\(second.stderr)")
        if inAtHalf {
            #expect(second.stdout.contains("serving dish-edit v7 (cache)"), "it keeps v7: \(second.stdout)")
        } else {
            #expect(second.stdout.split(separator: "\n").contains("rollout dish-edit v7 to 90%: this install is in it (this install's bucket is \(bucket))"), "\(second.stdout)")
            #expect(second.stdout.contains("serving dish-edit v7 (cache)"))
        }
    }

    /// Issue 27: with the server unreachable, sync still says what each page is served from.
    @Test func syncSaysWhatIsServedWhenTheServerIsUnreachable() async throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        try scene.write(Fixture.page("dish-edit", version: 6))
        try scene.publish()
        #expect(try await Self.sync(scene, "phone", installID: nil).status == 0)
        scene.server.stop()
        let offline = try await Self.sync(scene, "phone", installID: nil)
        #expect(offline.status == 1)
        #expect(offline.stderr.contains("nothing was changed in"), "\(offline.stderr)")
        #expect(offline.stdout == "serving dish-edit v6 (cache)\n")
    }

    /// Issue 27: a sync as another install (`--install-id`) on a cache whose totalVersion hasn't
    /// changed decides the rollout again, as that install; it used to keep the other's answer.
    @Test func aSyncAsAnotherInstallDecidesTheRolloutAgain() async throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        try scene.write(Fixture.page("dish-edit", version: 6))
        try scene.publish()
        #expect(try await Self.sync(scene, "phone", installID: "phone-3").status == 0)
        try scene.write(Fixture.page("dish-edit", version: 7))
        try scene.publish(rollouts: ["dish-edit": 50])
        let inside = try await Self.sync(scene, "phone", installID: "phone-3")   // bucket 7.59%
        #expect(inside.stdout.contains("serving dish-edit v7 (cache)"), "\(inside.stdout)")

        let other = try await Self.sync(scene, "phone", installID: "phone-4")    // bucket 53.42%
        #expect(other.status == 0, "\(other.stderr)")
        #expect(!other.stdout.contains("up to date"), "\(other.stdout)")
        #expect(other.stdout.split(separator: "\n").contains("rollout dish-edit v7 to 50%: this install is not in it (this install's bucket is 53.42%); it gets v6 instead"), "\(other.stdout)")
        #expect(other.stdout.contains("serving dish-edit v6 (rollout: this install is outside the 50% rollout of v7)"), "\(other.stdout)")

        // As the same install again: nothing to decide, nothing changed.
        let again = try await Self.sync(scene, "phone", installID: "phone-4")
        #expect(again.stdout.hasPrefix("up to date"), "\(again.stdout)")
        #expect(again.stdout.contains("serving dish-edit v6 (rollout"), "\(again.stdout)")
        // And back as the first: v7 again.
        let back = try await Self.sync(scene, "phone", installID: "phone-3")
        #expect(back.stdout.contains("serving dish-edit v7 (cache)"), "\(back.stdout)")
    }
}
