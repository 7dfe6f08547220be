import Foundation
import Testing
import Formwork

@Suite("Interaction chains")
@MainActor
struct ChainTests {
    let presenter = QueuedPresenter()
    let navigator = StackNavigator()
    let transport = CannedTransport()
    var reports: [PageReport] { reportLog.reports }
    private let reportLog = ReportLog()

    @MainActor final class ReportLog {
        var reports: [PageReport] = []
    }

    private func engine(pages: [String: String] = [:]) -> PageEngine {
        let log = reportLog
        let host = PageHost(navigator: navigator, presenter: presenter, transport: transport, router: navigator, report: { log.reports.append($0) })
        return PageEngine(registry: .standard, host: host, pages: MemoryPageSource(pages))
    }

    private func open(_ json: String, params: PageValue = .null) throws -> PageSession {
        try engine().open(try EnginePages.load(json), params: params)
    }

    /// A page whose `go` interaction is `chain`, with `onError` handlers.
    private func page(_ chain: String, onError: String = "[]", data: String = "{}") throws -> PageSession {
        try open(#"{"page": "p", "data": \#(data), "interactions": {"go": \#(chain)}, "onError": \#(onError)}"#)
    }

    // MARK: - Results

    @Test func eachActionSeesThePreviousResult() async throws {
        let page = try page("""
        [ {"id": "store-var", "attributes": {"key": "$data.a", "value": 2}},
          {"id": "store-var", "attributes": {"key": "$data.b", "value": {"expr": "$result * 10"}}},
          {"id": "toast", "attributes": {"message": {"template": "b is ${$result}"}}} ]
        """)

        #expect(await page.trigger("go") == .completed(20))
        #expect(page.data == ["a": 2, "b": 20])
        #expect(presenter.toasts == ["b is 20"])
    }

    @Test(arguments: [(true, "yes"), (false, "no")])
    func ifRunsOneBranchWithTheCurrentResult(flag: Bool, expected: String) async throws {
        let page = try page("""
        [ {"id": "store-var", "attributes": {"key": "$data.flag", "value": \(flag)}},
          {"id": "if", "attributes": {"condition": {"expr": "$data.flag"},
            "then": [{"id": "store-var", "attributes": {"key": "$data.branch", "value": {"template": "yes (${$result})"}}}],
            "else": [{"id": "store-var", "attributes": {"key": "$data.branch", "value": {"template": "no (${$result})"}}}]}} ]
        """)

        #expect(await page.trigger("go") == .completed(.string("\(expected) (\(flag))")))
    }

    @Test func anIfWithoutTheTakenBranchPassesTheResultOn() async throws {
        let page = try page(#"[{"id": "store-var", "attributes": {"key": "$data.x", "value": 7}}, {"id": "if", "attributes": {"condition": false, "then": [{"id": "toast", "attributes": {"message": "no"}}]}}]"#)
        #expect(await page.trigger("go") == .completed(7))
        #expect(presenter.toasts.isEmpty)
    }

    @Test func allRunsItsChainsConcurrentlyAndKeepsTheirOrder() async throws {
        // /slow answers only once /fast has been answered, which can happen only if the chains run
        // at once; run one by one, /slow gives up waiting (after 30 s) and is answered first.
        await transport.on("GET /slow") { [transport] _ in
            _ = await transport.waitUntilAnswered("GET /fast")
            return .json(["which": "slow"])
        }
        await transport.on("GET /fast", ["which": "fast"])
        let page = try page("""
        [ {"id": "all", "attributes": {"chains": [
            [ {"id": "api", "attributes": {"url": "/slow"}}, {"id": "store-var", "attributes": {"key": "$data.slow", "value": {"expr": "$result.which"}}} ],
            [ {"id": "api", "attributes": {"url": "/fast"}} ]
          ]}} ]
        """)

        #expect(await page.trigger("go") == .completed(["slow", ["which": "fast"]]))
        #expect(await transport.lines == ["GET /slow", "GET /fast"])
        #expect(await transport.answered == ["GET /fast", "GET /slow"], "/fast was answered while /slow was still waiting")
        #expect(page.data["slow"] == "slow")
    }

    // MARK: - Failures

    @Test func anActionsOwnHandlerGoesFirstThenThePagesFirstMatchingOne() async throws {
        await transport.on("GET /api/dish", status: 503, ["message": "Kitchen closed", "code": "closed"])
        let page = try page("""
        [ {"id": "api", "attributes": {"url": "/api/dish"},
           "onError": [ {"id": "alert", "attributes": {"when": {"expr": "$error.status == 404"}, "title": "Gone"}} ]},
          {"id": "toast", "attributes": {"message": "not reached"}} ]
        """, onError: """
        [ {"id": "push", "attributes": {"when": {"expr": "$error.status == 401"}, "page": "login"}},
          {"id": "toast", "attributes": {"when": {"expr": "$error.kind == 'http'"}, "message": {"template": "${$error.status} ${$error.code}: ${$error.message}"}}},
          {"id": "alert"} ]
        """)

        let outcome = await page.trigger("go")

        guard case .failed(let error, let handler) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(handler == "toast")
        #expect(error["kind"] == "http")
        #expect(error["status"] == 503)
        #expect(error["action"] == "api")
        #expect(error["path"] == "interactions.go[0]")
        #expect(presenter.toasts == ["503 closed: Kitchen closed"])
        #expect(presenter.alerts.isEmpty)
        #expect(navigator.stack.isEmpty)
    }

    @Test func aFailureInsideAnIfIsOfferedToTheIfsHandlersAfterTheInnerOnes() async throws {
        let page = try page("""
        [ {"id": "if", "attributes": {"condition": true, "then": [
            {"id": "store-var", "attributes": {"key": "$param.x", "value": 1}, "onError": [{"id": "toast", "attributes": {"when": false}}]} ]},
           "onError": [ {"id": "toast", "attributes": {"message": {"template": "outer: ${$error.kind}"}}} ]} ]
        """)

        let outcome = await page.trigger("go")

        #expect(outcome.handledBy == "toast")
        #expect(presenter.toasts == ["outer: read-only"])
    }

    @Test func aRunHandlerRunsActionsThatSeeTheError() async throws {
        await transport.on("GET /api/settings", status: 500, ["message": "Database unavailable"])
        let page = try page("""
        [ {"id": "store-var", "attributes": {"key": "$data.state", "value": "loading"}},
          {"id": "api", "attributes": {"url": "/api/settings"}, "onError": [
            {"id": "run", "attributes": {"actions": [
              {"id": "store-var", "attributes": {"key": "$data.message", "value": {"expr": "$error.message"}}},
              {"id": "store-var", "attributes": {"key": "$data.state", "value": "error"}},
              {"id": "toast", "attributes": {"message": {"template": "Failed with ${$error.status}"}}} ]}} ]},
          {"id": "store-var", "attributes": {"key": "$data.state", "value": "normal"}} ]
        """)

        guard case .failed(_, handledBy: "run") = await page.trigger("go") else { Issue.record("run should take the failure"); return }
        #expect(page.data == ["state": "error", "message": "Database unavailable"])
        #expect(presenter.toasts == ["Failed with 500"])
    }

    @Test func aFailureNoHandlerTakesGoesToTheHost() async throws {
        let page = try page(#"[{"id": "api", "attributes": {"url": "/nowhere"}}]"#, onError: #"[{"id": "toast", "attributes": {"when": {"expr": "$error.status == 401"}}}]"#)

        let outcome = await page.trigger("go")

        #expect(outcome.failureError != nil && outcome.handledBy == nil)
        guard case .unhandledFailure(page: "p", let error)? = reports.last else { Issue.record("expected a report, got \(reports)"); return }
        #expect(error["status"] == 404)
        #expect(presenter.toasts.isEmpty)
    }

    @Test func aValidationFailureListsEachFailingComponent() async throws {
        let page = try open("""
        {"page": "p", "data": {"name": "", "price": -1},
         "components": [
           {"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}, "validations": [{"id": "required", "attributes": {"message": "Name it"}}]},
           {"id": "number-field", "key": "price", "attributes": {"value": {"expr": "$data.price"}}, "validations": [{"id": "range", "attributes": {"min": 0.01}}]}],
         "interactions": {"onSave": [{"id": "validate"}, {"id": "toast", "attributes": {"message": "saved"}}]},
         "onError": [{"id": "toast", "attributes": {"when": {"expr": "$error.kind == 'validation'"}}}]}
        """)

        let outcome = await page.trigger("onSave")

        #expect(outcome.failureError?["errors"] == ["name": "Name it", "price": "Must be at least 0.01"])
        #expect(presenter.toasts == ["Name it"])
        #expect(page.component("price")?.validationError == "Must be at least 0.01")
    }

    // MARK: - Cancellation

    @Test func aCancelledPickerOrDeclinedConfirmEndsTheChainQuietly() async throws {
        let page = try page("""
        [ {"id": "confirm", "attributes": {"title": "Delete?"}},
          {"id": "picker", "attributes": {"title": "Why?", "options": ["Sold out", {"title": "Off the menu", "value": "retired"}]}},
          {"id": "store-var", "attributes": {"key": "$data.reason"}} ]
        """, onError: #"[{"id": "toast"}]"#)

        #expect(await page.trigger("go") == .cancelled)   // declined
        presenter.confirmAnswers = [true]
        #expect(await page.trigger("go") == .cancelled)   // picker cancelled
        presenter.confirmAnswers = [true]
        presenter.pickAnswers = [1]
        #expect(await page.trigger("go") == .completed("retired"))

        #expect(presenter.confirmations == ["Delete?", "Delete?", "Delete?"])
        #expect(presenter.pickers.map(\.options.count) == [2, 2])
        #expect(presenter.toasts.isEmpty)
        #expect(reports.isEmpty)
    }

    @Test func closingAPageCancelsItsRunningChainAndRequest() async throws {
        await transport.hang("GET /api/slow")
        let page = try page("""
        [ {"id": "api", "attributes": {"url": "/api/slow"}},
          {"id": "store-var", "attributes": {"key": "$data.done", "value": true}} ]
        """, onError: #"[{"id": "toast"}]"#)
        let running = Task { await page.trigger("go") }
        await transport.waitForRequests(1)
        #expect(await transport.lines == ["GET /api/slow"])

        page.close()

        #expect(await running.value == .cancelled)
        #expect(await transport.cancelled == ["GET /api/slow"])   // noted before the request failed
        #expect(page.data["done"] == nil)
        #expect(presenter.toasts.isEmpty)
        #expect(await page.trigger("go") == .ignored("the page is closed"))
    }

    // MARK: - Pages

    static let picker = """
    {"page": "pick-spice", "params": {"current": {"type": "int", "required": true}},
     "data": {"level": 0},
     "components": [{"id": "stepper", "key": "level", "attributes": {"value": {"expr": "$data.level"}, "max": 3}}],
     "interactions": {
       "loaded": [{"id": "store-var", "attributes": {"key": "$data.level", "value": {"expr": "$param.current"}}}],
       "done": [{"id": "response", "attributes": {"value": {"expr": "$data.level"}}}, {"id": "pop"}]}}
    """

    static let opener = """
    {"page": "dish", "data": {"spice": 1},
     "components": [{"id": "button", "key": "spice", "interactions": {"onTap": [
       {"id": "push", "attributes": {"page": "pick-spice", "params": {"expr": "{current: $data.spice}"}, "waitForResult": true}},
       {"id": "store-var", "attributes": {"key": "$data.spice"}}]}}]}
    """

    @Test func pushWaitsForThePushedPagesResponse() async throws {
        let engine = engine(pages: ["pick-spice": Self.picker])
        let dish = try engine.open(try EnginePages.load(Self.opener))
        let button = try #require(dish.component("spice"))
        let tap = await started { await dish.tap(button) }

        await dish.waitUntilIdle()   // the opener counts as idle while it waits for the person
        let picker = try #require(navigator.top)
        #expect(picker.document.id == "pick-spice")
        #expect(picker.params == ["current": 1])
        #expect(picker.opener === dish)
        try await picker.edit(try #require(picker.component("level")), to: 3)
        await picker.trigger("done")

        #expect(await tap.value == .completed(3))
        #expect(dish.data["spice"] == 3)
        #expect(picker.isClosed)
        #expect(navigator.stack.isEmpty)
    }

    @Test func backingOutOfAPushedPageEndsTheOpenersChainQuietly() async throws {
        let engine = engine(pages: ["pick-spice": Self.picker])
        let dish = try engine.open(try EnginePages.load(Self.opener))
        let button = try #require(dish.component("spice"))
        let tap = await started { await dish.tap(button) }
        await engine.waitUntilIdle()

        navigator.top?.close()   // the person went back

        #expect(await tap.value == .cancelled)
        #expect(dish.data["spice"] == 1)
    }

    nonisolated static let badParams: [(PageValue, String)] = [
        (.null, "needs the param 'current'"),
        (["current": "hot"], "must be int"),
        (["current": 1.5], "must be int"),
        ("current", "must be an object"),
    ]

    @Test(arguments: badParams)
    func paramsAreCheckedWhenAPageOpens(params: PageValue, message: String) throws {
        let document = try EnginePages.load(Self.picker)
        #expect {
            try engine().open(document, params: params)
        } throws: { error in
            guard let diagnostic = (error as? PageError)?.diagnostics.first else { return false }
            return diagnostic.code == "param" && diagnostic.message.contains(message)
        }
    }

    @Test func paramDefaultsAndNumbersAreFilledIn() throws {
        let document = try EnginePages.load(#"{"page": "p", "params": {"shop": {"type": "string", "default": "main"}, "limit": {"type": "number"}}}"#)
        let page = try engine().open(document, params: ["limit": 3])
        #expect(page.params == ["shop": "main", "limit": 3.0])
    }

    @Test func aPageForANewerEngineIsRefused() throws {
        let document = try #require(PageDocument.decode(json: #"{"page": "p", "minEngineVersion": \#(FormworkEngine.version + 1)}"#, registry: .standard, libraries: .empty).document)
        #expect {
            try engine().open(document)
        } throws: { error in
            (error as? PageError)?.diagnostics.map(\.code) == ["engine"]
        }
    }

    @Test func aMissingInteractionIsIgnoredWithASuggestion() async throws {
        let page = try page(#"[{"id": "toast", "attributes": {"message": "hi"}}]"#)
        #expect(await page.trigger("goo") == .ignored("the page 'p' has no interaction 'goo'; did you mean 'go'?"))
        #expect(await page.trigger("appear") == .completed(.null))
    }
}

extension ChainOutcome {
    /// `$error` of a failed chain.
    var failureError: PageValue? {
        if case .failed(let error, _) = self { return error }
        return nil
    }

    /// The handler that took a failed chain's error.
    var handledBy: String? {
        if case .failed(_, let handler) = self { return handler }
        return nil
    }
}
