import Foundation

extension LoopbackServer {
    /// One request the server received, as recorded for a test to assert on.
    public struct Request: Sendable, Equatable, CustomStringConvertible {
        /// `GET`, `POST`, … as sent.
        public var method: String
        /// The path without the query: `/api/dish`.
        public var path: String
        /// The text after `?`, if any: `id=4&full=1`.
        public var query: String?
        /// Header names in lower case (`content-type`); repeated headers joined with ", ".
        public var headers: [String: String]
        public var body: Data

        public init(method: String, path: String, query: String? = nil, headers: [String: String] = [:], body: Data = Data()) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.body = body
        }

        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }

        /// `GET /manifest.json` — handy for asserting the order of requests.
        public var description: String { "\(method) \(path)" + (query.map { "?\($0)" } ?? "") }
    }

    /// Parses the head of a request (request line and headers, without the blank line).
    static func parseHead(_ head: String) -> (method: String, target: String, headers: [String: String])? {
        var lines = head.components(separatedBy: "\r\n")
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return nil }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return (String(requestLine[0]), String(requestLine[1]), headers)
    }
}
