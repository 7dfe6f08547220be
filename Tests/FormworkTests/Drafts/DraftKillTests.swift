#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import Formwork

/// `formwork run --drafts DIR` killed for real (SIGKILL) at random moments of a session, over
/// and over: each relaunch restores exactly a draft that was saved whole — never a torn or empty
/// file, never older than the last save the process confirmed — and a `secure` value never
/// reaches the folder.
///
/// Each launch first prints `$data` (what was restored), then takes a few random commands
/// (edits of a field, of a secure PIN, of a list row, `background` to write at once) and is
/// killed after it echoes the last of them, a random moment later. What the test waits on is what
/// the process prints; only the kill's moment is chosen by a random delay. The folder is checked
/// right after each kill (before a relaunch could set a torn file aside) and again after the
/// relaunch.
///
/// The process runs with the test-only `FORMWORK_TEST_DRAFT_WRITER` setting, so it prints
/// `[test] draft write started` / `… finished` around each write: a kill after a `started` with no
/// `finished` landed inside a write, and is counted as such. The same test runs three ways: with
/// the app's atomic writer as it is; with that writer stopped for 20 ms between its temporary file
/// and the rename, so kills land inside writes; and — the control, which must fail — with a writer
/// that writes over the draft in place, stopped halfway, so a kill leaves a torn draft.
@Suite("Drafts survive SIGKILL", .serialized)
struct DraftKillTests {
    static let page = """
    {"page": "order", "version": 1, "draft": true,
     "data": {"name": "", "pin": "", "rows": [{"note": ""}, {"note": ""}]},
     "components": [
       {"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}},
       {"id": "text-field", "key": "pin", "attributes": {"value": {"expr": "$data.pin"}, "secure": true}},
       {"id": "list", "key": "rows", "attributes": {"items": {"expr": "$data.rows"}}, "components": [
         {"id": "text-field", "key": "note", "attributes": {"value": {"expr": "$item.note"}}}
       ]}
     ]}
    """

    static let kills = 100

    /// The app's writer at its own pace.
    @Test func everyRelaunchRestoresADraftThatWasSavedWhole() async throws {
        let report = try await Self.run(writer: "atomic", pauseMilliseconds: 0)
        #expect(report.problems.isEmpty, "\(report.problems.joined(separator: "\n"))")
        #expect(report.kills == Self.kills)
        #expect(report.restoredNonEmpty > Self.kills / 2, "most relaunches found a draft to restore (\(report.restoredNonEmpty))")
        print("atomic writer: \(report.summary)")
    }

    /// The app's writer stopped between its temporary file and the rename: many kills land
    /// inside a write, and every relaunch still finds the old draft or the new one, whole.
    @Test func killsInsideAnAtomicWriteLeaveTheDraftWhole() async throws {
        let report = try await Self.run(writer: "atomic", pauseMilliseconds: 20)
        #expect(report.problems.isEmpty, "\(report.problems.joined(separator: "\n"))")
        #expect(report.kills == Self.kills)
        #expect(report.killsDuringAWrite >= 10, "kills landed inside a write: \(report.summary)")
        print("atomic writer, paused mid-write: \(report.summary)")
    }

    /// The control: the same test with a writer that writes over the draft in place (stopped
    /// halfway) fails — a kill inside its write leaves a torn draft, which the test finds.
    @Test func theSameTestFailsWhenTheDraftIsWrittenInPlace() async throws {
        let report = try await Self.run(writer: "in-place", pauseMilliseconds: 20, stopAtFirstProblem: true)
        #expect(report.killsDuringAWrite > 0, "\(report.summary)")
        #expect(report.problems.contains { $0.contains("torn") }, "a kill inside an in-place write left a torn draft: \(report.summary)\n\(report.problems.joined(separator: "\n"))")
        print("in-place writer, paused mid-write: \(report.summary); first problem: \(report.problems.first ?? "none")")
    }

