import Foundation
import Testing
@testable import Formwork

@Suite struct PagePackerTests {
    let packer = PagePacker(registry: .standard)

    @Test func packsPagesSkipsFlowsAndWritesAManifestThatMatchesTheFiles() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let source = try temp.folder("src")
        let output = temp.url.appendingPathComponent("out/site")
        try Fixture.write(Fixture.page("dish-edit", version: 3), "dish-edit.json", in: source)
        try Fixture.write(Fixture.page("menu", version: 1, minEngine: 1), "main-menu.json", in: source)
        try Fixture.write(Data(#"{"flow": "edit a dish", "steps": []}"#.utf8), "dish-edit.flow.json", in: source)
        try Fixture.write(Data("not json at all".utf8), "notes.txt", in: source)

        let report = try packer.pack(from: source, to: output)

        #expect(report.packed.map(\.entry.id) == ["dish-edit", "menu"])
        #expect(report.packed.map(\.sourceFile) == ["dish-edit.json", "main-menu.json"])
        #expect(report.skipped == [.init(file: "dish-edit.flow.json", reason: "flow files are tests, not pages")])
        #expect(Fixture.files(in: output) == [PagePacker.historyName, "dish-edit.json", "manifest.json", "menu.json"])
        let manifest = try PageManifest(data: Data(contentsOf: output.appendingPathComponent("manifest.json")), source: "out")
        #expect(manifest == report.manifest)
        #expect(manifest.totalVersion == PageManifest.totalVersion(of: manifest.pages))
        for entry in manifest.pages {
            let data = try Data(contentsOf: output.appendingPathComponent(entry.file))
            #expect(entry.matches(data))
            #expect(try PageHeader(data: data).id == entry.id)
        }
        #expect(manifest.entry(for: "dish-edit")?.version == 3)
        #expect(manifest.entry(for: "menu")?.size == Fixture.page("menu", version: 1).count)
    }

    @Test func refusesToPackWhenAnyPageHasErrorsAndWritesNothing() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let source = try temp.folder("src")
        let output = temp.url.appendingPathComponent("out")
        try Fixture.write(Fixture.page("dish-edit", version: 3), "dish-edit.json", in: source)
        try Fixture.write(Data(#"{"page": "menu", "version": "3", "minEngineVersion": 1}"#.utf8), "menu.json", in: source)
        try Fixture.write(Data(#"{"page": "x", "#.utf8), "broken.json", in: source)
        try Fixture.write(Data("{ not a page, but a flow is never checked".utf8), "menu.flow.json", in: source)

        let error = #expect(throws: DeliveryError.self) { try packer.pack(from: source, to: output) }

        #expect(error?.description == """
            broken.json: error: the file is not valid JSON: expected a member name in double quotes
            menu.json: version: error: "version" must be a whole number from 1 to 2147483647, found string "3"
            nothing was packed: fix the 2 problems above and run pack again.
            """)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func reportsEveryErrorTheCheckFinds() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let source = try temp.folder("src")
        try Fixture.write(Data(#"{"page": "dish-edit", "components": [{"id": "number-feild"}], "onError": [{"id": "push", "attributes": {"page": "login"}}]}"#.utf8), "dish-edit.json", in: source)

        #expect(throws: DeliveryError.pagesRejected([
            "dish-edit.json: components[0].id: error: unknown component 'number-feild'; did you mean 'number-field'?",
            "dish-edit.json: onError[0].attributes.page: error: there is no page 'login' next to this one",
        ])) {
            try packer.pack(from: source, to: temp.url.appendingPathComponent("out"))
        }
    }

    @Test func aPageWithoutVersionIsVersionOneAndPushesBetweenThePagesCheckOut() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let source = try temp.folder("src")
        try Fixture.write(Data(#"{"page": "login"}"#.utf8), "login.json", in: source)
        try Fixture.write(Data(#"{"page": "menu", "version": 2, "onError": [{"id": "push", "attributes": {"page": "login"}}]}"#.utf8), "menu.json", in: source)

        let report = try packer.pack(from: source, to: temp.url.appendingPathComponent("out"))

        #expect(report.manifest.pages.map { "\($0.id) v\($0.version) engine \($0.minEngineVersion)" } == ["login v1 engine 1", "menu v2 engine 1"])
    }

    /// What pack publishes, an app's sync can read: past the download budgets nothing is written.
    @Test func refusesWhatAnAppWouldNotDownload() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let source = try temp.folder("src")
        for id in ["a", "b", "c"] { try Fixture.write(Fixture.page(id, version: 1), "\(id).json", in: source) }
        let output = temp.url.appendingPathComponent("out")

        var fewPages = PageLimits.standard
        fewPages.manifestPages = 2
        let many = #expect(throws: DeliveryError.self) { try PagePacker(registry: .standard, limits: fewPages).pack(from: source, to: output) }
        #expect(many?.description.hasPrefix("error: 3 pages are more than one manifest may list (manifestPages, 2)") == true, "\(String(describing: many))")

        var smallPages = PageLimits.standard
        smallPages.pageBytes = Fixture.page("b", version: 1).count - 1
        let big = #expect(throws: DeliveryError.self) { try PagePacker(registry: .standard, limits: smallPages).pack(from: source, to: output) }
        #expect(big?.description.components(separatedBy: "\n").filter { $0.contains("more than apps download (pageBytes") }.count == 3)

        var smallManifest = PageLimits.standard
        smallManifest.manifestBytes = 100
        let manifest = #expect(throws: DeliveryError.self) { try PagePacker(registry: .standard, limits: smallManifest).pack(from: source, to: output) }
        #expect(manifest?.description.contains("more than apps read (manifestBytes, 100 bytes)") == true, "\(String(describing: manifest))")

        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try PagePacker(registry: .standard).pack(from: source, to: output).packed.count == 3)
    }

    @Test func refusesTwoFilesWithTheSamePageID() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let source = try temp.folder("src")
        try Fixture.write(Fixture.page("menu", version: 1), "a.json", in: source)
        try Fixture.write(Fixture.page("menu", version: 2), "b.json", in: source)

        #expect(throws: DeliveryError.pagesRejected(["b.json: page: error: the page id 'menu' is also used by a.json; page ids must be unique"])) {
            try packer.pack(from: source, to: temp.url.appendingPathComponent("out"))
        }
    }

    @Test func refusesAFolderWithNoPages() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let source = try temp.folder("src")
        try Fixture.write(Data("{}".utf8), "only.flow.json", in: source)

        let error = #expect(throws: DeliveryError.self) { try packer.pack(from: source, to: temp.url.appendingPathComponent("out")) }
        #expect(error?.description.contains("no pages found") == true)

        let missing = #expect(throws: DeliveryError.self) {
            try packer.pack(from: temp.url.appendingPathComponent("nope"), to: temp.url.appendingPathComponent("out"))
        }
        #expect(missing?.description.hasPrefix("can't read '\(temp.url.appendingPathComponent("nope").path)'") == true)
    }

    @Test func packingAgainIsStableAndAChangedPageChangesTotalVersion() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let source = try temp.folder("src")
        let output = temp.url.appendingPathComponent("out")
        try Fixture.write(Fixture.page("menu", version: 1), "menu.json", in: source)

        let first = try packer.pack(from: source, to: output)
        let again = try packer.pack(from: source, to: output)
        try Fixture.write(Fixture.page("menu", version: 2), "menu.json", in: source)
        let changed = try packer.pack(from: source, to: output)

        #expect(again.manifest.totalVersion == first.manifest.totalVersion)
        #expect(changed.manifest.totalVersion != first.manifest.totalVersion)
        #expect(Fixture.files(in: output) == [PagePacker.historyName, "manifest.json", "menu.json"])
    }
}
