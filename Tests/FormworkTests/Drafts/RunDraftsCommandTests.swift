import Foundation
import Testing

/// `formwork run --drafts DIR`: what was typed comes back when the page is run again, and the
/// `background` and `reopen` commands do what the flow steps do.
@Suite("formwork run --drafts")
struct RunDraftsCommandTests {
    static let page = """
    {"page": "card", "draft": {"exclude": ["$data.note"]},
     "data": {"name": "", "pin": "", "note": ""},
     "components": [
       {"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}},
       {"id": "text-field", "key": "pin", "attributes": {"value": {"expr": "$data.pin"}, "secure": true}},
       {"id": "text-field", "key": "note", "attributes": {"value": {"expr": "$data.note"}}}
     ]}
    """

    @Test func whatWasTypedIsThereWhenThePageRunsAgain() async throws {
        let folder = try CheckEvalRenderCommandTests.folder(["card.json": Self.page])
        defer { try? FileManager.default.removeItem(at: folder) }

        let first = try await CLIRunner.run(["run", "card.json", "--drafts", "drafts"], in: folder,
                                            input: "set name A\nset name Ada\nset pin 1234\nset note hello\nbackground\nset name Ada L\nreopen\ndata\n")
        #expect(first.stderr == "")
        #expect(first.status == 0)
        let lines = first.stdout.components(separatedBy: "\n")
        let background = try #require(lines.firstIndex(of: "> background"))
        #expect(lines[background + 1] == "  [card] store: draft saved", "background writes what waits")
        let reopened = try #require(lines.firstIndex(of: "> reopen"))
        #expect(lines[reopened + 1] == "  [card] store: draft saved", "closing writes what waits")
        #expect(lines[reopened + 2] == "  [card] navigation: closed")
        #expect(lines[reopened + 3].hasPrefix("  [card] store: draft restored, saved "))
        #expect(lines.contains(#"{"name":"Ada L","pin":"","note":""}"#))

        let again = try await CLIRunner.run(["run", "card.json", "--drafts", "drafts"], in: folder, input: "data\n")
        #expect(again.stdout.contains("\n> data\n{\"name\":\"Ada L\",\"pin\":\"\",\"note\":\"\"}\n"))
        // NB: the draft's `data` member, not the whole file: `savedAt` is a time in milliseconds,
        // whose digits may hold "1234".
        let file = try Data(contentsOf: folder.appendingPathComponent("drafts/card.draft.json"))
        let draft = try #require(try JSONSerialization.jsonObject(with: file) as? [String: Any])
        let data = try #require(draft["data"] as? [String: Any])
        #expect(data["name"] as? String == "Ada L")
        #expect(data["pin"] == nil, "a secure field's value is never written")
        #expect(data["note"] == nil, "an excluded path is never written")
    }
}
