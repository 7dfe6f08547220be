import Foundation
import Testing
import Formwork

/// `check` warns about a `$data` path nothing provides, underlines it and suggests a near one;
/// paths the page's data holds or something writes are never reported.
@Suite("check: $data paths nothing provides")
struct UnknownDataPathTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let json: String
        /// Every diagnostic `check` gives, as printed.
        let printed: [String]
        var testDescription: String { name }
    }

    static func label(_ expression: String) -> String {
        #"{"id": "label", "attributes": {"text": {"expr": "\#(expression)"}}}"#
    }

    static let cases: [Case] = [
        Case(name: "a misspelt member of data", json: #"{"page": "p", "data": {"price": 1}, "components": [\#(label("$data.pirce * 2"))]}"#, printed: [
            """
            components[0].attributes.text.expr: warning: $data.pirce is not in the page's data and nothing writes it; did you mean $data.price? (column 1 of the expression)
              $data.pirce * 2
              ^~~~~~~~~~~
            """]),
        Case(name: "nothing near", json: #"{"page": "p", "data": {"price": 1}, "components": [\#(label("1 + $data.shipping"))]}"#, printed: [
            """
            components[0].attributes.text.expr: warning: $data.shipping is not in the page's data and nothing writes it; give it an initial value under "data", or write it with store-var or an input (column 5 of the expression)
              1 + $data.shipping
                  ^~~~~~~~~~~~~~
            """]),
        Case(name: "a misspelt member of a fixed object", json: #"{"page": "p", "data": {"address": {"city": ""}}, "components": [\#(label("$data.address.cty.length"))]}"#, printed: [
            """
            components[0].attributes.text.expr: warning: $data.address.cty is not in the page's data and nothing writes it; did you mean $data.address.city? (column 1 of the expression)
              $data.address.cty.length
              ^~~~~~~~~~~~~~~~~
            """]),
        Case(name: "a template, and a name a store-var writes", json: #"""
            {"page": "p", "components": [{"id": "label", "attributes": {"text": {"template": "Saved: ${$data.savd}"}}}],
             "interactions": {"go": [{"id": "store-var", "attributes": {"key": "$data.saved.at", "value": 1}}]}}
            """#, printed: [
            """
            components[0].attributes.text.template: warning: $data.savd is not in the page's data and nothing writes it; did you mean $data.saved? (column 10 of the expression)
              Saved: ${$data.savd}
                       ^~~~~~~~~~
            """]),
        Case(name: "a computed value and a watcher read it too", json: #"""
            {"page": "p", "data": {"qty": 1}, "computed": {"twice": {"expr": "$data.qyt * 2"}},
             "watchers": [{"on": "$data.qyt", "actions": [{"id": "toast", "attributes": {"message": {"template": "${$data.qty}"}}}]}]}
            """#, printed: [
            """
            computed.twice.expr: warning: $data.qyt is not in the page's data and nothing writes it; did you mean $data.qty? (column 1 of the expression)
              $data.qyt * 2
              ^~~~~~~~~
            """,
            """
            watchers[0].on: warning: $data.qyt is not in the page's data and nothing writes it; did you mean $data.qty? (column 1 of the expression)
              $data.qyt
              ^~~~~~~~~
            """]),
        Case(name: "data, a store-var, an input and $data itself provide", json: #"""
            {"page": "p", "data": {"price": 1, "address": {"city": ""}},
             "components": [
               {"id": "text-field", "attributes": {"value": {"expr": "$data.note"}}},
               {"id": "label", "attributes": {"text": {"expr": "$data.price + $data.saved.at + len($data.note) + len($data.address.city) + len(keys($data))"}}}],
             "interactions": {"go": [{"id": "store-var", "attributes": {"key": "$data.saved"}}]}}
            """#, printed: []),
        Case(name: "below a written object nothing is known", json: #"""
            {"page": "p", "data": {"address": {"city": ""}},
             "components": [{"id": "text-field", "attributes": {"value": {"expr": "$data.address.zip"}}}, \#(label("$data.address.cty"))]}
            """#, printed: []),
        Case(name: "below null, an array, a scalar or an empty object nothing is known", json: #"""
            {"page": "p", "data": {"a": null, "b": [], "c": "", "d": {}, "e": [{"x": 1}]},
             "components": [\#(label("[$data.a.x, $data.b.x, $data.c.x, $data.d.x, $data.e[0].y]"))]}
            """#, printed: []),
        Case(name: "list rows, $computed and $global are not $data", json: #"""
            {"page": "p", "data": {"lines": []}, "computed": {"n": {"expr": "len($data.lines)"}},
             "components": [{"id": "list", "attributes": {"items": {"expr": "$data.lines"}},
               "components": [{"id": "text-field", "attributes": {"value": {"expr": "$item.name"}, "title": {"template": "${$index} ${$computed.n} ${$global.user}"}}}]}]}
            """#, printed: []),
        Case(name: "a store-var key computed when it runs could write anything", json: #"""
            {"page": "p", "components": [\#(label("$data.anything"))],
             "interactions": {"go": [{"id": "store-var", "attributes": {"key": {"template": "$data.${$event.name}"}, "value": 1}}]}}
            """#, printed: []),
        Case(name: "writing the whole of $data could write anything", json: #"""
            {"page": "p", "components": [\#(label("$data.anything"))],
             "interactions": {"go": [{"id": "store-var", "attributes": {"key": "$data", "value": {}}}]}}
            """#, printed: []),
        Case(name: "a block's components are left alone", json: #"""
            {"page": "p", "data": {"name": "Ada"},
             "blocks": {"hello": {"attributes": {"who": {"type": "string"}}, "components": [{"id": "label", "attributes": {"text": {"template": "Hi ${$attr.who}"}}}]}},
             "components": [{"id": "hello", "key": "h", "attributes": {"who": {"expr": "$data.name"}}}]}
            """#, printed: []),
    ]

    @Test(arguments: cases)
    func checkPrints(_ test: Case) throws {
        let (document, decoded) = PageDocument.decode(json: test.json, registry: .standard, libraries: .empty)
        #expect(decoded.map(\.rendered) == [])
        let document_ = try #require(document)
        #expect(document_.check(registry: .standard).map(\.rendered) == test.printed)
    }

    @Test func theWarningCarriesItsRangeInUTF16() throws {
        let (document, _) = PageDocument.decode(json: #"{"page": "p", "data": {"price": 1}, "components": [\#(Self.label("'é😀' + $data.pirce"))]}"#, registry: .standard, libraries: .empty)
        let warning = try #require(document?.check(registry: .standard).first)
        #expect(warning.severity == .warning)
        #expect(warning.code == "unknown-path")
        #expect(warning.expressionError?.kind == .unknownPath)
        let expression = warning.jsonValue["expression"]
        #expect(expression == .object(PageObject([
            ("source", "'é😀' + $data.pirce"), ("line", 1), ("column", 8), ("kind", "unknownPath"), ("start", 8), ("end", 19),
        ])))
    }
}
