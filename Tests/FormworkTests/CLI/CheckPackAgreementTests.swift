import Foundation
import Testing

/// `formwork check` and `formwork pack` apply one rule set: a folder check passes is a folder
/// pack publishes, and every error pack refuses a folder for, check reports.
@Suite("formwork check and pack agree")
struct CheckPackAgreementTests {
    static let login = #"{"page": "login", "title": "Sign in"}"#
    static let pushesLogin = #"{"page": "menu", "version": 2, "onError": [{"id": "push", "attributes": {"page": "login"}}]}"#

    /// Folders of pages and the errors both commands must report (none: both succeed).
    static let cases: [(name: String, files: [String: String], errors: [String])] = [
        ("no version, pushed by its neighbour", ["login.json": login, "menu.json": pushesLogin], []),
        ("a push to a page that isn't there", ["menu.json": pushesLogin],
         ["menu.json: onError[0].attributes.page: error: there is no page 'login' next to this one"]),
        ("an id that climbs out of the folder", ["evil.json": #"{"page": "../../evil"}"#],
         [#"evil.json: page: error: "page" is "../../evil": a page id is 1 to 100 letters, digits, '-', '_' or '.', not starting with '.' (it names files in caches and published folders)"#]),
        ("a 1 MB id", ["big.json": #"{"page": ""# + String(repeating: "a", count: 1 << 20) + #""}"#],
         [#"big.json: page: error: "page" is "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…: a page id is 1 to 100 letters, digits, '-', '_' or '.', not starting with '.' (it names files in caches and published folders)"#]),
        ("a push to an id no page can have", ["menu.json": #"{"page": "menu", "onError": [{"id": "push", "attributes": {"page": "../x"}}]}"#],
         [#"menu.json: onError[0].attributes.page: error: "../x" can't be a page: a page id is 1 to 100 letters, digits, '-', '_' or '.', not starting with '.' (it names files in caches and published folders)"#]),
        ("a version that is text", ["menu.json": #"{"page": "menu", "version": "3"}"#],
         [#"menu.json: version: error: "version" must be a whole number from 1 to 2147483647, found string "3""#]),
        ("version 0", ["menu.json": #"{"page": "menu", "version": 0}"#],
         [#"menu.json: version: error: "version" must be a whole number from 1 to 2147483647, found int 0"#]),
        ("two files, one id", ["a.json": login, "b.json": login],
         ["b.json: page: error: the page id 'login' is also used by a.json; page ids must be unique"]),
    ]

    @Test(arguments: cases.indices)
    func checkAndPackReportTheSameErrors(_ index: Int) async throws {
        let (_, files, errors) = Self.cases[index]
        let folder = try CheckEvalRenderCommandTests.folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }

        let check = try await CLIRunner.run(["check", "."], in: folder)
        let pack = try await CLIRunner.run(["pack", ".", "--out", "site"], in: folder)

        // check names the files as found under the path it was given ("./menu.json").
        let checkErrors = errors.map { $0.replacingOccurrences(of: #"\b([a-z]+\.json)"#, with: "./$1", options: .regularExpression) }
        #expect(check.stdout == (checkErrors.map { $0 + "\n" }.joined() + "checked \(files.count) page\(files.count == 1 ? "" : "s"): \(errors.count) error\(errors.count == 1 ? "" : "s"), 0 warnings\n"))
        #expect(check.status == (errors.isEmpty ? 0 : 1))
        #expect(pack.status == check.status)
        if errors.isEmpty {
            #expect(pack.stderr == "")
            #expect(pack.stdout.hasSuffix("wrote site/manifest.json: \(files.count) pages, totalVersion " + pack.stdout.suffix(14)))
        } else {
            let count = errors.count == 1 ? "the error" : "the \(errors.count) errors"
            #expect(pack.stderr == errors.map { $0 + "\n" }.joined() + "nothing was packed: fix \(count) above (see 'formwork check .') and run pack again\n")
            #expect(pack.stdout == "")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
        }
    }

    @Test func readmesPackExampleIsWhatPackPrintsForTheRepositorysPages() async throws {
        let readme = try String(contentsOf: FlowFixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let command = "$ formwork pack pages --out site/pages\n"
        let example = try #require(readme.range(of: command).flatMap { start in
            readme[start.upperBound...].range(of: "```").map { String(readme[start.upperBound..<$0.lowerBound]) }
        })
        let folder = try CheckEvalRenderCommandTests.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }

        let output = try await CLIRunner.run(["pack", FlowFixtures.packageRoot.appendingPathComponent("pages").path, "--out", "site/pages"], in: folder)

        #expect(output.status == 0)
        #expect(output.stderr == "")
        // NB: sizes and the hash change with every edit of a page; the pages, versions and lines must not.
        #expect(Self.masked(output.stdout) == Self.masked(example))
    }

    static func masked(_ text: String) -> String {
        text.replacingOccurrences(of: #"\d+ bytes"#, with: "N bytes", options: .regularExpression)
            .replacingOccurrences(of: #"totalVersion [0-9a-f]+…"#, with: "totalVersion H…", options: .regularExpression)
    }
}
