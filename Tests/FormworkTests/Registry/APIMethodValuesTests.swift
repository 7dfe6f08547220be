import Foundation
import Testing
import Formwork

/// `api`'s `method` declares its values, so an editor offers a menu of the five a form sends, in
/// capitals; `check` still names every method when one is wrong, and takes any of them in any
/// case, and so does the schema, so a page written `"post"` still loads and checks clean.
@Suite("api method values")
struct APIMethodValuesTests {
    @Test func theMethodDeclaresItsValues() throws {
        let values = try #require(Registry.standard.actions["api"]?.attribute("method")?.values)
        // The editor's menu: the five a form sends, in capitals only (the page may write any case).
        #expect(values == ["GET", "POST", "PUT", "PATCH", "DELETE"])
        let described = RegistryDescription.standard.registry().actions["api"]?.attribute("method")?.values
        #expect(described == values)
    }

    @Test(arguments: [
        (#""POST""#, [String]()),
        (#""delete""#, []),
        (#""Patch""#, []),
        (#""post""#, []),
        (#""HEAD""#, []),
        (#""options""#, []),
        (#""FETCH""#, ["interactions.go[0].attributes.method: error: the attribute 'method' of the action 'api': 'FETCH' is not an HTTP method; use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"]),
        (#"{"expr": "'PUT'"}"#, []),
    ])
    func checkTakesTheListedMethodsOnly(method: String, printed: [String]) throws {
        let json = #"{"page": "p", "components": [], "interactions": {"go": [{"id": "api", "attributes": {"url": "/x", "method": \#(method)}}]}}"#
        let (document, decoded) = PageDocument.decode(json: json, registry: .standard, libraries: .empty)
        #expect(decoded.map(\.rendered) == [])
        #expect(try #require(document).check(registry: .standard).map(\.rendered) == printed)
    }

    @Test func theSchemaTakesEveryMethodInAnyCase() {
        let text = PageSchema.make(for: .standard, libraries: .empty).prettyJSONText
        #expect(!text.contains(#""OPTIONS""#), "the schema lists method values; a page writing \"post\" or \"HEAD\" would fail it")
    }
}