    static func run(writer: String, pauseMilliseconds: Int, stopAtFirstProblem: Bool = false) async throws -> KillReport {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-drafts-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.page.utf8).write(to: folder.appendingPathComponent("order.json"))
        let setting = pauseMilliseconds > 0 ? "\(writer):\(pauseMilliseconds)" : writer
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<KillReport, any Error>) in
            // NB: on a thread of its own: the loop blocks reading pipes and must not hold one of the few cooperative threads.
            Thread {
                continuation.resume(with: Result {
                    try Self.killLoop(in: folder, setting: setting, pause: UInt32(pauseMilliseconds * 1000), stopAtFirstProblem: stopAtFirstProblem)
                })
            }.start()
        }
    }

    struct KillReport {
        /// What went wrong, found on the loop's own thread (where `#expect` has no test to report to).
        var problems: [String] = []
        var kills = 0
        var restoredNonEmpty = 0
        /// Kills that came after the process printed `[test] draft write started` and before it
        /// printed `… finished`: inside a write.
        var killsDuringAWrite = 0
        /// Writes the process finished, over all launches.
        var writes = 0

        var summary: String {
            "\(kills) kills, \(killsDuringAWrite) inside a write, \(writes) writes finished, \(restoredNonEmpty) relaunches restored a draft, \(problems.count) problems"
        }
    }

    /// One state of `$data` as a draft holds it (no PIN).
    struct Saved: Equatable {
        var name = ""
        var notes = ["", ""]
        var value: PageValue { ["name": .string(name), "rows": .array(notes.map { ["note": .string($0)] })] }
    }

    static let writeStarted = "[test] draft write started"
    static let writeFinished = "[test] draft write finished"

    static func killLoop(in folder: URL, setting: String, pause: UInt32, stopAtFirstProblem: Bool) throws -> KillReport {
        guard let executable = CLIRunner.executable else {
            return KillReport(problems: ["the formwork binary was not found next to the tests; build it with swift build"])
        }
        let drafts = folder.appendingPathComponent("drafts")
        var random = SystemRandomNumberGenerator()
        var report = KillReport()
        // Every state the person's $data passed through, in order; the draft on disk must be one of
        // them, no older than `confirmed` (a write the process said it finished).
        var states = [Saved()]
        var confirmed = 0
        var secrets = 0
        for launch in 0...kills {
            if stopAtFirstProblem, !report.problems.isEmpty { break }
            let process = RunningCLI(executable: executable, arguments: ["run", folder.appendingPathComponent("order.json").path, "--drafts", drafts.path], folder: folder,
                                     environment: ["FORMWORK_TEST_DRAFT_WRITER": setting])
            try process.start()
            var sent = 1
            process.send("data")
            let restoredLine = try process.lineAfterEcho(sent)
            let restored = try PageValue(json: restoredLine)
            // What was restored: one of the states since the last confirmed write, as a whole.
            guard let index = states.indices.last(where: { $0 >= confirmed && states[$0].value == Self.withoutPIN(restored) }) else {
                report.problems.append("launch \(launch) restored \(restoredLine), which is no state saved since write \(confirmed): \(states[confirmed...].map(\.value.jsonText))")
                process.kill()
                return report
            }
            if restored["pin"] != "" { report.problems.append("launch \(launch) restored a PIN: \(restoredLine)") }
            if process.printed.contains(where: { $0.contains("was not restored") }) {
                report.problems.append("launch \(launch) dropped its draft:\n" + process.printed.joined(separator: "\n"))
            }
            if restored["name"] != "" || restored["rows"] != Saved().value["rows"] { report.restoredNonEmpty += 1 }
            report.problems += try Self.checkFolder(drafts, launch: launch, when: "after the relaunch")
            var current = states[index]
            states = [current]
            confirmed = 0
            guard launch < kills else {
                process.finish()
                report.writes += try process.waitUntilOutputEnds().filter { $0 == writeFinished }.count
                break
            }

            // A few commands, each echoed as it starts; the kill comes a random moment after the
            // last one's echo: 0–3 ms, plus the writer's pause mid-write when it has one.
            let count = Int.random(in: 1...6, using: &random)
            for step in 0..<count {
                let command: String
                switch Int.random(in: 0..<8, using: &random) {
                case 0, 1:
                    current.name = "n\(launch)-\(step)"
                    command = "set name \(current.name)"
                case 2:
                    secrets += 1
                    command = "set pin SECRET\(secrets)"
                case 3, 4:
                    let row = Int.random(in: 0..<2, using: &random)
                    current.notes[row] = "r\(launch)-\(step)"
                    command = "set note[\(row)] \(current.notes[row])"
                default:
                    command = "background"
                }
                process.send(command)
                sent += 1
                states.append(current)
                if step == count - 1 {
                    try process.waitForEcho(sent)
                    usleep(UInt32.random(in: 0...(3000 + pause), using: &random))
                    process.kill()
                    report.kills += 1
                    let printed = try process.waitUntilOutputEnds()
                    let started = printed.lastIndex(of: writeStarted) ?? -1
                    let finished = printed.lastIndex(of: writeFinished) ?? -1
                    if started > finished { report.killsDuringAWrite += 1 }
                    report.writes += printed.filter { $0 == writeFinished }.count
                    report.problems += try Self.checkFolder(drafts, launch: launch, when: "after the kill")
                } else if command == "background" {
                    // The next command's answer comes once the write is done.
                    process.send("data")
                    sent += 1
                    _ = try process.lineAfterEcho(sent)
                    confirmed = states.count - 1
                }
            }
        }
        return report
    }

    static func withoutPIN(_ data: PageValue) -> PageValue {
        guard case .object(var object) = data else { return data }
        object["pin"] = nil
        return .object(object)
    }

    /// The folder holds whole drafts only, readable by their owner only, and no secure value; no
    /// draft was ever set aside as unreadable.
    static func checkFolder(_ drafts: URL, launch: Int, when: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: drafts.path) else { return [] }
        var problems: [String] = []
        let mode = (try FileManager.default.attributesOfItem(atPath: drafts.path)[.posixPermissions] as? NSNumber)?.intValue ?? 0
        if mode & 0o777 != 0o700 { problems.append("launch \(launch): the folder's mode is \(String(mode & 0o777, radix: 8))") }
        for name in try FileManager.default.contentsOfDirectory(atPath: drafts.path) {
            let file = drafts.appendingPathComponent(name)
            let bytes = try Data(contentsOf: file)
            if String(decoding: bytes, as: UTF8.self).contains("SECRET") { problems.append("launch \(launch): \(name) holds a secure value") }
            let fileMode = (try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue ?? 0
            if fileMode & 0o777 != 0o600 { problems.append("launch \(launch): \(name)'s mode is \(String(fileMode & 0o777, radix: 8))") }
            if name == "order.draft.json", PageDraft(jsonValue: (try? PageValue(json: String(decoding: bytes, as: UTF8.self))) ?? .null) == nil {
                problems.append("launch \(launch), \(when): the draft file is torn: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
            if name.contains(".unreadable-") {
                problems.append("launch \(launch), \(when): a draft was set aside as unreadable: \(name)")
            }
        }
        return problems
    }
}
