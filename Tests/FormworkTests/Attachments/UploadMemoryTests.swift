import Foundation
import LoopbackHTTP
import Testing

/// A 20 MiB `upload` streams from disk: measured in a `formwork run` process of its own, so the
/// other tests running beside it in this process can't move the figure. The process's peak
/// resident size (VmHWM) while it sends the file may grow by far less than the file; a body read
/// into memory grows it by the whole file and more (44 MiB when it was tried).
@Suite("upload: the body streams from disk")
struct UploadMemoryTests {
    static let page = """
    {"page": "expense", "data": {"receipt": [], "answer": null},
     "components": [
       {"id": "file", "key": "receipt", "attributes": {"title": "Receipt", "value": {"expr": "$data.receipt"}}},
       {"id": "button", "key": "send", "attributes": {"title": "Send"}, "interactions": {"onTap": [
         {"id": "upload", "attributes": {"url": "/api/receipts", "name": "receipt", "files": {"expr": "$data.receipt"}}},
         {"id": "store-var", "attributes": {"key": "$data.answer"}}
       ]}}
     ]}
    """

    struct Measurement: Sendable {
        var attached = "", answer = ""
        var before = 0, peak = 0, received = 0
    }

    @Test func twentyMegabytesLeaveWithoutTheProcessGrowingByThem() async throws {
        #if os(Linux)
        let executable = try #require(CLIRunner.executable, "the formwork binary was not found next to the tests; build it with swift build")
        let size = 20 << 20
        // NB: on a thread of its own: waiting for the process's lines blocks, and a blocked thread
        // of the few every test's tasks share stalls the other tests.
        let measured = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Measurement, any Error>) in
            Thread { continuation.resume(with: Result { try Self.measure(executable, size: size) }) }.start()
        }
        #expect(measured.attached.contains("receipt.jpg"), "the file was attached: \(measured.attached)")
        #expect(measured.answer.contains(#""answer":{"id":7}"#) || measured.answer.contains(#""answer": {"id": 7}"#), "the server's answer was stored: \(measured.answer)")
        #expect(measured.received > size, "the whole file arrived: \(measured.received) bytes")
        let grown = measured.peak - measured.before
        #expect(measured.before > 0 && grown < 14 << 20, "formwork run's peak grew by \(grown >> 20) MiB while sending 20 MiB; the body must stream from disk")
        #endif
    }

    /// Attaches a file of `size` bytes in `formwork run`, reads the process's peak, uploads the
    /// file to a loopback server and reads the peak again.
    static func measure(_ executable: URL, size: Int) throws -> Measurement {
        let server = try LoopbackServer()
        let folder = try AttachmentFolder()
        defer { server.stop(); folder.remove() }
        let file = try folder.file("receipt.jpg", size: size)
        try Data(UploadMemoryTests.page.utf8).write(to: folder.url.appendingPathComponent("expense.json"))
        server.sink("POST", "/api/receipts", .json(#"{"id": 7}"#))

        let process = RunningCLI(executable: executable, arguments: ["run", "expense.json", "--api-base", server.baseURL.absoluteString], folder: folder.url)
        try process.start()
        defer { process.finish() }
        var measured = Measurement()
        process.send("attach receipt \(file.path)")
        process.send("data")
        // The data printed after the second command holds the attachment: the file is attached.
        measured.attached = try process.lineAfterEcho(2)
        measured.before = ProcessMemory.bytes("VmHWM", of: process.pid) ?? 0
        process.send("tap send")
        process.send("data")
        measured.answer = try process.lineAfterEcho(4)
        measured.peak = ProcessMemory.bytes("VmHWM", of: process.pid) ?? 0
        measured.received = server.bodyBytesReceived(from: "/api/receipts")
        return measured
    }
}
