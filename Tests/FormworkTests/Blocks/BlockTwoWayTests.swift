import Foundation
import Testing
import Formwork
import FormworkTesting

/// A two-way attribute given a plain path lets the block's inputs edit the page's data there;
/// two uses edit two addresses (2.15).
@Suite("Blocks: two-way through a block")
@MainActor
struct BlockTwoWayTests {
    static let addresses = #"""
    {"page": "p",
     "data": {"shipping": {"street": "Main 1", "city": "Bern"}, "billing": {"street": "", "city": ""}, "people": [{"id": "a", "name": "Ada"}, {"id": "b", "name": "Bo"}]},
     "blocks": {
       "address": {
         "attributes": {"value": {"type": "object", "twoWay": true, "required": true}},
         "components": [
           {"id": "text-field", "key": "street", "attributes": {"value": {"expr": "$attr.value.street"}}},
           {"id": "text-field", "key": "city", "attributes": {"value": {"expr": "$attr.value.city"}}}]},
       "name-field": {
         "attributes": {"value": {"type": "string", "twoWay": true}},
         "components": [{"id": "text-field", "key": "text", "attributes": {"value": {"expr": "$attr.value"}}}]}},
     "components": [
       {"id": "address", "key": "shipping", "attributes": {"value": {"expr": "$data.shipping"}}},
       {"id": "address", "key": "billing", "attributes": {"value": {"expr": "$data.billing"}}},
       {"id": "list", "key": "people", "attributes": {"items": {"expr": "$data.people"}, "itemKey": "id"}, "components": [
         {"id": "name-field", "key": "person", "attributes": {"value": {"expr": "$item.name"}}}]}
     ]}
    """#

    @Test func anInputInsideWritesThePagesPath() async throws {
        let page = try await BlockFixtures.open(Self.addresses)
        defer { page.close() }
        try page.expect("component.shipping.street.value", "Main 1")
        try await page.set("shipping.street", "Side 2")
        try page.expect("data.shipping", ["street": "Side 2", "city": "Bern"])
        try page.expect("data.billing", ["street": "", "city": ""])
    }

    @Test func twoUsesEditTwoAddresses() async throws {
        let page = try await BlockFixtures.open(Self.addresses)
        defer { page.close() }
        try await page.set("billing.city", "Zurich")
        try await page.set("shipping.city", "Basel")
        try page.expect("data.billing", ["street": "", "city": "Zurich"])
        try page.expect("data.shipping", ["street": "Main 1", "city": "Basel"])
        try page.expect("component.billing.city.value", "Zurich")
        try page.expect("component.shipping.city.value", "Basel")
    }

    /// What the page writes reaches the block's inputs, and only the input reading it hears.
    @Test func thePagesWritesReachTheInputsInside() async throws {
        let page = try await BlockFixtures.open(Self.addresses)
        defer { page.close() }
        let street = ChangeCounter(try page.component("billing.street"))
        let city = ChangeCounter(try page.component("billing.city"))
        try page.current.set("Lane 3", at: try #require(StorePath("$data.billing.street")))
        try page.expect("component.billing.street.value", "Lane 3")
        #expect(street.attributes == [["value"]])
        #expect(city.count == 0)
    }

    /// `$attr.value` given `$item.name` in a list row writes that row's element.
    @Test func aRowsUseEditsItsElement() async throws {
        let page = try await BlockFixtures.open(Self.addresses)
        defer { page.close() }
        try page.expect("component.person.text[1].value", "Bo")
        try await page.set("person.text[1]", "Bea")
        try page.expect("data.people", [["id": "a", "name": "Ada"], ["id": "b", "name": "Bea"]])
    }
}
