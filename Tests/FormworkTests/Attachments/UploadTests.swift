import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// `file` and `upload` against a real server on loopback: the whole body arrives as multipart
/// (that it streams from disk is measured in a process of its own: UploadMemoryTests), progress reaches the page, cancellation
/// stops the upload, a body over `uploadBytes` never leaves, and a stalled server is cut off at
/// `uploadSeconds`.
@Suite("upload: streaming, progress, budgets", .serialized)
@MainActor
struct UploadTests {
    static let page = """
    {"page": "expense", "data": {"receipt": [], "progress": null, "answer": null},
     "components": [
       {"id": "file", "key": "receipt", "attributes": {"title": "Receipt", "value": {"expr": "$data.receipt"}, "accept": ["image/*"], "source": "camera"}}
     ],
     "interactions": {"send": [
       {"id": "upload", "attributes": {"url": "/api/receipts", "name": "receipt", "files": {"expr": "$data.receipt"},
                                       "fields": {"note": "lunch \\"team\\""}, "progress": "$data.progress"}},
       {"id": "store-var", "attributes": {"key": "$data.answer"}}
     ]},
     "onError": [{"id": "ignore"}]}
    """

    let server: LoopbackServer
    let folder: AttachmentFolder
    let picker: FolderFilePicker

    init() throws {
        server = try LoopbackServer()
        folder = try AttachmentFolder()
        picker = FolderFilePicker(folder: folder.url)
    }

    func open(_ json: String = UploadTests.page, _ change: (inout PageLimits) -> Void = { _ in }) throws -> PageSession {
        var limits = PageLimits.standard
        change(&limits)
        var host = PageHost(transport: URLSessionTransport(baseURL: server.baseURL, allowedHosts: [], limits: limits))
        host.filePicker = picker
        let document = try EnginePages.load(json, registry: .standard(behavior: .v2))
        return try PageEngine(registry: .standard(behavior: .v2), host: host, limits: limits).open(document)
    }

