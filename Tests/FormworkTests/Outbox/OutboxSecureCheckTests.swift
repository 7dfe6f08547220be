import Foundation
import Testing
import Formwork
import FormworkTesting

/// `check`'s rule `outbox-secure`: an `api` that may be queued (`"offline": "queue"`) and whose
/// url, headers or body reads a `secure` field's value. Each case is a page and the lines `check`
/// prints for it; level 1's `check` says nothing.
@MainActor
@Suite("check: outbox-secure")
struct OutboxSecureCheckTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let action: String
        let expected: [String]
        var description: String { name }
    }

    nonisolated static func page(_ api: String) -> String {
        """
        { "page": "p", "data": { "pin": "", "dish": "tofu", "cards": [ { "cvv": "" } ] }, "components": [
          { "id": "text-field", "key": "pin", "attributes": { "title": "PIN", "value": { "expr": "$data.pin" }, "secure": true } },
          { "id": "list", "key": "cards", "attributes": { "items": { "expr": "$data.cards" } }, "components": [
            { "id": "text-field", "key": "cvv", "attributes": { "title": "CVV", "value": { "expr": "$item.cvv" }, "secure": true } } ] },
          { "id": "button", "key": "place", "attributes": { "title": "Place" }, "interactions": { "onTap": [ \(api) ] } } ] }
        """
    }

    nonisolated static func warning(_ attribute: String, _ path: String) -> String {
        "p.json: components[2].interactions.onTap[0].attributes.\(attribute): warning: this request reads \(path), the value of a secure field, and may be kept in the outbox (\"offline\": \"queue\"): when it is, it is refused (kind \"outbox\") unless the app's outbox storage encrypts (OutboxStorage.encrypts is true); leave the secret out of the request, or drop \"offline\": \"queue\" [outbox-secure]"
    }

    nonisolated static let cases: [Case] = [
        Case(name: "body reads the secure field",
             action: #"{ "id": "api", "attributes": { "method": "POST", "url": "/api/pay", "body": { "expr": "{pin: $data.pin}" }, "offline": "queue" } }"#,
             expected: [warning("body.expr", "$data.pin")]),
        Case(name: "body is all of $data",
             action: #"{ "id": "api", "attributes": { "method": "POST", "url": "/api/pay", "body": { "expr": "$data" }, "offline": "queue" } }"#,
             expected: [warning("body.expr", "$data.pin")]),
        Case(name: "a header reads it",
             action: #"{ "id": "api", "attributes": { "method": "POST", "url": "/api/pay", "headers": { "expr": "{'X-Pin': $data.pin}" }, "offline": "queue" } }"#,
             expected: [warning("headers.expr", "$data.pin")]),
        Case(name: "the url reads it",
             action: #"{ "id": "api", "attributes": { "method": "POST", "url": { "template": "/api/pay?pin=${$data.pin}" }, "offline": "queue" } }"#,
             expected: [warning("url.template", "$data.pin")]),
        Case(name: "a row's secure field",
             action: #"{ "id": "api", "attributes": { "method": "POST", "url": "/api/pay", "body": { "expr": "$data.cards[0]" }, "offline": "queue" } }"#,
             expected: [warning("body.expr", "$data.cards[*].cvv")]),
        Case(name: "no secret in the request",
             action: #"{ "id": "api", "attributes": { "method": "POST", "url": "/api/orders", "body": { "expr": "{dish: $data.dish}" }, "offline": "queue" } }"#,
             expected: []),
        Case(name: "not queued",
             action: #"{ "id": "api", "attributes": { "method": "POST", "url": "/api/pay", "body": { "expr": "{pin: $data.pin}" } } }"#,
             expected: []),
        Case(name: "offline: fail",
             action: #"{ "id": "api", "attributes": { "method": "POST", "url": "/api/pay", "body": { "expr": "{pin: $data.pin}" }, "offline": "fail" } }"#,
             expected: []),
    ]

    static func lines(_ json: String, registry: Registry) -> [String] {
        let (document, problems) = PageDocument.decode(json: json, registry: registry, libraries: .empty, file: "p.json")
        return (problems + (document?.check(registry: registry, knownPages: nil) ?? [])).map(\.rendered).filter { $0.contains("[outbox-secure]") }
    }

    @Test(arguments: cases)
    func rule(_ test: Case) {
        #expect(Self.lines(Self.page(test.action), registry: .standard(behavior: .v2)) == test.expected)
        #expect(Self.lines(Self.page(test.action), registry: .standard).isEmpty, "level 1's check is unchanged")
    }

    @Test(arguments: [("headers", #""headers": { "expr": "{'X-Pin': $data.pin}" }"#), ("URL", #""url": { "template": "/api/pay?pin=${$data.pin}" }"#)])
    func theRunTimeRefusesASecretInTheURLOrHeadersToo(_ part: String, _ attribute: String) async throws {
        let url = part == "URL" ? "" : #""url": "/api/pay", "#
        let api = #"{ "id": "api", "attributes": { "method": "POST", \#(url)\#(attribute), "offline": "queue" } }"#
        let harness = PageHarness(registry: .standard(behavior: .v2))
        defer { harness.close() }
        try await harness.open(json: Self.page(api))
        try await harness.set("pin", "4321")
        harness.goOffline()
        _ = try await harness.tap("place")
        #expect(try harness.read("outcome.error.kind") == "outbox")
        #expect(try harness.read("outcome").jsonText.contains("its \(part) holds the value of a secure field"))
        #expect(harness.outbox["count"] == 0, "nothing written")
    }
}
