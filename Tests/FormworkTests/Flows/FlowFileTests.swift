import Foundation
import FormworkTesting
import Testing

@MainActor
@Suite("Flow files")
struct FlowFileTests {
    /// Writes `flow` next to the fixture pages (in a temporary folder) and runs it.
    private func run(_ flow: String) async throws -> FlowResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for page in ["dish-form.json", "tag-picker.json"] {
            try FileManager.default.copyItem(atPath: FlowFixtures.path(page), toPath: folder.appendingPathComponent(page).path)
        }
        let file = folder.appendingPathComponent("test.flow.json")
        try Data(flow.utf8).write(to: file)
        return await FlowRunner(registry: .standard).run(file: file.path)
    }

    @Test func theFixtureFlowPasses() async {
        let result = await FlowRunner(registry: .standard).run(file: FlowFixtures.path("dish-form.flow.json"))
        #expect(result.failures == [])
        #expect(result.passed)
        #expect(result.summary == "PASS \(FlowFixtures.path("dish-form.flow.json")) (17 steps)")
        #expect(result.documents.map(\.id) == ["dish-form", "tag-picker"])
    }

    @Test func aFailedExpectationNamesTheStepAndBothValues() async throws {
        let result = try await run("""
            {"page": "dish-form.json", "steps": [
              {"set": "price", "value": 12.5},
              {"expect": {"data.dish.price": 12.5, "data.dish.name": "Tofu", "error.price": {"$exists": true}}},
              {"tap": "save"}
            ]}
            """)
        #expect(result.failures.map(\.description) == [
            "step 2 (expect data.dish.name): expected \"Tofu\", got \"\"",
            "step 2 (expect error.price): expected a value, got null",
        ])
        #expect(result.failures.first?.expected == "Tofu")
        #expect(result.failures.first?.actual == "")
        #expect(result.summary.hasPrefix("FAIL "))
        #expect(result.summary.hasSuffix("test.flow.json — step 2 (expect data.dish.name): expected \"Tofu\", got \"\"\n     step 2 (expect error.price): expected a value, got null"))
    }

    @Test(arguments: [
        (#"{"tap": "sav"}"#, #"step 1 (tap sav): no component "sav" on the page 'dish-form'; did you mean "save"?"#),
        (#"{"tap": "zzz"}"#, #"step 1 (tap zzz): no component "zzz" on the page 'dish-form'; its keys are "name", "price", "category", "tag", "save", "cancel""#),
        (#"{"pick": 0}"#, "step 1 (pick 0): no picker is waiting for an answer, so there is nothing to pick; tap a select, or run a picker action first"),
        (#"{"confirm": true}"#, "step 1 (confirm yes): no confirmation is waiting for an answer, so there is nothing to confirm; run a confirm action first"),
        (#"{"set": "price", "value": "cheap"}"#, "step 1 (set price): 'price' takes a number, not string \"cheap\""),
        (#"{"trigger": "onSaev"}"#, "step 1 (trigger onSaev): the page 'dish-form' has no interaction 'onSaev'; did you mean 'onSave'?"),
        (#"{"expect": {"component.prise.value": 1}}"#, #"step 1 (expect component.prise.value): no component "prise" on the page 'dish-form'; did you mean "price"?"#),
        (#"{"expect": {"component.prise.exists": false}}"#, nil),
    ] as [(String, String?)])
    func misuseFailsTheStep(step: String, message: String?) async throws {
        let result = try await run(#"{"page": "dish-form.json", "steps": [\#(step)]}"#)
        #expect(result.failures.first?.description == message)
    }

    @Test func anUnansweredRequestFailsTheStepEvenWhenAHandlerTookIt() async throws {
        let result = try await run("""
            {"page": "dish-form.json", "steps": [{"set": "name", "value": "x"}, {"set": "price", "value": 1}, {"tap": "save"}]}
            """)
        #expect(result.failures.map(\.description) == [#"step 3 (tap save): no stub for POST /api/dishes; add "POST /api/dishes" to the flow's "stubs""#])
    }

    @Test func openingWithMissingStubsOrBadParamsFails() async throws {
        let result = try await run(#"{"page": "dish-form.json", "params": {"dishId": 42}, "steps": []}"#)
        #expect(result.failures.map(\.description) == ["open dish-form.json: can't open the page 'dish-form': the param 'dishId' of 'dish-form' must be string, but 42 is int"])
        let unstubbed = try await run(#"{"page": "dish-form.json", "params": {"dishId": "42"}, "steps": []}"#)
        #expect(unstubbed.failures.first?.message == #"no stub for GET /api/dishes/42; add "GET /api/dishes/42" to the flow's "stubs""#)
    }

    @Test func matchers() async throws {
        let result = try await run("""
            {"page": "dish-form.json", "stubs": {"POST /api/dishes": {"status": 201, "body": {"id": "7", "name": "T"}}},
             "steps": [
              {"set": "name", "value": "Tofu"}, {"set": "price", "value": 3},
              {"expect": {
                "data.dish": {"$contains": {"name": "Tofu"}}, "data.dish.name": {"$matches": "^To"}, "component.category.options": {"$count": 3},
                "data.dish.tag": {"$not": "x"}, "response": {"$exists": false}, "data.dish.price": 3.0, "title": {"$contains": "dish"}
              }},
              {"tap": "save"},
              {"expect": {"diagnostics": {"$count": 0}, "toasts": {"$contains": "Saved T"}, "navigation[-1]": {"$contains": {"kind": "pop"}}, "requests[0].headers": {"$contains": {"Content-Type": "application/json"}}}}
            ]}
            """)
        #expect(result.failures == [])
    }

    @Test(arguments: [
        (#"{"page": "p.json",\#n "steps": [{"tapp": "save"}]}"#, "x.flow.json:2:12: steps[0]: unknown step 'tapp'; did you mean 'tap'?"),
        (#"{"page": "p.json",\#n "steps": [{"tap": "a", "set": "b"}]}"#, "x.flow.json:2:12: steps[0]: a step does one thing, but this one has tap and set; split it into steps"),
        (#"{"page": "p.json",\#n "steps": [{"set": "price"}]}"#, #"x.flow.json:2:12: steps[0]: 'set' needs a "value": {"set": "price", "value": 12.5}"#),
        (#"{"page": "p.json",\#n "steps": [{"tap": "a", "valu": 1}]}"#, "x.flow.json:2:33: steps[0].valu: 'tap' steps don't take 'valu'; they take times"),
        (#"{"page": "p.json",\#n "steps": [{"pick": -1}]}"#, "x.flow.json:2:21: steps[0].pick: 'pick' takes an option's index from 0, its title, or null to cancel; not -1"),
        (#"{"page": "p.json",\#n "steps": [{"expect": {"dta.price": 1}}]}"#, "x.flow.json:2:37: steps[0].expect.dta.price: there is no 'dta' to read; did you mean 'data'?"),
        (#"{"page": "p.json",\#n "steps": [{"expect": {"data..price": 1}}]}"#, "x.flow.json:2:39: steps[0].expect.data..price: 'data..price' is not a path: a name must follow '.' (at character 6)"),
        (#"{"page": "p.json",\#n "steps": [{"expect": {"data.price": {"$containz": 1}}}]}"#, "x.flow.json:2:52: steps[0].expect.data.price.$containz: unknown matcher '$containz'; did you mean '$contains'?"),
        (#"{"page": "p.json",\#n "stubs": {"POST api": {}}, "steps": []}"#, #"x.flow.json:2:24: stubs.POST api: a stub is named "METHOD /path", like "POST /api/dish", not "POST api""#),
        (#"{"page": "p.json",\#n "stubs": {"POST /a": {"status": 1000}}, "steps": []}"#, #"x.flow.json:2:34: stubs.POST /a.status: "status" must be an HTTP status from 100 to 599, not 1000"#),
        (#"{"page": "p.json",\#n "clock": "yesterday", "steps": []}"#, #"x.flow.json:2:11: clock: "clock" is milliseconds since 1970 or an ISO 8601 time like "2024-05-01T12:00:00Z", not "yesterday""#),
        (#"{"page": "p.json",\#n "step": []}"#, "x.flow.json:2:10: step: unknown member 'step'; did you mean 'steps'?"),
        (#"{"steps": []}"#, #"x.flow.json:1:1: the flow has no "page"; name the page file, like "page": "dish-edit.json""#),
        (#"{"page": "p.json",\#n "steps": [}"#, "x.flow.json:2:12: steps[0]: the file is not valid JSON: expected a value (string, number, object, array, true, false or null)"),
    ])
    func badFilesNameTheFilePositionAndPath(json: String, message: String) {
        #expect(throws: FlowFileError.self) { try FlowFile.decode(Array(json.utf8), file: "x.flow.json") }
        do {
            _ = try FlowFile.decode(Array(json.utf8), file: "x.flow.json")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func stepsRoundTripThroughJSON() throws {
        let text = """
            {"page": "p.json", "steps": [
              {"set": "price", "value": 12.5}, {"tap": "save", "note": "n"}, {"trigger": "onSave", "event": {"a": 1}}, {"pick": 1}, {"pick": "Mains"},
              {"pick": null}, {"confirm": false}, {"back": true}, {"expect": {"data[\\"odd key\\"]": {"$count": 2}, "requests[-1].body.x": {"$equals": {"$not": 1}}}},
              {"stub": {"GET /x": [{"status": 500}, {"error": "offline"}]}}
            ]}
            """
        let flow = try FlowFile.decode(Array(text.utf8), file: "p.flow.json")
        let again = try FlowFile.decode(Array(flow.text.utf8), file: "p.flow.json")
        #expect(again.steps.map(\.action) == flow.steps.map(\.action))
        #expect(flow.steps.map(\.label) == ["set price", "tap save", "trigger onSave", "pick 1", "pick \"Mains\"", "pick cancel", "confirm no", "back", "expect", "stub"])
    }

    @Test func pathsParseAndPrint() throws {
        #expect(try FlowPath("data.dish.price").segments == [.key("data"), .key("dish"), .key("price")])
        #expect(try FlowPath(#"requests[-1]["odd key"].x"#).segments == [.key("requests"), .index(-1), .key("odd key"), .key("x")])
        #expect(try FlowPath(#"data["a.b"][0]"#).description == #"data["a.b"][0]"#)
        #expect(throws: FlowFileError.Problem.self) { try FlowPath("data..x") }
        #expect(throws: FlowFileError.Problem.self) { try FlowPath("data[x]") }
    }
}
