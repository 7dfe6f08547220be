import Foundation
import Testing
import Formwork

/// `$page.busy`, `$page.running`, `$page.requests`; one run of an interaction at a time; and
/// asynchronous validations that settle before a chain goes on.
@Suite("Busy state and double submit")
@MainActor
struct BusyStateTests {
    let transport = HeldTransport()

    private func open(_ json: String, registry: Registry = .standard) throws -> PageSession {
        let engine = PageEngine(registry: registry, host: PageHost(transport: transport, report: { _ in }))
        return try engine.open(try EnginePages.load(json, registry: registry))
    }

    static let savePage = """
    {"page": "p", "data": {"name": "Tofu"},
     "components": [
       {"id": "button", "key": "save", "attributes": {"title": "Save", "enabled": {"expr": "!$page.busy"}},
        "interactions": {"onTap": [{"id": "api", "attributes": {"method": "PUT", "url": "/api/dish", "body": {"expr": "$data"}}}]}},
       {"id": "label", "key": "status", "attributes": {"text": {"template": "${$page.running.save ? 'Saving…' : 'Saved'} (${$page.requests})"}}}
     ]}
    """

    @Test func aBusyPageDisablesWhatReadsItAndADoubleTapSendsOneRequest() async throws {
        let page = try open(Self.savePage)
        let save = try #require(page.component("save"))
        #expect(page.isBusy == false)
        #expect(page.component("status")?.attributes["text"] == "Saved (0)")

        let first = Task { await page.tap(save) }
        let second = Task { await page.tap(save) }
        await transport.requestArrived()

        #expect(page.isBusy)
        #expect(page.state["running"] == ["save": true])
        #expect(save.isEnabled == false)
        #expect(page.component("status")?.attributes["text"] == "Saving… (1)")
        #expect(await second.value == .ignored("'save' is disabled"))

        transport.answer(["saved": true])
        #expect(await first.value == .completed(["saved": true]))
        #expect(transport.lines == ["PUT /api/dish"])
        #expect(page.isBusy == false)
        #expect(save.isEnabled)
        #expect(page.component("status")?.attributes["text"] == "Saved (0)")
    }

    /// Without any binding, a second run of the same interaction is refused, and traced.
    @Test func aSecondRunOfTheSameInteractionIsRefused() async throws {
        let page = try open("""
        {"page": "p", "components": [{"id": "button", "key": "save", "interactions": {"onTap": [{"id": "api", "attributes": {"url": "/api/a"}}]}}],
         "interactions": {"onSave": [{"id": "api", "attributes": {"url": "/api/b"}}]}}
        """)
        let save = try #require(page.component("save"))
        let tap = Task { await page.tap(save) }
        await transport.requestArrived()

        #expect(await page.tap(save) == .ignored("'save.onTap' was not run again: it is still running (to run it again after this one instead, give the page \"whileRunning\": {\"save.onTap\": \"queue\"})"))
        #expect(page.trace.map(\.description).contains("[p] event: refused save.onTap: it is still running"))
        // Another interaction isn't held up.
        let other = Task { await page.trigger("onSave") }
        await transport.requestArrived(2)
        transport.answer()
        transport.answer()
        #expect(await tap.value.result != nil)
        #expect(await other.value.result != nil)
        #expect(transport.lines == ["GET /api/a", "GET /api/b"])
        // Once the first run is over, the interaction runs again.
        let again = Task { await page.tap(save) }
        await transport.requestArrived(3)
        transport.answer()
        #expect(await again.value.result != nil)
    }

    @Test func aPageCanQueueASecondRunInstead() async throws {
        let page = try open("""
        {"page": "p", "data": {"n": 0}, "whileRunning": {"onSave": "queue"},
         "interactions": {"onSave": [
           {"id": "store-var", "attributes": {"key": "$data.n", "value": {"expr": "$data.n + 1"}}},
           {"id": "api", "attributes": {"url": {"template": "/api/save/${$data.n}"}}}]}}
        """)
        let first = Task { await page.trigger("onSave") }
        let second = Task { await page.trigger("onSave") }
        await transport.requestArrived()
        #expect(transport.lines == ["GET /api/save/1"], "the second run waits for the first")
        transport.answer()
        await transport.requestArrived(2)
        transport.answer()
        #expect(await first.value.result != nil)
        #expect(await second.value.result != nil)
        #expect(transport.lines == ["GET /api/save/1", "GET /api/save/2"])
        #expect(page.isBusy == false)
    }

