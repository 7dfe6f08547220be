import Foundation
import Testing

/// `formwork eval`, `check` and `render` as a person sees them: stdout, stderr and exit code.
@Suite("formwork eval, check and render")
struct CheckEvalRenderCommandTests {
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    /// Every command's --help is finished text: it starts with its usage line and holds no
    /// interpolation that was escaped by mistake (`\(RegistryOption.help)` printed as is).
    @Test(arguments: ["eval", "run", "test", "preview", "check", "render", "bench", "pack", "sync", "registry", "schema"])
    func helpIsFinishedText(command: String) async throws {
        let output = try await CLIRunner.run([command, "--help"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("USAGE: formwork \(command)"), "\(output.stdout.prefix(80))")
        #expect(!output.stdout.contains("\\("), "\(command) --help shows an escaped interpolation")
    }

    @Test func evalPrintsOneLineOfJSON() async throws {
        let output = try await CLIRunner.run(["eval", "$data.price * $data.qty", "--data", #"{"price": 12.5, "qty": 2}"#])
        #expect(output.status == 0)
        #expect(output.stdout == "25.0\n")
        #expect(output.stderr == "")
    }

    @Test func evalErrorsPointAtTheExpression() async throws {
        let output = try await CLIRunner.run(["eval", "$data.name * 2", "--data", #"{"name": "Tofu"}"#])
        #expect(output.status == 1)
        #expect(output.stdout == "")
        #expect(output.stderr == "error: cannot apply '*' to string and int\n  $data.name * 2\n  ^~~~~~~~~~~~~~\n")
    }

    @Test func evalDepsSaysWhatItReadsAndWhetherItBindsBothWays() async throws {
        let output = try await CLIRunner.run(["eval", "$data.items[$data.i]", "--deps"])
        #expect(output.stdout == "dependencies: $data.items, $data.i\nassignable: no\n")
        let plain = try await CLIRunner.run(["eval", "$global.user.name", "--deps"])
        #expect(plain.stdout == "dependencies: $global.user.name\nassignable: yes ($global.user.name)\n")
    }

    @Test func checkReportsInCompilerFormAndFails() async throws {
        let folder = try Self.folder([
            "good.json": #"{"page": "good", "components": [{"id": "label", "attributes": {"text": "Hi"}}]}"#,
            "bad.json": #"{"page": "bad", "components": [{"id": "text-feild", "key": "a"}, {"id": "label", "attributes": {"text": {"expr": "$param.who"}}}]}"#,
            "bad.flow.json": "not a page, and not checked as one",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLIRunner.run(["check", "."], in: folder)
        #expect(output.status == 1)
        #expect(output.stdout == """
            ./bad.json: components[0].id: error: unknown component 'text-feild'; did you mean 'text-field'?
            ./bad.json: components[1].attributes.text.expr: error: the page reads $param.who, but declares no param 'who'; declare it under "params"
            checked 2 pages: 2 errors, 0 warnings

            """)
    }

    /// The order page with a cycle slipped into its computed values: `check` names it and fails,
    /// where the page as published passes.
    @Test func checkRejectsAComputedCycleInTheOrderPage() async throws {
        let order = try String(contentsOf: FlowFixtures.packageRoot.appendingPathComponent("pages/order.json"), encoding: .utf8)
        let broken = order.replacingOccurrences(of: #""subtotal": "sum(map($data.lines, line => line.price * line.qty))""#,
                                                with: #""subtotal": "$computed.total - $computed.tax""#)
        #expect(broken != order)
        let kit = try String(contentsOf: FlowFixtures.packageRoot.appendingPathComponent("pages/lib/shop-kit.json"), encoding: .utf8)
        let folder = try Self.folder(["order.json": broken, "login.json": #"{"page": "login"}"#, "shop-kit.json": kit])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLIRunner.run(["check", "order.json", "login.json"], in: folder)
        #expect(output.status == 1)
        #expect(output.stdout == """
            order.json: computed.subtotal: error: the computed values subtotal, tax and total read each other in cycles, as in subtotal → total → subtotal; none of them can be computed. Break the cycles by computing them from $data
            checked 2 pages: 1 error, 0 warnings

            """)
        let published = try await CLIRunner.run(["check", "pages"], in: FlowFixtures.packageRoot)
        #expect(published.status == 0, "\(published.stdout)")
    }

    /// Issue 27: a library's path is printed as given, like a page's (it was made absolute).
    @Test func checkPrintsLibraryPathsAsGivenLikePagePaths() async throws {
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try Data(#"{"page": "bad", "components": [{"id": "text-feild"}]}"#.utf8).write(to: site.appendingPathComponent("bad.json"))
        try Data(#"{"library": "kit", "version": 0, "blocks": {}}"#.utf8).write(to: site.appendingPathComponent("lib/kit.json"))
        let output = try await CLIRunner.run(["check", "site"], in: folder)
        #expect(output.status == 1)
        let files = output.stdout.split(separator: "\n").dropLast().map { String($0.prefix { $0 != ":" }) }
        #expect(files.sorted() == ["site/bad.json", "site/lib/kit.json"], "\(output.stdout)")
    }

    @Test func checkOfACleanPageSucceeds() async throws {
        let folder = try Self.folder(["good.json": #"{"page": "good"}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLIRunner.run(["check", "good.json"], in: folder)
        #expect(output.status == 0)
        #expect(output.stdout == "checked 1 page: 0 errors, 0 warnings\n")
    }

    @Test func checkOfTruncatedJSONSaysWhereAndNeverCrashes() async throws {
        let folder = try Self.folder(["cut.json": #"{"page": "cut", "components": [{"id": "lab"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLIRunner.run(["check", "cut.json", "--format", "json"], in: folder)
        #expect(output.status == 1)
        #expect(output.stdout.contains(#""code": "json""#))
        #expect(output.stdout.contains(#""line": 1"#))
    }

    @Test func renderDrawsTheFormAfterLoaded() async throws {
        let folder = try Self.folder(["p.json": """
            {"page": "p", "title": {"template": "Hello ${$param.who}"}, "params": {"who": {"type": "string", "required": true}},
             "data": {"n": 1},
             "components": [{"id": "section", "attributes": {"header": "Numbers"}, "components": [
               {"id": "number-field", "key": "n", "attributes": {"title": "N", "value": {"expr": "$data.n"}}},
               {"id": "switch", "key": "on", "attributes": {"title": "On", "value": true}}]}],
             "interactions": {"loaded": [{"id": "store-var", "attributes": {"key": "$data.n", "value": {"expr": "$data.n + 1"}}}]}}
            """])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLIRunner.run(["render", "p.json", "--param", "who=Ann"], in: folder)
        #expect(output.status == 0)
        #expect(output.stdout == "Hello Ann\n═════════\n▌ Numbers\n  N [n]: 2\n  On [on]: on\n")
        let missing = try await CLIRunner.run(["render", "p.json"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("needs the param 'who'"))
    }

    /// The JSON tree names the locale the page was shown in and its writing direction at the top,
    /// as `$page.locale` and `$page.direction` hold them: a snapshot says which language it shows.
    @Test(arguments: [
        ([String](), "en", "ltr"),
        (["--locale", "ar-EG,en"], "ar-EG", "rtl"),
        (["--locale", "de-CH"], "de-CH", "ltr"),
    ])
    func renderJSONNamesTheLocaleAndDirection(locale: [String], expectedLocale: String, direction: String) async throws {
        let folder = try Self.folder(["p.json": """
            {"page": "p", "title": "T", "components": [{"id": "label", "attributes": {"text": "x"}}]}
            """])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLIRunner.run(["render", "p.json", "--format", "json"] + locale, in: folder)
        #expect(output.status == 0, "\(output.stderr)")
        let tree = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect(tree?["locale"] as? String == expectedLocale)
        #expect(tree?["direction"] as? String == direction)
        #expect(tree?["page"] as? String == "p")
    }

    @Test func usageMistakesExitWith64AndAHint() async throws {
        let output = try await CLIRunner.run(["chek", "pages"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("Did you mean 'check'?"))
        let noPath = try await CLIRunner.run(["check"])
        #expect(noPath.status == 64)
        #expect(noPath.stderr.hasPrefix("error: give a page file or a folder of pages to check\nUSAGE: formwork check"))
    }
}
