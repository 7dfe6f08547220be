import Foundation

extension LoopbackServer {
    /// What a route answers.
    ///
    /// ```swift
    /// server.route("GET", "/manifest.json") { _ in .json(#"{"totalVersion": "1", "pages": []}"#) }
    /// server.route("GET", "/big.json") { _ in .init(status: 200, body: bytes, closeAfterBodyBytes: 10) }
    /// ```
    public struct Response: Sendable, Equatable {
        public var status: Int
        /// Extra headers. `Content-Length` and `Connection: close` are added unless given here.
        public var headers: [String: String]
        public var body: Data
        /// Simulates an interrupted download: announce the whole body's `Content-Length`, send only
        /// this many bytes of it, then close the connection.
        public var closeAfterBodyBytes: Int?

        public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), closeAfterBodyBytes: Int? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
            self.closeAfterBodyBytes = closeAfterBodyBytes
        }

        /// A `text/plain; charset=utf-8` response.
        public static func text(_ text: String, status: Int = 200) -> Response {
            Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
        }

        /// An `application/json` response with `json` as the body, sent as is.
        public static func json(_ json: String, status: Int = 200) -> Response {
            Response(status: status, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
        }

        /// A response whose body is `data`, sent as `application/octet-stream` unless the data is
        /// given a type in `headers`.
        public static func data(_ data: Data, status: Int = 200, headers: [String: String] = [:]) -> Response {
            Response(status: status, headers: headers.isEmpty ? ["Content-Type": "application/octet-stream"] : headers, body: data)
        }

        /// The response the server gives when no route matches.
        static func noRoute(for request: Request) -> Response {
            .text("LoopbackServer has no route for \(request.method) \(request.path)", status: 404)
        }

        /// The status line, headers and the bytes of the body to send.
        func serialized() -> (head: [UInt8], body: [UInt8]) {
            var head = "HTTP/1.1 \(status) \(Response.reason(for: status))\r\n"
            let names = Set(headers.keys.map { $0.lowercased() })
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            if !names.contains("content-length") { head += "Content-Length: \(body.count)\r\n" }
            if !names.contains("connection") { head += "Connection: close\r\n" }
            head += "\r\n"
            let sent = closeAfterBodyBytes.map { Array(body.prefix(max(0, $0))) } ?? Array(body)
            return (Array(head.utf8), sent)
        }

        static func reason(for status: Int) -> String {
            switch status {
            case 200: return "OK"
            case 201: return "Created"
            case 204: return "No Content"
            case 301: return "Moved Permanently"
            case 302: return "Found"
            case 304: return "Not Modified"
            case 307: return "Temporary Redirect"
            case 400: return "Bad Request"
            case 401: return "Unauthorized"
            case 403: return "Forbidden"
            case 404: return "Not Found"
            case 500: return "Internal Server Error"
            case 501: return "Not Implemented"
            case 503: return "Service Unavailable"
            default: return "Status \(status)"
            }
        }
    }
}
