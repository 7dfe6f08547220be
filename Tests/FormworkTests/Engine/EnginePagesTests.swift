import Foundation
import Testing
import Formwork

/// Reading and checking pages with what the app's engine has — its registry and the block
/// libraries of its page source — as an app's own check tool or test does (issue 28: a tool built
/// on `PageSet` with the defaults called a library's block an unknown component).
@Suite @MainActor struct EnginePagesTests {
    static let library = """
        {
          "library": "delivery-kit",
          "version": 1,
          "blocks": {
            "delivery-card": {
              "attributes": { "address": { "type": "string", "default": "" } },
              "components": [ { "id": "label", "key": "line", "attributes": { "text": { "expr": "$attr.address" } } } ]
            }
          }
        }
        """
    static let page = """
        {
          "page": "order",
          "libraries": { "delivery-kit": 1 },
          "components": [
            { "id": "delivery-card", "key": "delivery", "attributes": { "address": "1 Main St" } },
            { "id": "price-tag", "key": "price", "attributes": { "amount": 12.5 } }
          ]
        }
        """

    /// The app's registry: the built-ins and the app's own `price-tag`.
    static var appRegistry: Registry {
        var registry = Registry.standard
        registry.register(ComponentType("price-tag", attributes: [AttributeSpec("amount", .number)]))
        return registry
    }

    /// An engine with the app's registry whose pages folder holds the library in `lib/`.
    static func engine(in temp: TemporaryFolder) throws -> PageEngine {
        let lib = try temp.folder("lib")
        try Data(library.utf8).write(to: lib.appendingPathComponent("delivery-kit.json"))
        return PageEngine(registry: appRegistry, host: PageHost(), pages: DirectoryPageSource(directory: temp.url))
    }

    @Test func aPageSetFromTheEngineKnowsTheAppsTypesAndItsLibrariesBlocks() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let engine = try Self.engine(in: temp)

        let set = engine.pageSet(files: [("order.json", Array(Self.page.utf8))])

        #expect(set.diagnostics.map(\.rendered) == [])
        #expect(set.pages.first?.document?.libraries.map(\.id) == ["delivery-kit"])
    }

    @Test func withoutTheLibraryTheUnknownBlockSaysToLoadItNotToRegisterIt() throws {
        let set = PageSet(files: [("order.json", Array(Self.page.utf8))], registry: Self.appRegistry, libraries: .empty)

        let messages = set.errors.map(\.rendered)
        #expect(messages.contains("order.json: components[0].id: error: unknown component 'delivery-card'; it may be a block of the library 'delivery-kit', which isn't loaded: load it (its file beside the pages or in lib/; in Swift, engine.pageSet(files:) and engine.load(_:file:) read the engine's libraries)"), "\(messages)")
        #expect(!messages.contains { $0.contains("register it") }, "\(messages)")
    }

    @Test func loadDecodeAndCheckUseTheEnginesRegistryAndLibraries() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let engine = try Self.engine(in: temp)

        let document = try engine.load(Array(Self.page.utf8), file: "order.json")
        #expect(engine.check(document).map(\.rendered) == [])
        #expect(engine.decode(json: Self.page).diagnostics.map(\.rendered) == [])
        #expect(engine.libraries["delivery-kit"]?.version == 1)
        let session = try engine.open(document)
        #expect(session.component("delivery.line")?.attributes["text"] == "1 Main St")

        // The built-ins alone, stated: the app's component is unknown, and said to be.
        let builtIns = try #require(PageDocument.decode(Array(Self.page.utf8), registry: .standard, libraries: engine.libraries, file: "order.json").document)
        #expect(builtIns.check(registry: .standard).map(\.message).contains { $0.hasPrefix("unknown component 'price-tag'") })
    }
}
