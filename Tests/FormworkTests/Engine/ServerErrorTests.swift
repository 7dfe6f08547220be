import Foundation
import Testing
import Formwork
import FormworkTesting

/// Server answers on fields (`show-errors`), and error handlers that recover (`retry`).
@Suite("Server errors on fields, and retrying")
@MainActor
struct ServerErrorTests {
    static let account = """
    {"page": "account", "data": {"iban": "DE00", "name": "Ada", "note": ""},
     "components": [
       {"id": "text-field", "key": "iban", "attributes": {"value": {"expr": "$data.iban"}}},
       {"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}, "validations": [{"id": "required"}]},
       {"id": "button", "key": "save", "interactions": {"onTap": [
         {"id": "validate"},
         {"id": "api", "attributes": {"method": "POST", "url": "/api/account", "body": {"expr": "$data"}},
          "onError": [{"id": "show-errors", "attributes": {"when": {"expr": "$error.status == 422"}}}]},
         {"id": "toast", "attributes": {"message": "Saved"}}]}}
     ]}
    """

    @Test func a422PutsTheServersMessagesOnTheFieldsAndAnEditClearsOne() async throws {
        let page = PageHarness(registry: .standard)
        defer { page.close() }
        page.stub.on("POST", "/api/account",
                     .json(422, ["message": "Check the form", "errors": ["iban": ["Unknown bank", "Too short"], "name": "Taken", "vat": "Missing"]]),
                     .json(422, ["errors": ["iban": "Still unknown"]]))
        try await page.open(json: Self.account)

        let outcome = try await page.tap("save")

        #expect(outcome?.handledBy == "show-errors")
        try page.expect("error.iban", "Unknown bank")
        try page.expect("error.name", "Taken")
        try page.expect("trace", .contains(.string(#"[account] validation: no component for {"vat":"Missing"}"#)))
        let iban = try page.component("iban")
        #expect(iban.errorIsFromServer)

        try await page.set("iban", "DE89370400440532013000")
        try page.expect("error.iban", nil)
        try page.expect("error.name", "Taken")

        // The next answer replaces the server's messages: `name` is not named any more. Save
        // validates first, and `name` passes its own validation.
        try await page.tap("save")
        try page.expect("errors", ["iban": "Still unknown"])
    }

    @Test func hostsShowAndClearTheServersMessagesToo() async throws {
        let page = try PageEngine(registry: .standard).open(try EnginePages.load(Self.account))
        let iban = try #require(page.component("iban"))
        let changes = ChangeCounter(iban)
        #expect(page.showErrors(["iban": "Unknown bank", "nope": "Where?"]) == ["nope": "Where?"])
        #expect(iban.validationError == "Unknown bank")
        #expect(changes.changes.last?.validationChanged == true)
        page.showErrors([:])
        #expect(iban.validationError == nil)
        #expect(changes.count == 2)
    }

    @Test func rowsAreNamedLikeInFlows() async throws {
        let page = try PageEngine(registry: .standard).open(try EnginePages.load("""
        {"page": "p", "data": {"lines": [{"qty": 1}, {"qty": 9}]},
         "components": [{"id": "list", "attributes": {"items": {"expr": "$data.lines"}}, "components": [{"id": "stepper", "key": "qty", "attributes": {"value": {"expr": "$item.qty"}}}]}],
         "interactions": {"go": [{"id": "show-errors", "attributes": {"errors": {"expr": "{'qty[1]': 'Only 3 left'}"}}}]}}
        """))
        #expect(await page.trigger("go") == .completed([:]))
        #expect(page.allComponents.filter { $0.key == "qty" }.map(\.validationError) == [nil, "Only 3 left"])
    }

    // MARK: - Retry

    static let login = """
    {"page": "login", "interactions": {"signIn": [
      {"id": "store-var", "attributes": {"key": "$global.token", "value": "t-new"}},
      {"id": "response", "attributes": {"value": true}}, {"id": "pop"}]}}
    """

    static func saving(retry: Bool = true) -> String {
        """
        {"page": "dish",
         "components": [{"id": "button", "key": "save", "interactions": {"onTap": [
           {"id": "api", "attributes": {"method": "PUT", "url": "/api/dish", "headers": {"expr": "{token: $global.token}"}}},
           {"id": "toast", "attributes": {"message": "Saved"}}]}}],
         "onError": [
           {"id": "push", "attributes": {"when": {"expr": "$error.status == 401"}, "page": "login", "waitForResult": true, "retry": \(retry)}},
           {"id": "toast", "attributes": {"message": {"template": "Not saved: ${$error.message}"}}}]}
        """
    }

    private func harness(_ answers: StubResponse...) async throws -> PageHarness {
        let page = PageHarness(registry: .standard, globals: ["token": "t-old"], pages: MemoryPageSource(["login": Self.login]))
        page.stub.on("PUT", "/api/dish", answer: .canned(answers))
        return page
    }

    /// Taps save on a page opened straight on the engine, signs in on the login page it pushes,
    /// and returns the save chain's own outcome.
    private func saveThroughLogin(retry: Bool, answers: [StubResponse]) async throws -> (outcome: ChainOutcome, stub: StubTransport, toasts: [String]) {
        let stub = StubTransport()
        stub.on("PUT", "/api/dish", answer: .canned(answers))
        let navigator = StackNavigator(), presenter = QueuedPresenter()
        let engine = PageEngine(registry: .standard, host: PageHost(navigator: navigator, presenter: presenter, transport: stub, report: { _ in }),
                                globals: GlobalStore(["token": "t-old"]), pages: MemoryPageSource(["login": Self.login]))
        let page = try engine.open(try EnginePages.load(Self.saving(retry: retry)))
        let save = try #require(page.component("save"))
        let tap = Task { await page.tap(save) }
        await Task.yield()   // the tap starts (the main actor runs tasks in order), then the engine knows of it
        await engine.waitUntilIdle()
        let login = try #require(navigator.top)
        #expect(login.document.id == "login")
        await login.trigger("signIn")
        return (await tap.value, stub, presenter.toasts)
    }

    @Test func aHandlerThatSignsInRetriesAndTheChainSucceeds() async throws {
        let (outcome, stub, toasts) = try await saveThroughLogin(retry: true, answers: [.json(401, ["message": "token expired"]), .json(200, ["saved": true])])
        #expect(outcome == .completed(["saved": true]))
        #expect(toasts == ["Saved"])
        #expect(stub.requests.map { $0.headers["token"] } == ["t-old", "t-new"])
    }

    @Test func aSecondFailureGoesToTheNextHandlerNotTheSameOne() async throws {
        let (outcome, stub, toasts) = try await saveThroughLogin(retry: true, answers: [.json(401, ["message": "token expired"])])
        #expect(outcome.handledBy == "toast")
        #expect(toasts == ["Not saved: token expired"])
        #expect(stub.requests.count == 2)
    }

    @Test func withoutRetryTheFailureIsHandledAsBefore() async throws {
        let (outcome, stub, toasts) = try await saveThroughLogin(retry: false, answers: [.json(401, ["message": "token expired"]), .json(200, ["saved": true])])
        #expect(outcome.handledBy == "push")
        #expect(toasts.isEmpty)
        #expect(stub.requests.count == 1)
    }

    /// The same through the flow harness: the retried request succeeds and the chain goes on.
    @Test func aRetryInAFlow() async throws {
        let page = try await harness(.json(401, ["message": "token expired"]), .json(200, ["saved": true]))
        defer { page.close() }
        try await page.open(json: Self.saving())
        #expect(try await page.tap("save") == nil, "the chain waits on the login page")
        try page.expect("page", "login")
        try await page.trigger("signIn")
        try page.expect("page", "dish")
        try page.expect("toasts", ["Saved"])
        try page.expect("failures", [])
        try page.expect("requests", .count(2))
    }

    @Test func backingOutOfTheLoginPageEndsTheChainQuietly() async throws {
        let page = try await harness(.json(401, ["message": "token expired"]))
        defer { page.close() }
        try await page.open(json: Self.saving())
        try await page.tap("save")
        try await page.back()
        try page.expect("outcome.status", "cancelled")
        try page.expect("requests", .count(1))
        try page.expect("toasts", [])
    }
}
