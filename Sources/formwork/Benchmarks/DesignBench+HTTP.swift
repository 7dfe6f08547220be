import Foundation
import Formwork
import PreviewHTTP
import FormworkStudio

extension DesignBench {
    /// The end-to-end row of each page: drafts posted over loopback to the routes `formwork design`
    /// serves, from an in-process `HTTPServer`, one connection per draft (the server closes each).
    ///
    /// NB: the client runs off the main actor, which stays free to answer the drafts.
    func httpRows(_ budget: Stopwatch.Budget) async throws(CLIFailure) -> [[String]] {
        let routes = DesignRoutes(workspace: design, preview: PreviewRoutes(workspace: preview, folder: preview.folder, limits: preview.limits))
        let server: HTTPServer
        do {
            server = try HTTPServer(port: 0, limits: preview.limits, handler: routes.respond)
        } catch {
            throw CLIFailure("can't serve the design routes on loopback: \(error)")
        }
        var rows: [[String]] = []
        var failure: String?
        for file in files {
            let page = try self.page(file)
            let port = server.port
            let outcome = await Task.detached { DesignBench.post(page, port: port, budget: budget) }.value
            switch outcome {
            case .success(let times):
                let spread = DesignBenchmark.spread(times)
                rows.append([page.name, "draft over HTTP, p50 / p95", spread.text, "", "", spread.budget])
            case .failure(let error):
                failure = "\(displayFolder)/\(file): \(error.message)"
            }
            if failure != nil { break }
        }
        await Task.detached { server.stop() }.value
        if let failure { throw CLIFailure("a draft over HTTP failed: \(failure)") }
        return rows
    }

    /// Posts drafts of `page` (a new edit each) for about half of `budget`'s seconds (at least 10),
    /// or `budget.calls` of them; the milliseconds of each, from connecting to the answer's end.
    nonisolated static func post(_ page: Page, port: UInt16, budget: Stopwatch.Budget) -> Result<[Double], CLIFailure> {
        let clock = ContinuousClock()
        let began = clock.now
        var times: [Double] = []
        var n = 0
        while budget.calls.map({ times.count < $0 }) ?? (times.count < 10 || Stopwatch.seconds(clock.now - began) < budget.seconds / 2) {
            n += 1
            let body = Array(PageValue.object(PageObject([("document", page.edited(n))])).jsonText.utf8)
            let head = "POST /api/design/draft/\(page.file) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            let start = clock.now
            let answer: [UInt8]
            do { answer = try exchange(Array(head.utf8) + body, port: port) } catch { return .failure(error) }
            times.append(Stopwatch.seconds(clock.now - start) * 1e3)
            guard answer.starts(with: Array("HTTP/1.1 200".utf8)) else {
                return .failure(CLIFailure("the server answered " + String(decoding: answer.prefix(300), as: UTF8.self)))
            }
        }
        return .success(times)
    }

    /// Sends `request` on a new connection and reads the answer until the server closes it.
    nonisolated private static func exchange(_ request: [UInt8], port: UInt16) throws(CLIFailure) -> [UInt8] {
        let socket: Int32
        do { socket = try HTTPSocket.connect(toLoopbackPort: port) } catch { throw CLIFailure("can't connect: \(error)") }
        defer { HTTPSocket.closeSocket(socket) }
        guard HTTPSocket.write(socket, request) else { throw CLIFailure("the server stopped reading the request") }
        var answer: [UInt8] = []
        let deadline = Date(timeIntervalSinceNow: 30)
        while true {
            switch HTTPSocket.read(socket, deadline: deadline) {
            case .bytes(let bytes): answer += bytes
            case .closed: return answer
            case .timedOut: throw CLIFailure("no answer within 30 s")
            }
        }
    }
}
