/// The body of one request as it arrives on a socket, handed out piece by piece: `Content-Length`
/// bytes, or a `Transfer-Encoding: chunked` body decoded chunk by chunk (how swift-corelibs-foundation
/// sends an upload streamed from a file).
struct RequestBodyReader {
    private enum Framing {
        /// `Content-Length`: this many bytes still to come.
        case length(remaining: Int)
        /// Chunked: the bytes left in the current chunk, or nil when a chunk-size line comes next.
        case chunked(remainingInChunk: Int?)
        /// The whole body was handed out.
        case finished
    }

    private let fd: Int32
    /// Bytes read from the socket and not handed out yet.
    private var pending: [UInt8]
    private var framing: Framing

    /// Nil for a transfer coding other than `chunked`, or a `Content-Length` that isn't a number.
    init?(fd: Int32, buffered: [UInt8], headers: [String: String]) {
        self.fd = fd
        pending = buffered
        if let coding = headers["transfer-encoding"] {
            guard coding.lowercased() == "chunked" else { return nil }
            framing = .chunked(remainingInChunk: nil)
        } else if let declared = headers["content-length"] {
            guard let length = Int(declared), length >= 0 else { return nil }
            framing = length == 0 ? .finished : .length(remaining: length)
        } else {
            framing = .finished
        }
    }

    /// Whether any body may follow (for `Expect: 100-continue`).
    var expectsBody: Bool {
        if case .finished = framing { return false }
        return true
    }

    /// The next bytes of the body; empty once it has all been handed out; nil if the client closed
    /// the connection early or the chunked framing is broken.
    mutating func next() -> [UInt8]? {
        switch framing {
        case .finished:
            return []
        case .length(let remaining):
            guard fill() else { return nil }
            let piece = take(min(remaining, pending.count))
            framing = remaining == piece.count ? .finished : .length(remaining: remaining - piece.count)
            return piece
        case .chunked(let remainingInChunk?):
            guard fill() else { return nil }
            let piece = take(min(remainingInChunk, pending.count))
            if remainingInChunk == piece.count {
                // Each chunk's data ends with CRLF.
                guard let end = line(), end.isEmpty else { return nil }
                framing = .chunked(remainingInChunk: nil)
            } else {
                framing = .chunked(remainingInChunk: remainingInChunk - piece.count)
            }
            return piece
        case .chunked(nil):
            // chunk-size [; extensions] CRLF; a size of 0 ends the body, after optional trailers.
            guard let sizeLine = line(),
                  let hex = sizeLine.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).first,
                  let size = Int(String(decoding: hex, as: UTF8.self).trimmingSpaces, radix: 16), size >= 0 else { return nil }
            guard size > 0 else {
                while true {
                    guard let trailer = line() else { return nil }
                    if trailer.isEmpty { break }
                }
                framing = .finished
                return []
            }
            framing = .chunked(remainingInChunk: size)
            return next()
        }
    }

    /// Makes sure some bytes are pending, reading from the socket if none are; false if it closed.
    private mutating func fill() -> Bool {
        if !pending.isEmpty { return true }
        pending = POSIXSocket.read(fd)
        return !pending.isEmpty
    }

    private mutating func take(_ count: Int) -> [UInt8] {
        let piece = Array(pending.prefix(count))
        pending.removeFirst(count)
        return piece
    }

    /// The next line without its CRLF, reading more as needed; nil if the client closed first or
    /// the line grows past 8 KiB.
    private mutating func line() -> [UInt8]? {
        while true {
            if let end = LoopbackServer.Core.find([13, 10], in: pending) {
                let text = Array(pending[0..<end])
                pending.removeFirst(end + 2)
                return text
            }
            guard pending.count < 8_192 else { return nil }
            let more = POSIXSocket.read(fd)
            guard !more.isEmpty else { return nil }
            pending += more
        }
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
