import Foundation
import Testing
import Formwork
import FormworkTesting

/// A use is a group keyed by the instance; its components' keys get the instance in front, for
/// `validate`, `show-errors` and hosts; the use's `hidden` and `enabled` apply to the whole
/// block (2.15).
@Suite("Blocks: keys, hidden, validation and the server's messages")
@MainActor
struct BlockKeyTests {
    static let form = #"""
    {"page": "p",
     "data": {"shipping": {"street": "", "city": ""}, "billing": {"street": "", "city": ""}, "hide": false, "locked": false},
     "blocks": {"address": {
       "attributes": {"value": {"type": "object", "twoWay": true, "required": true}},
       "components": [
         {"id": "text-field", "key": "street", "attributes": {"value": {"expr": "$attr.value.street"}}, "validations": [{"id": "required"}]},
         {"id": "text-field", "key": "city", "attributes": {"value": {"expr": "$attr.value.city"}}, "validations": [{"id": "required"}]},
         {"id": "button", "key": "check", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["street"]}}]}}]}},
     "components": [
       {"id": "address", "key": "shipping", "attributes": {"value": {"expr": "$data.shipping"}, "hidden": {"expr": "$data.hide"}, "enabled": {"expr": "!$data.locked"}}},
       {"id": "address", "key": "billing", "attributes": {"value": {"expr": "$data.billing"}}},
       {"id": "button", "key": "save", "interactions": {"onTap": [
         {"id": "api", "attributes": {"method": "POST", "url": "/api/order"},
          "onError": [{"id": "show-errors", "attributes": {"when": {"expr": "$error.status == 422"}}}]}]}}
     ]}
    """#

    @Test func theUseIsAGroupKeyedByTheInstance() async throws {
        let page = try await BlockFixtures.open(Self.form)
        defer { page.close() }
        let group = try page.component("shipping")
        #expect(group.type.id == "group")
        #expect(group.children.map(\.key) == ["shipping.street", "shipping.city", "shipping.check"])
        #expect(group.node.block?.blockID == "address")
        #expect(group.node.block?.instance == "shipping")
    }

    @Test func hiddenOnTheUseHidesTheWholeBlock() async throws {
        let page = try await BlockFixtures.open(Self.form)
        defer { page.close() }
        try page.expect("component.shipping.street.hidden", false)
        try page.current.set(true, at: try #require(StorePath("$data.hide")))
        for key in ["shipping", "shipping.street", "shipping.city", "shipping.check"] {
            #expect(try page.component(key).isHidden, "\(key)")
        }
        #expect(try !page.component("billing.street").isHidden)
        await #expect(throws: PageHarnessError.self) { try await page.set("shipping.street", "x") }
    }

    @Test func enabledOnTheUseDisablesTheWholeBlock() async throws {
        let page = try await BlockFixtures.open(Self.form)
        defer { page.close() }
        try page.current.set(true, at: try #require(StorePath("$data.locked")))
        #expect(try !page.component("shipping.city").isEnabled)
        #expect(try page.component("billing.city").isEnabled)
    }

    /// `validate`'s keys inside a block name the block's own components: this instance's street,
    /// not its city, and not the other instance's street.
    @Test func validateKeysInsideABlockNameItsOwnComponents() async throws {
        let page = try await BlockFixtures.open(Self.form)
        defer { page.close() }
        let outcome = try await page.tap("billing.check")
        try page.expect("errors", ["billing.street": "This field is required"])
        if case .failed(let error, _)? = outcome {
            #expect(error["kind"] == "validation")
        } else {
            Issue.record("validate should fail the chain, got \(String(describing: outcome))")
        }
    }

    /// A server's message for `shipping.street` lands under that field.
    @Test func theServersMessagesLandOnTheBlocksFields() async throws {
        let page = PageHarness(registry: .standard)
        defer { page.close() }
        page.stub.on("POST", "/api/order", .json(422, ["errors": ["shipping.street": "Unknown street", "billing.city": "Where?"]]))
        try await page.open(try BlockFixtures.load(Self.form))
        try await page.tap("save")
        try page.expect("errors", ["shipping.street": "Unknown street", "billing.city": "Where?"])
        try page.expect("error.shipping.street", "Unknown street")
        // An edit clears that field's message only.
        try await page.set("shipping.street", "Main 1")
        try page.expect("errors", ["billing.city": "Where?"])
    }
}
