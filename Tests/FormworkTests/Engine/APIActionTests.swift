import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// The `api` action through `URLSessionTransport` to a real HTTP server on loopback.
@Suite("api action over HTTP")
@MainActor
struct APIActionTests {
    let server: LoopbackServer
    let presenter = QueuedPresenter()

    init() throws { server = try LoopbackServer() }

    private func open(_ chain: String, transport: URLSessionTransport? = nil, onError: String = #"[{"id": "ignore"}]"#) throws -> PageSession {
        let transport = transport ?? URLSessionTransport(baseURL: server.baseURL, allowedHosts: [])
        let json = """
        {"page": "p", "params": {"shop": {"type": "string"}}, "data": {"dish": {"name": "Mapo tofu", "price": 12.5, "tags": ["spicy", "vegan"]}},
         "interactions": {"go": \(chain)}, "onError": \(onError)}
        """
        return try PageEngine(registry: .standard, host: PageHost(presenter: presenter, transport: transport)).open(try EnginePages.load(json), params: ["shop": "main-st"])
    }

    @Test func theServerSeesMethodURLQueryHeadersAndJSONBody() async throws {
        defer { server.stop() }
        server.route("POST", "/api/dishes") { request in
            .init(status: 201, headers: ["Content-Type": "application/json"], body: Data(#"{"id": "d9", "name": "Mapo tofu"}"#.utf8))
        }
        let page = try open("""
        [ {"id": "api", "attributes": {
            "method": "post",
            "url": "/api/dishes",
            "query": {"expr": "{shop: $param.shop, note: 'hot & sour'}"},
            "headers": {"expr": "{'X-Shop': $param.shop, 'Accept-Language': 'zh-CN'}"},
            "body": {"expr": "{name: $data.dish.name, price: $data.dish.price, tags: $data.dish.tags}"}}},
          {"id": "store-var", "attributes": {"key": "$data.saved"}} ]
        """)

        let outcome = await page.trigger("go")

        #expect(outcome == .completed(["id": "d9", "name": "Mapo tofu"]))
        #expect(page.data["saved"]?["id"] == "d9")
        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.path == "/api/dishes")
        #expect(request.query == "shop=main-st&note=hot%20%26%20sour")
        #expect(request.headers["x-shop"] == "main-st")
        #expect(request.headers["accept-language"] == "zh-CN")
        #expect(request.headers["content-type"] == "application/json")
        #expect(try PageValue(json: request.text) == ["name": "Mapo tofu", "price": 12.5, "tags": ["spicy", "vegan"]])
    }

    @Test func aGetSendsNoBody() async throws {
        defer { server.stop() }
        server.route("GET", "/api/dishes/d9", .init(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"name": "Tofu"}"#.utf8)))
        let page = try open(#"[{"id": "api", "attributes": {"url": {"template": "/api/dishes/${'d9'}"}}}]"#)

        #expect(await page.trigger("go") == .completed(["name": "Tofu"]))
        #expect(server.requests.first?.body.isEmpty == true)
        #expect(server.requests.first?.headers["content-type"] == nil)
    }

    @Test func aNon2xxAnswerFailsWithAnHTTPError() async throws {
        defer { server.stop() }
        server.route("PUT", "/api/dishes/d9", .init(status: 409, headers: ["Content-Type": "application/json"],
                                                     body: Data(#"{"code": "name_taken", "message": "Another dish is called Mapo tofu"}"#.utf8)))
        let page = try open(#"[{"id": "api", "attributes": {"method": "PUT", "url": "/api/dishes/d9", "body": {"expr": "$data.dish"}}}]"#,
                            onError: #"[{"id": "toast", "attributes": {"when": {"expr": "$error.kind == 'http'"}, "message": {"template": "${$error.status} ${$error.code}"}}}]"#)

        let error = try #require(await page.trigger("go").failureError)

        #expect(error["kind"] == "http")
        #expect(error["status"] == 409)
        #expect(error["code"] == "name_taken")
        #expect(error["message"] == "Another dish is called Mapo tofu")
        #expect(error["body"] == ["code": "name_taken", "message": "Another dish is called Mapo tofu"])
        #expect(presenter.toasts == ["409 name_taken"])
    }

    @Test func aNon2xxAnswerThatIsntJSONStillGivesStatusAndMessage() async throws {
        defer { server.stop() }
        server.route("GET", "/api/broken", .text("upstream timed out", status: 504))
        let page = try open(#"[{"id": "api", "attributes": {"url": "/api/broken"}}]"#)

        let error = try #require(await page.trigger("go").failureError)

        #expect(error["status"] == 504)
        #expect(error["code"] == .null)
        #expect(error["body"] == "upstream timed out")
        #expect(error["message"] == "the server answered 504 to GET /api/broken")
    }

    @Test func aHostNotAllowedIsRefusedWithNothingSent() async throws {
        defer { server.stop() }
        server.route("POST", "/collect", .text("got it"))
        let transport = URLSessionTransport(baseURL: URL(string: "https://shop.example"), allowedHosts: ["images.example"])
        let page = try open(#"[{"id": "api", "attributes": {"method": "POST", "url": "\#(server.url("/collect").absoluteString)", "body": {"expr": "$data.dish"}}}]"#, transport: transport)

        let error = try #require(await page.trigger("go").failureError)

        #expect(error["kind"] == "network")
        #expect(error["message"]?.stringValue?.contains("doesn't allow pages to contact") == true)
        #expect(server.requests.isEmpty)
    }

    @Test func closingThePageCancelsTheRequestInFlight() async throws {
        defer { server.stop() }
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()
        server.route("GET", "/api/slow") { _ in
            arrived.yield()
            Thread.sleep(forTimeInterval: 0.5)
            return .text("late")
        }
        let page = try open(#"[{"id": "api", "attributes": {"url": "/api/slow"}}, {"id": "store-var", "attributes": {"key": "$data.late", "value": true}}]"#)
        let running = Task { await page.trigger("go") }
        var waiting = arrivals.makeAsyncIterator()
        _ = await waiting.next()   // the server has the request

        page.close()

        #expect(await running.value == .cancelled)
        #expect(page.data["late"] == nil)
    }
}
