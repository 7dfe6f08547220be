#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import Formwork
import LoopbackHTTP

/// `formwork run --outbox DIR --api-base URL` killed for real (SIGKILL) at random moments while a
/// person places orders, the server unreachable some of the time, relaunched each time: at the
/// end every order that reached the outbox or the server has been applied by the server exactly
/// once, in the order placed — none lost, none twice.
///
/// The server (`ApplyOnceServer`) keeps the keys it applied. While "unreachable" it closes every
/// connection without applying anything; while reachable it applies, then holds its answer a few
/// milliseconds, so kills land between "applied" and "answered" (mid-send). The process writes
/// its outbox with the test-only `FORMWORK_TEST_DRAFT_WRITER` setting paused mid-write, printing
/// `[test] outbox write started` / `… finished`, so kills land inside writes too. What the test
/// waits on is what the process prints; only the kill's moment is random.
@Suite("The outbox survives SIGKILL", .serialized)
struct OutboxKillTests {
    static let page = """
    {"page": "order", "data": {"dish": ""},
     "components": [
       {"id": "text-field", "key": "dish", "attributes": {"value": {"expr": "$data.dish"}}},
       {"id": "button", "key": "place", "interactions": {"onTap": [
         {"id": "api", "attributes": {"method": "POST", "url": "/api/orders", "body": {"expr": "{dish: $data.dish}"}, "offline": "queue"}}]}}]}
    """

    static let kills = 100

    @Test func everyOrderIsAppliedOnceInOrderAcrossKills() async throws {
        let report = try await Self.run(keysKept: true)
        #expect(report.problems.isEmpty, "\(report.problems.joined(separator: "\n"))")
        #expect(report.kills == Self.kills)
        #expect(report.killsMidWrite >= 5 && report.killsMidSend >= 5, "\(report.summary)")
        print("outbox kill test: \(report.summary)")
    }

    /// The control: a server that ignores the keys applies some order twice (a kill between
    /// "applied" and "answered", then the relaunch sends it again), and the same checks find it.
    @Test func aServerIgnoringTheKeysAppliesSomeOrderTwice() async throws {
        let report = try await Self.run(keysKept: false, stopAtFirstDuplicate: true)
        #expect(report.problems.contains { $0.contains("twice") }, "\(report.summary)")
        print("control, keys ignored: \(report.summary); first problem: \(report.problems.first ?? "none")")
    }

    struct KillReport {
        var problems: [String] = []
        var kills = 0
        var killsMidWrite = 0
        var killsMidSend = 0
        var orders = 0
        var applied = 0
        var summary: String {
            "\(kills) kills (\(killsMidWrite) inside an outbox write, \(killsMidSend) while the server held an applied order's answer), \(orders) orders placed, \(applied) applied, \(problems.count) problems"
        }
    }

