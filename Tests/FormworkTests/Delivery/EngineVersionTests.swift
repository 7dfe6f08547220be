import Foundation
import LoopbackHTTP
import Testing
@testable import Formwork

/// Which engine a page needs: worked out from what it uses, checked against what it states,
/// written to the manifest by pack, and honoured by sync and the engine.
@Suite("Engine versions")
struct EngineVersionTests {
    static let blockPage = #"{"page": "p", "blocks": {"row": {"components": [{"id": "label", "attributes": {"text": "Hi"}}]}}, "components": [{"id": "row"}]}"#

    /// A page, the version pack works out for it, and the features that need that version.
    static let pages: [(name: String, json: String, version: Int, features: [String])] = [
        ("plain", #"{"page": "p", "components": [{"id": "label", "attributes": {"text": {"expr": "upper('hi')"}}}]}"#, 1, []),
        ("a block", blockPage, 2, ["member \"blocks\""]),
        ("strings", #"{"page": "p", "strings": {"en": {"hi": "Hi"}}, "components": [{"id": "label", "attributes": {"text": "Hi"}}]}"#, 2, ["member \"strings\""]),
        ("a draft", #"{"page": "p", "draft": true, "components": [{"id": "text-field", "attributes": {"value": {"expr": "$data.name"}}}]}"#, 2, ["member \"draft\""]),
        ("sort in an expression", #"{"page": "p", "components": [{"id": "label", "attributes": {"text": {"expr": "join(sort(['b', 'a']), ', ')"}}}]}"#, 2, ["function 'sort'"]),
        ("sort in a computed value", #"{"page": "p", "computed": {"names": "sort(['b', 'a'])"}}"#, 2, ["member \"computed\"", "function 'sort'"]),
        ("$page", #"{"page": "p", "components": [{"id": "button", "attributes": {"title": "Save", "enabled": {"expr": "!$page.busy"}}}]}"#, 2, ["variable $page"]),
        ("a handler's retry", #"{"page": "p", "onError": [{"id": "toast", "attributes": {"message": "Again", "retry": true}}]}"#, 2, ["error handler attribute 'retry'"]),
        ("a newer action", #"{"page": "p", "interactions": {"clear": [{"id": "discard-draft"}]}}"#, 2, ["action 'discard-draft'"]),
    ]

    static func document(_ json: String) throws -> PageDocument {
        let (document, diagnostics) = PageDocument.decode(json: json, registry: .standard, libraries: .empty)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics.map(\.rendered))")
        return try #require(document)
    }

    @Test(arguments: pages.indices)
    func theVersionAPageNeedsComesFromWhatItUses(index: Int) throws {
        let page = Self.pages[index]
        let requirement = try Self.document(page.json).engineRequirement
        #expect(requirement.version == page.version, "\(page.name)")
        #expect(requirement.uses.map { "\($0.feature.kind.rawValue) \($0.feature.kind == .variable ? "$" + $0.feature.name : $0.feature.kind == .pageMember ? "\"\($0.feature.name)\"" : "'\($0.feature.name)'")" } == page.features, "\(page.name)")
    }

    @Test func aLibraryNeedsTheVersionOfBlockLibrariesAndMoreForWhatItsBlocksUse() throws {
        let (kit, problems) = BlockLibrary.decode(Array(#"{"library": "kit", "version": 1, "blocks": {"row": {"components": [{"id": "label", "attributes": {"text": "Hi"}}]}}}"#.utf8))
        #expect(problems.isEmpty, "\(problems.map(\.rendered))")
        let requirement = try #require(kit).engineRequirement(registry: .standard, libraries: .empty)
        #expect(requirement.version == 2)
        #expect(requirement.uses.map(\.feature.name) == ["library", "blocks"])
    }

    /// What a library's blocks use counts for the library and for each page using the block.
    /// NB: an expression in a block that folds to a constant is kept as its value: its functions
    /// aren't seen (a gap; blocks need engine 2 anyway).
    @Test func aLibrarysBlocksCountForTheLibraryAndThePageNeedsLibraries() throws {
        let library = #"{"library": "kit", "version": 1, "blocks": {"names": {"data": {"b": 1, "a": 2}, "components": [{"id": "label", "attributes": {"text": {"expr": "join(sort(keys($state)), ', ')"}}}]}}}"#
        let page = #"{"page": "p", "libraries": {"kit": 1}, "components": [{"id": "kit/names"}]}"#
        let set = PageSet(files: [("lib/kit.json", Array(library.utf8)), ("p.json", Array(page.utf8))], registry: .standard, libraries: .empty)
        #expect(set.errors.isEmpty, "\(set.errors.map(\.rendered))")
        let document = try #require(set.pages.first?.document)
        #expect(document.engineRequirement.version == 2)
        #expect(document.engineRequirement.uses.map(\.feature.name) == ["libraries", "sort", "state"])
        let kit = try #require(set.libraries.first)
        #expect(kit.engineRequirement(registry: .standard, libraries: .empty).uses.map { "\($0.feature.name) at \($0.path)" } == [
            "library at ", "blocks at blocks", "sort at <kit>blocks.names.components[0].attributes.text.expr", "state at <kit>blocks.names.components[0].attributes.text.expr",
        ])
    }

    // MARK: - check

    @Test func aStatedVersionBelowWhatThePageUsesIsACheckError() throws {
        let page = #"{"page": "p", "minEngineVersion": 1, "components": [{"id": "label", "attributes": {"text": {"expr": "join(sort(['b', 'a']), ', ')"}}}]}"#
        let diagnostics = try Self.document(page).check(registry: .standard)
        #expect(diagnostics.map(\.rendered) == [
            "minEngineVersion: error: the page says minEngineVersion 1, but it uses the function 'sort' (list functions, engine 2) at components[0].attributes.text.expr, which engine 1 can't read; raise minEngineVersion to 2, or leave it out and formwork pack works it out",
        ])
    }

    @Test(arguments: [#""minEngineVersion": 2, "#, ""])
    func aStatedVersionCoveringWhatThePageUsesOrNoneIsFine(stated: String) throws {
        let page = #"{"page": "p", \#(stated)"components": [{"id": "label", "attributes": {"text": {"expr": "join(sort(['b', 'a']), ', ')"}}}]}"#
        #expect(try Self.document(page).check(registry: .standard).isEmpty)
    }

    @Test func aLibraryStatingTooLowAVersionIsACheckError() throws {
        let (kit, _) = BlockLibrary.decode(Array(#"{"library": "kit", "version": 1, "minEngineVersion": 1, "blocks": {"row": {"components": [{"id": "label"}]}}}"#.utf8), file: "kit.json")
        let diagnostics = try #require(kit).check(registry: .standard, libraries: .empty)
        #expect(diagnostics.map(\.rendered) == [
            "kit.json: minEngineVersion: error: the library says minEngineVersion 1, but it uses the file 'library' (block libraries, engine 2) and the member \"blocks\" (blocks, engine 2) at blocks, which engine 1 can't read; raise minEngineVersion to 2, or leave it out and formwork pack works it out",
        ])
    }

    // MARK: - pack, sync and the engine

    static func packedFolder(_ temp: TemporaryFolder) throws -> URL {
        let source = try temp.folder("src")
        try Fixture.write(Data(#"{"page": "plain", "components": [{"id": "label", "attributes": {"text": "Hi"}}]}"#.utf8), "plain.json", in: source)
        try Fixture.write(Data(#"{"page": "sorted", "components": [{"id": "label", "attributes": {"text": {"expr": "join(sort(['b', 'a']), ', ')"}}}]}"#.utf8), "sorted.json", in: source)
        try Fixture.write(Data(#"{"page": "stated", "minEngineVersion": 2, "components": [{"id": "label", "attributes": {"text": "Hi"}}]}"#.utf8), "stated.json", in: source)
        try Fixture.write(Data(#"{"page": "kit-user", "libraries": {"kit": 1}, "components": [{"id": "kit/row"}]}"#.utf8), "kit-user.json", in: source)
        let lib = try temp.folder("src/lib")
        try Fixture.write(Data(#"{"library": "kit", "version": 1, "blocks": {"row": {"components": [{"id": "label", "attributes": {"text": "Hi"}}]}}}"#.utf8), "kit.json", in: lib)
        return source
    }

    @Test func packWritesEachPagesAndLibrarysVersionToTheManifest() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let report = try PagePacker(registry: .standard).pack(from: Self.packedFolder(temp), to: temp.url.appendingPathComponent("out"))
        #expect(report.manifest.pages.map { "\($0.id) engine \($0.minEngineVersion)" } == ["kit-user engine 2", "plain engine 1", "sorted engine 2", "stated engine 2"])
        #expect(report.manifest.libraries.map { "\($0.id) engine \($0.minEngineVersion)" } == ["kit engine 2"])
        let written = try PageManifest(data: Data(contentsOf: report.manifestURL), source: "manifest.json")
        #expect(written.pages.map(\.minEngineVersion) == report.manifest.pages.map(\.minEngineVersion))
    }

    @Test func anEngineBelowAPagesVersionDoesNotGetItAndTheEngineThatReadsItDoes() async throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let server = try LoopbackServer()
        defer { server.stop() }
        try Fixture.packAndServe(Self.packedFolder(temp), under: temp.url, on: server)

        let old = try await PageSync(manifestURL: server.url("/pages/manifest.json"), cache: temp.url.appendingPathComponent("old"), engineVersion: 1, registry: .standard).run()
        #expect(old.lines.filter { $0.hasPrefix("skipped") }.sorted() == [
            "skipped kit-user v1: needs engine 2, this is engine 1", "skipped sorted v1: needs engine 2, this is engine 1", "skipped stated v1: needs engine 2, this is engine 1",
        ])
        #expect(old.changes.contains(.installed(id: "plain", version: 1, previous: nil)))

        // NB: sorted.json states no minEngineVersion (1): the manifest's 2 is what counts.
        let current = try await PageSync(manifestURL: server.url("/pages/manifest.json"), cache: temp.url.appendingPathComponent("new"), engineVersion: 2, registry: .standard).run()
        #expect(current.succeeded, "\(current.lines)")
        #expect(current.changes.contains(.installed(id: "sorted", version: 1, previous: nil)), "\(current.lines)")
        #expect(current.changes.contains(.installed(id: "kit-user", version: 1, previous: nil)), "\(current.lines)")
    }

    @MainActor @Test func theEngineRefusesToOpenAPageStatingANewerEngine() throws {
        let document = try #require(PageDocument.decode(json: #"{"page": "p", "minEngineVersion": 3}"#, registry: .standard, libraries: .empty).document)
        #expect(FormworkEngine.version == 2)
        let engine = PageEngine(registry: .standard)
        #expect {
            try engine.open(document)
        } throws: { error in
            (error as? PageError)?.diagnostics.map(\.message) == ["the page 'p' needs engine version 3, but this is version 2; update the app or publish a page for this engine"]
        }
    }

    // MARK: - The table

    @Test func everyBuiltInIsInVersionOneOrInTheTable() {
        // NB: the newest level's built-ins: one a later behaviour level brings is still the engine's.
        let builtIns = Registry.standard(behavior: .latest)
        let kinds: [(EngineFeature.Kind, [String], [String])] = [
            (.component, builtIns.components.ids, FormworkEngine.versionOneIDs.components),
            (.action, builtIns.actions.ids, FormworkEngine.versionOneIDs.actions),
            (.validation, builtIns.validations.ids, FormworkEngine.versionOneIDs.validations),
            (.errorHandler, builtIns.errorHandlers.ids, FormworkEngine.versionOneIDs.errorHandlers),
            (.function, builtIns.functions.names, FormworkEngine.versionOneIDs.functions),
        ]
        for (kind, ids, first) in kinds {
            let later = FormworkEngine.features.filter { $0.kind == kind }.map(\.name)
            for id in ids {
                #expect(first.contains(id) != later.contains(id), "the built-in \(kind.rawValue) '\(id)' must be in FormworkEngine.versionOneIDs or (added later) in FormworkEngine.features, not both")
            }
            for name in first + later { #expect(ids.contains(name), "\(kind.rawValue) '\(name)' is in the table but not a built-in") }
        }
    }

    @Test func theEngineVersionIsTheNewestFeaturesVersion() {
        #expect(FormworkEngine.features.map(\.since).max() == FormworkEngine.version)
        #expect(FormworkEngine.features.allSatisfy { $0.since >= 2 })
    }

    @Test func grammarsTableIsTheLibrarysTable() throws {
        let text = try String(contentsOf: FlowFixtures.packageRoot.appendingPathComponent("Grammar.md"), encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- engine-features:begin -->\n"))
        let end = try #require(text.range(of: "<!-- engine-features:end -->", range: begin.upperBound..<text.endIndex))
        let table = text[begin.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(table == Self.markdownTable, "Grammar.md's engine features table (6.6) is out of date; paste this between the markers:\n\(Self.markdownTable)")
    }

    /// One row per engine version, kind and summary, in the table's order.
    static var markdownTable: String {
        var rows: [(since: Int, kind: EngineFeature.Kind, summary: String, names: [String])] = []
        for feature in FormworkEngine.features {
            let written = feature.kind == .variable ? "`$\(feature.name)`" : "`\(feature.name)`"
            if let last = rows.indices.last, rows[last].since == feature.since, rows[last].kind == feature.kind, rows[last].summary == feature.summary {
                rows[last].names.append(written)
            } else {
                rows.append((feature.since, feature.kind, feature.summary, [written]))
            }
        }
        return (["| Engine | Kind | Names | What |", "|---|---|---|---|"]
            + rows.map { "| \($0.since) | \($0.kind.rawValue) | \($0.names.joined(separator: ", ")) | \($0.summary) |" }).joined(separator: "\n")
    }
}
