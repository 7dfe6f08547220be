import Foundation
import Testing
import Formwork
import FormworkTesting

/// Libraries kept with the pages: `BlockCatalog.load(folder:)` reads the folder and its `lib/`
/// folder, keeps the newest version of each id, and reports a broken file with its line and
/// column (2.16).
@Suite("Blocks: libraries in a folder of pages")
@MainActor
struct BlockFolderTests {
    static func library(_ id: String, version: Int, text: String = "v") -> String {
        #"{"library": "\#(id)", "version": \#(version), "blocks": {"note": {"components": [{"id": "label", "key": "text", "attributes": {"text": "\#(text)"}}]}}}"#
    }

    private func write(_ text: String, _ name: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Checking a folder finds a problem inside a library's block both checking the library and
    /// checking the page that uses it; it is printed once, in the library's file.
    @Test func aFolderReportsAProblemInALibraryOnce() throws {
        let library = #"{"library": "kit", "version": 1, "blocks": {"row": {"components": [{"id": "lable"}]}}}"#
        let page = #"{"page": "p", "libraries": {"kit": 1}, "components": [{"id": "row"}, {"id": "row", "key": "second"}]}"#
        let set = PageSet(files: [("lib/kit.json", Array(library.utf8)), ("p.json", Array(page.utf8))], registry: .standard, libraries: .empty)
        #expect(set.libraries.map(\.id) == ["kit"])
        #expect(set.diagnostics.map(\.rendered) == ["lib/kit.json: blocks.row.components[0].id: error: unknown component 'lable'; did you mean 'label'?"])
    }

    @Test func theFolderAndItsLibFolderAreRead() throws {
        let folder = try BlockFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.library("kit", version: 1), "kit.json", in: folder)
        try write(Self.library("kit", version: 3, text: "newest"), "lib/kit-3.json", in: folder)
        try write(Self.library("kit", version: 2), "lib/kit-2.json", in: folder)
        try write(Self.library("extras", version: 1), "lib/extras.json", in: folder)
        try write(#"{"page": "home", "components": []}"#, "home.json", in: folder)
        try write(Self.library("deep", version: 1), "lib/more/deep.json", in: folder)

        let (catalog, diagnostics) = BlockCatalog.load(folder: folder)

        #expect(diagnostics.isEmpty)
        #expect(catalog.libraries.keys.sorted() == ["extras", "kit"])
        #expect(catalog["kit"]?.version == 3)
        #expect(catalog["kit"]?.file?.hasSuffix("lib/kit-3.json") == true)
        #expect(BlockCatalog.libraryFiles(in: folder).map { $0.replacingOccurrences(of: folder.path + "/", with: "") } == ["kit.json", "lib/extras.json", "lib/kit-2.json", "lib/kit-3.json"])
    }

    @Test func aBrokenLibraryIsReportedWithFileLineAndColumn() throws {
        let folder = try BlockFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.library("good", version: 1), "lib/good.json", in: folder)
        try write("{\"library\": \"bad\",\n \"version\": 1,\n \"blocks\": {\"x\": ,}}", "lib/bad.json", in: folder)

        let (catalog, diagnostics) = BlockCatalog.load(folder: folder)

        #expect(catalog.libraries.keys.sorted() == ["good"])
        let problem = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(problem.code == "json")
        #expect(problem.severity == .error)
        #expect(problem.file == folder.appendingPathComponent("lib/bad.json").path)
        #expect(problem.line == 3)
        #expect(problem.column == 18)
    }

    /// A library whose header is wrong is left out, with the reason.
    @Test func aLibraryWithABadHeaderIsLeftOut() throws {
        let folder = try BlockFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(#"{"library": "bad kit", "version": 0, "blocks": {}}"#, "bad.json", in: folder)

        let (catalog, diagnostics) = BlockCatalog.load(folder: folder)

        #expect(catalog.libraries.isEmpty)
        #expect(diagnostics.map(\.path).sorted() == ["library", "version"])
        #expect(diagnostics.allSatisfy { $0.file == folder.appendingPathComponent("bad.json").path && $0.line == 1 })
    }

    /// A page opened from a folder uses the libraries beside it, the newest of each.
    @Test func aPageInTheFolderUsesItsLibraries() async throws {
        let folder = try BlockFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.library("kit", version: 1, text: "old"), "kit.json", in: folder)
        try write(Self.library("kit", version: 2, text: "new"), "lib/kit.json", in: folder)
        try write(#"{"page": "home", "libraries": {"kit": 2}, "components": [{"id": "note", "key": "n"}]}"#, "home.json", in: folder)

        let source = DirectoryPageSource(directory: folder)
        #expect(source.libraries()["kit"]?.version == 2)
        let page = PageHarness(registry: .standard, pages: source)
        defer { page.close() }
        try await page.open(pageID: "home")
        try page.expect("component.n.text.text", "new")
    }
}
