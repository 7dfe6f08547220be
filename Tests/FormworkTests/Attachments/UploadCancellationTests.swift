import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// `URLSessionTransport.upload` cancelled while its body is leaving, over and over: the caller
/// hears `.cancelled` (or the answer, when the body was already out) and the process lives on.
///
/// NB: swift-corelibs-foundation stops the process when an upload task reading its file is
/// cancelled between two reads (`EasyHandle.swift: Fatal error: 'try!' … libcurl.Easy Code=43`);
/// this suite cancels at many points of the body to catch a transport that lets it.
@Suite("upload: cancelled mid-body", .serialized)
struct UploadCancellationTests {
    static let size = 24 << 20

    @Test func cancellingUploadsAtManyPointsOfTheirBodyNeverStopsTheProcess() async throws {
        let server = try LoopbackServer()
        let folder = try AttachmentFolder()
        defer { server.stop(); folder.remove() }
        let file = try folder.file("body.bin", size: Self.size)
        let transport = URLSessionTransport(baseURL: server.baseURL, allowedHosts: [])

        var cancelled = 0
        for round in 0..<16 {
            let path = "/api/upload/\(round)"
            server.sink("POST", path, .json("{}"))
            let request = TransportRequest(method: "POST", url: URL(string: path)!,
                                           headers: ["Content-Type": "application/octet-stream"])
            let upload = Task { try await transport.upload(request, bodyFile: file) { _, _ in } }
            // A different point of the body each round: from its first bytes to about 12 MiB in.
            // NB: a generous bound, not a pause: the wait ends as soon as the bytes are in. A
            // debug build on a loaded 2-core machine was seen taking over 30 s for 12 MiB.
            #expect(await server.waitForBodyBytes(1 + round * (768 << 10), from: path, patience: 180))
            upload.cancel()
            do {
                let response = try await upload.value
                // The body was already out when the cancellation came: then it arrived whole.
                #expect(response.status == 200)
                #expect(server.bodyBytesReceived(from: path) == Self.size)
            } catch let error as TransportError {
                #expect(error == .cancelled, "round \(round): \(error)")
                cancelled += 1
            }
        }
        #expect(cancelled > 0, "no upload was still leaving when it was cancelled: the test no longer tests cancellation")
    }

    @Test func anUploadsBodyArrivesWholeWithItsFraming() async throws {
        let server = try LoopbackServer()
        let folder = try AttachmentFolder()
        defer { server.stop(); folder.remove() }
        let size = 3 << 20 | 17
        let file = try folder.file("body.bin", size: size)
        server.sink("POST", "/api/upload", .json(#"{"ok": true}"#))
        let transport = URLSessionTransport(baseURL: server.baseURL, allowedHosts: [])
        let progress = ProgressLog()

        let response = try await transport.upload(
            TransportRequest(method: "POST", url: URL(string: "/api/upload")!, headers: ["Content-Type": "application/octet-stream"]),
            bodyFile: file) { sent, total in progress.add(sent, total) }

        #expect(response.status == 200)
        #expect(server.bodyBytesReceived(from: "/api/upload") == size)
        let received = try #require(server.requests(to: "/api/upload").first)
        let expected = try FileHandle(forReadingFrom: file).read(upToCount: 1 << 16) ?? Data()
        #expect(received.body == expected, "the first 64 KiB arrive as the file has them")
        let reports = progress.reports
        #expect(reports.last?.sent == Int64(size), "progress reaches the whole body: \(reports.suffix(3))")
        #expect(reports.map(\.sent) == reports.map(\.sent).sorted(), "progress never goes back")
        #if canImport(FoundationNetworking)
        // Linux streams the file (see URLSessionTransport): chunked, with no Content-Length, and
        // the total is unknown to URLSession.
        #expect(received.headers["transfer-encoding"] == "chunked")
        #expect(received.headers["content-length"] == nil)
        #expect(reports.allSatisfy { $0.total == 0 }, "\(reports.prefix(3))")
        #else
        #expect(received.headers["content-length"] == String(size))
        #expect(reports.allSatisfy { $0.total == Int64(size) }, "\(reports.prefix(3))")
        #endif
    }
}

/// What an upload told its `progress`, in order.
private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [(sent: Int64, total: Int64)] = []

    func add(_ sent: Int64, _ total: Int64) {
        lock.lock()
        defer { lock.unlock() }
        log.append((sent, total))
    }

    var reports: [(sent: Int64, total: Int64)] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }
}
