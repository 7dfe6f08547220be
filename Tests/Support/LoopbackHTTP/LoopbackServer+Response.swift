import Foundation

extension LoopbackServer {
    /// What a route answers.
    ///
    /// ```swift
    /// server.route("GET", "/manifest.json") { _ in .json(#"{"totalVersion": "1", "pages": []}"#) }
    /// server.route("GET", "/big.json") { _ in .init(status: 200, body: bytes, closeAfterBodyBytes: 10) }
    /// server.route("GET", "/endless") { _ in .init(stream: .repeating(Data(repeating: 0x20, count: 65536))) }
    /// ```
    public struct Response: Sendable, Equatable {
        public var status: Int
        /// Extra headers. `Content-Length` and `Connection: close` are added unless given here.
        public var headers: [String: String]
        public var body: Data
        /// Simulates an interrupted download: announce the whole body's `Content-Length`, send only
        /// this many bytes of it, then close the connection.
        public var closeAfterBodyBytes: Int?
        /// A body sent piece by piece, after `body`, until the client hangs up or the server stops:
        /// an endless, dripping or compressed answer. No `Content-Length` is sent unless given in
        /// `headers` (the body then ends when the connection closes).
        public var stream: BodyStream?
        /// Closes the connection without writing a byte: an answer lost on its way back (the
        /// request was read and its handler ran, say applied an order, but the client hears nothing).
        public var closesWithoutAnswer = false

        public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), closeAfterBodyBytes: Int? = nil,
                    stream: BodyStream? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
            self.closeAfterBodyBytes = closeAfterBodyBytes
            self.stream = stream
            if case .gzipBomb? = stream, !headers.keys.contains(where: { $0.lowercased() == "content-encoding" }) {
                self.headers["Content-Encoding"] = "gzip"
            }
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

        /// No answer at all: the connection closes once the handler has run (`closesWithoutAnswer`).
        public static var noAnswer: Response {
            var response = Response()
            response.closesWithoutAnswer = true
            return response
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
            if !names.contains("content-length"), stream == nil { head += "Content-Length: \(body.count)\r\n" }
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

    /// How a streamed body goes on.
    public enum BodyStream: Sendable, Equatable {
        /// `chunk`, again and again, as fast as the client reads: an endless body.
        case repeating(Data)
        /// `chunk` every `every` seconds: a server that keeps the connection busy. It closes the
        /// connection (ending the body) after `lasting` seconds, so a client whose deadline fails
        /// gets a complete answer, and a test fails on that rather than on a clock.
        case drip(Data, every: TimeInterval, lasting: TimeInterval = .infinity)
        /// A gzip stream of zeros (`Content-Encoding: gzip` is added): 850 KB on the wire that
        /// inflate to 136 MB, cut off without its end.
        ///
        /// NB: finite on purpose. With swift-corelibs-foundation, a client can't stop reading a
        /// body that inflates faster than it is sent until the server stops sending, and the
        /// tests share one process: an endless bomb would stall every other test's requests.
        case gzipBomb
        /// No body bytes at all: after the head (with the `Content-Length` `headers` give, if
        /// any), the server sends nothing until the client hangs up — recorded in `hangUps`, and
        /// what `waitForHangUp(on:)` waits for — the server stops, or `lasting` seconds pass (then
        /// the connection closes, the body cut short). A request in flight, for as long as the test needs.
        case held(lasting: TimeInterval)
    }
}
