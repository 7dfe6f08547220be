import Testing
import Formwork

/// `check` warns about the loops it can see: an interaction that triggers itself from chains
/// run side by side, and a page that pushes itself as it opens.
@Suite("Limits: loops check can see")
struct LoopCheckTests {
    static func warnings(_ page: PageValue) throws -> [String] {
        let document = try EnginePages.load(LimitFixtures.page(page))
        return document.check(registry: .standard).filter { $0.code == "loop" }.map { "\($0.path): \($0.message)" }
    }

    static func all(_ chains: [[PageValue]]) -> PageValue {
        ["id": "all", "attributes": ["chains": .array(chains.map { .array($0) })]]
    }

    static func push(_ page: String) -> PageValue { ["id": "push", "attributes": ["page": .string(page)]] }

    @Test("an interaction that triggers itself from two chains of all")
    func fanOut() throws {
        let warnings = try LoopCheckTests.warnings(["page": "p", "interactions": [
            "x": [LimitFixtures.storeVar("$data.n", expr: "1"), LoopCheckTests.all([[LimitFixtures.trigger("x")], [LimitFixtures.trigger("x")]])],
        ]])
        #expect(warnings == ["interactions.x[1]: the interaction 'x' triggers itself 2 times from chains run side by side here, so the work grows 2-fold at every level; it is stopped after 10,000 actions (the actionsPerInteraction limit)"])
    }

    @Test("…also through another interaction, or nested in if")
    func fanOutThroughOthers() throws {
        let nested: PageValue = ["id": "if", "attributes": ["condition": true, "then": [LimitFixtures.trigger("y")]]]
        let warnings = try LoopCheckTests.warnings(["page": "p", "interactions": [
            "x": [LoopCheckTests.all([[LimitFixtures.trigger("y")], [nested], [LimitFixtures.trigger("z")]])],
            "y": [LimitFixtures.trigger("x")],
            "z": [LimitFixtures.storeVar("$data.n", expr: "1")],
        ]])
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("interactions.x[0]: the interaction 'x' triggers itself 2 times") == true)
    }

    @Test("no warning for recursion that doesn't fan out, or fan-out that doesn't recurse")
    func noFalseAlarms() throws {
        let countdown: PageValue = ["id": "if", "attributes": ["condition": ["expr": "$data.n > 0"], "then": [LimitFixtures.trigger("down")]]]
        #expect(try LoopCheckTests.warnings(["page": "p", "interactions": [
            "down": [LimitFixtures.storeVar("$data.n", expr: "$data.n - 1"), countdown],
            "both": [LoopCheckTests.all([[LimitFixtures.trigger("down")], [LimitFixtures.trigger("down")]])],
        ]]).isEmpty)
    }

    @Test("a page that pushes itself when it opens", arguments: ["loaded", "appear"])
    func selfPush(interaction: String) throws {
        let warnings = try LoopCheckTests.warnings(["page": "p", "interactions": [interaction: [LoopCheckTests.push("p")]]])
        #expect(warnings == ["interactions.\(interaction)[0].attributes.page: the page 'p' pushes itself when it opens (from '\(interaction)'), so every copy opens another; it is stopped when 32 pages are open (the pushDepth limit)"])
    }

    @Test("…also from an interaction it triggers, or from an error handler")
    func selfPushIndirect() throws {
        let handler: PageValue = ["id": "store-var", "attributes": ["key": "$data.x", "value": ["expr": "1 / 0"]], "onError": [["id": "push", "attributes": ["page": "p"]]]]
        let warnings = try LoopCheckTests.warnings(["page": "p", "interactions": [
            "loaded": [LimitFixtures.trigger("go")],
            "go": [handler],
        ]])
        #expect(warnings.map { $0.prefix { $0 != ":" } } == ["interactions.go[0].onError[0].attributes.page"])
    }

    @Test("pushing itself on a tap is a drill-down, not a loop")
    func selfPushOnTap() throws {
        #expect(try LoopCheckTests.warnings(["page": "p", "components": [["id": "button", "key": "b", "interactions": ["onTap": [LoopCheckTests.push("p")]]]]]).isEmpty)
    }

    @Test("a literal page id no page can have is an error")
    func invalidPageID() throws {
        let document = try EnginePages.load(LimitFixtures.page(["page": "p", "interactions": ["go": [LoopCheckTests.push("../secret")]]]))
        #expect(document.check(registry: .standard).map(\.rendered) == [#"interactions.go[0].attributes.page: error: "../secret" can't be a page: a page id is 1 to 100 letters, digits, '-', '_' or '.', not starting with '.' (it names files in caches and published folders)"#])
    }
}
