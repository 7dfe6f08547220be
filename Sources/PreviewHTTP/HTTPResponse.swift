import Foundation

/// What the preview server answers: a status, headers and a body that is bytes, a file streamed
/// from disk, or a stream of server-sent events that lasts until either side closes it.
///
/// Every response closes its connection (`Connection: close`), is never cached, and forbids
/// content sniffing.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// A regular file, read in pieces while it is sent.
        case file(path: String, size: Int)
        /// `text/event-stream`: events are written as they are sent to the stream.
        case events(HTTPEventStream)
    }

    public var status: Int
    /// Extra headers, written in this order after the status line.
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    // MARK: - Conveniences

    /// `text/plain; charset=utf-8`.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: .bytes(Array(text.utf8)))
    }

    /// `application/json`, with `json` sent as written.
    public static func json(_ json: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: .bytes(Array(json.utf8)))
    }

    /// The answer to a refused request.
    public static func rejection(_ rejection: HTTPRejection) -> HTTPResponse {
        var response = text(rejection.message + "\n", status: rejection.status)
        if rejection.status == 405 { response.headers.append(("Allow", "GET, HEAD, POST")) }
        return response
    }

    /// A stream of server-sent events.
    public static func events(_ stream: HTTPEventStream) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8")], body: .events(stream))
    }

    // MARK: - Writing

    /// The status line and headers, ending with the blank line.
    func head() -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(HTTPResponse.reason(for: status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        switch body {
        case .bytes(let bytes): text += "Content-Length: \(bytes.count)\r\n"
        case .file(_, let size): text += "Content-Length: \(size)\r\n"
        case .events: break
        }
        text += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        return Array(text.utf8)
    }

    static func reason(for status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 415: return "Unsupported Media Type"
        case 421: return "Misdirected Request"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }
}
