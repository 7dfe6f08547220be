import Foundation
import Testing
import Formwork

/// What a page's `"draft"` says, and what a draft leaves out: `secure` fields found wherever they
/// are (list rows, blocks, a list inside a row), `exclude` paths with `[*]`.
@Suite("Draft policy")
@MainActor
struct DraftPolicyTests {
    /// The page's draft as written, after editing every field to `SECRET-…` or `kept-…`.
    func savedDraft(of json: String, edits: [(key: String, value: PageValue)]) async throws -> PageValue {
        let storage = MemoryDraftStorage()
        let document = try PageDocument.load(Array(json.utf8), registry: .standard, libraries: .empty)
        let page = try PageEngine(registry: .standard, host: PageHost(clock: FixedClock(milliseconds: 0)), drafts: storage).open(document)
        await page.waitUntilIdle()
        for (key, value) in edits {
            let component = try #require(page.allComponents.first { $0.key == key }, "\(key)")
            try await page.edit(component, to: value)
        }
        page.close()
        return try #require(storage.draft(of: document.id)).data
    }

    @Test func aSecureFieldInABlockUsedInEveryRowOfAListIsLeftOut() async throws {
        let page = """
        {"page": "passwords", "draft": true,
         "data": {"accounts": [{"id": "mail", "password": "", "hint": ""}, {"id": "bank", "password": "", "hint": ""}]},
         "blocks": {"password-field": {
           "attributes": {"value": {"type": "string", "twoWay": true, "required": true}, "hint": {"type": "string", "twoWay": true}},
           "data": {"shown": false},
           "components": [
             {"id": "text-field", "key": "text", "attributes": {"value": {"expr": "$attr.value"}, "secure": {"expr": "!$state.shown"}}},
             {"id": "text-field", "key": "hint", "attributes": {"value": {"expr": "$attr.hint"}}}
           ]}},
         "components": [
           {"id": "list", "key": "accounts", "attributes": {"items": {"expr": "$data.accounts"}, "itemKey": "id"}, "components": [
             {"id": "password-field", "key": "password", "attributes": {"value": {"expr": "$item.password"}, "hint": {"expr": "$item.hint"}}}
           ]}
         ]}
        """
        let saved = try await savedDraft(of: page, edits: [("password.text", "SECRET-1"), ("password.hint", "kept")])
        #expect(saved == ["accounts": [["id": "mail", "hint": "kept"], ["id": "bank", "hint": ""]]])
    }

    @Test func aSecureFieldInANestedListAndInASwitchedStateIsLeftOut() async throws {
        let page = """
        {"page": "nested", "draft": {"exclude": ["$data.orders[*].note", "$data.extra"]},
         "data": {"mode": "normal", "pin": "", "extra": "", "orders": [{"note": "", "cards": [{"cvv": "", "name": ""}]}]},
         "components": [
           {"id": "status", "key": "box", "attributes": {"state": {"expr": "$data.mode"},
             "error": [{"id": "text-field", "key": "pin", "attributes": {"value": {"expr": "$data.pin"}, "secure": true}}]}},
           {"id": "text-field", "key": "extra", "attributes": {"value": {"expr": "$data.extra"}, "secure": false}},
           {"id": "list", "key": "orders", "attributes": {"items": {"expr": "$data.orders"}}, "components": [
             {"id": "text-field", "key": "note", "attributes": {"value": {"expr": "$item.note"}}},
             {"id": "list", "key": "cards", "attributes": {"items": {"expr": "$item.cards"}}, "components": [
               {"id": "text-field", "key": "cvv", "attributes": {"value": {"expr": "$item.cvv"}, "secure": true}},
               {"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$item.name"}}}
             ]}
           ]}
         ]}
        """
        let saved = try await savedDraft(of: page, edits: [("extra", "SECRET-extra"), ("note", "SECRET-note"), ("cvv", "SECRET-cvv"), ("name", "kept")])
        // The PIN's field isn't even shown (its state is "error"), and its value is still left out.
        #expect(saved == ["mode": "normal", "orders": [["cards": [["name": "kept"]]]]])
    }

    @Test func expiryAndPathsAreReadAsDocumented() throws {
        #expect(DraftPolicy(exclude: ["$data.a", "$data.lines[*].note", "$data[\"odd key\"]", "$data.rows[2]"]) != nil)
        #expect(DraftPolicy(exclude: ["$data"]) == nil, "all of $data: then keep no draft")
        #expect(DraftPolicy(exclude: ["$global.token"]) == nil)
        #expect(DraftPolicy(exclude: ["$data.lines[*"]) == nil)
        let document = try PageDocument.load(Array(#"{"page": "p", "draft": {"expires": "90m"}}"#.utf8), registry: .standard, libraries: .empty)
        #expect(document.draft?.expiresMilliseconds == Int64(90 * 60_000))
        #expect(try PageDocument.load(Array(#"{"page": "p", "draft": false}"#.utf8), registry: .standard, libraries: .empty).draft == nil)
        #expect(try PageDocument.load(Array(#"{"page": "p", "draft": true}"#.utf8), registry: .standard, libraries: .empty).draft?.expiresMilliseconds == DraftPolicy.defaultExpiryMilliseconds)
        #expect(try PageDocument.load(Array(#"{"page": "p"}"#.utf8), registry: .standard, libraries: .empty).draft == nil)
    }

    @Test(arguments: [
        (#""draft": 3"#, #"draft: error: "draft" is true (keep a draft of $data while the person edits), false, or an object like {"exclude": ["$data.cardNumber"], "expires": "7d"}; not 3"#),
        (#""draft": {"expires": "400d"}"#, #"draft.expires: error: a draft is kept at most 365 days ("365d"); "400d" is longer"#),
        (#""draft": {"expires": "0d"}"#, #"draft.expires: error: "expires" is how long a draft is kept after the last edit: a whole number with s, m, h or d, like "30m", "12h" or "7d"; not "0d""#),
        (#""draft": {"exclude": "$data.card"}"#, #"draft.exclude: error: "exclude" is a list of paths to leave out of the draft, like ["$data.cardNumber", "$data.lines[*].note"]; not "$data.card""#),
        (#""draft": {"exclude": ["$global.token"]}"#, #"draft.exclude[0]: error: a path to leave out of the draft starts with $data (only $data is saved); like $data.cardNumber, not '$global.token'"#),
        (#""draft": {"exclude": ["$data.lines[*"]}"#, #"draft.exclude[0]: error: '$data.lines[*' is not a path into $data; write it like $data.cardNumber or $data.lines[*].note ([*] for every element of a list)"#),
        (#""drafts": true"#, #"drafts: error: unknown member 'drafts' in a page; did you mean 'draft'?"#),
    ])
    func checkSaysWhatIsWrong(member: String, message: String) {
        let (_, diagnostics) = PageDocument.decode(json: "{\"page\": \"p\", \(member)}", registry: .standard, libraries: .empty)
        #expect(diagnostics.map(\.rendered) == [message])
    }
}
