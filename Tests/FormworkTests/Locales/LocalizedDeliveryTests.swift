import Foundation
import LoopbackHTTP
import Testing
import Formwork

/// Translations delivered with the libraries that carry them, over a real HTTP server on loopback,
/// through the public API an app uses: `PagePacker` publishes, `PageSync` installs, `PageRepository`
/// serves, `PageEngine` opens for a person who reads German. A corrected German text reaches the
/// page without republishing it; a library without German falls back to its default language.
@MainActor
@Suite struct LocalizedDeliveryTests {
    struct Scene {
        let temp: URL
        let source: URL
        let bundled: URL
        let cache: URL
        let server: LoopbackServer

        init() throws {
            temp = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-l10n-\(UUID().uuidString)")
            source = temp.appendingPathComponent("source")
            bundled = temp.appendingPathComponent("bundled")
            cache = temp.appendingPathComponent("cache")
            for folder in [source.appendingPathComponent("lib"), bundled] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            server = try LoopbackServer()
            try Data("""
                { "page": "menu", "version": 1, "libraries": { "menu-kit": 1 },
                  "title": { "text": "greeting" },
                  "data": { "count": 3 },
                  "components": [
                    { "id": "save-button", "key": "save" },
                    { "id": "label", "key": "count", "attributes": { "text": { "text": "dishes", "args": { "count": "$data.count" } } } }
                  ] }
                """.utf8).write(to: source.appendingPathComponent("menu.json"))
        }

        /// `menu-kit` at `version` with these German texts (nil: no German at all).
        func writeLibrary(version: Int, german: String?) throws {
            let de = german.map { #", "de": "# + $0 } ?? ""
            try Data("""
                { "library": "menu-kit", "version": \(version), "defaultLocale": "en",
                  "strings": { "en": { "greeting": "Welcome", "save": "Save", "dishes": { "one": "{count} dish", "other": "{count} dishes" } }\(de) },
                  "blocks": { "save-button": { "components": [ { "id": "button", "key": "button", "attributes": { "title": { "text": "save" } } } ] } } }
                """.utf8).write(to: source.appendingPathComponent("lib/menu-kit.json"))
        }

        /// Packs the source folder and serves what was packed.
        @discardableResult
        func publish() throws -> PagePacker.Report {
            try Fixture.packAndServe(source, under: temp, on: server)
        }

        func sync() async throws -> SyncReport {
            try await Fixture.syncServed(from: server, cache: cache, bundled: bundled)
        }

        /// The page's title, the button's title and the count label, as a person with `languages` sees them.
        @MainActor func shown(_ languages: [String]) throws -> (title: String, save: String?, count: String?, problems: [String]) {
            let problems = Problems()
            let host = PageHost(languages: languages, report: { report in
                if case .diagnostic(let diagnostic) = report { problems.messages.append(diagnostic.message) }
            })
            let engine = PageEngine(registry: .standard, host: host, pages: PageRepository(bundled: bundled, cache: cache, registry: .standard))
            let session = try engine.open(pageID: "menu")
            defer { session.close() }
            return (session.title, session.component("save.button")?.attributes["title"]?.stringValue,
                    session.component("count")?.attributes["text"]?.stringValue, problems.messages)
        }

        /// What the engine reported while the page opened.
        @MainActor final class Problems { var messages: [String] = [] }

        func tearDown() {
            server.stop()
            try? FileManager.default.removeItem(at: temp)
        }
    }

    static let germanWithTypo = #"{ "greeting": "Willkommen", "save": "Speicher", "dishes": { "one": "{count} Gericht", "other": "{count} Gerichte" } }"#
    static let german = #"{ "greeting": "Willkommen", "save": "Speichern", "dishes": { "one": "{count} Gericht", "other": "{count} Gerichte" } }"#

    @Test func aCorrectedTranslationReachesThePageWithoutRepublishingIt() async throws {
        let scene = try Scene()
        defer { scene.tearDown() }
        try scene.writeLibrary(version: 1, german: Self.germanWithTypo)
        let first = try scene.publish()
        let installed = try await scene.sync()
        #expect(installed.succeeded, "\(installed.lines)")
        let before = try scene.shown(["de-CH", "en"])
        #expect(before.title == "Willkommen")
        #expect(before.save == "Speicher")
        #expect(before.count == "3 Gerichte")
        #expect(try scene.shown(["en"]).save == "Save", "the same copy serves English")

        // The fix ships in the library alone: the page's manifest entry stays as it was.
        try scene.writeLibrary(version: 2, german: Self.german)
        let second = try scene.publish()
        #expect(second.manifest.entry(for: "menu") == first.manifest.entry(for: "menu"), "the page wasn't republished")
        let report = try await scene.sync()
        #expect(report.changes == [.libraryInstalled(id: "menu-kit", version: 2, previous: 1)])
        let after = try scene.shown(["de-CH", "en"])
        #expect(after.save == "Speichern")
        #expect(after.title == "Willkommen")
        #expect(after.problems.isEmpty, "\(after.problems)")
    }

    @Test func aLibraryWithoutGermanFallsBackToItsDefaultLanguage() async throws {
        let scene = try Scene()
        defer { scene.tearDown() }
        try scene.writeLibrary(version: 1, german: Self.german)
        try scene.publish()
        _ = try await scene.sync()
        #expect(try scene.shown(["de"]).save == "Speichern")

        try scene.writeLibrary(version: 2, german: nil)
        try scene.publish()
        let report = try await scene.sync()
        #expect(report.changes == [.libraryInstalled(id: "menu-kit", version: 2, previous: 1)])
        let shown = try scene.shown(["de", "fr"])
        #expect(shown.title == "Welcome")
        #expect(shown.save == "Save")
        #expect(shown.count == "3 dishes", "English plural forms, chosen by English rules")
        #expect(shown.problems.isEmpty, "a missing translation never breaks the page: \(shown.problems)")
    }

    @Test func aLibraryMissingOneGermanTextFallsBackForThatTextOnly() async throws {
        let scene = try Scene()
        defer { scene.tearDown() }
        try scene.writeLibrary(version: 1, german: #"{ "greeting": "Willkommen" }"#)
        try scene.publish()
        #expect(try await scene.sync().succeeded)
        let shown = try scene.shown(["de-AT"])
        #expect(shown.title == "Willkommen")
        #expect(shown.save == "Save")
        #expect(shown.count == "3 dishes")
    }
}
