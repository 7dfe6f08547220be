import Foundation
import Formwork
import PreviewHTTP

/// A raw HTTP/1.1 client over a loopback socket, for talking to `formwork preview` exactly as the
/// test writes it: hostile bytes go out unchanged (URLSession would tidy `..` and `%2f` away).
///
/// A connection's methods block; the one-request conveniences (`get`, `post`, `exchange`) run on a
/// thread of their own (`offThread`).
final class RawHTTPClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A whole response, read until the server closed the connection.
    struct Response: Sendable {
        let status: Int
        /// Header names in lower case.
        let headers: [String: String]
        let body: String

        /// The body as JSON.
        var json: PageValue { (try? JSONReader.parse(bytes: Array(body.utf8))) ?? .null }
    }

    private let fd: Int32

    /// Connects to 127.0.0.1:`port`.
    init(port: UInt16) throws {
        fd = try HTTPSocket.connect(toLoopbackPort: port)
    }

    deinit { HTTPSocket.closeSocket(fd) }

    /// Sends every byte it can; stops quietly when the server has closed (it may refuse early).
    func send(_ bytes: [UInt8]) {
        HTTPSocket.write(fd, bytes)
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Bytes as they arrive, waiting at most until `deadline`; empty when the server closed.
    func receive(until deadline: Date) throws -> [UInt8] {
        switch HTTPSocket.read(fd, maximum: 64 << 10, deadline: deadline) {
        case .bytes(let bytes): return bytes
        case .closed: return []
        case .timedOut: throw Failure(description: "no answer from the preview within the time allowed")
        }
    }

    /// Reads to the end of the stream and parses the response.
    func readResponse(timeout: TimeInterval = 60) throws -> Response {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var all: [UInt8] = []
        while true {
            let chunk = try receive(until: deadline)
            if chunk.isEmpty { break }
            all += chunk
        }
        return try RawHTTPClient.parse(all)
    }

    static func parse(_ bytes: [UInt8]) throws -> Response {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw Failure(description: "not an HTTP response: \(text.prefix(200))") }
        var lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line in \(text.prefix(200))")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: String(text[split.upperBound...]))
    }

    // MARK: - One request, one response

    /// Sends `raw` as is and reads the whole response (blocking).
    static func exchangeNow(port: UInt16, _ raw: [UInt8], timeout: TimeInterval = 60) throws -> Response {
        let client = try RawHTTPClient(port: port)
        client.send(raw)
        return try client.readResponse(timeout: timeout)
    }

    /// Sends `raw` as is and reads the whole response.
    static func exchange(port: UInt16, _ raw: String) async throws -> Response {
        try await offThread { try exchangeNow(port: port, Array(raw.utf8)) }
    }

    static func get(port: UInt16, _ target: String) async throws -> Response {
        try await exchange(port: port, "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
    }

    /// POSTs a JSON body (`application/json`).
    static func post(port: UInt16, _ target: String, json: String) async throws -> Response {
        let body = Array(json.utf8)
        let head = "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        return try await offThread { try exchangeNow(port: port, Array(head.utf8) + body) }
    }
}
