import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// Staged rollouts: `pack --rollout` gives a version to a share of installs, each install decides
/// once with a stable bucket, and the others get the version published before it.
@Suite struct RolloutTests {
    @Test func bucketsHonourTheShareWithinOnePointOverAHundredThousandInstallsAndOnlyGrowWithIt() {
        let shares = [1, 5, 10, 50, 90]
        var counts = [Int](repeating: 0, count: shares.count)
        var lostByRaising = 0
        for install in 0..<100_000 {
            let id = "install-\(install)"
            let bucket = PageRollout.bucket(installID: id, id: "dish-edit", version: 7)
            #expect(bucket >= 0 && bucket < 10_000)
            var hadIt = false
            for (index, share) in shares.enumerated() {
                let included = PageRollout(percent: share).includes(bucket: bucket)
                if included { counts[index] += 1 }
                if hadIt, !included { lostByRaising += 1 }
                hadIt = hadIt || included
            }
        }
        for (index, share) in shares.enumerated() {
            let percent = Double(counts[index]) / 1_000
            #expect(abs(percent - Double(share)) <= 1, "a \(share)% rollout reached \(percent)% of 100,000 installs")
        }
        #expect(lostByRaising == 0, "raising the share took the version away from installs that had it")
        // The same install keeps its bucket; another version or page draws a new one.
        #expect(PageRollout.bucket(installID: "a", id: "dish-edit", version: 7) == PageRollout.bucket(installID: "a", id: "dish-edit", version: 7))
        let others = (0..<50).map { PageRollout.bucket(installID: "install-\($0)", id: "dish-edit", version: 8) }
        let sames = (0..<50).map { PageRollout.bucket(installID: "install-\($0)", id: "dish-edit", version: 7) }
        #expect(others != sames)
    }

    @Test func aTenPercentRolloutIsServedToTheRightInstallsAndKeptAcrossLaunches() async throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        try scene.write(Fixture.page("dish-edit", version: 6))
        try scene.publish()
        try scene.write(Fixture.page("dish-edit", version: 7))
        let manifest = try scene.publish(rollouts: ["dish-edit": 10])
        let entry = try #require(manifest.entry(for: "dish-edit"))
        #expect(entry.rollout?.percent == 10)
        #expect(entry.rollout?.previous?.version == 6)
        #expect(entry.rollout?.previous?.file == "dish-edit.v6.json")
        #expect(FileManager.default.fileExists(atPath: scene.site.appendingPathComponent("dish-edit.v6.json").path), "pack keeps the previous version published")

        var inside: [String] = []
        // NB: the first installs give no id (the cache makes one and keeps it); the others give
        // their own, so which of them are in the 10% is the same on every run.
        func given(_ install: Int) -> String? { install < 3 ? nil : "install-\(install)" }
        for install in 0..<40 {
            let name = "\(install)"
            let report = try await scene.sync(name, installID: given(install)).run()
            #expect(report.succeeded)
            let installID = try given(install) ?? String(contentsOf: scene.cache(name).appendingPathComponent("install-id"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let bucket = PageRollout.bucket(installID: installID, id: "dish-edit", version: 7)
            let expected = bucket < 1_000
            if expected { inside.append(name) }
            #expect(report.changes.contains(.rollout(id: "dish-edit", version: 7, percent: 10, bucket: bucket, included: expected,
                                                     instead: expected ? nil : 6, library: false)))
            let page = try scene.repository(name).resolve("dish-edit")
            #expect(page.version == (expected ? 7 : 6))
            #expect(page.reason == (expected ? .cache : .rollout(version: 7, percent: 10)))

            // The next launch: a new sync and repository on the same cache give the same answer.
            let again = try await scene.sync(name, installID: given(install)).run()
            #expect(again.upToDate)
            #expect(try scene.repository(name).resolve("dish-edit").version == (expected ? 7 : 6))
        }
        #expect(!inside.isEmpty && inside.count < 40, "\(inside.count) of 40 installs in a 10% rollout")

        // Raising the share keeps every install that had v7 on it and brings in more.
        try scene.publish(rollouts: ["dish-edit": 60])
        var nowInside = 0
        for install in 0..<40 {
            let name = "\(install)"
            _ = try await scene.sync(name, installID: given(install)).run()
            let page = try scene.repository(name).resolve("dish-edit")
            if inside.contains(name) { #expect(page.version == 7, "install \(name) lost v7 when the share was raised") }
            if page.version == 7 { nowInside += 1 }
        }
        #expect(nowInside > inside.count)
    }

    @Test func anInstallOutsideTheRolloutWithNothingCachedDownloadsThePreviousVersion() async throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        try scene.write(Fixture.page("dish-edit", version: 6))
        try scene.publish()
        try scene.write(Fixture.page("dish-edit", version: 7))
        try scene.publish(rollouts: ["dish-edit": 0])

        let report = try await scene.sync("fresh", installID: "fresh-install").run()

        let bucket = PageRollout.bucket(installID: "fresh-install", id: "dish-edit", version: 7)
        #expect(report.lines.prefix(2) == [
            "installed dish-edit v6 (was v5)",
            "rollout dish-edit v7 to 0%: this install is not in it (this install's bucket is \(String(format: "%d.%02d%%", bucket / 100, bucket % 100))); it gets v6 instead",
        ])
        #expect(scene.server.requests.map(\.path).contains("/pages/dish-edit.v6.json"))
        #expect(!scene.server.requests.map(\.path).contains("/pages/dish-edit.json"))
        let page = try scene.repository("fresh").resolve("dish-edit")
        #expect(page.version == 6)
        #expect(page.reason.description == "rollout: this install is outside the 0% rollout of v7")

        // 100% ends the rollout: everyone gets v7.
        let full = try scene.publish(rollouts: ["dish-edit": 100])
        #expect(full.entry(for: "dish-edit")?.rollout == nil)
        _ = try await scene.sync("fresh", installID: "fresh-install").run()
        #expect(try scene.repository("fresh").resolve("dish-edit").reason == .cache)
    }

    @Test func packRefusesARolloutItCantServeThePreviousVersionFor() throws {
        let scene = try ReleaseScene()
        defer { scene.tearDown() }
        try scene.write(Fixture.page("dish-edit", version: 6))
        try scene.publish()
        try FileManager.default.removeItem(at: scene.site.appendingPathComponent("dish-edit.json"))
        try scene.write(Fixture.page("dish-edit", version: 7))
        #expect {
            try scene.publish(rollouts: ["dish-edit": 5])
        } throws: { error in
            "\(error)".contains("the published v6 (dish-edit.json in \(scene.site.path)) is missing or was changed")
        }
        #expect {
            try scene.publish(rollouts: ["dish-edt": 5])
        } throws: { error in
            "\(error)".contains("--rollout names 'dish-edt', which is not among the packed pages")
        }
    }
}
