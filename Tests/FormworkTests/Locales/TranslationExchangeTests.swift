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
        #expect(before.translated == 0 && before.total == 5)

        let text = try TranslationFiles.export(pages: [folder.appendingPathComponent("feedback.json").path], locale: "de", format: format, registry: .standard)
        var set = try TranslationFiles.read(Array(text.utf8), name: "feedback.de", format: format)
        #expect(set.sourceLocale == "en" && set.targetLocale == "de")
        #expect(set.units.map(\.source) == ["Feedback", "Your name", #"e.g. Ada, "Lovelace" & co <3"#, "Rating", "Send"])
        #expect(set.units.map(\.path) == ["title", "components[0].attributes.title", "components[0].attributes.placeholder", "components[1].attributes.title", "components[2].attributes.title"])
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
        #expect(after.translated == 5 && after.total == 5)
        // Literals moved to the source language's table under keys, and still read the same in English.
        let saved = try JSONReader.parse(bytes: Array(try Data(contentsOf: folder.appendingPathComponent("feedback.json"))))
        #expect(saved["components"]?[0]?["attributes"]?["title"] == .object(PageObject([("text", "name.title")])))
        #expect(saved["strings"]?["en"]?["name.title"] == "Your name")
        #expect(saved["strings"]?["de"]?["name.title"] == "DE Your name")
        #expect(saved["strings"]?["de"]?["send"] == "DE Send")
        #expect(saved["components"]?[1]?["attributes"]?["title"]?["text"]?["de"] == "DE Rating")
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
}
