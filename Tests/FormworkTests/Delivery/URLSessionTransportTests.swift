import Foundation
import LoopbackHTTP
import Testing
@testable import Formwork

@Suite struct URLSessionTransportTests {
    @Test func getSendsHeadersAndReturnsStatusHeadersAndBody() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("GET", "/api/dish", .init(status: 200, headers: ["Content-Type": "application/json", "X-Served-By": "loopback"],
                                               body: Data(#"{"name":"Tofu"}"#.utf8)))
        let transport = URLSessionTransport(baseURL: server.baseURL, allowedHosts: [])

        let response = try await transport.send(TransportRequest(url: server.url("/api/dish?id=4"), headers: ["X-Token": "abc"]))

        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.headers["x-served-by"] == "loopback")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"name":"Tofu"}"#)
        let received = server.requests
        #expect(received.map(\.description) == ["GET /api/dish?id=4"])
        #expect(received.first?.headers["x-token"] == "abc")
    }

    @Test func postSendsBodyAndRelativeURLResolvesAgainstBase() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("POST", "/api/echo") { request in
            .init(status: 201, headers: ["Content-Type": request.headers["content-type"] ?? "none"], body: request.body)
        }
        let transport = URLSessionTransport(baseURL: server.baseURL, allowedHosts: [])
        let body = Data(#"{"name":"Tofu","price":12.5}"#.utf8)

        let response = try await transport.send(TransportRequest(
            method: "POST", url: try #require(URL(string: "/api/echo")), headers: ["Content-Type": "application/json"], body: body))

        #expect(response.status == 201)
        #expect(response.body == body)
        #expect(response.headers["content-type"] == "application/json")
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.path == "/api/echo")
        #expect(received.body == body)
    }

    @Test(arguments: [404, 500, 503])
    func nonSuccessStatusIsReturnedNotThrown(status: Int) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("GET", "/broken", .text("no dish here", status: status))
        let transport = URLSessionTransport(baseURL: server.baseURL, allowedHosts: [])

        let response = try await transport.send(TransportRequest(url: server.url("/broken")))

        #expect(response.status == status)
        #expect(!response.isSuccess)
        #expect(String(decoding: response.body, as: UTF8.self) == "no dish here")
    }

    @Test func disallowedHostIsRefusedWithoutSendingAnything() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("POST", "/collect", .text("got it"))
        let transport = URLSessionTransport(allowedHosts: ["shop.example", "127.0.0.1:1"])

        await #expect(throws: TransportError.hostNotAllowed("127.0.0.1:\(server.port)")) {
            try await transport.send(TransportRequest(method: "POST", url: server.url("/collect"), body: Data("secret".utf8)))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func allowedHostWithoutPortAllowsAnyPort() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("GET", "/ok", .text("ok"))
        let transport = URLSessionTransport(allowedHosts: ["127.0.0.1"])

        let response = try await transport.send(TransportRequest(url: server.url("/ok")))

        #expect(response.status == 200)
    }

    @Test func redirectToDisallowedHostIsRefused() async throws {
        let server = try LoopbackServer()
        let other = try LoopbackServer()
        defer {
            server.stop()
            other.stop()
        }
        other.route("POST", "/steal", .text("stolen"))
        server.route("POST", "/submit", .init(status: 307, headers: ["Location": other.url("/steal").absoluteString]))
        let transport = URLSessionTransport(baseURL: server.baseURL, allowedHosts: [])

        await #expect(throws: TransportError.hostNotAllowed("127.0.0.1:\(other.port)")) {
            try await transport.send(TransportRequest(method: "POST", url: server.url("/submit"), body: Data("secret".utf8)))
        }
        #expect(server.requests.map(\.description) == ["POST /submit"])
        #expect(other.requests.isEmpty)
    }

    @Test(arguments: ["/api/dish", "file:///etc/passwd", "mailto:chef@shop.example"])
    func unusableURLIsInvalid(text: String) async throws {
        let transport = URLSessionTransport(allowedHosts: ["shop.example"])
        let url = try #require(URL(string: text))

        await #expect(throws: TransportError.invalidURL(text)) {
            try await transport.send(TransportRequest(url: url))
        }
    }

    @Test func interruptedBodyIsANetworkError() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("GET", "/big", .init(body: Data(repeating: 0x41, count: 10_000), closeAfterBodyBytes: 100))
        let transport = URLSessionTransport(baseURL: server.baseURL, allowedHosts: [])

        let error = await #expect(throws: TransportError.self) {
            try await transport.send(TransportRequest(url: server.url("/big")))
        }
        guard case .network(let message)? = error else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
        #expect(message.contains("transfer closed") || message.contains("lost"), "\(message)")
    }

    @Test func connectionRefusedIsANetworkErrorThatSaysSo() async throws {
        let server = try LoopbackServer()
        let url = server.url("/gone")
        server.stop()
        let transport = URLSessionTransport(allowedHosts: ["127.0.0.1"])

        let error = await #expect(throws: TransportError.self) {
            try await transport.send(TransportRequest(url: url))
        }
        #expect(error?.description.contains("127.0.0.1:\(server.port)") == true)
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        // The server answers the head and then holds the body until the client hangs up (or 600 s
        // pass, cutting it short): a cancel that didn't reach the request in flight shows as that
        // network error instead of `cancelled`, and as no hang-up.
        // NB: the waits are guards against hanging, not measures: on a 2-core machine the tests
        // beside this one (kill tests, processes waited for) can hold its task back for tens of
        // seconds; 30 s of patience failed CI now and then, with the request never sent in time.
        server.route("GET", "/slow", .init(headers: ["Content-Length": "100"], stream: .held(lasting: 600)))
        let transport = URLSessionTransport(baseURL: server.baseURL, allowedHosts: [])
        let task = Task { try await transport.send(TransportRequest(url: server.url("/slow"))) }
        #expect(await server.waitForRequest(to: "/slow", patience: 300), "the server received the request")
        task.cancel()

        await #expect(throws: TransportError.cancelled) { try await task.value }
        #expect(await server.waitForHangUp(on: "/slow", patience: 300), "the cancel closed the request's connection")
        #expect(server.bodyBytesSent(to: "/slow") == 0)
    }

    @Test func errorDescriptionsTellTheAuthorWhatToDo() {
        #expect(TransportError.hostNotAllowed("evil.example").description.contains("allowed hosts"))
        #expect(TransportError.invalidURL("ftp://x").description.contains("/api/dish"))
        #expect(TransportError.network("the device is offline").description.hasPrefix("the request failed: the device is offline."))
    }
}
