import Testing
@testable import Formwork

// Opening finds a component's written attributes by searching the type's declaration for each
// one (`PageSession.writtenInTypeOrder`); the plain way searches the written ones for each
// declared attribute. Both must give the same attributes in the same (the type's) order.
// NB: @testable for the internal `writtenInTypeOrder`.

@Suite("Written attributes in the type's order")
@MainActor
struct WrittenAttributeOrderTests {
    static func plain(_ written: AttributeList, of type: ComponentType) -> [(Int, String)] {
        type.attributes.enumerated().compactMap { position, spec in written[spec.name].map { (position, $0.path) } }
    }

    @Test(arguments: [
        #"{"id": "number-field", "key": "n", "attributes": {"value": {"expr": "$data.n"}, "hidden": false, "title": "N", "nope": 1}}"#,
        #"{"id": "text-field", "key": "t", "attributes": [{"name": "enabled", "value": true}, {"name": "title", "value": "A"}, {"name": "title", "value": "B"}]}"#,
        #"{"id": "label", "attributes": {}}"#,
        #"{"id": "section", "attributes": {"hidden": {"expr": "$data.n > 1"}, "title": "S"}, "components": []}"#,
    ])
    func bothWaysAgree(_ component: String) throws {
        let page = #"{"page": "p", "data": {"n": 1}, "components": [\#(component)]}"#
        for registry in [Registry.standard, .standard(behavior: .v2)] {
            // NB: decode, not load: some of these have errors (an unknown attribute, one given twice).
            let document = try #require(PageDocument.decode(Array(page.utf8), registry: registry, libraries: .empty).document)
            let node = try #require(document.components.first)
            let type = try #require(registry.components[node.typeID])
            let fast = PageSession.writtenInTypeOrder(node.attributes, of: type).map { ($0.position, node.attributes.items[$0.item].path) }
            #expect(fast.map(\.0) == Self.plain(node.attributes, of: type).map(\.0))
            #expect(fast.map(\.1) == Self.plain(node.attributes, of: type).map(\.1))
        }
    }
}
