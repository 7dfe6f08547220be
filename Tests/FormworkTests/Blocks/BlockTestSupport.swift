import Foundation
import Testing
import Formwork
import FormworkTesting

/// Helpers shared by the block tests: what `formwork check` prints for a page (decoding, then
/// checking), libraries read from inline JSON, and pages opened in a harness.
enum BlockFixtures {
    /// What `formwork check` prints for a page: the decoder's diagnostics, then the checker's.
    static func printed(_ json: String, libraries: [BlockLibrary] = [], limits: PageLimits = .standard, file: String = "p.json") -> [String] {
        let (document, decoded) = PageDocument.decode(json: json, registry: .standard, libraries: BlockCatalog(libraries), file: file, limits: limits)
        return (decoded + (document?.check(registry: .standard, limits: limits) ?? [])).map(\.rendered)
    }

    /// A library read from inline JSON, failing the test with what is wrong in how it is written.
    static func library(_ json: String, file: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> BlockLibrary {
        let (library, problems) = BlockLibrary.decode(Array(json.utf8), file: file)
        #expect(problems.map(\.rendered) == [], sourceLocation: sourceLocation)
        return try #require(library, sourceLocation: sourceLocation)
    }

    /// A page decoded with `libraries`, failing the test with every error if it has any.
    static func load(_ json: String, libraries: [BlockLibrary] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> PageDocument {
        do {
            return try PageDocument.load(Array(json.utf8), registry: .standard, libraries: BlockCatalog(libraries), file: "p.json")
        } catch {
            Issue.record("the test page doesn't decode:\n\(error)", sourceLocation: sourceLocation)
            throw error
        }
    }

    /// A harness with the page open (decoded with `libraries`).
    @MainActor
    static func open(_ json: String, libraries: [BlockLibrary] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> PageHarness {
        let page = PageHarness(registry: .standard)
        try await page.open(try load(json, libraries: libraries, sourceLocation: sourceLocation))
        return page
    }

    /// A fresh empty folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blocks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// The components of the current page with `key`, in page order (one per list row).
@MainActor
func components(_ page: PageHarness, _ key: String) throws -> [PageComponent] {
    try page.current.allComponents.filter { $0.key == key }
}
