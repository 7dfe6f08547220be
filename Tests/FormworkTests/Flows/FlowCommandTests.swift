import Foundation
import FormworkTesting
import LoopbackHTTP
import Testing

/// `formwork run` and `formwork test` as a person meets them: stdout, stderr and exit codes.
@Suite("formwork run and test")
struct FlowCommandTests {
    static let pages = ["dish-form.json", "tag-picker.json"]

    @Test func testPrintsOneLinePerFlowAndTheTally() async throws {
        let folder = try CLIRunner.folder(with: Self.pages + ["dish-form.flow.json"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"page": "dish-form.json", "steps": [{"set": "price", "value": 2}, {"expect": {"data.dish.price": 12.5}}]}"#.utf8)
            .write(to: folder.appendingPathComponent("wrong.flow.json"))
        let output = try await CLIRunner.run(["test", "."], in: folder)
        #expect(output.stdout == """
            PASS ./dish-form.flow.json (17 steps)
            FAIL ./wrong.flow.json — step 2 (expect data.dish.price): expected 12.5, got 2
            1 passed, 1 failed

            """)
        #expect(output.stderr == "")
        #expect(output.status == 1)
        let passing = try await CLIRunner.run(["test", "dish-form.flow.json"], in: folder)
        #expect(passing.stdout == "PASS dish-form.flow.json (17 steps)\n1 passed, 0 failed\n")
        #expect(passing.status == 0)
    }

    @Test func testCoverageListsWhatNoFlowTouched() async throws {
        let folder = try CLIRunner.folder(with: Self.pages + ["dish-form.flow.json"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLIRunner.run(["test", ".", "--coverage"], in: folder)
        #expect(output.status == 0)
        #expect(output.stdout.contains("""

            Coverage
            dish-form (./dish-form.json): 75% of interactions and actions
              interactions   4/5     80%   never: cancel.onTap (components[1].components[1].interactions.onTap)
              actions        11/15   73%   never: confirm (components[1].components[1].interactions.onTap[0]), pop (components[1].components[1].interactions.onTap[1]), api (interactions.loaded[0].attributes.then[0]), store-var (interactions.loaded[0].attributes.then[1])
              validations    3/3     100%
              components     8/8     100%
              if branches    1/2     50%   never: if → then (interactions.loaded[0] then)
              error handlers 1/2     50%   never: alert (onError[0])
            tag-picker (./tag-picker.json): 100% of interactions and actions
            """))
        #expect(output.stdout.hasSuffix("\n1 passed, 0 failed\n"))

        let json = try await CLIRunner.run(["test", ".", "--coverage", "--format", "json"], in: folder)
        let value = try PageValue(json: json.stdout)
        #expect(value["passed"] == 1)
        #expect(value["coverage"]?[0]?["page"] == "dish-form")
        #expect(value["coverage"]?[0]?["categories"]?["interactions"]?["missed"]?[0]?["label"] == "cancel.onTap")
    }

    @Test func minimumCoverageFailsPagesBelowIt() async throws {
        let folder = try CLIRunner.folder(with: Self.pages + ["dish-form.flow.json"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLIRunner.run(["test", ".", "--min-coverage", "90"], in: folder)
        #expect(output.stdout.hasSuffix("FAIL coverage of dish-form: 75% of interactions and actions, below --min-coverage 90%\n1 passed, 0 failed\n"))
        #expect(output.status == 1)
        #expect(try await CLIRunner.run(["test", ".", "--min-coverage", "75"], in: folder).status == 0)
        let bad = try await CLIRunner.run(["test", ".", "--min-coverage", "lots"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("error: --min-coverage takes a percentage from 0 to 100, like 90 (got 'lots')"))
    }

    @Test func testWithoutFlowsOrWithABadFileSaysSo() async throws {
        let folder = try CLIRunner.folder(with: Self.pages)
        defer { try? FileManager.default.removeItem(at: folder) }
        let none = try await CLIRunner.run(["test", "."], in: folder)
        #expect(none.status == 1)
        #expect(none.stderr.hasPrefix("error: no *.flow.json files under ."))
        try Data("{\"page\": \"dish-form.json\",\n \"steps\": [{\"tapp\": \"save\"}]}".utf8).write(to: folder.appendingPathComponent("bad.flow.json"))
        let bad = try await CLIRunner.run(["test", "bad.flow.json"], in: folder)
        #expect(bad.stdout == "FAIL bad.flow.json — flow file: bad.flow.json:2:12: steps[0]: unknown step 'tapp'; did you mean 'tap'?\n0 passed, 1 failed\n")
        #expect(bad.status == 1)
    }

    @Test func runDrawsTracesAndKeepsGoingAfterBadInput() async throws {
        let folder = try CLIRunner.folder(with: Self.pages)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLIRunner.run(["run", "dish-form.json"], in: folder, input: "set nme Tofu\nfly away\nset price 12.5\ntap category\npick 2\ndata\nquit\nset name never\n")
        #expect(output.status == 0)
        #expect(output.stdout.contains("""
            New dish
            ════════
            ▌ Dish
              Name [name]: (empty)
            """))
        #expect(output.stdout.contains("> set price 12.5\n  [dish-form] store: $data.dish.price = 12.5\n  [dish-form] event: edit price.value = 12.5\n"))
        #expect(output.stdout.contains("? picker \"Category\": 0 Starters | 1 Mains | 2 Soups   (pick N, pick TITLE or pick cancel)"))
        #expect(output.stdout.contains(#"{"dish":{"name":"","price":12.5,"category":"soups","tag":null},"saved":null}"#))
        #expect(!output.stdout.contains("never"))
        #expect(output.stderr == """
            error: no component "nme" on the page 'dish-form'; did you mean "name"?
            error: unknown command 'fly'. Type help for the commands.

            """)
    }

    @Test func runFailsToOpenWithExitOne() async throws {
        let folder = try CLIRunner.folder(with: Self.pages)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"a\": 1,\n  \"b\": }".utf8).write(to: folder.appendingPathComponent("globals.json"))
        let badGlobals = try await CLIRunner.run(["run", "dish-form.json", "--global", "globals.json"], in: folder)
        #expect(badGlobals.status == 1)
        #expect(badGlobals.stderr == "error: globals.json:2:8: the globals file is not valid JSON: expected a value (string, number, object, array, true, false or null)\n")
        try Data("{\"page\": \"x\",\n  \"components\": [}\n".utf8).write(to: folder.appendingPathComponent("broken.json"))
        let broken = try await CLIRunner.run(["run", "broken.json"], in: folder)
        #expect(broken.status == 1)
        #expect(broken.stderr == "error: the page can't be opened:\nbroken.json:2:18: components[0]: error: the file is not valid JSON: expected a value (string, number, object, array, true, false or null)\n")
        try Data(#"{"page": "x", "components": [{"id": "text-feild", "key": "name"}]}"#.utf8).write(to: folder.appendingPathComponent("typo.json"))
        let typo = try await CLIRunner.run(["run", "typo.json"], in: folder)
        #expect(typo.status == 0)
        #expect(typo.stderr == "components[0]: warning: unknown component 'text-feild'; did you mean 'text-field'?; the component is left out (give it a \"fallback\" to show something instead)\n")
        let missing = try await CLIRunner.run(["run", "nowhere.json"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: can't read the page 'nowhere.json'; check the path\n")
        try Data(#"{"GET api": {}}"#.utf8).write(to: folder.appendingPathComponent("stubs.json"))
        let badStubs = try await CLIRunner.run(["run", "dish-form.json", "--api-stub", "stubs.json"], in: folder)
        #expect(badStubs.status == 1)
        #expect(badStubs.stderr == "error: stubs.json:1:13: GET api: a stub is named \"METHOD /path\", like \"POST /api/dish\", not \"GET api\"\n")
    }

    @Test func anUnstubbedRequestIsNamedAndTheSessionGoesOn() async throws {
        let folder = try CLIRunner.folder(with: Self.pages)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLIRunner.run(["run", "dish-form.json", "--param", #"dishId="42""#], in: folder, input: "data\n")
        #expect(output.status == 0)
        #expect(output.stderr.contains(#"error: no stub for GET /api/dishes/42; give --api-stub FILE with "GET /api/dishes/42": {"status": 200, "body": …}, or --api-base URL to reach a server"#))
        #expect(output.stdout.contains("Edit dish"))
    }

    @Test func aRecordedSessionReplaysAsAPassingFlow() async throws {
        let folder = try CLIRunner.folder(with: Self.pages)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"POST /api/dishes": {"status": 201, "body": {"id": "9", "name": "Soup"}}}"#.utf8).write(to: folder.appendingPathComponent("stubs.json"))
        try Data("# a comment\nset name Soup\ntap save\nset price 4\ntap category\npick Soups\ntap tag\nback\ntap tag\ntap done\ntap save\n".utf8)
            .write(to: folder.appendingPathComponent("session.txt"))
        let recorded = try await CLIRunner.run(["run", "dish-form.json", "--api-stub", "stubs.json", "--script", "session.txt", "--record", "flows/soup.flow.json"], in: folder)
        #expect(recorded.status == 0)
        #expect(recorded.stdout.hasSuffix("recorded 20 steps to flows/soup.flow.json; replay with: formwork test flows/soup.flow.json\n"))
        let flow = try FlowFile.load(file: folder.appendingPathComponent("flows/soup.flow.json").path)
        #expect(flow.page == "../dish-form.json")
        #expect(flow.stubs.map(\.name) == ["POST /api/dishes"])
        #expect(flow.steps.first?.jsonValue == ["set": "name", "value": "Soup"])
        let replay = try await CLIRunner.run(["test", "flows"], in: folder)
        #expect(replay.stdout == "PASS flows/soup.flow.json (20 steps)\n1 passed, 0 failed\n")
        #expect(replay.status == 0)
    }

    @Test func aSessionAgainstARealServerIsRecordedWithItsAnswersAsStubs() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route("GET", "/api/dishes/42", .init(status: 200, headers: ["Content-Type": "application/json"],
                                                    body: Data(#"{"name":"Soup","price":4,"category":"soups","tag":null}"#.utf8)))
        server.route("POST", "/api/dishes") { request in .init(status: 201, headers: ["Content-Type": "application/json"], body: request.body) }
        let folder = try CLIRunner.folder(with: Self.pages)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLIRunner.run(["run", "dish-form.json", "--param", #"dishId="42""#, "--api-base", server.baseURL.absoluteString, "--record", "live.flow.json"],
                                       in: folder, input: "set price 5\ntap save\n")
        #expect(output.stderr == "")
        #expect(output.stdout.contains("[dish-form] request: POST /api/dishes {\"name\":\"Soup\",\"price\":5,\"category\":\"soups\",\"tag\":null}"))
        #expect(output.stdout.contains("[dish-form] response: 201 {\"name\":\"Soup\""))
        #expect(server.requests.map(\.path) == ["/api/dishes/42", "/api/dishes"])
        server.stop()

        let flow = try FlowFile.load(file: folder.appendingPathComponent("live.flow.json").path)
        #expect(flow.stubs.map(\.name) == ["GET /api/dishes/42", "POST /api/dishes"])
        #expect(flow.stubs.last?.responses.first?.status == 201)
        #expect(flow.params == ["dishId": "42"])
        let replay = try await CLIRunner.run(["test", "live.flow.json"], in: folder)
        #expect(replay.stdout == "PASS live.flow.json (5 steps)\n1 passed, 0 failed\n")
    }
}
