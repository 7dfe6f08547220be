import Foundation
import Testing
import Formwork

/// The `server` validation: a check a page asks the server for, without host code. `validate`
/// waits for its answer (the page is busy meanwhile), so a submit can't slip past it.
@Suite("Server validation")
@MainActor
struct ServerValidationTests {
    let transport = HeldTransport()

    static let page = """
    {"page": "p", "data": {"iban": "DE00"},
     "components": [
       {"id": "text-field", "key": "iban", "attributes": {"value": {"expr": "$data.iban"}},
        "validations": [{"id": "server", "attributes": {"url": {"template": "/api/banks/${$value}"}}}]},
       {"id": "button", "key": "save", "attributes": {"enabled": {"expr": "!$page.busy"}},
        "interactions": {"onTap": [{"id": "validate"}, {"id": "api", "attributes": {"method": "PUT", "url": "/api/account"}}]}}
     ]}
    """

    private func open(_ json: String = ServerValidationTests.page, reports: @escaping @MainActor (PageReport) -> Void = { _ in }) throws -> PageSession {
        try PageEngine(registry: .standard, host: PageHost(transport: transport, report: reports)).open(try EnginePages.load(json))
    }

    /// Taps Save, waits for the check's request, answers it, and returns the tap's outcome.
    private func save(_ page: PageSession, answer: PageValue, status: Int) async throws -> ChainOutcome {
        let tap = Task { await page.tap(try #require(page.component("save"))) }
        await transport.requestArrived()
        #expect(transport.lines == ["GET /api/banks/DE00"])
        #expect(page.isBusy, "the page is busy while the server checks")
        #expect(page.component("save")?.isEnabled == false)
        transport.answer(answer, status: status)
        if (200..<300).contains(status) {
            await transport.requestArrived(2)
            transport.answer()
        }
        return try await tap.value
    }

    @Test func anAcceptedValueLetsTheChainGoOn() async throws {
        let page = try open()
        let outcome = try await save(page, answer: ["known": true], status: 200)
        #expect(outcome.result != nil)
        #expect(transport.lines == ["GET /api/banks/DE00", "PUT /api/account"])
        #expect(page.component("iban")?.validationError == nil)
        #expect(page.isBusy == false)
    }

    @Test(arguments: [400, 404, 409, 422])
    func aRefusalShowsTheServersMessageAndSendsNothing(status: Int) async throws {
        let page = try open()
        let outcome = try await save(page, answer: ["message": "Unknown bank"], status: status)
        #expect(outcome.failureError?["kind"] == "validation")
        #expect(page.component("iban")?.validationError == "Unknown bank")
        #expect(transport.lines == ["GET /api/banks/DE00"])
    }

    @Test func aRefusalWithoutAMessageShowsTheValidationsOwn() async throws {
        let page = try open(Self.page.replacingOccurrences(of: #""attributes": {"url""#, with: #""attributes": {"message": "We don't know this bank", "url""#))
        _ = try await save(page, answer: [:], status: 404)
        #expect(page.component("iban")?.validationError == "We don't know this bank")
    }

    /// A 500 or a 401 doesn't judge the value: it couldn't be checked, so it can't be sent, and the host is told why.
    @Test(arguments: [500, 401])
    func anAnswerThatDoesntJudgeTheValueMeansItCantBeChecked(status: Int) async throws {
        var reports: [String] = []
        let page = try open(reports: { if case .diagnostic(let diagnostic) = $0 { reports.append(diagnostic.message) } })
        let outcome = try await save(page, answer: ["message": "The bank list is down"], status: status)
        #expect(outcome.failureError?["kind"] == "validation")
        #expect(page.component("iban")?.validationError == "This value can't be checked.")
        #expect(reports.count == 1)
        #expect(reports.first?.contains("the validation 'server' of 'iban' can't be checked") == true)
        #expect(reports.first?.contains("The bank list is down") == true)
    }

    @Test func anEmptyValueIsNotSent() async throws {
        let page = try open(Self.page.replacingOccurrences(of: #""iban": "DE00""#, with: #""iban": """#))
        let tap = Task { await page.tap(try #require(page.component("save"))) }
        await transport.requestArrived()
        #expect(transport.lines == ["PUT /api/account"], "the check asks nothing about an empty value; combine it with required")
        transport.answer()
        #expect(try await tap.value.result != nil)
    }

    @Test func checkReadsItsRequestLikeAnApiActions() throws {
        let json = Self.page.replacingOccurrences(of: #""attributes": {"url""#, with: #""attributes": {"method": "FETCH", "url""#)
        let messages = try PageDocument.load(Array(json.utf8), registry: .standard, libraries: .empty).check(registry: .standard).map(\.rendered)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("components[0].validations[0].attributes.method: error:") == true, "\(messages)")
    }
}