    @Test func closingThePageRefusesQueuedRuns() async throws {
        let page = try open(#"{"page": "p", "whileRunning": {"onSave": "queue"}, "interactions": {"onSave": [{"id": "api", "attributes": {"url": "/api/s"}}]}}"#)
        let first = Task { await page.trigger("onSave") }
        await transport.requestArrived()
        let second = Task { await page.trigger("onSave") }
        await Task.yield()
        page.close()
        #expect(await first.value == .cancelled)
        #expect(await second.value == .ignored("'onSave' was not run again: the page closed while it waited"))
        #expect(transport.lines == ["GET /api/s"])
    }

    // MARK: - Asynchronous validation

    /// A host validation that waits until the test says whether the value is known.
    @MainActor final class Bank {
        var pending: [CheckedContinuation<Bool, Never>] = []
        private var arrivals: [(count: Int, waiter: CheckedContinuation<Void, Never>)] = []

        func knows(_ iban: String) async -> Bool {
            await withCheckedContinuation { continuation in
                pending.append(continuation)
                let ready = arrivals.filter { pending.count >= $0.count }
                arrivals.removeAll { pending.count >= $0.count }
                for arrival in ready { arrival.waiter.resume() }
            }
        }

        /// Returns once `count` checks are waiting for an answer.
        func asked(_ count: Int = 1) async {
            if pending.count >= count { return }
            await withCheckedContinuation { arrivals.append((count, $0)) }
        }

        func reply(_ known: Bool) { if !pending.isEmpty { pending.removeFirst().resume(returning: known) } }
    }

    private func bankRegistry(_ bank: Bank) -> Registry {
        var registry = Registry.standard
        registry.register(ValidationType("known-iban", isAsync: true) { context in
            guard case .string(let iban) = context.value, !iban.isEmpty else { return nil }
            return await bank.knows(iban) ? nil : "Unknown bank"
        })
        return registry
    }

    static let ibanPage = """
    {"page": "p", "data": {"iban": "DE00"},
     "components": [
       {"id": "text-field", "key": "iban", "attributes": {"value": {"expr": "$data.iban"}}, "validations": [{"id": "known-iban"}]},
       {"id": "button", "key": "save", "interactions": {"onTap": [{"id": "validate"}, {"id": "api", "attributes": {"method": "POST", "url": "/api/account"}}]}}
     ]}
    """

    @Test(arguments: [false, true])
    func aValidateWaitsForAnAsynchronousCheck(known: Bool) async throws {
        let bank = Bank()
        let page = try open(Self.ibanPage, registry: bankRegistry(bank))
        let save = try #require(page.component("save"))
        let tap = Task { await page.tap(save) }
        await bank.asked()

        #expect(page.isBusy)
        #expect(transport.requests.isEmpty, "nothing is sent while the check runs")
        bank.reply(known)
        if known {
            await transport.requestArrived()
            transport.answer()
            #expect(await tap.value.result != nil)
            #expect(page.component("iban")?.validationError == nil)
        } else {
            let outcome = await tap.value
            #expect(outcome.failureError?["kind"] == "validation")
            #expect(transport.requests.isEmpty)
            #expect(page.component("iban")?.validationError == "Unknown bank")
        }
        #expect(page.isBusy == false)
    }

    /// A check answered after a newer one doesn't overwrite the newer answer.
    @Test func aStaleAnswerIsNotShown() async throws {
        let bank = Bank()
        let page = try open(Self.ibanPage.replacingOccurrences(of: #""value": {"expr": "$data.iban"}"#, with: #""value": {"expr": "$data.iban"}, "validateOn": "change""#), registry: bankRegistry(bank))
        let field = try #require(page.component("iban"))
        let edit = Task { try await page.edit(field, to: "DE01") }
        await bank.asked()
        let button = try #require(page.component("save"))
        let save = Task { await page.tap(button) }
        await bank.asked(2)
        bank.reply(false)   // the edit's check, now stale
        bank.reply(true)    // the save's check
        await transport.requestArrived()
        transport.answer()
        _ = try await edit.value
        #expect(await save.value.result != nil)
        #expect(field.validationError == nil)
    }
}
