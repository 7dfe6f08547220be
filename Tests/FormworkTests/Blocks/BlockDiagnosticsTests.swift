import Foundation
import Testing
import Formwork

/// What `check` prints for a page whose blocks, uses of blocks or named chains are wrong: each
/// case is a page and the exact lines printed for it (2.15).
@Suite("Blocks: what check reports")
struct BlockDiagnosticsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let json: String
        let printed: [String]
        var limits = PageLimits.standard
        var testDescription: String { name }
    }

    /// A page defining the block `row` (attributes title, required, and amount; the event onPick),
    /// with `uses` as its components and `extra` members.
    static func page(_ uses: String, extra: String = "", component: String = #"{"id": "label", "key": "text", "attributes": {"text": {"expr": "$attr.title"}}}"#) -> String {
        """
        {"page": "p", \(extra)
         "blocks": {"row": {
           "attributes": {"title": {"type": "string", "required": true}, "amount": {"type": "number"}, "value": {"type": "object", "twoWay": true}},
           "events": ["onPick"],
           "components": [\(component)]}},
         "components": [\(uses)]}
        """
    }

    /// A page whose blocks are `blocks` and whose components are `uses`.
    static func blocks(_ blocks: String, _ uses: String, extra: String = "") -> String {
        #"{"page": "p", \#(extra) "blocks": {\#(blocks)}, "components": [\#(uses)]}"#
    }

    static func limits(blockDepth: Int? = nil, blockComponents: Int? = nil) -> PageLimits {
        var limits = PageLimits.standard
        if let blockDepth { limits.blockDepth = blockDepth }
        if let blockComponents { limits.blockComponents = blockComponents }
        return limits
    }

    static let cases: [Case] = [
        Case(name: "a clean use prints nothing",
             json: page(#"{"id": "row", "key": "total", "attributes": {"title": "Total", "amount": 3}}"#),
             printed: []),
        Case(name: "an unknown attribute of a use, with the near one",
             json: page(#"{"id": "row", "attributes": {"title": "T", "amout": 3}}"#),
             printed: ["p.json: components[0].attributes.amout: error: the block 'row' has no attribute 'amout'; did you mean 'amount'?"]),
        Case(name: "an unknown attribute of a use, with nothing near",
             json: page(#"{"id": "row", "attributes": {"title": "T", "colour": "red"}}"#),
             printed: ["p.json: components[0].attributes.colour: error: the block 'row' has no attribute 'colour'; its attributes are title, amount, value"]),
        Case(name: "a required attribute not given",
             json: page(#"{"id": "row", "attributes": {"amount": 3}}"#),
             printed: ["p.json: components[0].attributes: error: the block 'row' needs the attribute 'title' (string)"]),
        Case(name: "a required attribute, and no attributes at all",
             json: page(#"{"id": "row"}"#),
             printed: ["p.json: components[0].attributes: error: the block 'row' needs the attribute 'title' (string)"]),
        Case(name: "a literal of the wrong type",
             json: page(#"{"id": "row", "attributes": {"title": "T", "amount": "3"}}"#),
             printed: [#"p.json: components[0].attributes.amount: error: the attribute 'amount' of the block 'row' is a number, but the literal "3" is a string"#]),
        Case(name: "an event the block doesn't raise",
             json: page(#"{"id": "row", "attributes": {"title": "T"}, "interactions": {"onPik": [{"id": "toast", "attributes": {"message": "x"}}]}}"#),
             printed: ["p.json: components[0].interactions.onPik: error: the block 'row' has no event 'onPik'; did you mean 'onPick'?"]),
        Case(name: "an unknown $attr inside a block, with a caret",
             json: page(#"{"id": "row", "attributes": {"title": "T"}}"#, component: #"{"id": "label", "attributes": {"text": {"template": "Hi ${$attr.titel}"}}}"#),
             printed: ["p.json: blocks.row.components[0].attributes.text.template: error: the block 'row' has no attribute 'titel'; did you mean $attr.title? (column 6 of the expression)\n  Hi ${$attr.titel}\n       ^~~~~~~~~~~"]),
        Case(name: "a block reading $data",
             json: page(#"{"id": "row", "attributes": {"title": "T"}}"#, component: #"{"id": "label", "attributes": {"text": {"expr": "$data.name"}}}"#),
             printed: ["p.json: blocks.row.components[0].attributes.text.expr: error: a block can't read $data: it sees the page only through its attributes; declare an attribute of 'row' and have the page pass $data… to it, then read $attr.NAME (column 1 of the expression)\n  $data.name\n  ^~~~~"]),
        Case(name: "a block reading $computed",
             json: page(#"{"id": "row", "attributes": {"title": "T"}}"#, extra: #""computed": {"total": "1"},"#, component: #"{"id": "label", "attributes": {"text": {"expr": "'' + $computed.total"}}}"#),
             printed: ["p.json: blocks.row.components[0].attributes.text.expr: error: a block can't read $computed: it sees the page only through its attributes; declare an attribute of 'row' and have the page pass $computed… to it, then read $attr.NAME (column 6 of the expression)\n  '' + $computed.total\n       ^~~~~~~~~"]),
        Case(name: "a block reading $param",
             json: page(#"{"id": "row", "attributes": {"title": "T"}}"#, extra: #""params": {"id": {}},"#, component: #"{"id": "label", "attributes": {"text": {"expr": "$param.id"}}}"#),
             printed: ["p.json: blocks.row.components[0].attributes.text.expr: error: a block can't read $param: it sees the page only through its attributes; declare an attribute of 'row' and have the page pass $param… to it, then read $attr.NAME (column 1 of the expression)\n  $param.id\n  ^~~~~~"]),
        Case(name: "$state read outside a block",
             json: page(#"{"id": "label", "attributes": {"text": {"expr": "$state.open"}}}"#),
             printed: ["p.json: components[0].attributes.text.expr: error: $state is a block's own state; only the components of a block can read or write it (a page keeps its state in $data)"]),
        Case(name: "$state written outside a block",
             json: page("", extra: #""interactions": {"go": [{"id": "store-var", "attributes": {"key": "$state.open", "value": true}}]},"#),
             printed: ["p.json: interactions.go[0].attributes.key: error: $state is a block's own state; only the components of a block can read or write it (a page keeps its state in $data)"]),
        Case(name: "$state given to a block by the page",
             json: page(#"{"id": "row", "attributes": {"title": {"expr": "$state.name"}}}"#),
             printed: ["p.json: components[0].attributes.title.expr: error: $state is a block's own state; only the components of a block can read or write it (a page keeps its state in $data)"]),
        Case(name: "$attr outside a block",
             json: page(#"{"id": "label", "attributes": {"text": {"expr": "$attr.title"}}}"#),
             printed: ["p.json: components[0].attributes.text.expr: error: $attr reads a block's attributes; it is known only inside a block's components (column 1 of the expression)\n  $attr.title\n  ^~~~~"]),
        Case(name: "raise outside a block",
             json: page("", extra: #""interactions": {"go": [{"id": "raise", "attributes": {"event": "onPick"}}]},"#),
             printed: ["p.json: interactions.go[0].attributes.event: error: 'onPick' can only be raised by the components of a block, for the page using it to handle"]),
        Case(name: "raise of an event the block doesn't declare",
             json: page(#"{"id": "row", "attributes": {"title": "T"}}"#, component: #"{"id": "button", "interactions": {"onTap": [{"id": "raise", "attributes": {"event": "onPik"}}]}}"#),
             printed: ["p.json: blocks.row.components[0].interactions.onTap[0].attributes.event: error: the block 'row' has no event 'onPik'; did you mean 'onPick'?"]),
        Case(name: "a block with the id of a registered component",
             json: blocks(#""label": {"components": []}"#, ""),
             printed: ["p.json: blocks.label: error: the block 'label' has the id of a registered component; a page couldn't tell them apart, so pick another id"]),
        Case(name: "a block using itself",
             json: blocks(#""a": {"components": [{"id": "section", "components": [{"id": "a"}]}]}"#, #"{"id": "a"}"#),
             printed: ["p.json: blocks.a.components[0].components[0].id: error: the block 'a' uses itself (a → a), so it would never end; break the cycle"]),
        Case(name: "two blocks using each other",
             json: blocks(#""a": {"components": [{"id": "b"}]}, "b": {"components": [{"id": "a"}]}"#, #"{"id": "a"}"#),
             printed: [
                "p.json: blocks.b.components[0].id: error: the block 'a' uses itself (a → b → a), so it would never end; break the cycle",
                "p.json: blocks.a.components[0].id: error: the block 'b' uses itself (b → a → b), so it would never end; break the cycle",
             ]),
        Case(name: "blocks nested deeper than blockDepth",
             json: blocks(#""a": {"components": [{"id": "b"}]}, "b": {"components": [{"id": "c"}]}, "c": {"components": [{"id": "label"}]}"#, #"{"id": "a"}"#),
             printed: ["p.json: blocks.b.components[0].id: error: blocks are used inside blocks more than 2 levels deep here (a → b → c), past the blockDepth limit"],
             limits: limits(blockDepth: 2)),
        Case(name: "more components built from blocks than blockComponents",
             json: blocks(#""pair": {"components": [{"id": "label"}, {"id": "label"}]}"#, #"{"id": "pair", "key": "one"}, {"id": "pair", "key": "two"}"#),
             printed: ["p.json: components[1]: error: the blocks on this page build more than 3 components (the blockComponents limit); use fewer blocks, or smaller ones"],
             limits: limits(blockComponents: 3)),
        Case(name: "a named chain that isn't there, with the near one",
             json: page("", extra: #""chains": {"save-all": []}, "interactions": {"go": [{"use": "save-al"}]},"#),
             printed: ["p.json: interactions.go[0].use: error: there is no chain 'save-al'; did you mean 'save-all'?"]),
        Case(name: "a handler list that isn't there, and none near",
             json: page("", extra: #""onError": [{"use": "expired"}],"#),
             printed: [#"p.json: onError[0].use: error: there is no handler list 'expired'; define it under the page's "handlers", or in a library the page names under "libraries""#]),
        Case(name: "a named chain using itself",
             json: page("", extra: #""chains": {"again": [{"use": "again"}]}, "interactions": {"go": [{"use": "again"}]},"#),
             printed: ["p.json: chains.again[0].use: error: the chain 'again' uses itself (again → again), so it would never end"]),
        Case(name: "a named chain reading $state, used in a block",
             json: page(#"{"id": "row", "attributes": {"title": "T"}}"#, extra: #""chains": {"say": [{"id": "toast", "attributes": {"message": {"expr": "'open: ' + $state.open"}}}]},"#,
                        component: #"{"id": "button", "interactions": {"onTap": [{"use": "say"}]}}"#),
             printed: ["p.json: chains.say[0].attributes.message.expr: error: $state is a block's own state, and a named chain means the same wherever it is used, so it can't read or write it; pass what it needs as $event or $result, or write these actions in the block"]),
        Case(name: "a named chain writing $state, used in a block",
             json: page(#"{"id": "row", "attributes": {"title": "T"}}"#, extra: #""chains": {"open": [{"id": "store-var", "attributes": {"key": "$state.open", "value": true}}]},"#,
                        component: #"{"id": "button", "interactions": {"onTap": [{"use": "open"}]}}"#),
             printed: ["p.json: chains.open[0].attributes.key: error: $state is a block's own state, and a named chain means the same wherever it is used, so it can't read or write it; pass what it needs as $event or $result, or write these actions in the block"]),
        Case(name: "a named chain reading $attr, used in a block",
             json: page(#"{"id": "row", "attributes": {"title": "T"}}"#, extra: #""chains": {"say": [{"id": "toast", "attributes": {"message": {"expr": "$attr.title"}}}]},"#,
                        component: #"{"id": "button", "interactions": {"onTap": [{"use": "say"}]}}"#),
             printed: ["p.json: chains.say[0].attributes.message.expr: error: $attr reads a block's attributes; it is known only inside a block's components (column 1 of the expression)\n  $attr.title\n  ^~~~~"]),
        Case(name: "an attribute reading the page's $item used inside the block's own list",
             json: blocks(#""tags": {"attributes": {"name": {"type": "string"}}, "components": [{"id": "list", "attributes": {"items": ["x", "y"]}, "components": [{"id": "label", "attributes": {"text": {"template": "${$item}: ${$attr.name}"}}}]}]}"#,
                          #"{"id": "list", "attributes": {"items": {"expr": "$data.people"}}, "components": [{"id": "tags", "attributes": {"name": {"expr": "$item.name"}}}]}"#,
                          extra: #""data": {"people": [{"name": "Ada"}]},"#),
             printed: ["p.json: blocks.tags.components[0].components[0].attributes.text.template: error: the page gives 'name' as an expression reading $item or $index, but here, inside a list of the block 'tags', those are that list's; pass the value some other way, like a plain path into $data (column 13 of the expression)\n  ${$item}: ${$attr.name}\n              ^~~~~~~~~~"]),
        Case(name: "a two-way attribute given something computed",
             json: page(#"{"id": "row", "attributes": {"title": "T", "value": {"expr": "{street: $data.street}"}}}"#, extra: #""data": {"street": ""},"#),
             printed: ["p.json: components[0].attributes.value.expr: warning: the block 'row' writes edits back through 'value', but {street: $data.street} is computed, so its inputs can't be edited; give it a plain path like $data.value"]),
    ]

    @Test(arguments: cases)
    func checkPrints(_ c: Case) {
        #expect(BlockFixtures.printed(c.json, limits: c.limits) == c.printed)
    }

    /// A problem inside a block is reported where the block is, once, however often it is used.
    @Test func aProblemInsideABlockUsedTwiceIsReportedOnce() {
        let json = Self.page(#"{"id": "row", "key": "a", "attributes": {"title": "A"}}, {"id": "row", "key": "b", "attributes": {"title": "B"}}"#,
                             component: #"{"id": "label", "attributes": {"text": {"expr": "$attr.titel"}}}"#)
        #expect(BlockFixtures.printed(json) == ["p.json: blocks.row.components[0].attributes.text.expr: error: the block 'row' has no attribute 'titel'; did you mean $attr.title? (column 1 of the expression)\n  $attr.titel\n  ^~~~~~~~~~~"])
    }

    /// Grammar.md's broken-blocks example, so the guide's words stay the engine's.
    @Test func anUnknownBlockSuggestsTheNearOne() {
        let json = Self.page(#"{"id": "rwo", "attributes": {"title": "A"}}"#)
        #expect(BlockFixtures.printed(json) == ["p.json: components[0].id: error: unknown component 'rwo'; did you mean 'row'?"])
    }

    /// A qualified id is about a library: the one it names lacks the block, or the page uses no
    /// library of that name; either way the near qualified id is suggested.
    @Test(arguments: [
        ("kit/price-rw", "p.json: components[0].id: error: unknown component 'kit/price-rw': the library 'kit' (version 1) has no block 'price-rw'; did you mean 'kit/price-row'?"),
        ("kit/total", "p.json: components[0].id: error: unknown component 'kit/total': the library 'kit' (version 1) has no block 'total'; its blocks are address, price-row"),
        ("kot/price-row", #"p.json: components[0].id: error: unknown component 'kot/price-row': the page uses no library 'kot'; to use it, name it under "libraries" with the lowest version the page needs (or did you mean 'kit/price-row'?)"#),
        ("shop/total", #"p.json: components[0].id: error: unknown component 'shop/total': the page uses no library 'shop'; to use it, name it under "libraries" with the lowest version the page needs"#),
    ])
    func aQualifiedIdThatNamesNoBlockSaysWhichLibraryLacksIt(id: String, printed: String) throws {
        let library = try BlockFixtures.library(#"{"library": "kit", "version": 1, "blocks": {"price-row": {"components": [{"id": "label"}]}, "address": {"components": [{"id": "label"}]}}}"#, file: "kit.json")
        let json = #"{"page": "p", "libraries": {"kit": 1}, "components": [{"id": "\#(id)"}]}"#
        #expect(BlockFixtures.printed(json, libraries: [library]) == [printed])
    }

    /// A page with an error in a block doesn't open.
    @Test func aPageWithABrokenBlockDoesNotLoad() {
        let json = Self.blocks(#""a": {"components": [{"id": "a"}]}"#, #"{"id": "a"}"#)
        #expect(throws: PageError.self) { try PageDocument.load(Array(json.utf8), registry: .standard, libraries: .empty) }
        var small = PageLimits.standard
        small.blockComponents = 1
        let two = Self.blocks(#""pair": {"components": [{"id": "label"}, {"id": "label"}]}"#, #"{"id": "pair"}"#)
        #expect(throws: PageError.self) { try PageDocument.load(Array(two.utf8), registry: .standard, libraries: .empty, limits: small) }
        #expect((try? PageDocument.load(Array(two.utf8), registry: .standard, libraries: .empty)) != nil)
    }
}