    /// Attaches `name` through the input, as a person tapping it would.
    func attach(_ name: String, on page: PageSession) async throws {
        picker.answer([name])
        _ = await page.tap(try #require(page.component("receipt")))
    }

    func progressWrites(_ page: PageSession) -> [PageValue] {
        page.trace.filter { $0.kind == .store && $0.text.hasPrefix("$data.progress = ") }.map { event in
            (try? JSONReader.parse(String(event.text.dropFirst("$data.progress = ".count)))) ?? .null
        }
    }

    @Test func twentyMegabytesArriveWholeInOneMultipartBodyWithProgress() async throws {
        defer { server.stop(); folder.remove() }
        let size = 20 << 20
        try folder.file("receipt.jpg", size: size)
        server.sink("POST", "/api/receipts", .json(#"{"id": 7}"#))
        let page = try open()
        defer { page.close() }
        try await attach("receipt.jpg", on: page)
        let value = try #require(page.data["receipt"]?.arrayValue?.first)
        #expect(value["name"] == "receipt.jpg")
        #expect(value["type"] == "image/jpeg")
        #expect(value["size"] == .int(Int64(size)))
        #expect(value["thumbnail"]?.stringValue?.hasPrefix("attachment:att-") == true)

        let outcome = await page.trigger("send")

        #expect(outcome.result == .object(PageObject([("id", .int(7))])))
        #expect(page.data["answer"] == .object(PageObject([("id", .int(7))])))
        let received = server.bodyBytesReceived(from: "/api/receipts")
        #expect(received > size && received < size + 1_000, "the whole file and the part headers arrived: \(received)")
        let request = try #require(server.requests(to: "/api/receipts").first)
        let boundary = try #require(request.headers["content-type"]?.components(separatedBy: "boundary=").last)
        #expect(request.headers["content-type"] == "multipart/form-data; boundary=\(boundary)")
        #expect(request.text.hasPrefix("--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nlunch \"team\"\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"receipt\"; filename=\"receipt.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"))

        let writes = progressWrites(page)
        #expect(writes.first?["sent"] == .int(0))
        #expect(writes.last?["fraction"] == .number(1))
        #expect(writes.count >= 4, "progress arrived while the body left, not only at its ends: \(writes.count) writes")
        let sent = writes.compactMap { $0["sent"]?.intValue }
        #expect(sent == sent.sorted(), "progress never goes back")
    }

    @Test func closingThePageCancelsAnUploadInFlight() async throws {
        defer { server.stop(); folder.remove() }
        try folder.file("receipt.jpg", size: 8 << 20)
        server.stall("POST", "/api/receipts")
        let page = try open(Self.page) { $0.uploadSeconds = 120 }
        try await attach("receipt.jpg", on: page)

        let started = Date()
        let upload = Task { await page.trigger("send") }
        #expect(await server.waitForRequest(to: "/api/receipts"))
        page.close()
        let outcome = await upload.value

        #expect(outcome == .cancelled)
        #expect(Date().timeIntervalSince(started) < 60, "cancelled at once, not at uploadSeconds")
        // NB: this upload's body only (its 8 MiB file and the part headers): other tests' uploads,
        // running at the same time in this process, have temporary bodies of their own.
        let temporary = FileManager.default.temporaryDirectory
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { name in
            guard name.hasPrefix("formwork-upload-"),
                  let size = (try? FileManager.default.attributesOfItem(atPath: temporary.appendingPathComponent(name).path))?[.size] as? Int else { return false }
            return size >= 8 << 20 && size < (8 << 20) + 4_096
        }
        #expect(leftovers.isEmpty, "the temporary body is removed: \(leftovers)")
    }

    @Test func anUploadOverUploadBytesIsRefusedBeforeAnythingIsSent() async throws {
        defer { server.stop(); folder.remove() }
        try folder.file("receipt.jpg", size: 5_000)
        server.sink("POST", "/api/receipts", .json("{}"))
        let page = try open(Self.page) { $0.uploadBytes = 4_096 }
        defer { page.close() }
        try await attach("receipt.jpg", on: page)

        let error = try #require(await page.trigger("send").failureError)

        #expect(error["kind"] == "limit")
        #expect(error["message"]?.stringValue?.hasPrefix("the upload is 5 KiB, more than 4 KiB, the most this app sends at once (uploadBytes); nothing was sent.") == true,
                "\(error["message"] ?? .null)")
        #expect(server.requests.isEmpty)
    }

    @Test func aServerThatStallsIsCutOffAtUploadSeconds() async throws {
        defer { server.stop(); folder.remove() }
        try folder.file("receipt.jpg", size: 64 << 10)
        server.stall("POST", "/api/receipts")
        let page = try open(Self.page) { $0.uploadSeconds = 0.5 }
        defer { page.close() }
        try await attach("receipt.jpg", on: page)

        let error = try #require(await page.trigger("send").failureError)

        #expect(error["kind"] == "limit")
        #expect(error["message"] == .string("the upload to \(server.url("/api/receipts").absoluteString) took longer than 0.5 s, the most this app waits (uploadSeconds); it was stopped. Try again on a faster connection, or send smaller files."))
    }

    @Test func anUploadGoesOnlyToAllowedHosts() async throws {
        defer { server.stop(); folder.remove() }
        try folder.file("receipt.jpg", size: 100)
        let page = try open(Self.page.replacingOccurrences(of: "\"/api/receipts\"", with: "\"https://evil.example/steal\""))
        defer { page.close() }
        try await attach("receipt.jpg", on: page)

        let error = try #require(await page.trigger("send").failureError)

        #expect(error["kind"] == "network")
        #expect(error["message"]?.stringValue?.hasPrefix("the page tried to reach 'evil.example'") == true)
        #expect(server.requests.isEmpty)
    }

    @Test func aPageCantUploadAFileItWasntGiven() async throws {
        defer { server.stop(); folder.remove() }
        server.sink("POST", "/api/receipts", .json("{}"))
        let forged = #"[{"id": "att-forged", "name": "passwd", "type": "text/plain", "size": 10}]"#
        let page = try open(Self.page.replacingOccurrences(of: #""receipt": []"#, with: #""receipt": \#(forged)"#))
        defer { page.close() }

        let error = try #require(await page.trigger("send").failureError)

        #expect(error["kind"] == "upload")
        #expect(error["message"] == "the attachment passwd is no longer available on this device; attach it again")
        #expect(server.requests.isEmpty)
    }
}
