import Foundation
import Testing
import Formwork

// How an app hosts pages with blocks, using only the public API: decode a page with its
// libraries, open it, find the block's components by scoped key, and see which block a group
// stands for.

@Suite("Blocks: hosting pages that use blocks")
@MainActor
struct BlockHostAPITests {
    static let kit = #"""
    {"library": "shop-kit", "version": 2,
     "blocks": {"money-row": {
       "attributes": {"title": {"type": "string", "required": true}, "amount": {"type": "number", "default": 0}},
       "data": {"open": false},
       "components": [{"id": "label", "key": "amount", "attributes": {"text": {"template": "${$attr.title}: ${fixed($attr.amount, 2)}"}}}]}}}
    """#

    static let page = #"""
    {"page": "tip", "libraries": {"shop-kit": 2},
     "data": {"tip": 1},
     "components": [
       {"id": "number-field", "key": "tip", "attributes": {"value": {"expr": "$data.tip"}}},
       {"id": "money-row", "key": "shown", "attributes": {"title": "Tip", "amount": {"expr": "$data.tip"}}}]}
    """#

    private func open() throws -> PageSession {
        let (library, problems) = BlockLibrary.decode(Array(Self.kit.utf8), file: "lib/shop-kit.json")
        #expect(problems.isEmpty)
        let kit = try #require(library)
        #expect(kit.check(registry: .standard, libraries: BlockCatalog([kit])).isEmpty)
        let catalog = BlockCatalog([kit])
        let (document, diagnostics) = PageDocument.decode(Array(Self.page.utf8), registry: .standard, libraries: catalog, file: "tip.json")
        #expect(diagnostics.isEmpty)
        #expect(try #require(document).libraries.map(\.id) == ["shop-kit"])
        return try PageEngine(registry: .standard).open(try #require(document))
    }

    @Test func aHostFindsTheBlocksComponentsByScopedKey() async throws {
        let session = try open()
        defer { session.close() }
        let label = try #require(session.component("shown.amount"))
        #expect(label.type.id == "label")
        #expect(label.attributes["text"] == "Tip: 1.00")

        let group = try #require(session.component("shown"))
        #expect(group.type.id == "group")
        #expect(group.node.block?.blockID == "money-row")
        #expect(group.node.block?.library == "shop-kit")
        #expect(group.node.block?.instance == "shown")
        #expect(group.node.block?.initialState == ["open": false])
        #expect(group.blockState == ["open": false])
        #expect(session.component("tip")?.node.block == nil)

        // The host edits the page's input; the block follows.
        let field = try #require(session.component("tip"))
        let changes = label.observe { _ in }
        _ = changes
        try await session.edit(field, to: 2.5)
        #expect(label.attributes["text"] == "Tip: 2.50")
    }

    /// `$state` belongs to a block's instance: a host writing it from outside gets an error, not
    /// a crash, and the state is unchanged.
    @Test func writingStateFromOutsideABlockIsRefused() throws {
        let session = try open()
        defer { session.close() }
        let path = try #require(StorePath(#"$state["shown"].open"#))
        #expect(throws: (any Error).self) { try session.set(true, at: path) }
        #expect(throws: (any Error).self) { try session.set(true, at: try #require(StorePath(#"$state["x"].y"#))) }
        #expect(throws: (any Error).self) { try session.set(["open": true], at: try #require(StorePath("$state"))) }
        #expect(session.component("shown")?.blockState == ["open": false])
    }

    /// A page naming a library the catalog doesn't have doesn't load.
    @Test func aPageWithoutItsLibraryDoesNotLoad() {
        #expect(throws: PageError.self) { try PageDocument.load(Array(Self.page.utf8), registry: .standard, libraries: .empty, file: "tip.json") }
    }
}
