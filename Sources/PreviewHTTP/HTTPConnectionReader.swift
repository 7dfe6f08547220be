import Foundation
import Formwork

/// Reads one request from a connection within the preview's budgets: the request line and headers
/// up to `previewHeadBytes`, the body up to `previewBodyBytes`, all of it within
/// `previewRequestSeconds`.
///
/// A request line that can't be HTTP is refused as soon as it is complete, so garbage gets its 400
/// at once rather than after the time runs out.
struct HTTPConnectionReader {
    enum Outcome {
        case request(HTTPRequest)
        /// Answer with this refusal, then close.
        case rejected(HTTPRejection)
        /// The client left (or never said anything): close without answering.
        case nothing
    }

    let fd: Int32
    let limits: PageLimits

    func read() -> Outcome {
        let deadline = Date(timeIntervalSinceNow: limits.previewRequestSeconds)
        var buffer: [UInt8] = []
        var scanned = 0
        var checkedRequestLine = false
        while true {
            if let (headEnd, bodyStart) = HTTPConnectionReader.endOfHead(in: buffer, from: scanned) {
                guard headEnd <= limits.previewHeadBytes else { return .rejected(tooLong(buffer)) }
                return readBody(head: buffer[..<headEnd], received: buffer[bodyStart...], deadline: deadline)
            }
            scanned = max(0, buffer.count - 2)
            if let first = buffer.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) {
                return .rejected(HTTPRejection(400, "this is a plain HTTP/1.1 server and the request doesn't start with a method; open http://, not https://"))
            }
            if !checkedRequestLine, let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                checkedRequestLine = true
                let line = buffer[..<newline]
                do {
                    _ = try HTTPRequest.parseRequestLine(line.last == UInt8(ascii: "\r") ? line.dropLast() : line)
                } catch {
                    return .rejected(error)
                }
            }
            if buffer.count > limits.previewHeadBytes { return .rejected(tooLong(buffer)) }
            switch HTTPSocket.read(fd, deadline: deadline) {
            case .bytes(let bytes): buffer += bytes
            case .closed: return .nothing
            case .timedOut: return buffer.isEmpty ? .nothing : .rejected(HTTPRejection(408, "the request didn't arrive within \(Int(limits.previewRequestSeconds)) seconds"))
            }
        }
    }

    private func readBody(head: ArraySlice<UInt8>, received: ArraySlice<UInt8>, deadline: Date) -> Outcome {
        var request: HTTPRequest
        do {
            request = try HTTPRequest.parseHead(head, maximumBody: limits.previewBodyBytes)
        } catch {
            return .rejected(error)
        }
        let length = request.contentLength
        var body = Array(received.prefix(length))
        if body.count < length, request.headers["expect"]?.lowercased() == "100-continue" {
            HTTPSocket.write(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while body.count < length {
            switch HTTPSocket.read(fd, maximum: min(length - body.count, 64 << 10), deadline: deadline) {
            case .bytes(let bytes): body += bytes.prefix(length - body.count)
            case .closed: return .nothing
            case .timedOut: return .rejected(HTTPRejection(408, "the request body didn't arrive within \(Int(limits.previewRequestSeconds)) seconds"))
            }
        }
        request.body = body
        return .request(request)
    }

    private func tooLong(_ buffer: [UInt8]) -> HTTPRejection {
        let line = buffer.firstIndex(of: UInt8(ascii: "\n")) ?? buffer.count
        if line > limits.previewHeadBytes { return HTTPRejection(414, "the request line is longer than \(limits.previewHeadBytes) bytes") }
        return HTTPRejection(431, "the request's headers are longer than \(limits.previewHeadBytes) bytes")
    }

    /// Where the head ends (the blank line, `\r\n\r\n` or `\n\n`): the end of the last header line
    /// and where the body starts. Scans from `start`.
    static func endOfHead(in buffer: [UInt8], from start: Int) -> (headEnd: Int, bodyStart: Int)? {
        let newline = UInt8(ascii: "\n"), ret = UInt8(ascii: "\r")
        var i = start
        while i < buffer.count {
            if buffer[i] == newline {
                if i + 1 < buffer.count, buffer[i + 1] == newline { return (i, i + 2) }
                if i + 2 < buffer.count, buffer[i + 1] == ret, buffer[i + 2] == newline { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }
}
