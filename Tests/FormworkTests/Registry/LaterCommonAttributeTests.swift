import Testing
@testable import Formwork

// A common attribute a later behaviour level brings (`accessibility`, level 2) is no attribute
// below it: not in a type's attributes, a live component's, the schema or the registry's
// description. And a live component stores only what the page gave it: every other attribute
// reads as its default, computed on read.
// NB: @testable for `PageAttributes.storedCount`.

@Suite("Common attributes of a later level")
@MainActor
struct LaterCommonAttributeTests {
    static let page = #"{"page": "p", "components": [{"id": "label", "key": "l", "attributes": {"text": "Hi"}}, {"id": "text-field", "key": "t", "attributes": {"title": "Name"}}]}"#

    @Test func levelOneHasNoAccessibilityAttribute() throws {
        let one = Registry.standard
        for type in one.components.all {
            #expect(type.attribute("accessibility") == nil, "\(type.id)")
            #expect(!RegistryCoding.value(of: type).jsonText.contains("\"accessibility\""), "\(type.id)")
        }
        #expect(!one.descriptionText.contains("\"accessibility\""))
        #expect(!PageSchema.make(for: one, libraries: .empty).jsonText.contains("\"accessibility\""))
        let session = try PageEngine(registry: one).open(try PageDocument.load(Array(Self.page.utf8), registry: one, libraries: .empty))
        let label = try #require(session.component("l"))
        #expect(label.attributes["accessibility"] == nil)
        #expect(!label.attributes.names.contains("accessibility"))
    }

    @Test func levelTwoHasIt() throws {
        let two = Registry.standard(behavior: .v2)
        for type in two.components.all { #expect(type.attribute("accessibility") != nil, "\(type.id)") }
        #expect(PageSchema.make(for: two, libraries: .empty).jsonText.contains("\"accessibility\""))
        let session = try PageEngine(registry: two).open(try PageDocument.load(Array(Self.page.utf8), registry: two, libraries: .empty))
        #expect(session.component("l")?.attributes.names.contains("accessibility") == true)
        #expect(session.component("l")?.attributes["accessibility"] == .null)
    }

    /// An app's type registered at level 1 loses the engine's `accessibility`, keeps its own.
    @Test func anAppsTypeAtLevelOne() {
        var registry = Registry.standard
        registry.register(ComponentType("card", attributes: [AttributeSpec("title", .string)]))
        registry.register(ComponentType("panel", attributes: [AttributeSpec("accessibility", .string)]), replacing: ["accessibility"])
        #expect(registry.components["card"]?.attribute("accessibility") == nil)
        #expect(registry.components["card"]?.attribute("hidden") != nil)
        #expect(registry.components["panel"]?.attribute("accessibility")?.type == .string)
        var two = Registry.standard(behavior: .v2)
        two.register(ComponentType("card", attributes: [AttributeSpec("title", .string)]))
        #expect(two.components["card"]?.attribute("accessibility")?.type == .object)
    }

    /// Only what the page gave is stored; a default is read from the declaration.
    @Test func aComponentStoresOnlyWhatThePageGave() throws {
        for registry in [Registry.standard, .standard(behavior: .v2)] {
            let session = try PageEngine(registry: registry).open(try PageDocument.load(Array(Self.page.utf8), registry: registry, libraries: .empty))
            let field = try #require(session.component("t"))
            #expect(field.attributes.storedCount == 1)
            #expect(field.attributes["title"] == "Name")
            #expect(field.attributes["hidden"] == false)
            #expect(field.attributes["enabled"] == true)
            #expect(field.attributes["validateOn"] == "submit")
            #expect(field.attributes.count == field.type.attributes.count)
            #expect(Array(field.attributes.map(\.1)) == field.type.attributes.map { $0.name == "title" ? "Name" : $0.defaultValue })
        }
    }
}
