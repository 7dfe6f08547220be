import Foundation

/// One request the preview server received: method, decoded path segments, query, headers, body.
///
/// Built by `HTTPRequest.parseHead` from the bytes before the blank line, which refuses anything
/// that isn't a plain HTTP/1.x request with an `HTTPRejection` (a 4xx or 5xx status and a message).
///
/// ```swift
/// let head = try HTTPRequest.parseHead(Array("GET /preview/dish%20edit.json?dishId=42 HTTP/1.1\r\nHost: 127.0.0.1".utf8)[...])
/// head.segments   // ["preview", "dish edit.json"]
/// head.query      // [QueryItem(name: "dishId", value: "42")]
/// ```
public struct HTTPRequest: Sendable {
    /// One `name=value` of the query string, percent-decoded (`+` is a space).
    public struct QueryItem: Sendable, Equatable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// `GET`, `HEAD`, `POST`, … as sent.
    public let method: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public let version: String
    /// The path's segments, each percent-decoded; empty segments are dropped (`/a//b/` → `a`, `b`).
    public let segments: [String]
    public let query: [QueryItem]
    /// Header names in lower case; a repeated header's values joined with ", ".
    public let headers: [String: String]
    public internal(set) var body: [UInt8] = []

    /// How many body bytes the head announces.
    var contentLength: Int { headers["content-length"].flatMap { Int($0) } ?? 0 }
}

/// Why a request is refused before it reaches a route: the status and a sentence for the sender.
public struct HTTPRejection: Error, Sendable, Equatable {
    public let status: Int
    public let message: String

    public init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }
}

// MARK: - Parsing

extension HTTPRequest {
    /// Parses the request line and headers (the bytes before the blank line, line ends `\r\n` or `\n`).
    ///
    /// - Throws: 400 for anything malformed (including `..` and encoded `/` in the path), 505 for an
    ///   HTTP version other than 1.x, 501 for `Transfer-Encoding`, 413 for a body over `maximumBody`.
    static func parseHead(_ bytes: ArraySlice<UInt8>, maximumBody: Int) throws(HTTPRejection) -> HTTPRequest {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        guard !lines.isEmpty else { throw HTTPRejection(400, "the request is empty") }
        let (method, target, version) = try parseRequestLine(lines.removeFirst())
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            let (name, value) = try parseHeader(line)
            headers[name] = headers[name].map { $0 == value && name == "content-length" ? $0 : "\($0), \(value)" } ?? value
        }
        if version == "HTTP/1.1", headers["host"] == nil { throw HTTPRejection(400, "an HTTP/1.1 request must have a Host header") }
        if headers["transfer-encoding"] != nil { throw HTTPRejection(501, "the preview doesn't read chunked request bodies; send Content-Length") }
        if let length = headers["content-length"] {
            guard !length.isEmpty, length.count <= 18, length.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let count = Int(length) else {
                throw HTTPRejection(400, "Content-Length must be one whole number of bytes")
            }
            if count > maximumBody { throw HTTPRejection(413, "the request body is \(count) bytes; the preview reads at most \(maximumBody)") }
        }
        let (segments, query) = try parseTarget(target)
        return HTTPRequest(method: method, version: version, segments: segments, query: query, headers: headers)
    }

    static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(HTTPRejection) -> (String, String, String) {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, let method = utf8(parts[0]),
              let target = utf8(parts[1]), let version = utf8(parts[2]) else {
            throw HTTPRejection(400, "the request line must be METHOD /path HTTP/1.1")
        }
        guard !method.isEmpty, method.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            throw HTTPRejection(400, "the request line must start with a method such as GET or POST")
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            if version.hasPrefix("HTTP/") { throw HTTPRejection(505, "the preview speaks HTTP/1.1 only") }
            throw HTTPRejection(400, "the request line must end with HTTP/1.1")
        }
        guard target.hasPrefix("/"), target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw HTTPRejection(400, "the request target must be a path starting with /")
        }
        return (method, target, version)
    }

    private static func parseHeader(_ line: ArraySlice<UInt8>) throws(HTTPRejection) -> (String, String) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
            throw HTTPRejection(400, "a header line must be Name: value")
        }
        let nameBytes = line[..<colon]
        guard nameBytes.allSatisfy(isTokenByte) else { throw HTTPRejection(400, "a header name may hold only letters, digits and !#$%&'*+-.^_`|~") }
        let valueBytes = line[(colon + 1)...]
        guard valueBytes.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }), let rawValue = utf8(valueBytes) else {
            throw HTTPRejection(400, "a header value may not hold control characters")
        }
        let name = String(decoding: nameBytes, as: UTF8.self).lowercased()
        return (name, rawValue.trimmingCharacters(in: [" ", "\t"]))
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Splits `/a/b%20c?x=1` into decoded segments and query items.
    private static func parseTarget(_ target: String) throws(HTTPRejection) -> ([String], [QueryItem]) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var segments: [String] = []
        for raw in parts[0].split(separator: "/", omittingEmptySubsequences: true) {
            guard let segment = percentDecode(raw, plusIsSpace: false) else { throw HTTPRejection(400, "the path has a bad %-escape or isn't UTF-8") }
            if segment.contains("/") || segment.contains("\\") { throw HTTPRejection(400, "the path may not hold an encoded slash (%2F or %5C)") }
            if segment.contains("\0") { throw HTTPRejection(400, "the path may not hold a NUL byte") }
            if segment == "." || segment == ".." { throw HTTPRejection(400, "the path may not hold '.' or '..' segments") }
            segments.append(segment)
        }
        var query: [QueryItem] = []
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&", omittingEmptySubsequences: true) {
                let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = percentDecode(halves[0], plusIsSpace: true),
                      let value = halves.count == 2 ? percentDecode(halves[1], plusIsSpace: true) : "" else {
                    throw HTTPRejection(400, "the query has a bad %-escape or isn't UTF-8")
                }
                query.append(QueryItem(name: name, value: value))
            }
        }
        return (segments, query)
    }

    /// `%41` → `A`; nil for a broken escape or bytes that aren't UTF-8.
    static func percentDecode(_ text: Substring, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return utf8(bytes[...])
    }

    /// The bytes as text; nil when they aren't valid UTF-8.
    static func utf8(_ bytes: ArraySlice<UInt8>) -> String? {
        String(bytes: bytes, encoding: .utf8)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
