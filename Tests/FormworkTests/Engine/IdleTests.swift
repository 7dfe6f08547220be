import Foundation
import Testing
import Formwork
import FormworkTesting

/// `PageEngine.isIdle` and `waitUntilIdle()` answer from what the engine knows is running: never
/// idle between a wake-up and the work it causes, idle while every chain waits for the person,
/// whether or not an action said so.
@Suite("Idle and busy")
@MainActor
struct IdleTests {
    static let opener = """
        {"page": "opener", "interactions": {"loaded": [
          {"id": "push", "attributes": {"page": "answer", "waitForResult": true}},
          {"id": "store-var", "attributes": {"key": "$data.after", "value": {"expr": "$result"}}}]}}
        """

    @Test(.timeLimit(.minutes(1)))
    func aPushedPagesResponseMakesTheOpenerBusyBeforeItResumes() async throws {
        let navigator = StackNavigator()
        let engine = PageEngine(registry: .standard, host: PageHost(navigator: navigator), pages: MemoryPageSource(["answer": #"{"page": "answer"}"#]))
        let opener = try engine.open(try EnginePages.load(Self.opener))
        #expect(!engine.isIdle)   // `loaded` counts from the moment it is started
        await engine.waitUntilIdle()   // it waits for the pushed page now
        let answer = try #require(navigator.top)
        #expect(answer.document.id == "answer")
        #expect(opener.data["after"] == nil)

        answer.respond("chosen")   // wakes the opener's chain, which hasn't run yet

        #expect(!engine.isIdle)
        await opener.waitUntilIdle()
        #expect(opener.data["after"] == "chosen")
        #expect(engine.isIdle)
    }

    @Test(.timeLimit(.minutes(1)))
    func closingThePushedPageWakesTheOpenerToo() async throws {
        let navigator = StackNavigator()
        let engine = PageEngine(registry: .standard, host: PageHost(navigator: navigator), pages: MemoryPageSource(["answer": #"{"page": "answer"}"#]))
        let opener = try engine.open(try EnginePages.load(Self.opener.replacingOccurrences(of: #""loaded": ["#, with: #""loaded": [{"id": "store-var", "attributes": {"key": "$data.before", "value": 1}},"#)))
        await engine.waitUntilIdle()
        let answer = try #require(navigator.top)

        answer.close()   // the person went back: the opener's chain ends quietly

        #expect(!engine.isIdle)
        await engine.waitUntilIdle()
        #expect(opener.data["before"] == 1)
        #expect(opener.data["after"] == nil)
    }

    @Test(.timeLimit(.minutes(1)))
    func allIsIdleOnlyWhenEveryBranchWaitsOrEnded() async throws {
        let presenter = ScriptedPresenter()
        let transport = GatedTransport()
        let engine = PageEngine(registry: .standard, host: PageHost(presenter: presenter, transport: transport))
        let page = try engine.open(try EnginePages.load("""
            {"page": "both", "interactions": {"loaded": [{"id": "all", "attributes": {"chains": [
              [{"id": "picker", "attributes": {"title": "Size", "options": ["S", "M"]}}],
              [{"id": "api", "attributes": {"url": "/slow"}}]]}},
              {"id": "store-var", "attributes": {"key": "$data.done", "value": true}}]}}
            """))
        await transport.waitForRequest()
        #expect(!engine.isIdle)   // one branch may wait for the person, the other is working

        await transport.answer()
        await engine.waitUntilIdle()

        #expect(await transport.answered == 1)   // idle came after the request's branch ended
        #expect(presenter.pendingPicker?.title == "Size")
        #expect(page.data["done"] == nil)
        page.close()
    }

    @Test(.timeLimit(.minutes(1)))
    func aHostsActionAskingThePresenterDirectlyCountsAsWaiting() async throws {
        var registry = Registry.standard
        registry.register(ActionType("ask-twice") { context in
            // No waitingForPerson: calls through context.host are counted by the engine itself.
            let first = await context.host.presenter.confirm(title: "Sure?", message: "")
            return .bool(first)
        })
        let presenter = ScriptedPresenter()
        let engine = PageEngine(registry: registry, host: PageHost(presenter: presenter))
        let page = try engine.open(try EnginePages.load(#"{"page": "ask", "interactions": {"loaded": [{"id": "ask-twice"}]}}"#, registry: registry))
        await engine.waitUntilIdle()
        #expect(presenter.pendingConfirm?.title == "Sure?")
        page.close()
    }

    // MARK: - The harness

    static let login = """
        {"page": "login", "interactions": {"done": [{"id": "response", "attributes": {"value": "t-new"}}, {"id": "pop"}]}}
        """

    /// An error handler a host wrote the plain way: push the login page and await its response,
    /// without `waitingForPerson`.
    static func signInAgain() -> Registry {
        var registry = Registry.standard
        registry.register(ErrorHandlerType("sign-in-again") { context in
            let login = try context.session.engine.open(pageID: "login", opener: context.session)
            await context.host.navigator?.show(login)
            let token = try await login.awaitResponse()
            try context.write(token, to: StorePath(.global, [.key("token")]))
        })
        return registry
    }

    @Test(.timeLimit(.minutes(1)))
    func aCustomHandlerAwaitingAPushedPageDoesntHangTheStep() async throws {
        let registry = Self.signInAgain()
        let page = PageHarness(registry: registry, pages: MemoryPageSource(["login": Self.login]))
        defer { page.close() }
        page.stub.on("PUT", "/api/dish", .status(401, ["message": "token expired"]))
        try await page.open(json: """
            {"page": "dish", "components": [{"id": "button", "key": "save", "interactions": {"onTap": [{"id": "api", "attributes": {"method": "PUT", "url": "/api/dish"}}]}}],
             "onError": [{"id": "sign-in-again"}]}
            """)

        let waiting = try await page.tap("save")

        #expect(waiting == nil)   // the chain waits for the person on the login page
        #expect(try page.read("page") == "login")
        try await page.trigger("done")
        #expect(try page.read("page") == "dish")
        #expect(page.globals["token"] == "t-new")
        #expect(page.failures.isEmpty)   // the handler took the 401 and finished
        #expect(page.trace.map(\.text).contains("handled by sign-in-again"))
        #expect(page.engine.isIdle)
    }

    @Test(.timeLimit(.minutes(1)))
    func aWaitTheEngineCantSeeFailsTheStepInsteadOfHanging() async throws {
        var registry = Registry.standard
        registry.register(ActionType("wait-forever") { _ in
            try await Task.sleep(nanoseconds: 3_600_000_000_000)   // ends only when the page closes
            return .null
        })
        var limits = PageLimits.standard
        limits.flowStepSeconds = 0.2
        let page = PageHarness(registry: registry, limits: limits)
        defer { page.close() }
        try await page.open(json: #"{"page": "stuck", "components": [{"id": "button", "key": "go", "interactions": {"onTap": [{"id": "wait-forever"}]}}]}"#)

        let error = await #expect(throws: PageHarnessError.self) { try await page.tap("go") }

        #expect(error?.message == "the pages were still working 0.2 seconds after this step (limits.flowStepSeconds): a chain never finished or waits on something other than the person")
    }
}

/// A transport whose requests wait until the test answers them.
actor GatedTransport: PageTransport {
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
    private var held: [CheckedContinuation<Void, Never>] = []
    private var arrived = 0
    private(set) var answered = 0

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        arrived += 1
        for waiter in arrivalWaiters { waiter.resume() }
        arrivalWaiters = []
        await withCheckedContinuation { held.append($0) }
        answered += 1
        return .json(["ok": true])
    }

    /// Returns once a request has arrived.
    func waitForRequest() async {
        guard arrived == 0 else { return }
        await withCheckedContinuation { arrivalWaiters.append($0) }
    }

    /// Lets every held request answer.
    func answer() {
        for request in held { request.resume() }
        held = []
    }
}
