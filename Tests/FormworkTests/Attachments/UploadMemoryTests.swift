import Foundation
import LoopbackHTTP
import Testing

/// An `upload` streams from disk: measured in `formwork run` processes of their own, so the other
/// tests running beside it in this process can't move the figure. The peak resident size
/// (VmHWM) grows by what the upload's buffers take whatever the file's size (8–11 MiB for 5 to
/// 45 MiB files when it was measured); a body read into memory grows it by the whole file and
/// more (44 MiB for 20 MiB when that was tried in the test process).
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

    @Test func aFortyMegabyteUploadGrowsThePeakNoMoreThanAFourMegabyteOne() async throws {
        #if os(Linux)
        let executable = try #require(CLIRunner.executable, "the formwork binary was not found next to the tests; build it with swift build")
        let small = 4 << 20, large = 40 << 20
        // NB: on a thread of its own: waiting for the process's lines blocks, and a blocked thread
        // of the few every test's tasks share stalls the other tests.
        let (first, second) = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Measurement, Measurement), any Error>) in
            Thread { continuation.resume(with: Result { (try Self.measure(executable, size: small), try Self.measure(executable, size: large)) }) }.start()
        }
        for (measured, size) in [(first, small), (second, large)] {
            #expect(measured.attached.contains("receipt.jpg"), "the file was attached: \(measured.attached)")
            #expect(measured.answer.contains(#""answer":{"id":7}"#) || measured.answer.contains(#""answer": {"id": 7}"#), "the server's answer was stored: \(measured.answer)")
            #expect(measured.received > size, "the whole file arrived: \(measured.received) bytes of \(size)")
            #expect(measured.before > 0 && measured.peak >= measured.before, "the peak was read: \(measured.before) → \(measured.peak)")
        }
        // The upload's own buffers (the transport's, its thread's) cost about the same for any
        // file; a body read into memory grows the peak by the file, and more: 36 MiB more file
        // would be 36 MiB more peak at least. Measured: +1–3 MiB; +12 MiB under ThreadSanitizer,
        // whose shadow memory grows with what the process touches; the bound is half the file.
        let grownSmall = first.peak - first.before, grownLarge = second.peak - second.before
        #expect(grownLarge - grownSmall < (large - small) / 2,
                "formwork run's peak grew by \(grownSmall >> 20) MiB sending 4 MiB and by \(grownLarge >> 20) MiB sending 40 MiB; the body must stream from disk")
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
