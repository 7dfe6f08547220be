import Foundation
import Testing
import Formwork
import FormworkDesign

/// `formwork strings export` / `import`: XLIFF 2 and CSV round trips, and files that can't be read.
@Suite struct TranslationExchangeTests {
    static let page = """
        {
          "page": "feedback",
          "title": "Feedback",
          "strings": { "en": { "send": "Send" } },
          "components": [
            { "id": "text-field", "key": "name", "attributes": { "title": "Your name", "placeholder": "e.g. Ada, \\"Lovelace\\" & co <3" } },
            { "id": "select", "key": "rating", "attributes": { "title": { "text": { "en": "Rating", "fr": "Note" } }, "options": [{ "value": 1, "title": "Bad" }, "Good"] } },
            { "id": "button", "key": "send", "attributes": { "title": { "text": "send" } } }
          ]
        }

        """

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(page.utf8).write(to: folder.appendingPathComponent("feedback.json"))
        return folder
    }

    /// What a translator does: fill in every target.
    static func translate(_ source: String) -> String { "DE " + source }

    static func coverage(_ folder: URL, _ locale: String) throws -> PageDocument.TranslationCoverage {
        let bytes = try Data(contentsOf: folder.appendingPathComponent("feedback.json"))
        let (document, problems) = PageDocument.decode(Array(bytes), registry: .standard, libraries: .empty, file: "feedback.json")
        #expect(problems.filter { $0.severity == .error }.map(\.rendered) == [])
        return try #require(document).translationCoverage(locale: locale, registry: .standard)
    }

    @Test(arguments: TranslationFiles.Format.allCases)
    func exportEditImportMakesThePageWhole(format: TranslationFiles.Format) throws {
        let folder = try Self.folder()
        let before = try Self.coverage(folder, "de")
        // The select's two option titles count (a string option is its own title).
        #expect(before.translated == 0 && before.total == 7)

        let text = try TranslationFiles.export(pages: [folder.appendingPathComponent("feedback.json").path], locale: "de", format: format, registry: .standard)
        var set = try TranslationFiles.read(Array(text.utf8), name: "feedback.de", format: format)
        #expect(set.sourceLocale == "en" && set.targetLocale == "de")
        #expect(set.units.map(\.source) == ["Feedback", "Your name", #"e.g. Ada, "Lovelace" & co <3"#, "Rating", "Bad", "Good", "Send"])
        #expect(set.units.map(\.path) == ["title", "components[0].attributes.title", "components[0].attributes.placeholder", "components[1].attributes.title",
                                          "components[1].attributes.options[0].title", "components[1].attributes.options[1]", "components[2].attributes.title"])
        #expect(set.units.allSatisfy { $0.target == nil })
        // The translator fills the file in; it is read back as written.
        for index in set.units.indices { set.units[index].target = Self.translate(set.units[index].source) }
        let edited = format == .xliff ? XLIFFFormat.write(set) : CSVFormat.write(set)
        let back = try TranslationFiles.read(Array(edited.utf8), name: "feedback.de", format: format)
        #expect(back == set)

        let written = try TranslationFiles.importTranslations(back, base: URL(fileURLWithPath: "/"), registry: .standard)
        #expect(written.count == 1)
        let after = try Self.coverage(folder, "de")
        #expect(after.missing.map(\.rendered) == [])
        #expect(after.translated == 7 && after.total == 7)
        // Literals moved to the source language's table under keys, and still read the same in English.
        let saved = try JSONReader.parse(bytes: Array(try Data(contentsOf: folder.appendingPathComponent("feedback.json"))))
        #expect(saved["components"]?[0]?["attributes"]?["title"] == .object(PageObject([("text", "name.title")])))
        #expect(saved["strings"]?["en"]?["name.title"] == "Your name")
        #expect(saved["strings"]?["de"]?["name.title"] == "DE Your name")
        #expect(saved["strings"]?["de"]?["send"] == "DE Send")
        #expect(saved["components"]?[1]?["attributes"]?["title"]?["text"]?["de"] == "DE Rating")
        // An option's title became a key; a string option keeps its value beside its new title.
        #expect(saved["components"]?[1]?["attributes"]?["options"]?[0] == .object(PageObject([("value", 1), ("title", .object(PageObject([("text", "rating.options.0.title")])))])))
        #expect(saved["components"]?[1]?["attributes"]?["options"]?[1] == .object(PageObject([("title", .object(PageObject([("text", "rating.options.1")]))), ("value", "Good")])))
        #expect(saved["strings"]?["de"]?["rating.options.1"] == "DE Good")
        #expect(try Self.coverage(folder, "en").missing.isEmpty)
        // A second export carries the translations; importing it again changes nothing.
        let again = try TranslationFiles.read(Array(try TranslationFiles.export(pages: [folder.appendingPathComponent("feedback.json").path], locale: "de", format: format, registry: .standard).utf8), name: "x", format: format)
        #expect(again.units.map(\.target) == set.units.map(\.target))
        #expect(try TranslationFiles.importTranslations(again, base: URL(fileURLWithPath: "/"), registry: .standard) == [])
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        let format: TranslationFiles.Format
        let text: String
        let error: String
        var testDescription: String { error }
    }

    static let broken: [Broken] = [
        Broken(format: .xliff, text: "<?xml version=\"1.0\"?>\n<xliff version=\"2.0\" trgLang=\"de\">\n  <file original=\"feedback.json\">\n    <unit id=\"u1\"><segment><source>A & B</source></segment></unit>\n", error: "f:4:"),
        Broken(format: .xliff, text: "<xliff version=\"1.2\" trgLang=\"de\"></xliff>", error: "f:1:"),
        Broken(format: .xliff, text: "<xliff version=\"2.0\" srcLang=\"en\">\n</xliff>", error: "<xliff> has no trgLang"),
        Broken(format: .xliff, text: "<xliff version=\"2.0\" trgLang=\"de\">\n <file id=\"f1\">\n</file></xliff>", error: "f:2:"),
        Broken(format: .xliff, text: "<xliff version=\"2.0\" trgLang=\"de\">\n <file original=\"feedback.json\">\n  <unit id=\"u1\"><segment><source>A</source><target>B</target></segment></unit>\n</file></xliff>", error: "error: this <unit> has neither a name"),
        Broken(format: .csv, text: "page,key,path,component,en,de\r\nfeedback.json,,title,page,\"Feedback,Fb\r\n", error: "f:2:27: error: this quote is never closed"),
        Broken(format: .csv, text: "page,key,path,component,en,de\nfeedback.json,,title,page,\"Feed\"back,Fb\n", error: "f:2:33: error: text after a closing quote"),
        Broken(format: .csv, text: "page,key,path,en,de\n", error: "f:1:1: error: the header must be"),
        Broken(format: .csv, text: "page,key,path,component,en,de\nfeedback.json,,title,page,Hello, Ada,Hallo\n", error: "f:2:"),
    ]

    @Test(arguments: broken) func aBadFileSaysWhereAndWritesNothing(row: Broken) throws {
        #expect(throws: TranslationFileError.self) { try TranslationFiles.read(Array(row.text.utf8), name: "f", format: row.format) }
        do {
            _ = try TranslationFiles.read(Array(row.text.utf8), name: "f", format: row.format)
        } catch {
            #expect(error.description.contains(row.error), "\(error.description)")
        }
    }

    /// A text no longer where the file says stops the import before any page is written.
    @Test func aStaleFileWritesNoPage() throws {
        let folder = try Self.folder()
        try Data(Self.page.utf8).write(to: folder.appendingPathComponent("other.json"))
        let set = TranslationSet(sourceLocale: "en", targetLocale: "de", units: [
            TranslationUnit(page: "other.json", key: nil, path: "title", owner: "page", source: "Feedback", target: "Rückmeldung"),
            TranslationUnit(page: "feedback.json", key: nil, path: "components[9].attributes.title", owner: "", source: "Gone", target: "Weg"),
        ])
        #expect(throws: TranslationFiles.Failure.self) { try TranslationFiles.importTranslations(set, base: folder, registry: .standard) }
        #expect(try String(contentsOf: folder.appendingPathComponent("other.json"), encoding: .utf8) == Self.page)
        #expect(try String(contentsOf: folder.appendingPathComponent("feedback.json"), encoding: .utf8) == Self.page)
    }
    // MARK: - Pages written in different languages

    static let germanPage = """
        { "page": "umfrage", "defaultLocale": "de", "title": "Umfrage", "components": [{ "id": "label", "key": "l", "attributes": { "text": "Hallo" } }] }

        """

    /// Each page's `<file>` says its own language, and the import checks it against the page.
    @Test func eachPageCarriesItsOwnSourceLanguage() throws {
        let folder = try Self.folder()
        let german = folder.appendingPathComponent("umfrage.json")
        try Data(Self.germanPage.utf8).write(to: german)
        let pages = [folder.appendingPathComponent("feedback.json").path, german.path]
        let text = try TranslationFiles.export(pages: pages, locale: "fr", format: .xliff, registry: .standard)
        #expect(text.contains(#"original="\#(pages[0])" fw:srcLang="en">"#), "\(text)")
        #expect(text.contains(#"original="\#(pages[1])" fw:srcLang="de">"#), "\(text)")
        var set = try TranslationFiles.read(Array(text.utf8), name: "all.fr.xlf", format: nil)
        #expect(set.sourceLocale(of: pages[0]) == "en" && set.sourceLocale(of: pages[1]) == "de")
        for index in set.units.indices { set.units[index].target = "FR " + set.units[index].source }
        #expect(try TranslationFiles.importTranslations(set, base: URL(fileURLWithPath: "/"), registry: .standard).count == 2)
        let saved = try JSONReader.parse(bytes: Array(try Data(contentsOf: german)))
        #expect(saved["strings"]?["de"]?["title"] == "Umfrage" && saved["strings"]?["fr"]?["title"] == "FR Umfrage")

        // CSV has one source column: pages in two languages go to XLIFF.
        #expect(throws: TranslationFiles.Failure.self) { try TranslationFiles.export(pages: pages, locale: "fr", format: .csv, registry: .standard) }
    }

    /// A file whose page is now written in another language writes no page, and says why.
    @Test func anImportInAnotherSourceLanguageWritesNothing() throws {
        let folder = try Self.folder()
        let german = folder.appendingPathComponent("umfrage.json")
        try Data(Self.germanPage.utf8).write(to: german)
        let set = TranslationSet(sourceLocale: "en", targetLocale: "fr", units: [
            TranslationUnit(page: "feedback.json", key: nil, path: "title", owner: "page", source: "Feedback", target: "Retour"),
            TranslationUnit(page: "umfrage.json", key: nil, path: "title", owner: "page", source: "Umfrage", target: "Enquête"),
        ], pageLocales: ["feedback.json": "en", "umfrage.json": "en"])
        do {
            try TranslationFiles.importTranslations(set, base: folder, registry: .standard)
            Issue.record("the import wrote English texts over a German page")
        } catch {
            #expect(error.description == "umfrage.json: the file's texts for this page are in 'en', but the page is written in 'de' (its defaultLocale); export the page again and translate that file")
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("feedback.json"), encoding: .utf8) == Self.page)
        #expect(try String(contentsOf: german, encoding: .utf8) == Self.germanPage)
        // An XLIFF file without fw:srcLang (another tool's) is read with its srcLang for each page.
        let plain = "<xliff version=\"2.0\" srcLang=\"de\" trgLang=\"fr\">\n <file original=\"umfrage.json\">\n  <unit id=\"u1\"><notes><note category=\"location\">title</note></notes><segment><source>Umfrage</source><target>Enquête</target></segment></unit>\n </file>\n</xliff>\n"
        let read = try TranslationFiles.read(Array(plain.utf8), name: "u.xlf", format: nil)
        #expect(read.sourceLocale(of: "umfrage.json") == "de")
        #expect(try TranslationFiles.importTranslations(read, base: folder, registry: .standard) == ["umfrage.json"])
    }
}
