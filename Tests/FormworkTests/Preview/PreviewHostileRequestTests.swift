import Foundation
import Formwork
import Testing

/// What `formwork preview` does with requests a browser wouldn't send: a clean 4xx, nothing from
/// outside the served folder, and the server still answering afterwards.
@Suite("formwork preview: hostile requests")
struct PreviewHostileRequestTests {
    /// A copy of the pages with a picture, a hidden file, and symbolic links leading out of the
    /// folder and inside it; and a secret outside it.
    static func folderWithLinks() throws -> (folder: URL, outside: URL) {
        let folder = try PreviewProcess.copyOfPages()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("TOP SECRET".utf8).write(to: outside.appendingPathComponent("secret.txt"))
        try FileManager.default.copyItem(at: folder.appendingPathComponent("login.json"), to: outside.appendingPathComponent("page.json"))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: folder.appendingPathComponent("pic.png"))
        try Data("hidden".utf8).write(to: folder.appendingPathComponent(".hidden"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("escape"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("evil.json"), withDestinationURL: outside.appendingPathComponent("page.json"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("alias.png"), withDestinationURL: folder.appendingPathComponent("pic.png"))
        return (folder, outside)
    }

    @Test func nothingOutsideTheServedFolderIsReachable() async throws {
        let (folder, outside) = try Self.folderWithLinks()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        let preview = try await PreviewProcess.start(folder)
        let port = preview.port
        let picture = try await RawHTTPClient.get(port: port, "/files/pic.png")
        #expect(picture.status == 200)
        #expect(picture.headers["content-type"] == "image/png")
        #expect(try await RawHTTPClient.get(port: port, "/files/alias.png").status == 200, "a link inside the folder is fine")

        let refused: [(String, Int)] = [
            ("/files/../Package.swift", 400),
            ("/files/%2e%2e/Package.swift", 400),
            ("/files/..%2fPackage.swift", 400),
            ("/files/escape%2fsecret.txt", 400),
            ("/files/%2Fetc%2Fpasswd", 400),
            ("/files/..%5c..%5cPackage.swift", 400),
            ("/files/%ZZ", 400),
            ("/files/escape/secret.txt", 403),
            ("/preview/evil.json", 403),
            ("/api/preview/evil.json/state", 403),
            ("/files/.hidden", 404),
            ("/files//etc/passwd", 404),
        ]
        for (target, status) in refused {
            let response = try await RawHTTPClient.get(port: port, target)
            #expect(response.status == status, "\(target) → \(response.status): \(response.body)")
            #expect(!response.body.contains("TOP SECRET") && !response.body.contains("swift-tools-version") && !response.body.contains("root:"), "\(target)")
        }
        #expect(try await RawHTTPClient.get(port: port, "/").status == 200)
        #expect(try await preview.interrupt().status == 0)
    }

    @Test func malformedAndOversizedRequestsGetACleanRefusal() async throws {
        let preview = try await PreviewProcess.start(PreviewProcess.pages)
        let port = preview.port
        let host = "Host: 127.0.0.1:\(port)\r\n"
        let big = String(repeating: "a", count: 20_000)
        let cases: [(String, String, Int)] = [
            ("garbage", "HELLO WORLD\r\n\r\n", 400),
            ("not HTTP at all", "\u{16}\u{03}\u{01}\u{00}\u{a5}\u{01}\u{00}", 400),
            ("no version", "GET /\r\n\r\n", 400),
            ("HTTP/2", "GET / HTTP/2.0\r\n\(host)\r\n", 505),
            ("no Host", "GET / HTTP/1.1\r\n\r\n", 400),
            ("another host", "GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", 403),
            ("absolute target", "GET http://127.0.0.1/ HTTP/1.1\r\n\(host)\r\n", 400),
            ("a header without a colon", "GET / HTTP/1.1\r\n\(host)Nonsense\r\n\r\n", 400),
            ("folded header", "GET / HTTP/1.1\r\n\(host)X-A: 1\r\n continued\r\n\r\n", 400),
            ("bad length", "POST /api/preview/dish-edit.json/actions HTTP/1.1\r\n\(host)Content-Length: -4\r\n\r\n", 400),
            ("chunked", "POST /api/preview/dish-edit.json/actions HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501),
            ("a long request line", "GET /\(big) HTTP/1.1\r\n\(host)\r\n", 414),
            ("long headers", "GET / HTTP/1.1\r\n\(host)X-Big: \(big)\r\n\r\n", 431),
            ("another method", "DELETE / HTTP/1.1\r\n\(host)\r\n", 405),
            ("an action that isn't JSON", "POST /api/preview/dish-edit.json/actions HTTP/1.1\r\n\(host)Content-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi", 415),
        ]
        for (name, raw, status) in cases {
            let response = try await RawHTTPClient.exchange(port: port, raw)
            #expect(response.status == status, "\(name): got \(response.status) \(response.body)")
        }

        // A body over the budget is refused before it is read.
        let length = PageLimits.standard.previewBodyBytes + 1
        let head = "POST /api/preview/dish-edit.json/actions HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: \(length)\r\n\r\n"
        let tooBig = try await offThread { try RawHTTPClient.exchangeNow(port: port, Array(head.utf8) + [UInt8](repeating: 0x20, count: length)) }
        #expect(tooBig.status == 413)
        #expect(tooBig.body.contains("at most \(PageLimits.standard.previewBodyBytes)"))

        // Actions the preview can't understand say what it expects.
        let broken = try await RawHTTPClient.post(port: port, "/api/preview/dish-edit.json/actions", json: "{")
        #expect(broken.status == 400)
        let misspelt = try await RawHTTPClient.post(port: port, "/api/preview/dish-edit.json/actions", json: #"{"do": "tapp", "key": "save"}"#)
        #expect(misspelt.status == 400)
        #expect(misspelt.json["error"] == "unknown action 'tapp'; did you mean 'tap'?")
        #expect(try await RawHTTPClient.get(port: port, "/").status == 200, "still answering")
        #expect(try await preview.interrupt().status == 0)
    }

    @Test func connectionsPastTheBudgetGet503AndTheOthersCarryOn() async throws {
        let preview = try await PreviewProcess.start(PreviewProcess.pages)
        let port = preview.port
        let budget = PageLimits.standard.previewConnections
        // Idle connections that haven't sent their whole request yet each hold a place.
        let (over, answered) = try await offThread {
            let idle = try (0..<budget).map { _ in try RawHTTPClient(port: port) }
            for client in idle { client.send("GET /assets/icon.svg HTTP/1.1\r\nHost: 127.0.0.1\r\n") }
            let over = try RawHTTPClient.exchangeNow(port: port, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            // NB: finishing each request (and reading its answer) proves every one was admitted, and frees its place.
            let answered = try idle.map { client in
                client.send("\r\n")
                return try client.readResponse().status
            }
            return (over, answered)
        }
        #expect(over.status == 503)
        #expect(over.body.contains("\(budget) connections"))
        #expect(answered == Array(repeating: 200, count: budget))
        #expect(try await RawHTTPClient.get(port: port, "/").status == 200, "room again once they closed")
        #expect(try await preview.interrupt().status == 0)
    }
}
