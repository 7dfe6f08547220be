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

    @Test func twentyMegabytesLeaveWithoutTheProcessGrowingByThem() throws {
        #if os(Linux)
        let executable = try #require(CLIRunner.executable, "the formwork binary was not found next to the tests; build it with swift build")
        let server = try LoopbackServer()
        let folder = try AttachmentFolder()
        defer { server.stop(); folder.remove() }
        let size = 20 << 20
        let file = try folder.file("receipt.jpg", size: size)
        try Data(UploadMemoryTests.page.utf8).write(to: folder.url.appendingPathComponent("expense.json"))
        server.sink("POST", "/api/receipts", .json(#"{"id": 7}"#))

        let process = RunningCLI(executable: executable, arguments: ["run", "expense.json", "--api-base", server.baseURL.absoluteString], folder: folder.url)
        try process.start()
        defer { process.finish() }
        process.send("attach receipt \(file.path)")
        process.send("data")
        // The data printed after the second command holds the attachment: the file is attached.
        let attached = try process.lineAfterEcho(2)
        #expect(attached.contains("receipt.jpg"), "the file was attached: \(attached)")
        let before = try #require(ProcessMemory.bytes("VmHWM", of: process.pid))

        process.send("tap send")
        process.send("data")
        let answer = try process.lineAfterEcho(4)
        #expect(answer.contains(#""answer":{"id":7}"#) || answer.contains(#""answer": {"id": 7}"#), "the server's answer was stored: \(answer)")
        let peak = try #require(ProcessMemory.bytes("VmHWM", of: process.pid))
        #expect(server.bodyBytesReceived(from: "/api/receipts") > size, "the whole file arrived")

        let grown = peak - before
        #expect(grown < 14 << 20, "formwork run's peak grew by \(grown >> 20) MiB while sending 20 MiB; the body must stream from disk")
        #endif
    }
}
