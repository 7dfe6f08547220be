import Foundation
import Testing
@testable import Formwork

@Suite struct PageManifestTests {
    static let entries = [
        PageManifest.Entry(header: PageHeader(id: "menu", version: 2, minEngineVersion: 1), file: "menu.json", data: Fixture.page("menu", version: 2)),
        PageManifest.Entry(header: PageHeader(id: "dish-edit", version: 4, minEngineVersion: 1), file: "dish-edit.json",
                           data: Fixture.page("dish-edit", version: 4)),
    ]

    @Test func roundTripsThroughJSON() throws {
        let manifest = PageManifest(pages: Self.entries)

        let read = try PageManifest(data: manifest.jsonData, source: "manifest.json")

        #expect(read == manifest)
        #expect(read.pages.map(\.id) == ["dish-edit", "menu"])
        #expect(read.entry(for: "menu")?.version == 2)
    }

    @Test func writesTheDocumentedShape() throws {
        let entry = PageManifest.Entry(id: "menu", file: "menu.json", version: 2, minEngineVersion: 1, size: 10, sha256: String(repeating: "ab", count: 32))
        let text = String(decoding: PageManifest(totalVersion: "t1", pages: [entry]).jsonData, as: UTF8.self)

        #expect(text == """
            {
              "totalVersion": "t1",
              "pages": [
                {
                  "id": "menu",
                  "file": "menu.json",
                  "version": 2,
                  "minEngineVersion": 1,
                  "size": 10,
                  "sha256": "\(String(repeating: "ab", count: 32))"
                }
              ]
            }

            """)
    }

    @Test func totalVersionChangesWithAnyPageButNotWithOrder() {
        let base = PageManifest.totalVersion(of: Self.entries)
        var bumped = Self.entries
        bumped[1].version = 5
        var rehashed = Self.entries
        rehashed[0].sha256 = String(repeating: "0", count: 64)
        var needsNewEngine = Self.entries
        needsNewEngine[0].minEngineVersion = 2

        #expect(PageManifest.totalVersion(of: Self.entries.reversed()) == base)
        #expect(PageManifest.totalVersion(of: bumped) != base)
        #expect(PageManifest.totalVersion(of: rehashed) != base)
        #expect(PageManifest.totalVersion(of: needsNewEngine) != base)
        #expect(PageManifest.totalVersion(of: Array(Self.entries.prefix(1))) != base)
        #expect(SHA256Hasher.isHexDigest(base))
    }

    static let sha = String(repeating: "a", count: 64)

    @Test(arguments: [
        ("[]", "expected a JSON object, found array"),
        (#"{"pages": []}"#, #""totalVersion" must be a non-empty string"#),
        (#"{"totalVersion": "1", "pages": {}}"#, #""pages" must be an array"#),
        (#"{"totalVersion": "1", "pages": [{"id": "a", "file": "../../etc/a.json", "version": 1, "minEngineVersion": 1, "size": 1, "sha256": "\#(sha)"}]}"#,
         "pages[0].file must be a file name ending in .json, with no folder"),
        (#"{"totalVersion": "1", "pages": [{"id": "a/b", "file": "a.json", "version": 1, "minEngineVersion": 1, "size": 1, "sha256": "\#(sha)"}]}"#,
         "pages[0].id must be a page id (letters, digits, '-', '_', '.')"),
        (#"{"totalVersion": "1", "pages": [{"id": "a", "file": "a.json", "version": 1, "minEngineVersion": 1, "size": -1, "sha256": "\#(sha)"}]}"#,
         "pages[0].size must be a whole number of at least 0"),
        (#"{"totalVersion": "1", "pages": [{"id": "a", "file": "a.json", "version": "2", "minEngineVersion": 1, "size": 1, "sha256": "\#(sha)"}]}"#,
         "pages[0].version must be a whole number of at least 1"),
        (#"{"totalVersion": "1", "pages": [{"id": "a", "file": "a.json", "version": 1, "minEngineVersion": 1, "size": 1, "sha256": "xyz"}]}"#,
         "pages[0].sha256 must be 64 lowercase hex digits"),
        (#"{"totalVersion": "1", "pages": [{"id": "a", "file": "a.json", "version": 1, "minEngineVersion": 1, "size": 1, "sha256": "\#(sha)"}, {"id": "a", "file": "b.json", "version": 1, "minEngineVersion": 1, "size": 1, "sha256": "\#(sha)"}]}"#,
         "page 'a' is listed twice"),
    ])
    func rejectsInvalidManifests(json: String, reason: String) {
        #expect(throws: DeliveryError.invalidManifest(source: "https://cdn.example/manifest.json", reason: reason)) {
            try PageManifest(data: Data(json.utf8), source: "https://cdn.example/manifest.json")
        }
    }

    @Test func rejectsTextThatIsNotJSONWithItsPosition() {
        let error = #expect(throws: DeliveryError.self) {
            try PageManifest(data: Data("{\"totalVersion\": ".utf8), source: "m.json")
        }
        #expect(error?.description.hasPrefix("the manifest at m.json is not valid: not valid JSON: 1:18:") == true)
    }
}

@Suite struct PageHeaderTests {
    @Test func readsTheHeaderAndIgnoresTheRest() throws {
        let header = try PageHeader(data: Fixture.page("dish-edit", version: 3, minEngine: 2))
        #expect(header == PageHeader(id: "dish-edit", version: 3, minEngineVersion: 2))
        #expect(header.description == "dish-edit v3 (engine ≥ 2)")
    }

    @Test func versionAndMinEngineVersionDefaultToOneAsGrammarSays() throws {
        #expect(try PageHeader(data: Data(#"{"page": "login"}"#.utf8)) == PageHeader(id: "login", version: 1, minEngineVersion: 1))
    }

    @Test(arguments: [
        (#"["page"]"#, #"a page must be a JSON object with "page", "version" and "minEngineVersion", found array"#),
        (#"{"version": 1, "minEngineVersion": 1}"#, #"the page has no "page" member; give it an id such as "page": "dish-edit""#),
        (#"{"page": 7, "version": 1, "minEngineVersion": 1}"#, #""page" must be a string id such as "dish-edit", not int 7"#),
        (#"{"page": "../x", "version": 1, "minEngineVersion": 1}"#, #""page" is "../x": a page id is 1 to 100 letters, digits, '-', '_' or '.', not starting with '.' (it names files in caches and published folders)"#),
        (#"{"page": "a", "version": "3", "minEngineVersion": 1}"#, #""version" must be a whole number from 1 to 2147483647, found string "3""#),
        (#"{"page": "a", "version": 2.5, "minEngineVersion": 1}"#, #""version" must be a whole number from 1 to 2147483647, found number 2.5"#),
        (#"{"page": "a", "version": 2147483648}"#, #""version" must be a whole number from 1 to 2147483647, found int 2147483648"#),
        (#"{"page": "a", "version": 1, "minEngineVersion": 0}"#, #""minEngineVersion" must be a whole number from 1 to 2147483647, found int 0"#),
        ("{\"page\": \"a\",\n  \"version\": }", "not valid JSON: 2:14: expected a value (string, number, object, array, true, false or null) (at version)"),
    ])
    func explainsWhatIsWrong(json: String, message: String) {
        #expect(throws: PageHeader.Failure(message)) { try PageHeader(data: Data(json.utf8)) }
    }
}
