import Foundation
import Formwork
import FormworkTesting
import Testing

/// Flows that use the app's own types read the same with the app's registry file (the CLI) and
/// with the app's real registry (Swift), and a step that fails for a missing stub says which.
@Suite("Flows and the app's own types")
@MainActor
struct HostStubFlowTests {
    static let flows = ExampleApp.pagesFolder

    @Test(arguments: ["order-form.flow.json", "order-form-errors.flow.json"])
    func aFlowPassesWithTheRegistryFileAndWithTheAppsRealTypes(_ name: String) async throws {
        let path = Self.flows.appendingPathComponent(name).path
        let described = try RegistryDescription(bytes: Array(Data(contentsOf: ExampleApp.registryFile)), source: "app.registry.json")

        let withFile = await FlowRunner(described: described).run(file: path)
        #expect(withFile.passed, "\(withFile.summary)")

        let events = EventLog()
        let withTypes = await FlowRunner(registry: ExampleApp.registry(events: events)).run(file: path)
        #expect(withTypes.passed, "\(withTypes.summary)")
        if name == "order-form.flow.json" {
            // `analytics` has no stub in the flow: the app's code ran, and `host.analytics` saw
            // each run. `open-map` has one: the stub answered, and the app's code didn't run.
            #expect(events.events == ["basket-opened", "rated", "ordered"])
        }
    }

    @Test func theAppsOwnActionIsRecordedWhetherItsStubOrItsCodeAnswers() async throws {
        let page = #"{"page": "p", "components": [{"id": "button", "key": "go", "attributes": {"title": "Go"}, "interactions": {"onTap": [{"id": "analytics", "attributes": {"event": "tapped", "value": {"expr": "1 + 1"}}}, {"id": "store-var", "attributes": {"key": "$data.after", "value": {"expr": "$result"}}}]}}]}"#
        let events = EventLog()
        let harness = PageHarness(registry: ExampleApp.registry(events: events))
        defer { harness.close() }
        try await harness.open(try PageDocument.load(Array(page.utf8), registry: harness.registry, libraries: .empty))

        _ = try await harness.tap("go")
        #expect(events.events == ["tapped"])
        #expect(harness.hostStubs.calls("analytics") == [["event": "tapped", "value": 2]])

        harness.hostStubs.add([HostStub(.action, "analytics", answers: [.init(result: "stubbed")])])
        _ = try await harness.tap("go")
        #expect(events.events == ["tapped"], "a stub answers in place of the app's code")
        #expect(harness.hostStubs.calls("analytics").count == 2)
        #expect(try harness.read("data.after") == "stubbed")
    }

    @Test func aStepThatFailsForAMissingFunctionStubNamesTheStubToAdd() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-stubs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"page": "total", "data": {"total": 17.9}, "components": [{"id": "label", "key": "total", "attributes": {"text": {"template": "Total: ${currency($data.total)}"}}}, {"id": "button", "key": "go", "attributes": {"title": "Go"}, "interactions": {"onTap": [{"id": "analytics", "attributes": {"event": "go"}}, {"id": "store-var", "attributes": {"key": "$data.sent", "value": {"expr": "$result.ok"}}}]}}]}"#.utf8)
            .write(to: folder.appendingPathComponent("total.json"))
        let flow = folder.appendingPathComponent("total.flow.json")
        try Data(#"{"page": "total.json", "steps": [{"expect": {"component.total.text": "Total: €17.90"}}]}"#.utf8).write(to: flow)
        let described = try RegistryDescription(bytes: Array(Data(contentsOf: ExampleApp.registryFile)), source: "app.registry.json")

        let result = await FlowRunner(described: described).run(file: flow.path)
        #expect(result.failures.map(\.description) == [
            #"step 1 (expect component.total.text): expected "Total: €17.90", got null; currency() is the app's own function and has no stub here; add "function currency": {"result": …} to the flow's "stubs""#,
        ])

        try Data(#"{"page": "total.json", "stubs": {"function currency": {"result": "€17.90"}}, "steps": [{"tap": "go"}, {"expect": {"data.sent": true}}]}"#.utf8).write(to: flow)
        let action = await FlowRunner(described: described).run(file: flow.path)
        #expect(action.failures.map(\.description) == [
            #"step 2 (expect data.sent): expected true, got null; the app's own action 'analytics' has no stub here, so it passed $result on; if the page needs its answer, add "action analytics": {"result": …} to the flow's "stubs""#,
        ])
    }
}
