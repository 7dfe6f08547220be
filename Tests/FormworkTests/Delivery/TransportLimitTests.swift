import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// `URLSessionTransport` against hostile servers on loopback: bodies that never end, bodies that
/// decompress to far more than was sent, servers that drip, and requests built to smuggle.
/// The budgets are made small, so every case ends in well under a second.
@Suite struct TransportLimitTests {
    static func limits(requestSeconds: Double = PageLimits.standard.requestSeconds) -> PageLimits {
        var limits = PageLimits.standard
        limits.apiResponseBytes = 64 << 10
        limits.requestSeconds = requestSeconds
        return limits
    }

    let server: LoopbackServer
    let transport: URLSessionTransport

    init() throws {
        server = try LoopbackServer()
        transport = URLSessionTransport(baseURL: server.baseURL, allowedHosts: [], limits: Self.limits())
    }

    private func expectTooLarge(_ path: String, limit: Int = 64 << 10, maxResponseBytes: Int? = nil,
                                sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        let url = server.url(path)
        await #expect(throws: TransportError.responseTooLarge(url: url.absoluteString, limit: limit), sourceLocation: sourceLocation) {
            try await transport.send(TransportRequest(url: url, maxResponseBytes: maxResponseBytes))
        }
    }

    // MARK: - Size

    @Test func anEndlessBodyIsCutOffAtTheBudget() async throws {
        defer { server.stop() }
        server.route("GET", "/endless", .init(stream: .repeating(Data(repeating: 0x41, count: 16 << 10))))

        await expectTooLarge("/endless")
    }

    @Test func anAnnouncedLengthOverTheBudgetFailsBeforeTheBodyIsRead() async throws {
        defer { server.stop() }
        // 1 TiB announced, and not one byte of it sent: only a transport that refuses on the
        // announced length answers "too large". One that read the budget's 64 KiB first would wait
        // for bytes that never come and fail otherwise (the deadline, or the body cut short).
        server.route("GET", "/huge", .init(headers: ["Content-Length": "\(1 << 40)"], stream: .held(lasting: 60)))

        await expectTooLarge("/huge")
        #expect(await server.waitForHangUp(on: "/huge"), "the transport hung up on the head alone")
        #expect(server.bodyBytesSent(to: "/huge") == 0)
    }

    @Test func aRequestMayLowerTheBudgetForItsOwnAnswer() async throws {
        defer { server.stop() }
        server.route("GET", "/page", .data(Data(repeating: 0x41, count: 101)))

        await expectTooLarge("/page", limit: 100, maxResponseBytes: 100)
        let exact = try await transport.send(TransportRequest(url: server.url("/page"), maxResponseBytes: 101))
        #expect(exact.body.count == 101)
    }

    @Test func aGzipBombIsCountedDecompressedAndCutOff() async throws {
        defer { server.stop() }
        server.route("GET", "/bomb", .init(stream: .gzipBomb))

        await expectTooLarge("/bomb")
    }

    @Test func aCompressedAnswerIsDecodedAndItsDecodedSizeCounts() async throws {
        defer { server.stop() }
        // 6.5 KB on the wire, 1 MB decoded: under the budget as sent, far over it decoded.
        let bomb = GzipZeros.gzip(matches: 4_000)
        #expect(bomb.count < 64 << 10)
        server.route("GET", "/bomb", .data(bomb, headers: ["Content-Encoding": "gzip"]))
        // 1,033 zeros in 29 bytes: decoded and returned whole.
        server.route("GET", "/small", .data(GzipZeros.gzip(matches: 4), headers: ["Content-Encoding": "gzip"]))

        await expectTooLarge("/bomb")
        let small = try await transport.send(TransportRequest(url: server.url("/small")))
        #expect(small.body == Data(count: GzipZeros.decompressedSize(matches: 4)))
    }

    // MARK: - Time

    @Test func aServerThatDripsIsCutOffAtTheDeadlineNotAtEachIdlePeriod() async throws {
        defer { server.stop() }
        // A byte every 50 ms never leaves the connection idle for the 0.5 s budget. The drip ends
        // the answer after 30 s: a transport that only watched idle periods would return it whole
        // then, and the test fails on that answer — not on a wall clock a busy machine can stretch.
        server.route("GET", "/drip", .init(stream: .drip(Data("x".utf8), every: 0.05, lasting: 30)))
        let url = server.url("/drip")
        let transport = URLSessionTransport(baseURL: server.baseURL, allowedHosts: [], limits: Self.limits(requestSeconds: 0.5))

        await #expect(throws: TransportError.deadlineExceeded(url: url.absoluteString, seconds: 0.5)) {
            try await transport.send(TransportRequest(url: url))
        }
    }

    @Test func theDeadlineMessageNamesTheBudget() {
        let error = TransportError.deadlineExceeded(url: "https://shop.example/api/menu", seconds: 30)
        #expect(error.description == "https://shop.example/api/menu took longer than 30 s to answer in full, the most this app waits (requestSeconds); the request was stopped. Try again, or ask for less.")
        let size = TransportError.responseTooLarge(url: "https://shop.example/api/menu", limit: 10 << 20)
        #expect(size.description == "the answer from https://shop.example/api/menu is larger than 10 MiB, the most this app reads (apiResponseBytes); ask the server for less, such as one page of results at a time.")
    }

    // MARK: - Smuggling

    @Test(arguments: [
        "GET /x HTTP/1.1\r\nX-Injected: yes\r\n\r\nGET",
        "GET /x",
        "G\u{7}ET",
        "BREW",
        "",
    ])
    func aMethodThatIsNotAnHTTPMethodIsNeverSent(method: String) async throws {
        defer { server.stop() }
        server.route("GET", "/x", .text("smuggled"))
        server.route("GET", "/api", .text("ok"))

        let error = await #expect(throws: TransportError.self) {
            try await transport.send(TransportRequest(method: method, url: server.url("/api")))
        }
        guard case .invalidRequest(let reason)? = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("is not an HTTP method; use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"))
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: [
        ("Host", "admin.internal"), ("content-length", "0"), ("Transfer-Encoding", "chunked"), ("Connection", "keep-alive"),
        ("Upgrade", "websocket"), ("X-Note", "a\r\nX-Injected: yes"), ("X-Note", "line\nbreak"), ("Bad Name", "x"), ("X:Y", "x"),
    ])
    func aHeaderAPageMayNotSetIsNeverSent(name: String, value: String) async throws {
        defer { server.stop() }
        server.route("GET", "/api", .text("ok"))

        let error = await #expect(throws: TransportError.self) {
            try await transport.send(TransportRequest(url: server.url("/api"), headers: [name: value]))
        }
        guard case .invalidRequest? = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(server.requests.isEmpty)
    }

    @Test func ordinaryMethodsAndHeadersInAnyCaseAreSent() async throws {
        defer { server.stop() }
        server.route("PATCH", "/api", .text("ok"))

        let response = try await transport.send(TransportRequest(method: "patch", url: server.url("/api"),
                                                                 headers: ["X-Shop-Id": "main-st", "Accept": "application/json; q=0.9\t"]))

        #expect(response.status == 200)
        #expect(server.requests.first?.method == "PATCH")
        #expect(server.requests.first?.headers["x-shop-id"] == "main-st")
    }
}
