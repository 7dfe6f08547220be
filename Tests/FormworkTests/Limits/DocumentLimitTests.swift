import Foundation
import Testing
import Formwork

/// A page file is bounded in size (`documentBytes`) and nesting (`valueDepth`), and reading a
/// deep one stays linear: positions are kept per node, not per JSON path.
@Suite("Limits: documents")
struct DocumentLimitTests {
    /// `{"page": "zeros", "data": {"z": [[[…0,0,0…]]]}}`, `zeros` zeros nested `depth` deep.
    static func zeros(_ zeros: Int, depth: Int) -> String {
        #"{"page": "zeros", "data": {"z": "# + String(repeating: "[", count: depth)
            + Array(repeating: "0", count: zeros).joined(separator: ",") + String(repeating: "]", count: depth) + "}}"
    }

    @Test("zeros nested 241 deep decode, and every node still has its position")
    func deepZeros() throws {
        let text = DocumentLimitTests.zeros(50_000, depth: 241)
        let document = try JSONReader.parseDocument(bytes: Array(text.utf8))
        let innermost = try #require(text.range(of: "[0,")).lowerBound
        let column = text.distance(from: text.startIndex, to: innermost) + 1
        let path = "data.z" + String(repeating: "[0]", count: 240)
        #expect(document.location(of: path)?.column == column)
        #expect(document.location(of: path + "[0]")?.column == column + 1)
        #expect(document.location(of: path + "[5]")?.column == column + 11)
        #expect(document.location(of: path + "[49999]")?.column == column + 1 + 2 * 49_999)
        #expect(document.location(of: path + "[50000]") == nil)
        let (page, diagnostics) = PageDocument.decode(Array(text.utf8), registry: .standard, libraries: .empty)
        #expect(page != nil && diagnostics.isEmpty)
    }

    @Test("positions resolve through objects and arrays, siblings included")
    func positions() throws {
        let text = """
            {"components": [
              {"id": "label", "attributes": {"text": "a"}},
              {"id": "label", "attributes": {"text": {"expr": "lenn(1)"}}}
            ], "a.b": {"c": 1}}
            """
        let document = try JSONReader.parseDocument(bytes: Array(text.utf8))
        #expect(document.location(of: "components[1].attributes.text.expr").map { [$0.line, $0.column] } == [3, 51])
        #expect(document.location(of: "components[0].id").map { [$0.line, $0.column] } == [2, 10])
        #expect(document.location(of: "a.b.c").map { [$0.line, $0.column] } == [4, 17])
        #expect(document.location(of: "components[2]") == nil)
        #expect(document.location(of: "components.x") == nil)
        #expect(document.location(of: "")?.line == 1)
    }

    @Test("a page larger than documentBytes is refused before it is read")
    func documentBytes() {
        let limits = LimitFixtures.limits { $0.documentBytes = 1_000 }
        let (document, diagnostics) = PageDocument.decode(Array(DocumentLimitTests.zeros(1_000, depth: 1).utf8), registry: .standard, libraries: .empty, file: "big.json", limits: limits)
        #expect(document == nil)
        #expect(diagnostics.map(\.rendered) == ["big.json: error: the page is 2,035 bytes long; pages may be at most 1,000 bytes (the documentBytes limit)"])
    }

    @Test("a page nested deeper than valueDepth is refused with its position")
    func valueDepth() {
        let limits = LimitFixtures.limits { $0.valueDepth = 10 }
        let (_, diagnostics) = PageDocument.decode(Array(DocumentLimitTests.zeros(3, depth: 9).utf8), registry: .standard, libraries: .empty, limits: limits)
        #expect(diagnostics.first?.message == "the file is not valid JSON: objects and arrays are nested more than 10 deep")
        #expect(PageDocument.decode(Array(DocumentLimitTests.zeros(3, depth: 8).utf8), registry: .standard, libraries: .empty, limits: limits).diagnostics.isEmpty)
    }
}
