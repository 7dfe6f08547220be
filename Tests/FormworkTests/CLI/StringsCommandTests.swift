import Foundation
import Testing

/// `formwork check --locale TAG --strict` and `formwork strings export|import` as a person runs them.
@Suite("formwork strings and check --strict")
struct StringsCommandTests {
    static let page = #"{"page": "p", "components": [{"id": "text-field", "key": "name", "attributes": {"title": "Your name"}}]}"#

    @Test func strictFailsOnALiteralThenPassesAfterARoundTrip() async throws {
        let folder = try CheckEvalRenderCommandTests.folder(["p.json": Self.page])
        let loose = try await CLIRunner.run(["check", "p.json", "--locale", "de"], in: folder)
        #expect(loose.status == 0)
        #expect(loose.stdout == """
            p.json: components[0].attributes.title: warning: no 'de' text: "Your name" is written in place, in 'en' only; make it translatable (formwork strings export, then import)
            p.json: de: 0 of 1 text translated
            de: 0% of 1 text
            checked 1 page: 0 errors, 1 warning

            """)
        let strict = try await CLIRunner.run(["check", "p.json", "--locale", "de", "--strict"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("p.json: components[0].attributes.title: error: no 'de' text"))

        let exported = try await CLIRunner.run(["strings", "export", "p.json", "--locale", "de", "--format", "csv", "--out", "p.de.csv"], in: folder)
        #expect(exported.status == 0)
        #expect(exported.stdout == "wrote p.de.csv: 1 text, 0 translated\n")
        let csv = try String(contentsOf: folder.appendingPathComponent("p.de.csv"), encoding: .utf8)
        #expect(csv == "page,key,path,component,en,de\r\np.json,,components[0].attributes.title,\"text-field 'name', title\",Your name,\r\n")
        try Data(csv.replacingOccurrences(of: "Your name,\r\n", with: "Your name,Ihr Name\r\n").utf8).write(to: folder.appendingPathComponent("p.de.csv"))
        let imported = try await CLIRunner.run(["strings", "import", "p.de.csv"], in: folder)
        #expect(imported.stdout == "wrote p.json: 1 de text\n")
        #expect(imported.status == 0)
        let passed = try await CLIRunner.run(["check", "p.json", "--locale", "de", "--strict"], in: folder)
        #expect(passed.status == 0)
        #expect(passed.stdout == "p.json: de: 1 of 1 text translated\nde: 100% of 1 text\nchecked 1 page: 0 errors, 0 warnings\n")
    }

    @Test func aBrokenFileSaysWhereAndWritesNothing() async throws {
        let folder = try CheckEvalRenderCommandTests.folder(["p.json": Self.page, "bad.xlf": "<xliff version=\"2.0\" trgLang=\"de\">\n <file original=\"p.json\">\n  <unit id=\"u1\"><segment><source>A</source><target>B</target></segment></unit>\n </file>\n</xliff>\n"])
        let output = try await CLIRunner.run(["strings", "import", "bad.xlf"], in: folder)
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("bad.xlf:3:"))
        #expect(try String(contentsOf: folder.appendingPathComponent("p.json"), encoding: .utf8) == Self.page)
    }

    @Test func strictNeedsALanguage() async throws {
        let output = try await CLIRunner.run(["check", "pages", "--strict"])
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("error: --strict checks translations: give the languages with --locale"))
    }
}
