import Foundation
import FormworkTesting
import Testing

/// `--param` on the command line, and `run --record` sessions that hit an unstubbed request.
@Suite("formwork run and render: params and recordings")
struct RunParamAndRecordTests {
    static let page = """
        {"page": "order", "params": {"dishId": {"type": "string"}, "qty": {"type": "int"}, "note": {"type": "any"}},
         "components": [{"id": "label", "key": "summary", "attributes": {"text": {"template": "${$param.dishId} (${len($param.dishId)} characters) × ${$param.qty + 1}, note ${len($param.note)}"}}}]}
        """

    /// `--param` values → what the label shows.
    static let cases: [([String], String)] = [
        (["dishId=42", "qty=2"], "42 (2 characters) × 3, note 0"),
        (["dishId=\"42\"", "qty=2"], "42 (2 characters) × 3, note 0"),
        (["dishId=007", "qty=0"], "007 (3 characters) × 1, note 0"),
        (["dishId=true", "qty=1", "note=[1,2,3]"], "true (4 characters) × 2, note 3"),   // JSON where the param isn't a string
        (["dishId=Mapo tofu", "qty=1", "note=spicy"], "Mapo tofu (9 characters) × 2, note 5"),
    ]

    @Test(arguments: ["run", "render"], cases.indices)
    func aParamDeclaredStringIsTheTextAsTyped(command: String, index: Int) async throws {
        let (params, shown) = Self.cases[index]
        let folder = try CheckEvalRenderCommandTests.folder(["order.json": Self.page])
        defer { try? FileManager.default.removeItem(at: folder) }

        let output = try await CLIRunner.run([command, "order.json"] + params.flatMap { ["--param", $0] }, in: folder, input: "quit\n")

        #expect(output.stderr == "")
        #expect(output.status == 0)
        #expect(output.stdout.contains("\n\(shown) [summary]\n"))
    }

    @Test func theExamplePageOpensWithAnIDTypedAsANumber() async throws {
        let root = FlowFixtures.packageRoot
        let output = try await CLIRunner.run(["run", "pages/dish-edit.json", "--param", "dishId=42"], in: root, input: "data\n")
        #expect(!output.stderr.contains("must be string"))
        #expect(output.stderr.hasPrefix("error: no stub for GET /api/dishes/42; "))   // "42", the string, went into the URL
        #expect(output.status == 0)
    }

    @Test func aSessionThatHitAnUnstubbedRequestReplaysAsRecorded() async throws {
        let folder = try CLIRunner.folder(with: FlowCommandTests.pages)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stubs = folder.appendingPathComponent("stubs.json")   // an absolute path, as a temporary file has
        try Data(#"{"GET /api/dishes/7": {"body": {"name": "Soup", "price": 4, "category": "soups", "tag": null}}}"#.utf8).write(to: stubs)

        let recorded = try await CLIRunner.run(["run", "dish-form.json", "--param", "dishId=7", "--api-stub", stubs.path, "--record", "flows/save.flow.json"],
                                         in: folder, input: "set price 5\ntap save\n")

        #expect(recorded.status == 0)
        #expect(recorded.stderr == "error: no stub for POST /api/dishes; add \"POST /api/dishes\": {\"status\": 200, \"body\": …} to \(stubs.path)\n")
        let text = try String(contentsOf: folder.appendingPathComponent("flows/save.flow.json"), encoding: .utf8)
        #expect(!text.contains(folder.path))   // nothing pins where the stubs happened to be
        let flow = try FlowFile.load(file: folder.appendingPathComponent("flows/save.flow.json").path)
        #expect(flow.stubs.map(\.name) == ["GET /api/dishes/7", "POST /api/dishes"])
        #expect(flow.stubs.last?.responses == [.failure("no stub for POST /api/dishes")])   // offline, as it was while recording
        #expect(flow.params == ["dishId": "7"])

        let replay = try await CLIRunner.run(["test", "flows"], in: folder)

        #expect(replay.stdout == "PASS flows/save.flow.json (5 steps)\n1 passed, 0 failed\n")
        #expect(replay.stderr == "")
        #expect(replay.status == 0)
    }
}
