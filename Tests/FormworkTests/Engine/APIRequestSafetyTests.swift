import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// The `api` action against servers that would exhaust the app, and pages that would smuggle a
/// request: over a budget is a failure with `$error.kind` "limit"; a method or header a page
/// can't send fails before anything reaches the server — and `check` says so first.
@Suite("api action: budgets and smuggling")
@MainActor
struct APIRequestSafetyTests {
    let server: LoopbackServer
    let presenter = QueuedPresenter()

    init() throws { server = try LoopbackServer() }

    private func open(_ action: String, requestSeconds: Double = PageLimits.standard.requestSeconds) throws -> PageSession {
        var limits = PageLimits.standard
        limits.apiResponseBytes = 32 << 10
        limits.requestSeconds = requestSeconds
        let transport = URLSessionTransport(baseURL: server.baseURL, allowedHosts: [])
        let json = #"{"page": "p", "interactions": {"go": [\#(action)]}, "onError": [{"id": "ignore"}]}"#
        return try PageEngine(registry: .standard, host: PageHost(presenter: presenter, transport: transport), limits: limits).open(try EnginePages.load(json))
    }

    // MARK: - Budgets

    @Test func anEndlessAnswerFailsWithKindLimit() async throws {
        defer { server.stop() }
        server.route("GET", "/api/feed", .init(stream: .repeating(Data(#"{"items": [1, 2, 3, "#.utf8))))
        let page = try open(#"{"id": "api", "attributes": {"url": "/api/feed"}}"#)

        let error = try #require(await page.trigger("go").failureError)

        #expect(error["kind"] == "limit")
        #expect(error["message"] == .string("the answer from \(server.url("/api/feed").absoluteString) is larger than 32 KiB, the most this app reads (apiResponseBytes); ask the server for less, such as one page of results at a time."))
    }

    @Test func aGzipBombAnswerFailsWithKindLimit() async throws {
        defer { server.stop() }
        server.route("GET", "/api/feed", .init(stream: .gzipBomb))
        let page = try open(#"{"id": "api", "attributes": {"url": "/api/feed"}}"#)

        #expect(try #require(await page.trigger("go").failureError)["kind"] == "limit")
    }

    @Test func anAnswerThatDripsFailsWithKindLimitAtRequestSeconds() async throws {
        defer { server.stop() }
        server.route("GET", "/api/feed", .init(stream: .drip(Data(" ".utf8), every: 0.05, lasting: 30)))
        let page = try open(#"{"id": "api", "attributes": {"url": "/api/feed"}}"#, requestSeconds: 0.5)

        let error = try #require(await page.trigger("go").failureError)

        #expect(error["kind"] == "limit")
        #expect(error["message"]?.stringValue?.contains("took longer than 0.5 s to answer in full, the most this app waits (requestSeconds)") == true)
    }

    @Test func aTransportThatIgnoresTheBudgetStillCantHandThePageMore() async throws {
        defer { server.stop() }
        struct Generous: PageTransport {
            func send(_ request: TransportRequest) async throws -> TransportResponse {
                TransportResponse(status: 200, body: Data(repeating: 0x20, count: (request.maxResponseBytes ?? 0) + 1))
            }
        }
        var limits = PageLimits.standard
        limits.apiResponseBytes = 1_000
        let json = #"{"page": "p", "interactions": {"go": [{"id": "api", "attributes": {"url": "https://shop.example/feed"}}]}, "onError": [{"id": "ignore"}]}"#
        let page = try PageEngine(registry: .standard, host: PageHost(presenter: presenter, transport: Generous()), limits: limits).open(try EnginePages.load(json))

        let error = try #require(await page.trigger("go").failureError)

        #expect(error["kind"] == "limit")
        #expect(error["message"]?.stringValue?.hasPrefix("the answer from https://shop.example/feed is larger than 1,000 bytes") == true)
    }

    // MARK: - Smuggling

    @Test func aSmuggledRequestInTheMethodNeverArrives() async throws {
        defer { server.stop() }
        server.route("GET", "/x", .text("smuggled"))
        server.route("GET", "/api/dish", .text("ok"))
        let page = try open(#"{"id": "api", "attributes": {"method": "GET /x HTTP/1.1\r\nX-Injected: yes\r\n\r\nGET", "url": "/api/dish"}}"#)

        let error = try #require(await page.trigger("go").failureError)

        #expect(error["message"] == #"api's method 'GET /x HTTP/1.1\r\nX-Injected: yes\r\n\r\nGET' is not an HTTP method; use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"#)
        #expect(server.requests.isEmpty)
    }

    @Test func aComputedMethodIsCheckedWhenTheActionRuns() async throws {
        defer { server.stop() }
        let page = try open(#"{"id": "api", "attributes": {"method": {"expr": "'GET /x HTTP/1.1\\nX: ' + 'y'"}, "url": "/api/dish"}}"#)

        let error = try #require(await page.trigger("go").failureError)

        #expect(error["message"] == #"api's method 'GET /x HTTP/1.1\nX: y' is not an HTTP method; use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"#)
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: [
        #"{"Host": "admin.internal"}"#, #"{"Content-Length": "0"}"#, #"{"transfer-encoding": "chunked"}"#,
        #"{"Connection": "close"}"#, #"{"X-Note": "a\r\nX-Injected: yes"}"#, #"{"Bad Name": "x"}"#,
        #"{"expr": "{'X-Note': 'a\\nX-Injected: ' + 'yes'}"}"#,
    ])
    func aHeaderAPageMayNotSetNeverArrives(headers: String) async throws {
        defer { server.stop() }
        server.route("GET", "/api/dish", .text("ok"))
        let page = try open(#"{"id": "api", "attributes": {"url": "/api/dish", "headers": \#(headers)}}"#)

        let error = try #require(await page.trigger("go").failureError)

        #expect(error["message"]?.stringValue?.hasPrefix("api's headers: ") == true)
        #expect(server.requests.isEmpty)
    }

    // MARK: - check

    @Test(arguments: [
        (#""method": "GET /x HTTP/1.1\r\nX: y\r\n\r\nGET""#, "interactions.go[0].attributes.method",
         #"the attribute 'method' of the action 'api': 'GET /x HTTP/1.1\r\nX: y\r\n\r\nGET' is not an HTTP method; use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"#),
        (#""method": "FETCH""#, "interactions.go[0].attributes.method",
         "the attribute 'method' of the action 'api': 'FETCH' is not an HTTP method; use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"),
        (#""headers": {"Host": "admin.internal"}"#, "interactions.go[0].attributes.headers",
         "the attribute 'headers' of the action 'api': the header 'Host' can't be set by a page: the app and the network decide it"),
    ])
    func checkReportsALiteralMethodOrHeaderThatCantBeSent(attribute: String, path: String, message: String) throws {
        let json = #"{"page": "p", "interactions": {"go": [{"id": "api", "attributes": {"url": "/api/dish", \#(attribute)}}]}}"#
        let document = try EnginePages.load(json)

        let diagnostics = document.check(registry: .standard).filter { $0.severity == .error }

        #expect(diagnostics.map(\.code) == ["value"])
        #expect(diagnostics.first?.path == path)
        #expect(diagnostics.first?.message == message)
    }

    @Test func checkAcceptsEveryListedMethodInAnyCase() throws {
        for method in HTTPRequestRules.methods + ["post", "Patch"] {
            let json = #"{"page": "p", "interactions": {"go": [{"id": "api", "attributes": {"method": "\#(method)", "url": "/a", "headers": {"X-Shop": "1"}}}]}}"#
            #expect(try EnginePages.load(json).check(registry: .standard).isEmpty, "\(method)")
        }
    }
}
