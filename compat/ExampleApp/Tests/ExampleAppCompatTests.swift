import Foundation
import Testing
import Formwork
import FormworkTesting

// examples/app as it was at 8290e77 (Sources/ExampleAppRegistry.swift and examples/app, frozen),
// built unchanged against this Formwork: it states no behaviour level, so it is at level 1, and
// its flows — the requests they send and the states they expect — must still pass.

@Suite("examples/app frozen at 8290e77")
@MainActor
struct ExampleAppCompatTests {
    /// The frozen registry file (format 1, written by that Formwork) is refused, with the call that
    /// writes it again: CHANGELOG "Registry files" lists this.
    @Test func theFrozenRegistryFileIsRefusedWithTheCallThatWritesItAgain() throws {
        let error = #expect(throws: RegistryDescriptionError.self) {
            try RegistryDescription(bytes: Array(Data(contentsOf: ExampleApp.registryFile)), source: "app.registry.json")
        }
        #expect(error?.message.contains("written by an earlier Formwork") == true, "\(String(describing: error))")
        #expect(error?.message.contains(#"try registry.writeDescription(to: URL(fileURLWithPath: "app.registry.json"))"#) == true)
    }

    /// Written again from the app's unchanged Swift, the file names the same types of the app's
    /// own as the frozen one, at level 1.
    @Test func theAppsRegistryWrittenAgainHasTheSameTypesAtLevelOne() throws {
        let registry = ExampleApp.registry()
        #expect(registry.behavior == .v1)
        #expect(registry.clashes.isEmpty, "\(registry.clashes)")
        let written = try RegistryDescription(bytes: Array(registry.descriptionText.utf8), source: "app.registry.json")
        let frozen = try PageValue(json: String(contentsOf: ExampleApp.registryFile, encoding: .utf8))
        #expect(written.value["behavior"] == 1)
        for kind in ["components", "actions", "validations", "errorHandlers", "functions"] {
            let key = kind == "functions" ? "name" : "id"
            let ids = { (value: PageValue) in value[kind]?.arrayValue?.compactMap { $0[key]?.stringValue } ?? [] }
            #expect(ids(written.value) == ids(frozen), "\(kind)")
        }
        #expect(written.hostTypes.sentence == "component 'rating', action 'analytics', action 'open-map', validation 'iban', error handler 'auth-redirect', error handler 'offline' and function 'currency'")
    }

    @Test(arguments: ["order-form.flow.json", "order-form-errors.flow.json"])
    func theFrozenFlowsPassWithTheAppsTypesAndItsRegistryWrittenAgain(_ name: String) async throws {
        let path = ExampleApp.pagesFolder.appendingPathComponent(name).path
        let events = EventLog()
        let withTypes = await FlowRunner(registry: ExampleApp.registry(events: events)).run(file: path)
        #expect(withTypes.passed, "\(withTypes.summary)")
        if name == "order-form.flow.json" {
            #expect(events.events == ["basket-opened", "rated", "ordered"])
        }
        let described = try RegistryDescription(bytes: Array(ExampleApp.registry().descriptionText.utf8), source: "app.registry.json")
        let withFile = await FlowRunner(described: described).run(file: path)
        #expect(withFile.passed, "\(withFile.summary)")
    }

    /// Frozen from Tests/FormworkTests/Flows/HostStubFlowTests.swift at 8290e77.
    @Test func theAppsOwnActionIsRecordedWhetherItsStubOrItsCodeAnswers() async throws {
        let page = #"{"page": "p", "components": [{"id": "button", "key": "go", "attributes": {"title": "Go"}, "interactions": {"onTap": [{"id": "analytics", "attributes": {"event": "tapped", "value": {"expr": "1 + 1"}}}, {"id": "store-var", "attributes": {"key": "$data.after", "value": {"expr": "$result"}}}]}}]}"#
        let events = EventLog()
        let harness = PageHarness(registry: ExampleApp.registry(events: events))
        defer { harness.close() }
        try await harness.open(try PageDocument.load(Array(page.utf8), registry: harness.registry))

        _ = try await harness.tap("go")
        #expect(events.events == ["tapped"])
        #expect(harness.hostStubs.calls("analytics") == [["event": "tapped", "value": 2]])

        harness.hostStubs.add([HostStub(.action, "analytics", answers: [.init(result: "stubbed")])])
        _ = try await harness.tap("go")
        #expect(events.events == ["tapped"], "a stub answers in place of the app's code")
        #expect(harness.hostStubs.calls("analytics").count == 2)
        #expect(try harness.read("data.after") == "stubbed")
    }
}
