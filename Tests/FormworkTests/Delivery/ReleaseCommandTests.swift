import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// `formwork pack --rollout/--revoke` and `formwork sync --install-id` as a publisher runs them:
/// stdout, stderr and exit code of the real binary, syncing over loopback HTTP.
@Suite struct ReleaseCommandTests {
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
        #expect(unknown.stderr.contains("error: can't revoke 'dish-edit@9': no published or packed version has it"))

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
}
