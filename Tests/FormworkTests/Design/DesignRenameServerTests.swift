import Foundation
import Formwork
import Testing

/// `formwork design`'s rename route and the flows a save carries it into, and the live page that
/// stays while an unsaved edit has errors — over real HTTP, as the editor uses them.
@Suite("formwork design: rename and the last good page")
struct DesignRenameServerTests {
    static let page = #"{"page": "tip", "data": {"textField1": ""}, "components": [{"id": "text-field", "key": "textField1", "attributes": {"title": "Name", "value": {"expr": "$data.textField1"}}}, {"id": "label", "key": "total", "attributes": {"text": {"template": "Hi ${$data.textField1}"}}}]}"#
    static let flow = #"{"page": "tip.json", "steps": [{"set": "textField1", "value": "Ann"}, {"expect": {"data.textField1": "Ann", "component.total.text": "Hi Ann"}}]}"#

    @Test func aRenameIsComputedWithoutWritingAndItsFlowsFollowTheSave() async throws {
        let folder = try DesignServerTests.folder(["tip.json": DesignRenameServerTests.page, "tip.flow.json": DesignRenameServerTests.flow, "other.flow.json": #"{"page": "other.json", "steps": [{"tap": "textField1"}]}"#])
        let editor = try await DesignServerTests.design(folder)
        let opened = try await RawHTTPClient.get(port: editor.port, "/api/design/page/tip.json").json
        let document = try #require(opened["document"])
        let answer = try await DesignServerTests.post(editor, "/api/design/rename/tip.json", ["document": document, "from": "textField1", "to": "name"])
        #expect(answer.status == 200)
        let renamed = try #require(answer.json["document"])
        #expect(!renamed.jsonText.contains("textField1"), "\(renamed.jsonText)")
        #expect(answer.json["dataPath"] == ["from": "$data.textField1", "to": "$data.name"])
        #expect(answer.json["flows"]?.arrayValue?.map { $0["file"] } == ["tip.flow.json"], "only the page's own flow")
        #expect(try String(contentsOf: folder.appendingPathComponent("tip.flow.json"), encoding: .utf8) == DesignRenameServerTests.flow, "nothing is written before the save")

        let saved = try await DesignServerTests.post(editor, "/api/design/save/tip.json", [
            "document": renamed, "base": opened["revision"] ?? .null,
            "renames": [["from": "textField1", "to": "name", "dataFrom": "$data.textField1", "dataTo": "$data.name"]],
        ])
        #expect(saved.status == 200)
        #expect(saved.json["flows"] == ["tip.flow.json"])
        let flowText = try String(contentsOf: folder.appendingPathComponent("tip.flow.json"), encoding: .utf8)
        #expect(try JSONReader.parse(flowText).jsonText == (try JSONReader.parse(#"{"page": "tip.json", "steps": [{"set": "name", "value": "Ann"}, {"expect": {"data.name": "Ann", "component.total.text": "Hi Ann"}}]}"#)).jsonText, "\(flowText)")
        #expect(try String(contentsOf: folder.appendingPathComponent("other.flow.json"), encoding: .utf8).contains("textField1"), "another page's flow is left alone")
        _ = try await editor.interrupt()
    }

    @Test func anUnsavedEditWithErrorsKeepsTheLastGoodPageRunning() async throws {
        let folder = try DesignServerTests.folder(["tip.json": DesignRenameServerTests.page])
        let editor = try await DesignServerTests.design(folder)
        let events = try await EventStreamClient.open(port: editor.port, "/api/preview/tip.json/events")
        try await events.waitForState("the saved page") { $0.attribute("total", "text") == "Hi " }

        let half = try JSONReader.parse(DesignRenameServerTests.page.replacingOccurrences(of: #"{"template": "Hi ${$data.textField1}"}"#, with: #"{"expr": "$data.textField1 =="}"#))
        let checked = try await DesignServerTests.post(editor, "/api/design/draft/tip.json", ["document": half])
        #expect(checked.json["problems"]?.arrayValue?.first?["severity"] == "error")
        let state = try await events.waitForState("the last good page, marked") { $0["lastGood"] == true }
        #expect(state["broken"] == false)
        #expect(state.attribute("total", "text") == "Hi ", "the last good page is still shown")
        let problem = try #require(state["problems"]?.arrayValue?.first)
        #expect(problem["path"]?.stringValue?.hasPrefix("components[1].attributes.text") == true)
        #expect((problem["line"] ?? .null) == .null, "no line of a file that isn't saved: \(problem.jsonText)")
        #expect(problem["file"]?.stringValue?.contains("unsaved") == true)

        let good = try JSONReader.parse(DesignRenameServerTests.page.replacingOccurrences(of: "Hi ", with: "Hello "))
        _ = try await DesignServerTests.post(editor, "/api/design/draft/tip.json", ["document": good])
        try await events.waitForState("the edit live again") { $0["lastGood"] == false && $0.attribute("total", "text") == "Hello " }
        _ = try await editor.interrupt()
    }
    /// A key in a block's definition, renamed with its path: the block's own names follow, and the
    /// page's flow follows each use's key (`ship.street` → `ship.road`).
    @Test func aKeyInABlockIsRenamedThereAndInTheFlowsOfItsUses() async throws {
        let page = #"{"page": "addr", "data": {"ship": {"street": ""}}, "blocks": {"address": {"attributes": {"value": {"type": "object", "twoWay": true}}, "components": [{"id": "text-field", "key": "street", "attributes": {"title": "Street", "value": {"expr": "$attr.value.street"}}}]}}, "components": [{"id": "address", "key": "ship", "attributes": {"value": {"expr": "$data.ship"}}}]}"#
        let flow = #"{"page": "addr.json", "steps": [{"set": "ship.street", "value": "Main 1"}, {"expect": {"data.ship.street": "Main 1"}}]}"#
        let folder = try DesignServerTests.folder(["addr.json": page, "addr.flow.json": flow])
        let editor = try await DesignServerTests.design(folder)
        let document = try JSONReader.parse(page)
        let answer = try await DesignServerTests.post(editor, "/api/design/rename/addr.json", [
            "document": document, "from": "street", "to": "road", "path": ["blocks", "address", "components", 0],
        ])
        #expect(answer.status == 200)
        #expect(answer.json["document"]?["blocks"]?["address"]?["components"]?[0]?["key"] == "road")
        #expect(answer.json["document"]?["blocks"]?["address"]?["components"]?[0]?["attributes"]?["value"] == ["expr": "$attr.value.street"], "the page's path stays")
        #expect(answer.json["keys"] == [["from": "ship.street", "to": "ship.road"]])
        #expect(answer.json["dataPath"] == .null)
        #expect(answer.json["flows"]?[0]?["changes"] == [#"steps[0].set: "ship.street" → "ship.road""#])
        let refused = try await DesignServerTests.post(editor, "/api/design/rename/addr.json", [
            "document": document, "from": "street", "to": "road", "path": ["blocks", "adress", "components", 0],
        ])
        #expect(refused.status == 400)
        _ = try await editor.interrupt()
    }
}
