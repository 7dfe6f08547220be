import Foundation
import Testing
import Formwork
import FormworkTesting

/// The JSON Schemas `formwork schema` makes, checked by an independent validator (Python's
/// `jsonschema`, draft 2020-12): every page and flow in the repository passes, deliberately broken
/// ones fail, and the schema files pages name (`"$schema"`) are the generated ones.
@Suite("JSON Schema")
struct SchemaValidationTests {
    static let root = FlowFixtures.packageRoot
    static let validator = root.appendingPathComponent("Tests/Support/validate-json-schema.py").path

    /// Runs the validator on a thread of its own (so the test doesn't hold one of the few threads
    /// every other test's tasks run on); returns its exit status and one line per file.
    static func validate(schema: PageValue, files: [String]) async throws -> (status: Int32, lines: [String]) {
        let result = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Int32, [String], String), any Error>) in
            Thread { continuation.resume(with: Result { try blockingValidate(schema: schema, files: files) }) }.start()
        }
        #expect(result.0 != 2, "the validator couldn't run (python3 with jsonschema is needed): \(result.2)")
        return (result.0, result.1)
    }

    private static func blockingValidate(schema: PageValue, files: [String]) throws -> (Int32, [String], String) {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-schema-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: temp) }
        try Data(schema.prettyJSONText.utf8).write(to: temp)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", validator, temp.path] + files
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init), String(decoding: errors, as: UTF8.self))
    }

    static func files(in folder: String, flows: Bool) -> [String] {
        let path = root.appendingPathComponent(folder).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { flows ? $0.hasSuffix(".flow.json") : PageRepository.isPageFileName($0) }.sorted().map { path + "/" + $0 }
    }

    /// The library files kept with a folder of pages (and in its lib/).
    static func libraryFiles(in folder: String) -> [String] {
        BlockCatalog.libraryFiles(in: root.appendingPathComponent(folder))
    }

    /// Issue 27: library files have a schema of their own; a misspelt member or a block with a
    /// misspelt member fails it, where the same file spelt right passes.
    @Test func aLibraryFileIsCheckedByTheLibrarySchema() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-library-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = #"{"library": "kit", "version": 2, "blocks": {"money": {"attributes": {"amount": {"type": "number"}}, "components": [{"id": "label"}]}}, "chains": {"again": [{"id": "api", "attributes": {"url": "/x"}}]}}"#
        let files = [("good.json", good), ("versoin.json", good.replacingOccurrences(of: "\"version\"", with: "\"versoin\"")),
                     ("block.json", good.replacingOccurrences(of: "\"components\"", with: "\"componets\"")), ("id.json", #"{"version": 1}"#)]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let result = try await SchemaValidationTests.validate(schema: LibrarySchema.make(for: .standard), files: files.map { folder.appendingPathComponent($0.0).path })
        #expect(result.status == 1)
        #expect(result.lines.map { $0.prefix { $0 != " " } } == ["ok", "invalid", "invalid", "invalid"], "\(result.lines)")
    }

    /// The libraries kept with a folder of pages (and its lib/): their blocks are in its schema.
    static func pageLibraries(_ folder: String = "pages") -> BlockCatalog {
        BlockCatalog.load(folder: root.appendingPathComponent(folder)).catalog
    }

    /// NB: schema/ is written by `formwork schema --out schema`, which without a registry file
    /// uses the latest behaviour level, as `formwork test pages` runs pages/ (the payment page
    /// uses level 2's `luhn` and `iban`).
    static let pagesLevel = Registry.standard(behavior: .latest)

    static func exampleApp() throws -> RegistryDescription {
        try RegistryDescription(bytes: Array(try Data(contentsOf: ExampleApp.registryFile)), source: "app.registry.json")
    }

    @Test func everyPageAndFlowInTheRepositoryPasses() async throws {
        let app = try SchemaValidationTests.exampleApp()
        let runs: [(PageValue, [String])] = [
            (PageSchema.make(for: SchemaValidationTests.pagesLevel, libraries: SchemaValidationTests.pageLibraries()), SchemaValidationTests.files(in: "pages", flows: false)),
            (FlowSchema.make(), SchemaValidationTests.files(in: "pages", flows: true)),
            (PageSchema.make(for: app.registry(), libraries: SchemaValidationTests.pageLibraries("examples/app/pages")), SchemaValidationTests.files(in: "examples/app/pages", flows: false)),
            (FlowSchema.make(hostTypes: app.hostTypes), SchemaValidationTests.files(in: "examples/app/pages", flows: true)),
            (LibrarySchema.make(for: SchemaValidationTests.pagesLevel), SchemaValidationTests.libraryFiles(in: "pages")),
            (LibrarySchema.make(for: app.registry()), SchemaValidationTests.libraryFiles(in: "examples/app/pages")),
        ]
        for (schema, files) in runs {
            #expect(!files.isEmpty)
            let result = try await SchemaValidationTests.validate(schema: schema, files: files)
            #expect(result.status == 0)
            #expect(result.lines.filter { !$0.hasPrefix("ok ") } == [])
        }
    }

    @Test func pagesNameTheSchemaFilesAndTheFilesAreCurrent() async throws {
        let app = try SchemaValidationTests.exampleApp()
        let expected: [(String, PageValue)] = [
            ("schema/page.schema.json", PageSchema.make(for: SchemaValidationTests.pagesLevel, libraries: SchemaValidationTests.pageLibraries())), ("schema/flow.schema.json", FlowSchema.make()),
            ("examples/app/schema/page.schema.json", PageSchema.make(for: app.registry(), libraries: SchemaValidationTests.pageLibraries("examples/app/pages"))),
            ("examples/app/schema/flow.schema.json", FlowSchema.make(hostTypes: app.hostTypes)),
            ("schema/library.schema.json", LibrarySchema.make(for: SchemaValidationTests.pagesLevel)),
            ("examples/app/schema/library.schema.json", LibrarySchema.make(for: app.registry())),
        ]
        for (file, schema) in expected {
            let text = try String(contentsOf: SchemaValidationTests.root.appendingPathComponent(file), encoding: .utf8)
            #expect(text == schema.prettyJSONText + "\n", "\(file) is stale: run formwork schema --out \((file as NSString).deletingLastPathComponent) (--pages pages for schema/)")
        }
        for folder in ["pages", "examples/app/pages"] {
            for flows in [false, true] {
                for file in SchemaValidationTests.files(in: folder, flows: flows) {
                    let value = try JSONReader.parse(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
                    #expect(value["$schema"] == .string(flows ? "../schema/flow.schema.json" : "../schema/page.schema.json"), "\(file) names no $schema")
                }
            }
        }
    }

    /// Each broken page fails the schema; the path is where the validator found the first problem.
    static let brokenPages: [(name: String, json: String, path: String)] = [
        ("a misspelt attribute", #"{"page": "p", "components": [{"id": "label", "attributes": {"txet": "Hi"}}]}"#, "components/0/attributes"),
        ("a string where an int belongs", #"{"page": "p", "components": [{"id": "text-field", "attributes": {"maxLength": "20"}}]}"#, "components/0/attributes"),
        ("an unknown component without a fallback", #"{"page": "p", "components": [{"id": "text-feild"}]}"#, "components/0/id"),
        ("an unknown action", #"{"page": "p", "interactions": {"loaded": [{"id": "analytics"}]}}"#, "interactions/loaded/0/id"),
        ("a missing required attribute", #"{"page": "p", "interactions": {"loaded": [{"id": "store-var", "attributes": {"value": 1}}]}}"#, "interactions/loaded/0/attributes"),
        ("a required attribute missing in the canonical form", #"{"page": "p", "interactions": {"loaded": [{"id": "toast", "attributes": [{"name": "when", "value": true}]}]}}"#, "interactions/loaded/0/attributes"),
        ("a canonical literal of the wrong type", #"{"page": "p", "components": [{"id": "switch", "attributes": [{"name": "value", "mode": "literal", "value": [1]}]}]}"#, "components/0/attributes"),
        ("an event the component doesn't have", #"{"page": "p", "components": [{"id": "label", "interactions": {"onTap": []}}]}"#, "components/0/interactions"),
        ("an unknown page member", #"{"page": "p", "compnents": []}"#, ""),
        ("an unknown validation", #"{"page": "p", "components": [{"id": "text-field", "validations": [{"id": "requried"}]}]}"#, "components/0/validations/0/id"),
        ("no page id", #"{"components": []}"#, ""),
    ]

    @Test func brokenPagesFailTheSchema() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (index, page) in SchemaValidationTests.brokenPages.enumerated() {
            let file = folder.appendingPathComponent("broken-\(index).json").path
            try Data(page.json.utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        let result = try await SchemaValidationTests.validate(schema: PageSchema.make(for: .standard, libraries: .empty), files: files)
        #expect(result.status == 1)
        for (index, page) in SchemaValidationTests.brokenPages.enumerated() {
            let line = result.lines.first { $0.contains("/broken-\(index).json") } ?? ""
            #expect(line.hasPrefix("invalid ") && line.contains(".json: \(page.path): "), "\(page.name): \(line)")
        }
    }

    @Test func theAppsSchemaKnowsItsTypesAndTheStandardOneDoesNot() async throws {
        let page = #"{"page": "p", "components": [{"id": "rating", "attributes": {"value": {"expr": "$data.stars"}, "max": 10}}], "interactions": {"loaded": [{"id": "analytics", "attributes": {"event": "opened"}}]}}"#
        let misspelt = #"{"page": "p", "components": [{"id": "rating", "attributes": {"maximum": 10}}]}"#
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.json"), bad = folder.appendingPathComponent("bad.json")
        try Data(page.utf8).write(to: good)
        try Data(misspelt.utf8).write(to: bad)
        let app = try SchemaValidationTests.exampleApp()
        #expect(try await SchemaValidationTests.validate(schema: PageSchema.make(for: app.registry(), libraries: .empty), files: [good.path]).status == 0)
        #expect(try await SchemaValidationTests.validate(schema: PageSchema.make(for: app.registry(), libraries: .empty), files: [bad.path]).status == 1)
        #expect(try await SchemaValidationTests.validate(schema: PageSchema.make(for: .standard, libraries: .empty), files: [good.path]).status == 1)
    }

    @Test func brokenFlowsFailTheFlowSchema() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-flows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flows = [
            #"{"page": "p.json", "steps": [{"tapp": "save"}]}"#,
            #"{"page": "p.json", "steps": [], "stubs": {"POST api": {}}}"#,
            #"{"page": "p.json", "steps": [{"expect": {"dta.x": 1}}]}"#,
            #"{"page": "p.json", "steps": [], "stubs": {"action analytics": {"reslt": 1}}}"#,
        ]
        var files: [String] = []
        for (index, flow) in flows.enumerated() {
            let file = folder.appendingPathComponent("f\(index).flow.json").path
            try Data(flow.utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        let result = try await SchemaValidationTests.validate(schema: FlowSchema.make(), files: files)
        #expect(result.lines.count == flows.count)
        #expect(result.lines.allSatisfy { $0.hasPrefix("invalid ") }, "\(result.lines)")
    }
}
