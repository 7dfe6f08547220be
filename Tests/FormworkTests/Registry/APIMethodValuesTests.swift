import Foundation
import Testing
import Formwork

/// `api`'s `method` declares its values, so an editor offers a menu; `check` still names every
/// method when one is wrong, and takes them in capitals or small letters.
@Suite("api method values")
struct APIMethodValuesTests {
    @Test func theMethodDeclaresItsValues() throws {
        let values = try #require(Registry.standard.actions["api"]?.attribute("method")?.values)
        #expect(Array(values.prefix(7)) == ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
        #expect(values.contains("post"))
        let described = RegistryDescription.standard.registry().actions["api"]?.attribute("method")?.values
        #expect(described == values)
    }

    @Test(arguments: [
        (#""POST""#, [String]()),
        (#""delete""#, []),
        (#""Patch""#, []),
        (#""FETCH""#, ["interactions.go[0].attributes.method: error: the attribute 'method' of the action 'api': 'FETCH' is not an HTTP method; use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"]),
        (#"{"expr": "'PUT'"}"#, []),
    ])
    func checkTakesTheListedMethodsOnly(method: String, printed: [String]) throws {
        let json = #"{"page": "p", "components": [], "interactions": {"go": [{"id": "api", "attributes": {"url": "/x", "method": \#(method)}}]}}"#
        let (document, decoded) = PageDocument.decode(json: json, registry: .standard, libraries: .empty)
        #expect(decoded.map(\.rendered) == [])
        #expect(try #require(document).check(registry: .standard).map(\.rendered) == printed)
    }
}
