#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Formwork

/// A raw HTTP/1.1 client over a loopback socket, for talking to `formwork preview` exactly as the
/// test writes it: hostile bytes go out unchanged (URLSession would tidy `..` and `%2f` away).
final class RawHTTPClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A whole response, read until the server closed the connection.
    struct Response {
        let status: Int
        /// Header names in lower case.
        let headers: [String: String]
        let body: String

        /// The body as JSON.
        var json: PageValue { (try? JSONReader.parse(bytes: Array(body.utf8))) ?? .null }
    }

    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`.
    init(port: UInt16) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw Failure(description: "connect to 127.0.0.1:\(port) failed: errno \(code)")
        }
    }

    deinit { close(fd) }

    /// Sends every byte it can; stops quietly when the server has closed (it may refuse early).
    func send(_ bytes: [UInt8]) {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in socketSend(fd, raw.baseAddress.map { $0 + offset }, bytes.count - offset, flags) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Bytes as they arrive, waiting at most until `deadline`; empty when the server closed.
    func receive(until deadline: Date) throws -> [UInt8] {
        if !buffer.isEmpty {
            defer { buffer = [] }
            return buffer
        }
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure(description: "no answer from the preview within the time allowed") }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(min(remaining, 5) * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 65536, 0) }
            if count > 0 { return Array(chunk[0..<count]) }
            if count < 0 && errno == EINTR { continue }
            return []
        }
    }

    /// Puts bytes back, for a reader that took more than it needed.
    func unread(_ bytes: ArraySlice<UInt8>) { buffer = Array(bytes) + buffer }

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

    /// Sends `raw` as is and reads the whole response.
    static func exchange(port: UInt16, _ raw: String, timeout: TimeInterval = 60) throws -> Response {
        let client = try RawHTTPClient(port: port)
        client.send(raw)
        return try client.readResponse(timeout: timeout)
    }

    static func get(port: UInt16, _ target: String, headers: [String: String] = [:]) throws -> Response {
        var head = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return try exchange(port: port, head + "\r\n")
    }

    /// POSTs a JSON body (`application/json`).
    static func post(port: UInt16, _ target: String, json: String) throws -> Response {
        let body = Array(json.utf8)
        let head = "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        let client = try RawHTTPClient(port: port)
        client.send(Array(head.utf8) + body)
        return try client.readResponse()
    }
}

#if canImport(Glibc)
private func socketSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int { Glibc.send(fd, buffer, count, flags) }
#else
private func socketSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int { Darwin.send(fd, buffer, count, flags) }
#endif
