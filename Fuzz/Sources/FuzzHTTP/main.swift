#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Formwork
import FuzzSupport
@testable import FuzzPreviewHTTP

// Bytes a browser (or anyone) sends to `formwork preview` → the server's request reader, through
// a real socket pair, under the preview budgets. Holds for every input: a request whose head and
// body keep to previewHeadBytes and previewBodyBytes, a 4xx/5xx refusal with a message, or
// nothing (the client said nothing or left).
FuzzDriver.run { data, size in
    let bytes = FuzzDriver.bytes(data, size)
    var limits = PageLimits.standard
    limits.previewRequestSeconds = 2   // the input is all there and the writer has hung up
    var ends: [Int32] = [0, 0]
    #if canImport(Glibc)
    let kind = Int32(SOCK_STREAM.rawValue)
    #else
    let kind = SOCK_STREAM
    #endif
    expect(socketpair(AF_UNIX, kind, 0, &ends) == 0, "no socket pair")
    defer { close(ends[0]) }
    let sent = HTTPSocket.write(ends[1], bytes)
    expect(sent, "couldn't write \(bytes.count) bytes into the socket")
    shutdown(ends[1], Int32(SHUT_WR))
    close(ends[1])
    switch HTTPConnectionReader(fd: ends[0], limits: limits).read() {
    case .request(let request):
        expect(request.body.count <= limits.previewBodyBytes, "a body of \(request.body.count) bytes, past previewBodyBytes")
        expect(!request.method.isEmpty, "a request without a method")
        expect(request.body.count == request.contentLength, "a body of \(request.body.count) bytes where Content-Length says \(request.contentLength)")
    case .rejected(let rejection):
        expect((400..<600).contains(rejection.status), "a refusal with status \(rejection.status)")
        expect(!rejection.message.isEmpty, "a refusal without a message")
    case .nothing:
        break
    }
    return 0
}