    static func run(keysKept: Bool, stopAtFirstDuplicate: Bool = false) async throws -> KillReport {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-outbox-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.page.utf8).write(to: folder.appendingPathComponent("order.json"))
        let server = try ApplyOnceServer()
        server.change { $0.holdAnswerMicroseconds = 20_000; $0.ignoresKeys = !keysKept }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<KillReport, any Error>) in
            // NB: on a thread of its own: the loop blocks reading pipes.
            Thread {
                continuation.resume(with: Result { try Self.killLoop(in: folder, server: server, stopAtFirstDuplicate: stopAtFirstDuplicate) })
            }.start()
        }
    }

    static let writeStarted = "[test] outbox write started"
    static let writeFinished = "[test] outbox write finished"

    static func killLoop(in folder: URL, server: ApplyOnceServer, stopAtFirstDuplicate: Bool) throws -> KillReport {
        guard let executable = CLIRunner.executable else {
            return KillReport(problems: ["the formwork binary was not found next to the tests; build it with swift build"])
        }
        let outbox = folder.appendingPathComponent("outbox")
        var random = SystemRandomNumberGenerator()
        var report = KillReport()
        var placed = 0
        var durable = Set<String>()   // orders seen in the outbox file or said to be queued: they must arrive
        for launch in 0...kills {
            let last = launch == kills
            let reachable = last || Bool.random(using: &random)
            server.change { $0.unreachable = !reachable }
            let process = RunningCLI(executable: executable,
                                     arguments: ["run", folder.appendingPathComponent("order.json").path, "--outbox", outbox.path, "--api-base", server.server.baseURL.absoluteString],
                                     folder: folder, environment: ["FORMWORK_TEST_DRAFT_WRITER": "atomic:2"])
            try process.start()
            // At launch the process sends what waits, then says how many still wait.
            let waiting = try process.wait(for: "the launch's outbox summary") { lines in
                lines.first { $0.hasPrefix("  outbox: ") && $0.hasSuffix(" waiting") }
            }
            if last {
                if waiting != "  outbox: 0 waiting" { report.problems.append("the last launch left \(waiting):\n" + process.printed.joined(separator: "\n")) }
                process.send("quit")
                process.finish()
                break
            }
            var sent = 0
            let count = Int.random(in: 1...4, using: &random)
            // Half the launches that can reach the server end in a tap killed while the server
            // holds the answer of the order it just applied: the answer is lost.
            let killMidSend = reachable && waiting == "  outbox: 0 waiting" && Bool.random(using: &random)
            for step in 0..<count {
                if Int.random(in: 0..<4, using: &random) == 0, !(killMidSend && step == count - 1) {
                    process.send("online")
                } else {
                    placed += 1
                    process.send("set dish o\(placed)")
                    sent += 1
                    process.send("tap place")
                }
                sent += 1
                if step == count - 1 {
                    try process.waitForEcho(sent)
                    var midSend = false
                    if killMidSend {
                        midSend = server.waitUntilHolding(patience: 10)
                    } else {
                        usleep(UInt32.random(in: 0...6_000, using: &random))
                        midSend = server.current.holding
                    }
                    process.kill()
                    report.kills += 1
                    if midSend { report.killsMidSend += 1 }
                    // The server's thread that held the answer lets go before the next launch.
                    for _ in 0..<20_000 where server.current.holding { usleep(500) }
                    let printed = try process.waitUntilOutputEnds()
                    // An order the process said it kept for later was promised: it must arrive.
                    var dish: String?
                    for line in printed {
                        if line.hasPrefix("> set dish ") { dish = String(line.dropFirst("> set dish ".count)) }
                        if line.contains("queued POST"), let dish { durable.insert(#"{"dish":"\#(dish)"}"#) }
                    }
                    if (printed.lastIndex(of: writeStarted) ?? -1) > (printed.lastIndex(of: writeFinished) ?? -1) { report.killsMidWrite += 1 }
                }
            }
            // What the outbox holds after the kill must arrive later; a torn file is a failure.
            let file = outbox.appendingPathComponent("outbox.json")
            if let bytes = FileManager.default.contents(atPath: file.path) {
                guard let value = try? PageValue(json: String(decoding: bytes, as: UTF8.self)), let requests = value["requests"]?.arrayValue else {
                    report.problems.append("after kill \(launch) the outbox file is torn: \(String(decoding: bytes, as: UTF8.self))")
                    return report
                }
                for request in requests {
                    if let body = request["body"]?.stringValue { durable.insert(body) }
                }
            }
            let applied = server.current.applied
            if Set(applied).count != applied.count {
                report.problems.append("after kill \(launch) an order was applied twice: \(applied)")
                if stopAtFirstDuplicate { return report }
            }
        }
        let applied = server.current.applied
        report.orders = placed
        report.applied = applied.count
        var seen = Set<String>()
        for body in applied where !seen.insert(body).inserted { report.problems.append("\(body) was applied twice") }
        for body in durable.sorted() where !seen.contains(body) { report.problems.append("\(body) was kept for later and never applied") }
        let numbers = applied.compactMap { try? PageValue(json: $0)["dish"]?.stringValue.flatMap { Int($0.dropFirst()) } }
        if numbers != numbers.sorted() { report.problems.append("the orders were applied out of order: \(numbers)") }
        return report
    }
}
