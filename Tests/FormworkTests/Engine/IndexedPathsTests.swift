import Testing
@testable import Formwork

// Decoding writes each component's path with `IndexedPaths` (the parent's path written once,
// each element's digits after it in one buffer); the plain way is `PageDecoder.join(path, index)`
// per element. Both must give the same text for every path and index.
// NB: @testable for the internal `IndexedPaths` and `PageDecoder.join`.

@Suite("Indexed paths")
struct IndexedPathsTests {
    @Test(arguments: ["", "components", "components[3].components", "components[0].attributes.tabs.components", "écran[2].composants"])
    func sameAsJoining(_ path: String) {
        var paths = IndexedPaths(path)
        // NB: out of order and repeated on purpose: each call starts again from the array's path.
        for index in [0, 1, 9, 10, 11, 99, 100, 101, 7, 999, 1_000, 12_345, 0, 1_000_000, 9_999_999_999] {
            #expect(paths.path(index) == PageDecoder.join(path, index), "\(path) at \(index)")
        }
    }

    /// A decoded page's components carry those paths, nested lists included.
    @Test func decodedComponentsHaveTheirPaths() throws {
        let children = (0..<12).map { #"{"id": "label", "attributes": {"text": "L\#($0)"}}"# }.joined(separator: ",")
        let page = #"{"page": "p", "components": [{"id": "label", "attributes": {"text": "a"}}, {"id": "section", "components": [\#(children)]}]}"#
        let document = try PageDocument.load(Array(page.utf8), registry: .standard, libraries: .empty)
        #expect(document.components.map(\.path) == ["components[0]", "components[1]"])
        #expect(document.components[1].children.map(\.path) == (0..<12).map { "components[1].components[\($0)]" })
    }
}
