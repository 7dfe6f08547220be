import Foundation
import Testing
import Formwork

/// The manifest's `rollout` and `revoked` members: written, read back, and refused with a clear
/// reason when wrong (a manifest from the network is untrusted).
@Suite struct ReleaseManifestTests {
    static let sha6 = String(repeating: "a", count: 64)
    static let sha7 = String(repeating: "b", count: 64)

    static func manifest() -> PageManifest {
        var entry = PageManifest.Entry(id: "dish-edit", file: "dish-edit.json", version: 7, minEngineVersion: 1, size: 10, sha256: sha7)
        entry.rollout = PageRollout(percent: 5, previous: PageManifest.Entry(id: "dish-edit", file: "dish-edit.v6.json", version: 6, minEngineVersion: 1, size: 9, sha256: sha6))
        return PageManifest(pages: [entry], libraries: [], revoked: [PageRevocation(id: "dish-edit", version: 5, sha256: String(repeating: "c", count: 64))])
    }

    @Test func rolloutsAndRevocationsSurviveARoundTripAndChangeTheTotalVersion() throws {
        let manifest = ReleaseManifestTests.manifest()
        let read = try PageManifest(data: manifest.jsonData, source: "manifest.json")
        #expect(read == manifest)
        #expect(read.entry(for: "dish-edit")?.rollout?.previous?.file == "dish-edit.v6.json")
        var plain = manifest.pages[0]
        plain.rollout = nil
        #expect(PageManifest(pages: [plain]).totalVersion != PageManifest(pages: manifest.pages).totalVersion, "a rollout changes totalVersion")
        #expect(PageManifest(pages: [plain], libraries: [], revoked: manifest.revoked).totalVersion != PageManifest(pages: [plain]).totalVersion,
                "a revocation changes totalVersion")
        #expect(PageManifest(pages: [plain], libraries: [], revoked: []).totalVersion == PageManifest(pages: [plain]).totalVersion,
                "without rollouts or revocations the total is what it was before they existed")
    }

    @Test(arguments: [
        (#""rollout": {"percent": 101}"#, "pages[0].rollout.percent must be a whole number from 0 to 100"),
        (#""rollout": {"percent": 5, "previous": {"file": "dish-edit.v8.json", "version": 8, "minEngineVersion": 1, "size": 1, "sha256": "\#(String(repeating: "a", count: 64))"}}"#,
         "pages[0].rollout.previous must be an older version of page 'dish-edit'"),
        (#""rollout": {"percent": 5, "previous": {"file": "../x.json", "version": 6, "minEngineVersion": 1, "size": 1, "sha256": "\#(String(repeating: "a", count: 64))"}}"#,
         "pages[0].rollout.previous.file must be a file name ending in .json, with no folder"),
    ])
    func aWrongRolloutIsRefusedWithTheReason(member: String, reason: String) {
        let text = """
            {"totalVersion": "t", "pages": [{"id": "dish-edit", "file": "dish-edit.json", "version": 7, "minEngineVersion": 1, "size": 1,
              "sha256": "\(String(repeating: "b", count: 64))", \(member)}]}
            """
        #expect(throws: DeliveryError.invalidManifest(source: "m.json", reason: reason)) { try PageManifest(data: Data(text.utf8), source: "m.json") }
    }

    @Test func aWrongRevocationIsRefusedWithTheReason() {
        let text = #"{"totalVersion": "t", "pages": [], "revoked": [{"id": "dish-edit", "version": 7, "sha256": "nope"}]}"#
        #expect(throws: DeliveryError.invalidManifest(source: "m.json", reason: "revoked[0] must be {\"id\": …, \"version\": …, \"sha256\": 64 lowercase hex digits}, or {\"sha256\": …} alone")) {
            try PageManifest(data: Data(text.utf8), source: "m.json")
        }
    }
}
