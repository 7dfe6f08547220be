import Foundation
import Testing
import Formwork

/// Malformed pages give a diagnostic with a code and a JSON path, never a crash.
@Suite("Bad pages")
@MainActor
struct BadPageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let json: String
        let code: String
        let path: String
        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "truncated JSON", json: #"{"page": "p", "components": [ {"id": "label""#, code: "json", path: "components[0]"),
        Case(name: "trailing comma", json: #"{"page": "p", "data": {"a": 1,}}"#, code: "json", path: "data"),
        Case(name: "a duplicate member", json: #"{"page": "p", "data": {"a": 1, "a": 2}}"#, code: "json", path: "data"),
        Case(name: "not an object", json: #"["page"]"#, code: "structure", path: ""),
        Case(name: "no page id", json: #"{"components": []}"#, code: "structure", path: "page"),
        Case(name: "page id of the wrong type", json: #"{"page": 5}"#, code: "type", path: "page"),
        Case(name: "components not an array", json: #"{"page": "p", "components": {"id": "label"}}"#, code: "type", path: "components"),
        Case(name: "a misspelt page member", json: #"{"page": "p", "compnents": []}"#, code: "structure", path: "compnents"),
        Case(name: "a literal of the wrong type", json: #"{"page": "p", "components": [{"id": "text-field", "attributes": {"maxLength": "forty"}}]}"#,
             code: "type", path: "components[0].attributes.maxLength"),
        Case(name: "a canonical attribute of the wrong declared type", json: #"{"page": "p", "components": [{"id": "label", "attributes": [{"name": "text", "type": "bool", "mode": "literal", "value": true}]}]}"#,
             code: "type", path: "components[0].attributes[0].value"),
        Case(name: "an unknown mode", json: #"{"page": "p", "components": [{"id": "label", "attributes": [{"name": "text", "mode": "magic", "value": "x"}]}]}"#,
             code: "type", path: "components[0].attributes[0].mode"),
        Case(name: "an unknown component", json: #"{"page": "p", "components": [{"id": "number-feild"}]}"#, code: "unknown-id", path: "components[0].id"),
        Case(name: "an unknown action", json: #"{"page": "p", "interactions": {"go": [{"id": "stor-var"}]}}"#, code: "unknown-id", path: "interactions.go[0].id"),
        Case(name: "an unknown validation", json: #"{"page": "p", "components": [{"id": "text-field", "validations": [{"id": "requird"}]}]}"#,
             code: "unknown-id", path: "components[0].validations[0].id"),
        Case(name: "an unknown error handler", json: #"{"page": "p", "onError": [{"id": "tost"}]}"#, code: "unknown-id", path: "onError[0].id"),
        Case(name: "an unknown attribute", json: #"{"page": "p", "components": [{"id": "label", "attributes": {"txt": "hi"}}]}"#,
             code: "unknown-attribute", path: "components[0].attributes.txt"),
        Case(name: "a missing required attribute", json: #"{"page": "p", "interactions": {"go": [{"id": "toast"}]}}"#, code: "structure", path: "interactions.go[0].attributes"),
        Case(name: "a bad expression", json: #"{"page": "p", "components": [{"id": "label", "attributes": {"text": {"expr": "$data.price *"}}}]}"#,
             code: "expression", path: "components[0].attributes.text.expr"),
        Case(name: "an unknown function", json: #"{"page": "p", "components": [{"id": "label", "attributes": {"text": {"expr": "lenn($data.name)"}}}]}"#,
             code: "expression", path: "components[0].attributes.text.expr"),
        Case(name: "an unclosed template part", json: #"{"page": "p", "title": {"template": "Edit ${$data.name"}}"#, code: "expression", path: "title.template"),
        Case(name: "a constant of the wrong type", json: #"{"page": "p", "components": [{"id": "switch", "attributes": {"hidden": {"expr": "[1, 2]"}}}]}"#,
             code: "type", path: "components[0].attributes.hidden.expr"),
        Case(name: "a duplicate component key", json: #"{"page": "p", "components": [{"id": "label", "key": "a"}, {"id": "section", "components": [{"id": "label", "key": "a"}]}]}"#,
             code: "key", path: "components[1].components[0].key"),
        Case(name: "store-var writing $param", json: #"{"page": "p", "params": {"x": {}}, "interactions": {"go": [{"id": "store-var", "attributes": {"key": "$param.x", "value": 1}}]}}"#,
             code: "param", path: "interactions.go[0].attributes.key"),
        Case(name: "an input bound two-way to $param", json: #"{"page": "p", "params": {"name": {"type": "string"}}, "components": [{"id": "text-field", "attributes": {"value": {"expr": "$param.name"}}}]}"#,
             code: "param", path: "components[0].attributes.value.expr"),
        Case(name: "an undeclared $param", json: #"{"page": "p", "params": {"dishId": {}}, "components": [{"id": "label", "attributes": {"text": {"template": "Dish ${$param.dishID}"}}}]}"#,
             code: "param", path: "components[0].attributes.text.template"),
        Case(name: "a store-var key that isn't a path", json: #"{"page": "p", "interactions": {"go": [{"id": "store-var", "attributes": {"key": "price", "value": 1}}]}}"#,
             code: "type", path: "interactions.go[0].attributes.key"),
        Case(name: "an undefined triggered interaction", json: #"{"page": "p", "interactions": {"onSave": [], "go": [{"id": "trigger", "attributes": {"name": "onSav"}}]}}"#,
             code: "interaction", path: "interactions.go[0].attributes.name"),
        Case(name: "an event the component doesn't have", json: #"{"page": "p", "components": [{"id": "button", "interactions": {"onChange": []}}]}"#,
             code: "interaction", path: "components[0].interactions.onChange"),
        Case(name: "validations on a component without a value", json: #"{"page": "p", "components": [{"id": "label", "validations": [{"id": "required"}]}]}"#,
             code: "structure", path: "components[0].validations"),
        Case(name: "children in a leaf", json: #"{"page": "p", "components": [{"id": "label", "components": [{"id": "label"}]}]}"#,
             code: "structure", path: "components[0].components"),
        Case(name: "a chain that isn't an array", json: #"{"page": "p", "interactions": {"go": {"id": "toast"}}}"#, code: "type", path: "interactions.go"),
        Case(name: "a bad param type", json: #"{"page": "p", "params": {"n": {"type": "integer"}}}"#, code: "type", path: "params.n.type"),
        Case(name: "a push to a page that doesn't exist", json: #"{"page": "p", "interactions": {"go": [{"id": "push", "attributes": {"page": "dish-edt"}}]}}"#,
             code: "page", path: "interactions.go[0].attributes.page"),
        Case(name: "computed not an object", json: #"{"page": "p", "computed": ["$data.a"]}"#, code: "type", path: "computed"),
        Case(name: "a computed value that isn't text", json: #"{"page": "p", "computed": {"total": 5}}"#, code: "type", path: "computed.total"),
        Case(name: "a bad computed expression", json: #"{"page": "p", "computed": {"total": "$data.a +"}}"#, code: "expression", path: "computed.total"),
        Case(name: "a cycle of computed values", json: #"{"page": "p", "computed": {"a": "$computed.b + 1", "b": "$computed.a * 2"}}"#, code: "computed", path: "computed.a"),
        Case(name: "a computed value reading itself", json: #"{"page": "p", "computed": {"a": "$computed.a + 1"}}"#, code: "computed", path: "computed.a"),
        Case(name: "an undefined computed value", json: #"{"page": "p", "computed": {"total": "1"}, "components": [{"id": "label", "attributes": {"text": {"expr": "$computed.totl"}}}]}"#,
             code: "computed", path: "components[0].attributes.text.expr"),
        Case(name: "store-var writing $computed", json: #"{"page": "p", "computed": {"total": "1"}, "interactions": {"go": [{"id": "store-var", "attributes": {"key": "$computed.total", "value": 1}}]}}"#,
             code: "read-only", path: "interactions.go[0].attributes.key"),
        Case(name: "an input bound two-way to $computed", json: #"{"page": "p", "computed": {"total": "1"}, "components": [{"id": "number-field", "attributes": {"value": {"expr": "$computed.total"}}}]}"#,
             code: "read-only", path: "components[0].attributes.value.expr"),
        Case(name: "whileRunning naming no interaction", json: #"{"page": "p", "whileRunning": {"onSav": "queue"}, "interactions": {"onSave": []}}"#, code: "interaction", path: "whileRunning.onSav"),
        Case(name: "a whileRunning that is neither refuse nor queue", json: #"{"page": "p", "whileRunning": {"onSave": "wait"}, "interactions": {"onSave": []}}"#, code: "type", path: "whileRunning.onSave"),
        Case(name: "watchers not an array", json: #"{"page": "p", "watchers": {"on": "$data.a"}}"#, code: "type", path: "watchers"),
        Case(name: "minEngineVersion too high", json: #"{"page": "p", "minEngineVersion": 999}"#, code: "engine", path: "minEngineVersion"),
    ]

    @Test(arguments: cases)
    func aBadPageGivesItsDiagnostic(_ testCase: Case) throws {
        let (document, decoded) = PageDocument.decode(json: testCase.json, registry: .standard, libraries: .empty, file: "bad.json")
        let diagnostics = decoded + (document?.check(registry: .standard, knownPages: ["p", "dish-edit"]) ?? [])

        let found = diagnostics.first { $0.code == testCase.code && $0.path == testCase.path }
        let listed = diagnostics.map { "\($0.code) @ \($0.path): \($0.message)" }.joined(separator: "\n")
        #expect(found != nil, "expected \(testCase.code) at '\(testCase.path)', got:\n\(listed)")
        #expect(found?.severity == .error)
        #expect(found?.file == "bad.json")
        #expect(found?.rendered.contains("error: ") == true)
        #expect(found?.line != nil && found?.column != nil)
        // Problems in the JSON's shape stop a page from loading; the rest are `check`'s to find.
        if decoded.contains(where: { $0.severity == .error }) {
            #expect(throws: PageError.self) { try PageDocument.load(Array(testCase.json.utf8), registry: .standard, libraries: .empty) }
        }
    }

    @Test func anExpressionDiagnosticPointsIntoTheExpression() throws {
        let json = """
        {"page": "p",
         "components": [{"id": "label", "attributes": {"text": {"expr": "$dta.price"}}}]}
        """
        let diagnostic = try #require(PageDocument.decode(json: json, registry: .standard, libraries: .empty, file: "p.json").diagnostics.first)

        #expect(diagnostic.line == 2)
        #expect(diagnostic.rendered == """
            p.json: components[0].attributes.text.expr: error: unknown variable '$dta'; did you mean $data? (column 1 of the expression)
              $dta.price
              ^~~~
            """)
    }

    // MARK: - Mutations of the example pages

    /// Every example page, mutated many times (seeded, so a failure reproduces), decodes and checks
    /// without crashing; the mutants that still decode also open and run `loaded`.
    @Test(arguments: ["dish-edit", "dish-list", "takeout-settings", "cashier-settings", "login", "order", "address"])
    func mutatedExamplePagesNeverCrash(_ id: String) async throws {
        let original = try EnginePages.bytes(id)
        let tree = try PageValue(json: String(decoding: original, as: UTF8.self))
        var random = SplitMix(seed: 0xD15_4 &+ UInt64(id.utf8.count))
        var opened = 0
        for round in 0..<150 {
            let bytes = round % 2 == 0
                ? Self.mutateBytes(original, &random)
                : Array(Self.mutateTree(tree, &random).jsonText.utf8)
            let (document, _) = PageDocument.decode(bytes, registry: .standard, libraries: EnginePages.libraries)
            guard let document else { continue }
            let diagnostics = document.check(registry: .standard, knownPages: ["dish-edit", "dish-list", "login"])
            for diagnostic in diagnostics { _ = diagnostic.rendered }
            guard let clean = try? PageDocument.load(bytes, registry: .standard, libraries: EnginePages.libraries), diagnostics.allSatisfy({ $0.severity != .error }) else { continue }
            // Run what still decodes: no host transport, so requests fail into the handlers.
            guard let page = try? PageEngine(registry: .standard, host: PageHost(report: { _ in })).open(clean, params: ["dishId": "d1"]) else { continue }
            await page.waitUntilIdle()
            for component in page.allComponents.prefix(5) { await page.tap(component) }
            page.close()
            opened += 1
        }
        #expect(opened > 0)
    }

    private static func below(_ n: Int, _ random: inout SplitMix) -> Int { n <= 0 ? 0 : Int(random.next() % UInt64(n)) }

    /// Deletes, duplicates, truncates or overwrites a few bytes.
    static func mutateBytes(_ bytes: [UInt8], _ random: inout SplitMix) -> [UInt8] {
        var out = bytes
        let noise = Array(#"{}[]:,"$.${}0-9etrue\nnull"#.utf8)
        for _ in 0...below(3, &random) {
            guard !out.isEmpty else { break }
            let at = below(out.count, &random)
            switch below(4, &random) {
            case 0: out.removeSubrange(at..<min(out.count, at + 1 + below(8, &random)))
            case 1: out.insert(contentsOf: out[at..<min(out.count, at + below(12, &random))], at: at)
            case 2: out = Array(out.prefix(at))
            default: out[at] = noise[below(noise.count, &random)]
            }
        }
        return out
    }

    /// Replaces one node of the page with a value of another kind, or an expression with garbage.
    static func mutateTree(_ value: PageValue, _ random: inout SplitMix) -> PageValue {
        let replacements: [PageValue] = [
            .null, true, 0, -1, 1.5, "", "$data.", ["expr": "$data.a +"], ["template": "${"], ["expr": "$param.zzz"],
            ["expr": "1 / 0"], ["expr": "$data.dish.name * 2"], [], ["id": "no-such-thing"], ["x": ["y": []]],
        ]
        func mutate(_ node: PageValue, depth: Int) -> PageValue {
            let stop = depth > 1 && below(4, &random) == 0
            switch node {
            case .object(var object) where !object.isEmpty && !stop:
                let key = object.keys[below(object.count, &random)]
                if below(8, &random) == 0 { object[key] = nil } else { object[key] = mutate(object[key] ?? .null, depth: depth + 1) }
                return .object(object)
            case .array(var items) where !items.isEmpty && !stop:
                let at = below(items.count, &random)
                items[at] = mutate(items[at], depth: depth + 1)
                return .array(items)
            default:
                return replacements[below(replacements.count, &random)]
            }
        }
        return mutate(value, depth: 0)
    }
}
