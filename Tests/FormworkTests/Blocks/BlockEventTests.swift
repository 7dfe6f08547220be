import Foundation
import Testing
import Formwork
import FormworkTesting

/// `raise` runs the chain the use gives for the event, with the payload as `$event`, and its
/// result is that chain's; a block inside a block is named inside its instance, and a chain the
/// outer block gives the inner one sees the outer instance's `$state` (2.15).
@Suite("Blocks: events and nested blocks")
@MainActor
struct BlockEventTests {
    static let picker = #"""
    {"page": "p",
     "data": {"picked": null, "log": []},
     "blocks": {"picker": {
       "events": ["onPick", "onClear"],
       "data": {"answer": null, "kept": null},
       "components": [
         {"id": "label", "key": "answer", "attributes": {"text": {"template": "answer ${$state.answer}, kept ${$state.kept}"}}},
         {"id": "button", "key": "pick", "interactions": {"onTap": [
           {"id": "raise", "attributes": {"event": "onPick", "payload": 5}},
           {"id": "store-var", "attributes": {"key": "$state.answer", "value": {"expr": "$result"}}}]}},
         {"id": "button", "key": "clear", "interactions": {"onTap": [
           {"id": "store-var", "attributes": {"key": "$state.kept", "value": "before"}},
           {"id": "raise", "attributes": {"event": "onClear"}},
           {"id": "store-var", "attributes": {"key": "$state.answer", "value": {"expr": "$result"}}}]}}]}},
     "components": [
       {"id": "picker", "key": "handled", "interactions": {"onPick": [
         {"id": "store-var", "attributes": {"key": "$data.picked", "value": {"expr": "$event"}}},
         {"id": "store-var", "attributes": {"key": "$data.log", "value": {"expr": "$data.log + ['picked ' + $event]"}}},
         {"id": "store-var", "attributes": {"key": "$data.ignored", "value": {"expr": "$event * 10"}}}]}},
       {"id": "picker", "key": "unhandled"}
     ]}
    """#

    @Test func raiseRunsTheUsesChainAndGivesItsResultBack() async throws {
        let page = try await BlockFixtures.open(Self.picker)
        defer { page.close() }
        try await page.tap("handled.pick")
        try page.expect("data.picked", 5)
        try page.expect("data.log", ["picked 5"])
        try page.expect("component.handled.answer.text", "answer 50, kept ")
        try page.expect("component.unhandled.answer.text", "answer , kept ")
        try page.expect("trace", .contains(.string("[p] action: raise onPick on 'handled' (picker)")))
    }

    /// An event the page doesn't handle is a no-op: the chain goes on with the same `$result`.
    @Test func anUnhandledEventDoesNothing() async throws {
        let page = try await BlockFixtures.open(Self.picker)
        defer { page.close() }
        let outcome = try await page.tap("unhandled.clear")
        #expect(outcome == .completed("before"))
        try page.expect("component.unhandled.answer.text", "answer before, kept before")
        try page.expect("data.picked", nil)
        // The handled one has no chain for onClear either.
        try await page.tap("handled.clear")
        try page.expect("component.handled.answer.text", "answer before, kept before")
    }

    static let nested = #"""
    {"page": "p",
     "data": {"total": 0},
     "blocks": {
       "stepper-block": {
         "attributes": {"step": {"type": "int", "default": 1}},
         "events": ["onStep"],
         "data": {"count": 100},
         "components": [
           {"id": "label", "key": "own", "attributes": {"text": {"template": "inner ${$state.count}"}}},
           {"id": "button", "key": "go", "interactions": {"onTap": [
             {"id": "raise", "attributes": {"event": "onStep", "payload": {"expr": "$attr.step"}}}]}}]},
       "checkout": {
         "events": ["onTotal"],
         "data": {"count": 0},
         "components": [
           {"id": "label", "key": "sum", "attributes": {"text": {"template": "outer ${$state.count}"}}},
           {"id": "stepper-block", "key": "inner", "attributes": {"step": 2}, "interactions": {"onStep": [
             {"id": "store-var", "attributes": {"key": "$state.count", "value": {"expr": "$state.count + $event"}}},
             {"id": "raise", "attributes": {"event": "onTotal", "payload": {"expr": "$state.count"}}}]}}]}},
     "components": [
       {"id": "checkout", "key": "co", "interactions": {"onTotal": [
         {"id": "store-var", "attributes": {"key": "$data.total", "value": {"expr": "$event"}}}]}},
       {"id": "checkout", "key": "other"}
     ]}
    """#

    @Test func aBlockInsideABlockIsNamedInsideItsInstance() async throws {
        let page = try await BlockFixtures.open(Self.nested)
        defer { page.close() }
        let keys = try page.current.allComponents.compactMap(\.key)
        #expect(keys == ["co", "co.sum", "co.inner", "co.inner.own", "co.inner.go", "other", "other.sum", "other.inner", "other.inner.own", "other.inner.go"])
        #expect(try page.component("co.inner").node.block?.instance == "co.inner")
        #expect(try page.component("co.inner").node.block?.blockID == "stepper-block")
    }

    /// The chain the outer block gives the inner block's event reads and writes the outer
    /// instance's `$state`, and its own `raise` goes to the page's chain for the outer use.
    @Test func aChainGivenByTheOuterBlockSeesTheOuterState() async throws {
        let page = try await BlockFixtures.open(Self.nested)
        defer { page.close() }
        try await page.tap("co.inner.go")
        try await page.tap("co.inner.go")
        try page.expect("component.co.sum.text", "outer 4")
        try page.expect("component.co.inner.own.text", "inner 100")
        try page.expect("component.other.sum.text", "outer 0")
        try page.expect("data.total", 4)
        #expect(try page.component("co").blockState == ["count": 4])
        #expect(try page.component("co.inner").blockState == ["count": 100])

        // The other instance's page chain is none: its state counts, the page's total stays.
        try await page.tap("other.inner.go")
        try page.expect("component.other.sum.text", "outer 2")
        try page.expect("data.total", 4)
    }
}
