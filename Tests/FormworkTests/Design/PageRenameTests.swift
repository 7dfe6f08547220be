import Foundation
import Formwork
import FormworkDesign
import Testing

/// The editor's rename of a component key as a refactoring (`PageRename`, `FlowRename`), with the
/// engine's parser deciding what reads the renamed path: a table of renames, the tricky cases in it.
@Suite("formwork design: renaming a key")
struct PageRenameTests {
    static func page(_ text: String) throws -> PageValue { try JSONReader.parse(text) }

    static func rename(_ page: String, _ from: String = "textField1", _ to: String = "name") throws -> PageValue {
        PageRename(from: from, to: to, registry: .standard(behavior: .v2)).apply(to: try self.page(page)).document
    }

    /// (what it shows, page before, page after): the renamed page must equal the expected one exactly.
    static let table: [(String, String, String)] = [
        ("the key, its binding and its data member (value and position kept)",
         #"{"page": "p", "data": {"a": 1, "textField1": "x", "b": 2}, "components": [{"id": "text-field", "key": "textField1", "attributes": {"value": {"expr": "$data.textField1"}}}]}"#,
         #"{"page": "p", "data": {"a": 1, "name": "x", "b": 2}, "components": [{"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}}]}"#),
        ("a nested binding renames the nested data member",
         #"{"page": "p", "data": {"contact": {"textField1": "", "phone": ""}}, "components": [{"id": "text-field", "key": "textField1", "attributes": {"value": {"expr": "$data.contact.textField1"}}}, {"id": "label", "key": "l", "attributes": {"text": {"expr": "$data.contact.textField1 ?? $data.contact.phone"}}}]}"#,
         #"{"page": "p", "data": {"contact": {"name": "", "phone": ""}}, "components": [{"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.contact.name"}}}, {"id": "label", "key": "l", "attributes": {"text": {"expr": "$data.contact.name ?? $data.contact.phone"}}}]}"#),
        ("a string literal and a longer name that starts alike are left alone; a path below is renamed",
         #"{"page": "p", "data": {"textField1": {}, "textField10": ""}, "components": [{"id": "text-field", "key": "textField1", "attributes": {"value": {"expr": "$data.textField1"}}}, {"id": "label", "key": "l", "attributes": {"text": {"expr": "'textField1' + $data.textField10 + $data.textField1.first + $data[\"textField1\"]"}}}]}"#,
         #"{"page": "p", "data": {"name": {}, "textField10": ""}, "components": [{"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}}, {"id": "label", "key": "l", "attributes": {"text": {"expr": "'textField1' + $data.textField10 + $data.name.first + $data.name"}}}]}"#),
        ("templates, visibility, validate's keys, store-var's key, show-errors' keys, in a chain",
         #"{"page": "p", "data": {"textField1": ""}, "components": [{"id": "text-field", "key": "textField1", "attributes": {"value": {"expr": "$data.textField1"}}}, {"id": "label", "key": "hi", "attributes": {"hidden": {"expr": "!$data.textField1"}, "text": {"template": "Hello ${$data.textField1}, textField1"}}}, {"id": "button", "key": "go", "attributes": {"title": "Go"}, "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["textField1", "other"]}}, {"id": "store-var", "attributes": {"key": "$data.textField1", "value": ""}}, {"id": "show-errors", "attributes": {"errors": {"textField1": "no", "textField1[2]": "no"}}}]}}]}"#,
         #"{"page": "p", "data": {"name": ""}, "components": [{"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}}, {"id": "label", "key": "hi", "attributes": {"hidden": {"expr": "!$data.name"}, "text": {"template": "Hello ${$data.name}, textField1"}}}, {"id": "button", "key": "go", "attributes": {"title": "Go"}, "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["name", "other"]}}, {"id": "store-var", "attributes": {"key": "$data.name", "value": ""}}, {"id": "show-errors", "attributes": {"errors": {"name": "no", "name[2]": "no"}}}]}}]}"#),
        ("a binding that doesn't end with the key keeps its data path; key references still move",
         #"{"page": "p", "data": {"person": ""}, "components": [{"id": "text-field", "key": "textField1", "attributes": {"value": {"expr": "$data.person"}}}, {"id": "button", "key": "go", "attributes": {"title": "Go"}, "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["textField1"]}}]}}]}"#,
         #"{"page": "p", "data": {"person": ""}, "components": [{"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.person"}}}, {"id": "button", "key": "go", "attributes": {"title": "Go"}, "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["name"]}}]}}]}"#),
        ("the editor already set the new key: the binding and data still follow",
         #"{"page": "p", "data": {"textField1": 3}, "components": [{"id": "number-field", "key": "name", "attributes": {"value": {"expr": "$data.textField1"}}}]}"#,
         #"{"page": "p", "data": {"name": 3}, "components": [{"id": "number-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}}]}"#),
        ("a half-typed expression is left as written; a $global path of the same name too",
         #"{"page": "p", "data": {"textField1": ""}, "components": [{"id": "text-field", "key": "textField1", "attributes": {"value": {"expr": "$data.textField1"}}}, {"id": "label", "key": "l", "attributes": {"text": {"expr": "$data.textField1 =="}}}, {"id": "label", "key": "g", "attributes": {"text": {"expr": "$global.textField1"}}}]}"#,
         #"{"page": "p", "data": {"name": ""}, "components": [{"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}}, {"id": "label", "key": "l", "attributes": {"text": {"expr": "$data.textField1 =="}}}, {"id": "label", "key": "g", "attributes": {"text": {"expr": "$global.textField1"}}}]}"#),
        ("the canonical form of attributes: the binding, an expression, store-var's key and validate's keys",
         #"{"page": "p", "data": {"textField1": ""}, "components": [{"id": "text-field", "key": "textField1", "attributes": [{"name": "value", "type": "string", "mode": "expression", "value": "$data.textField1"}]}, {"id": "button", "key": "go", "attributes": [{"name": "title", "mode": "template", "value": "Send ${$data.textField1}"}], "interactions": {"onTap": [{"id": "store-var", "attributes": [{"name": "key", "mode": "literal", "value": "$data.textField1"}]}, {"id": "validate", "attributes": [{"name": "keys", "value": ["textField1"]}]}]}}]}"#,
         #"{"page": "p", "data": {"name": ""}, "components": [{"id": "text-field", "key": "name", "attributes": [{"name": "value", "type": "string", "mode": "expression", "value": "$data.name"}]}, {"id": "button", "key": "go", "attributes": [{"name": "title", "mode": "template", "value": "Send ${$data.name}"}], "interactions": {"onTap": [{"id": "store-var", "attributes": [{"name": "key", "mode": "literal", "value": "$data.name"}]}, {"id": "validate", "attributes": [{"name": "keys", "value": ["name"]}]}]}}]}"#),
        ("children, computed values and page interactions",
         #"{"page": "p", "data": {"textField1": ""}, "computed": {"upper": {"expr": "upper($data.textField1)"}}, "interactions": {"onSave": [{"id": "api", "attributes": {"url": "/x", "method": "POST", "body": {"expr": "{n: $data.textField1}"}}}]}, "components": [{"id": "section", "key": "s", "children": [{"id": "text-field", "key": "textField1", "attributes": {"value": {"expr": "$data.textField1"}}}]}]}"#,
         #"{"page": "p", "data": {"name": ""}, "computed": {"upper": {"expr": "upper($data.name)"}}, "interactions": {"onSave": [{"id": "api", "attributes": {"url": "/x", "method": "POST", "body": {"expr": "{n: $data.name}"}}}]}, "components": [{"id": "section", "key": "s", "children": [{"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}}]}]}"#),
    ]

    @Test(arguments: table.indices)
    func aRenameCarriesEverythingThatNamesTheKey(_ index: Int) throws {
        let (what, before, after) = PageRenameTests.table[index]
        let renamed = try PageRenameTests.rename(before)
        let expected = try PageRenameTests.page(after)
        #expect(renamed == expected, "\(what):\n got      \(renamed.jsonText)\n expected \(expected.jsonText)")
        // Member order kept (PageValue's == ignores it): the text is the same.
        #expect(renamed.jsonText == expected.jsonText, "\(what): members moved")
    }

    @Test func nothingOfTheOldNameIsLeftButWhatIsNotAName() throws {
        let (_, before, _) = PageRenameTests.table[3]
        let text = try PageRenameTests.rename(before).jsonText
        // Only the template's own words say textField1.
        #expect(text.components(separatedBy: "textField1").count - 1 == 1, "\(text)")
    }

    @Test func theFlowsOfThePageFollowTheKeyAndItsDataPath() throws {
        let flow = try JSONReader.parse(#"""
        {"page": "p.json", "steps": [
          {"set": "textField1", "value": "Ann"}, {"type": "textField1[1]", "text": "x"}, {"tap": "textField10"},
          {"expect": {"data.textField1": "Ann", "data.textField1.first": null, "data.textField10": 1, "component.textField1.value": "Ann",
                      "error.textField1": null, "errors": {"textField1": "x"}, "focus": "textField1", "toast": "textField1"}}]}
        """#)
        let rename = FlowRename(from: "textField1", to: "name", dataPath: (StorePath(.data, [.key("textField1")]), StorePath(.data, [.key("name")])))
        let (renamed, changes) = rename.apply(to: flow)
        let expected = try JSONReader.parse(#"""
        {"page": "p.json", "steps": [
          {"set": "name", "value": "Ann"}, {"type": "name[1]", "text": "x"}, {"tap": "textField10"},
          {"expect": {"data.name": "Ann", "data.name.first": null, "data.textField10": 1, "component.name.value": "Ann",
                      "error.name": null, "errors": {"name": "x"}, "focus": "name", "toast": "textField1"}}]}
        """#)
        #expect(renamed.jsonText == expected.jsonText)
        #expect(changes.contains("steps[0].set: \"textField1\" → \"name\""))
        #expect(changes.count == 8, "\(changes)")
    }

    @Test func checkWarnsAboutDataNothingUsesFromLevelTwo() {
        let page = #"""
        {"page": "junk", "data": {"name": "", "textField1": "", "saved": false, "shown": 1},
         "components": [
          {"id": "text-field", "key": "name", "attributes": {"title": "Name", "value": {"expr": "$data.name"}}},
          {"id": "label", "key": "l", "attributes": {"text": {"template": "${$data.shown}"}}},
          {"id": "button", "key": "b", "attributes": {"title": "Save"}, "interactions": {"onTap": [{"id": "store-var", "attributes": {"key": "$data.saved", "value": true}}]}}]}
        """#
        func warnings(_ behavior: BehaviorLevel, _ text: String = page) -> [String] {
            let registry = Registry.standard(behavior: behavior)
            let (document, problems) = PageDocument.decode(json: text, registry: registry, libraries: .empty, file: "p.json")
            return (problems + (document?.check(registry: registry, knownPages: nil) ?? [])).map(\.rendered).filter { $0.contains("[unused-data]") }
        }
        #expect(warnings(.v2) == [#"p.json: data.textField1: warning: $data.textField1 is never read or written: no binding, expression or store-var names it; remove it from "data" [unused-data]"#])
        #expect(warnings(.v1).isEmpty, "level 1 pages are checked as they were")
        // A page that sends all of $data reads every member.
        let whole = page.replacingOccurrences(of: #""value": true"#, with: #""value": {"expr": "keys($data)"}"#)
        #expect(warnings(.v2, whole).isEmpty)
    }
    // MARK: - Keys inside a block's definition

    /// (what it shows, page before, block ("" for the page's own), from, to, page after).
    static let blockTable: [(String, String, String, String, String, String)] = [
        ("a key bound to $state: the key, its $state reads (next to $attr), the block's data member and its validate keys; not the page's own key of the same name",
         #"{"page": "p", "data": {"more": 1}, "blocks": {"address": {"attributes": {"value": {"type": "object", "twoWay": true}}, "data": {"a": 0, "more": false}, "components": [{"id": "switch", "key": "more", "attributes": {"title": "More", "value": {"expr": "$state.more"}}}, {"id": "text-field", "key": "city", "attributes": {"value": {"expr": "$attr.value.city"}, "hidden": {"expr": "!$state.more && $attr.value.city == ''"}}}, {"id": "button", "key": "go", "interactions": {"onTap": [{"id": "store-var", "attributes": {"key": "$state.more", "value": true}}, {"id": "validate", "attributes": {"keys": ["more", "city"]}}]}}]}}, "components": [{"id": "switch", "key": "more", "attributes": {"value": {"expr": "$data.more"}}}]}"#,
         "address", "more", "details",
         #"{"page": "p", "data": {"more": 1}, "blocks": {"address": {"attributes": {"value": {"type": "object", "twoWay": true}}, "data": {"a": 0, "details": false}, "components": [{"id": "switch", "key": "details", "attributes": {"title": "More", "value": {"expr": "$state.details"}}}, {"id": "text-field", "key": "city", "attributes": {"value": {"expr": "$attr.value.city"}, "hidden": {"expr": "!$state.details && $attr.value.city == ''"}}}, {"id": "button", "key": "go", "interactions": {"onTap": [{"id": "store-var", "attributes": {"key": "$state.details", "value": true}}, {"id": "validate", "attributes": {"keys": ["details", "city"]}}]}}]}}, "components": [{"id": "switch", "key": "more", "attributes": {"value": {"expr": "$data.more"}}}]}"#),
        ("a key bound through an attribute keeps its binding (the page's path, different for each use); the page's keys of each use follow",
         #"{"page": "p", "data": {"ship": {"street": ""}}, "blocks": {"address": {"attributes": {"value": {"type": "object", "twoWay": true}}, "components": [{"id": "text-field", "key": "street", "attributes": {"value": {"expr": "$attr.value.street"}}}]}}, "components": [{"id": "address", "key": "ship", "attributes": {"value": {"expr": "$data.ship"}}}, {"id": "address", "attributes": {"value": {"expr": "$data.ship"}}}, {"id": "button", "key": "go", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["ship.street", "street"]}}, {"id": "show-errors", "attributes": {"errors": {"address.street": "no", "ship.street[1]": "no"}}}]}}]}"#,
         "address", "street", "road",
         #"{"page": "p", "data": {"ship": {"street": ""}}, "blocks": {"address": {"attributes": {"value": {"type": "object", "twoWay": true}}, "components": [{"id": "text-field", "key": "road", "attributes": {"value": {"expr": "$attr.value.street"}}}]}}, "components": [{"id": "address", "key": "ship", "attributes": {"value": {"expr": "$data.ship"}}}, {"id": "address", "attributes": {"value": {"expr": "$data.ship"}}}, {"id": "button", "key": "go", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["ship.road", "street"]}}, {"id": "show-errors", "attributes": {"errors": {"address.road": "no", "ship.road[1]": "no"}}}]}}]}"#),
        ("a page's rename doesn't reach into a block that has a key of the same name",
         #"{"page": "p", "data": {"textField1": ""}, "blocks": {"b": {"data": {"textField1": 1}, "components": [{"id": "text-field", "key": "textField1", "attributes": {"value": {"expr": "$state.textField1"}}}, {"id": "button", "key": "go", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["textField1"]}}]}}]}}, "components": [{"id": "text-field", "key": "textField1", "attributes": {"value": {"expr": "$data.textField1"}}}]}"#,
         "", "textField1", "name",
         #"{"page": "p", "data": {"name": ""}, "blocks": {"b": {"data": {"textField1": 1}, "components": [{"id": "text-field", "key": "textField1", "attributes": {"value": {"expr": "$state.textField1"}}}, {"id": "button", "key": "go", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["textField1"]}}]}}]}}, "components": [{"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}}]}"#),
        ("a block used inside another block: the outer block's references (`shipping.street`) and the page's (`order.shipping.street`) follow, and a key of the same name elsewhere stays",
         #"{"page": "p", "data": {"ship": {"street": ""}}, "blocks": {"address": {"attributes": {"value": {"type": "object", "twoWay": true}}, "components": [{"id": "text-field", "key": "street", "attributes": {"value": {"expr": "$attr.value.street"}}}]}, "checkout": {"attributes": {"value": {"type": "object", "twoWay": true}}, "components": [{"id": "address", "key": "shipping", "attributes": {"value": {"expr": "$attr.value"}}}, {"id": "button", "key": "go", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["shipping.street", "street"]}}, {"id": "show-errors", "attributes": {"errors": {"shipping.street": "no"}}}]}}]}}, "components": [{"id": "checkout", "key": "order", "attributes": {"value": {"expr": "$data.ship"}}}, {"id": "button", "key": "send", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["order.shipping.street", "order.street"]}}, {"id": "show-errors", "attributes": {"errors": {"order.shipping.street": "no"}}}]}}]}"#,
         "address", "street", "road",
         #"{"page": "p", "data": {"ship": {"street": ""}}, "blocks": {"address": {"attributes": {"value": {"type": "object", "twoWay": true}}, "components": [{"id": "text-field", "key": "road", "attributes": {"value": {"expr": "$attr.value.street"}}}]}, "checkout": {"attributes": {"value": {"type": "object", "twoWay": true}}, "components": [{"id": "address", "key": "shipping", "attributes": {"value": {"expr": "$attr.value"}}}, {"id": "button", "key": "go", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["shipping.road", "street"]}}, {"id": "show-errors", "attributes": {"errors": {"shipping.road": "no"}}}]}}]}}, "components": [{"id": "checkout", "key": "order", "attributes": {"value": {"expr": "$data.ship"}}}, {"id": "button", "key": "send", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["order.shipping.road", "order.street"]}}, {"id": "show-errors", "attributes": {"errors": {"order.shipping.road": "no"}}}]}}]}"#),
        ("renaming a use of a block inside another block: the outer block's and the page's names of the components inside it follow",
         #"{"page": "p", "blocks": {"address": {"components": [{"id": "text-field", "key": "street", "attributes": {"value": {"expr": "$state.street"}}}]}, "checkout": {"components": [{"id": "address", "key": "shipping"}, {"id": "button", "key": "go", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["shipping", "shipping.street"]}}]}}]}}, "components": [{"id": "checkout", "key": "order"}, {"id": "button", "key": "send", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["order.shipping.street"]}}, {"id": "show-errors", "attributes": {"errors": {"order.shipping.street[1]": "no"}}}]}}]}"#,
         "checkout", "shipping", "delivery",
         #"{"page": "p", "blocks": {"address": {"components": [{"id": "text-field", "key": "street", "attributes": {"value": {"expr": "$state.street"}}}]}, "checkout": {"components": [{"id": "address", "key": "delivery"}, {"id": "button", "key": "go", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["delivery", "delivery.street"]}}]}}]}}, "components": [{"id": "checkout", "key": "order"}, {"id": "button", "key": "send", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["order.delivery.street"]}}, {"id": "show-errors", "attributes": {"errors": {"order.delivery.street[1]": "no"}}}]}}]}"#),
        ("renaming a page's use of a block: its data, and the qualified names of the components inside it (validate's keys, show-errors)",
         #"{"page": "p", "data": {"ship": {"street": ""}}, "blocks": {"address": {"attributes": {"value": {"type": "object", "twoWay": true}}, "components": [{"id": "text-field", "key": "street", "attributes": {"value": {"expr": "$attr.value.street"}}}]}}, "components": [{"id": "address", "key": "ship", "attributes": {"value": {"expr": "$data.ship"}}}, {"id": "button", "key": "go", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["ship.street", "shipping"]}}, {"id": "show-errors", "attributes": {"errors": {"ship.street": "no"}}}]}}]}"#,
         "", "ship", "delivery",
         #"{"page": "p", "data": {"delivery": {"street": ""}}, "blocks": {"address": {"attributes": {"value": {"type": "object", "twoWay": true}}, "components": [{"id": "text-field", "key": "street", "attributes": {"value": {"expr": "$attr.value.street"}}}]}}, "components": [{"id": "address", "key": "delivery", "attributes": {"value": {"expr": "$data.delivery"}}}, {"id": "button", "key": "go", "interactions": {"onTap": [{"id": "validate", "attributes": {"keys": ["delivery.street", "shipping"]}}, {"id": "show-errors", "attributes": {"errors": {"delivery.street": "no"}}}]}}]}"#),
    ]

    @Test(arguments: blockTable.indices)
    func aRenameInsideABlockStaysInItAndFollowsItsUses(_ index: Int) throws {
        let (what, before, block, from, to, after) = PageRenameTests.blockTable[index]
        let result = PageRename(from: from, to: to, registry: .standard(behavior: .v2), block: block.isEmpty ? nil : block).apply(to: try PageRenameTests.page(before))
        let expected = try PageRenameTests.page(after)
        #expect(result.document.jsonText == expected.jsonText, "\(what):\n got      \(result.document.jsonText)\n expected \(expected.jsonText)")
    }

    @Test func aBlockKeyRenamesInTheFlowsAsEachUseNamesIt() throws {
        let (_, before, block, from, to, _) = PageRenameTests.blockTable[1]
        let result = PageRename(from: from, to: to, registry: .standard(behavior: .v2), block: block).apply(to: try PageRenameTests.page(before))
        #expect(result.keys.map { "\($0.from)→\($0.to)" } == ["ship.street→ship.road", "address.street→address.road"])
        #expect(result.dataPath == nil)
        let flow = try JSONReader.parse(#"{"page": "p.json", "steps": [{"set": "ship.street", "value": "Main"}, {"expect": {"component.ship.street.value": "Main", "error.address.street": null}}]}"#)
        var renamed = flow
        for key in result.keys { renamed = FlowRename(from: key.from, to: key.to, dataPath: nil).apply(to: renamed).flow }
        #expect(renamed.jsonText == (try JSONReader.parse(#"{"page": "p.json", "steps": [{"set": "ship.road", "value": "Main"}, {"expect": {"component.ship.road.value": "Main", "error.address.road": null}}]}"#)).jsonText)
    }

    /// A nested block's key and a renamed use reach the flows as the page names them: `set`,
    /// `tap`, `errors`' members and `component.` / `error.` / `data.` expectations.
    @Test func nestedAndUseRenamesReachTheFlows() throws {
        let nested = PageRenameTests.blockTable[3]
        let result = PageRename(from: nested.3, to: nested.4, registry: .standard(behavior: .v2), block: nested.2).apply(to: try PageRenameTests.page(nested.1))
        #expect(result.keys.map { "\($0.from)→\($0.to)" } == ["order.shipping.street→order.shipping.road"])
        let flow = try JSONReader.parse(#"{"page": "p.json", "steps": [{"set": "order.shipping.street", "value": "Main"}, {"tap": "order.shipping"}, {"expect": {"component.order.shipping.street.value": "Main", "error.order.shipping.street": null, "errors": {"order.shipping.street": "x"}, "data.ship.street": "Main"}}]}"#)
        var renamed = flow
        for key in result.keys { renamed = FlowRename(from: key.from, to: key.to, dataPath: nil).apply(to: renamed).flow }
        // NB: the binding `$attr.value.street` is kept, so the page's data path (`data.ship.street`) is too.
        #expect(renamed.jsonText == (try JSONReader.parse(#"{"page": "p.json", "steps": [{"set": "order.shipping.road", "value": "Main"}, {"tap": "order.shipping"}, {"expect": {"component.order.shipping.road.value": "Main", "error.order.shipping.road": null, "errors": {"order.shipping.road": "x"}, "data.ship.street": "Main"}}]}"#)).jsonText)

        let use = PageRenameTests.blockTable[5]
        let page = PageRename(from: use.3, to: use.4, registry: .standard(behavior: .v2)).apply(to: try PageRenameTests.page(use.1))
        #expect(page.dataPath.map { "\($0.from)→\($0.to)" } == "$data.ship→$data.delivery")
        let useFlow = try JSONReader.parse(#"{"page": "p.json", "steps": [{"set": "ship.street", "value": "Main"}, {"type": "ship.street", "text": "x"}, {"expect": {"data.ship.street": "Main", "data.ship": {"street": "Main"}, "errors": {"ship.street": "x"}, "focus": "ship.street", "component.ship.street.value": "Main"}}]}"#)
        var renamedUse = useFlow
        for key in page.keys { renamedUse = FlowRename(from: key.from, to: key.to, dataPath: page.dataPath).apply(to: renamedUse).flow }
        #expect(renamedUse.jsonText == (try JSONReader.parse(#"{"page": "p.json", "steps": [{"set": "delivery.street", "value": "Main"}, {"type": "delivery.street", "text": "x"}, {"expect": {"data.delivery.street": "Main", "data.delivery": {"street": "Main"}, "errors": {"delivery.street": "x"}, "focus": "delivery.street", "component.delivery.street.value": "Main"}}]}"#)).jsonText)
    }
}
