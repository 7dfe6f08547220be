import Foundation
import Testing
import Formwork

/// Drafts through the public API: saved as the person edits (at most every 500 ms by the host's
/// clock), flushed when the app leaves the foreground or the page closes, restored when the page
/// opens again, never holding a secure field, removed on response, on `discard-draft` and after
/// expiry.
@Suite("Drafts")
@MainActor
struct DraftSessionTests {
    static let page = """
    {"page": "card", "version": 2, "draft": {"exclude": ["$data.note"]},
     "data": {"name": "", "pin": "", "note": "", "greeting": "", "lines": [{"item": "tea", "code": ""}]},
     "components": [
       {"id": "text-field", "key": "name", "attributes": {"value": {"expr": "$data.name"}}},
       {"id": "text-field", "key": "pin", "attributes": {"value": {"expr": "$data.pin"}, "secure": true}},
       {"id": "text-field", "key": "note", "attributes": {"value": {"expr": "$data.note"}}},
       {"id": "list", "key": "lines", "attributes": {"items": {"expr": "$data.lines"}}, "components": [
         {"id": "text-field", "key": "item", "attributes": {"value": {"expr": "$item.item"}}},
         {"id": "text-field", "key": "code", "attributes": {"value": {"expr": "$item.code"}, "secure": {"expr": "$data.name != ''"}}}
       ]},
       {"id": "button", "key": "save", "interactions": {"onTap": [{"id": "response", "attributes": {"value": {"expr": "$data.name"}}}]}},
       {"id": "button", "key": "discard", "interactions": {"onTap": [{"id": "discard-draft"}]}}
     ],
     "interactions": {"loaded": [{"id": "store-var", "attributes": {"key": "$data.greeting", "value": {"template": "Hello ${$data.name} (${$page.draft})"}}}]}}
    """

    let clock = ManualClock()
    let storage = MemoryDraftStorage()

    func engine(report: (@MainActor (PageReport) -> Void)? = nil) -> PageEngine {
        PageEngine(registry: .standard, host: PageHost(clock: clock, report: report), drafts: storage)
    }

    func field(_ page: PageSession, _ key: String) throws -> PageComponent {
        try #require(page.component(key) ?? page.allComponents.first { $0.key == key })
    }

    @Test func theFirstEditIsSavedAtOnceLaterOnesAtMostEvery500Milliseconds() async throws {
        let engine = engine()
        let page = try engine.open(try EnginePages.load(Self.page))
        defer { page.close() }
        await page.waitUntilIdle()
        #expect(storage.draft(of: "card") == nil, "nothing typed, nothing saved (loaded's write is the page's own)")

        try await page.edit(try field(page, "name"), to: "A")
        #expect(storage.draft(of: "card")?.data["name"] == "A")
        for text in ["Ad", "Ada", "Ada L"] { try await page.edit(try field(page, "name"), to: .string(text)) }
        #expect(storage.draft(of: "card")?.data["name"] == "A", "within 500 ms of the last save nothing is written")
        #expect(page.hasUnsavedDraft)
        #expect(page.draftSaves == 1)

        clock.advance(by: 499)
        #expect(page.hasUnsavedDraft)
        clock.advance(by: 1)
        await page.waitUntilDraftSaved()
        #expect(storage.draft(of: "card")?.data["name"] == "Ada L")
        #expect(storage.draft(of: "card")?.savedAt == 1_704_067_200_500)
        #expect(page.draftSaves == 2, "the three edits were written together")
        #expect(!page.hasUnsavedDraft)
    }

    @Test func goingToTheBackgroundClosingOrDisappearingWritesWhatWaits() async throws {
        let engine = engine()
        let first = try engine.open(try EnginePages.load(Self.page))
        let second = try engine.open(try EnginePages.load(Self.page.replacingOccurrences(of: "\"card\"", with: "\"other\"")))
        await engine.waitUntilIdle()
        try await first.edit(try field(first, "name"), to: "A")
        try await first.edit(try field(first, "name"), to: "B")
        try await second.edit(try field(second, "name"), to: "C")
        try await second.edit(try field(second, "name"), to: "D")
        #expect(storage.draft(of: "card")?.data["name"] == "A")

        engine.applicationWillResignActive()
        #expect(storage.draft(of: "card")?.data["name"] == "B")
        #expect(storage.draft(of: "other")?.data["name"] == "D")

        try await first.edit(try field(first, "name"), to: "E")
        await first.disappear()
        #expect(storage.draft(of: "card")?.data["name"] == "E")

        try await second.edit(try field(second, "name"), to: "F")
        second.close()
        #expect(storage.draft(of: "other")?.data["name"] == "F")
        first.close()
    }

    @Test func aSecureFieldAndWhatThePageExcludesAreNeverWritten() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let files = FileDraftStorage(directory: folder.url.appendingPathComponent("drafts"))
        let engine = PageEngine(registry: .standard, host: PageHost(clock: clock), drafts: files)
        let page = try engine.open(try EnginePages.load(Self.page))
        await page.waitUntilIdle()
        try await page.edit(try field(page, "pin"), to: "SECRET-PIN")
        try await page.edit(try field(page, "note"), to: "SECRET-NOTE")
        try await page.edit(try field(page, "code"), to: "SECRET-CODE")
        try await page.edit(try field(page, "item"), to: "coffee")
        try await page.edit(try field(page, "name"), to: "Ada")
        page.close()

        let saved = try #require(try files.load(pageID: "card"))
        #expect(saved.data == ["name": "Ada", "greeting": "Hello  (none)", "lines": [["item": "coffee"]]])
        for name in try FileManager.default.contentsOfDirectory(atPath: files.directory.path) {
            let bytes = try Data(contentsOf: files.directory.appendingPathComponent(name))
            #expect(!String(decoding: bytes, as: UTF8.self).contains("SECRET"), "\(name)")
        }
    }

    @Test func openingThePageAgainRestoresTheDraftBeforeLoadedRuns() async throws {
        let engine = engine()
        let document = try EnginePages.load(Self.page)
        let first = try engine.open(document)
        await first.waitUntilIdle()
        try await first.edit(try field(first, "name"), to: "Ada")
        try await first.edit(try field(first, "pin"), to: "1234")
        try await first.edit(try field(first, "item"), to: "coffee")
        first.close()

        let again = try engine.open(document)
        await again.waitUntilIdle()
        defer { again.close() }
        guard case .restored(let draft) = again.draftRestore else { Issue.record("not restored: \(again.draftRestore)"); return }
        #expect(draft.pageVersion == 2)
        #expect(again.data["name"] == "Ada")
        #expect(again.data["pin"] == "", "a secure field comes back as the page starts it")
        #expect(again.data["lines"] == [["item": "coffee", "code": ""]], "a secure field in a row comes back as the page starts it too")
        #expect(again.data["greeting"] == "Hello Ada (restored)", "loaded ran after the restore, and saw $page.draft")
        #expect(again.component("name")?.attributes["value"] == "Ada")
        #expect(again.state["draft"] == "restored")
    }

    @Test func aDraftOfAnOlderVersionThatNoLongerFitsIsDroppedAndTheHostTold() async throws {
        var reports: [String] = []
        let engine = engine { if case .diagnostic(let diagnostic) = $0 { reports.append(diagnostic.message) } }
        try storage.save(PageDraft(pageID: "card", pageVersion: 1, savedAt: clock.nowMilliseconds(), data: ["name": 42]))
        let page = try engine.open(try EnginePages.load(Self.page))
        await page.waitUntilIdle()
        defer { page.close() }

        let reason = "it was saved from version 1 of the page, this is version 2, and $data.name holds a number where the page now has a string"
        #expect(page.draftRestore == .dropped(reason: reason))
        #expect(reports == ["the draft of 'card' was not restored: " + reason])
        #expect(page.data["name"] == "")
        #expect(page.state["draft"] == "dropped")
        #expect(storage.draft(of: "card") == nil)
        #expect(page.trace.map(\.description).contains("[card] store: draft dropped: " + reason))
    }

    @Test(arguments: [
        (["name": "Ada", "gone": 1] as PageValue, "$data.gone is no longer part of the page's data"),
        (["lines": [["item": ["a"]]]] as PageValue, "$data.lines[0].item holds an array where the page now has a string"),
    ])
    func whatDoesntFitIsNamed(saved: PageValue, problem: String) async throws {
        try storage.save(PageDraft(pageID: "card", pageVersion: 1, savedAt: clock.nowMilliseconds(), data: saved))
        let page = try engine().open(try EnginePages.load(Self.page))
        defer { page.close() }
        #expect(page.draftRestore == .dropped(reason: "it was saved from version 1 of the page, this is version 2, and " + problem))
    }

    @Test func aDraftOfAnOlderVersionThatStillFitsIsRestored() async throws {
        try storage.save(PageDraft(pageID: "card", pageVersion: 1, savedAt: clock.nowMilliseconds(), data: ["name": "Ada", "lines": [["item": "jam", "code": nil]]]))
        let page = try engine().open(try EnginePages.load(Self.page))
        defer { page.close() }
        #expect(page.draftRestore.name == "restored")
        #expect(page.data["lines"] == [["item": "jam", "code": ""]], "the row's code is secure (on this page whenever a name is given): left out of what was restored, it starts as the page starts it")
    }

    /// What a draft leaves out of a row — a secure field, an excluded path — comes back as the
    /// page's data starts that row (a row the page doesn't start with: empty, of the first row's
    /// kind), never as a missing member.
    @Test func whatADraftLeavesOutOfARowComesBackAsThePageStartsIt() async throws {
        let document = try EnginePages.load("""
            {"page": "pay", "draft": {"exclude": ["$data.cards[*].note"]},
             "data": {"cards": [{"item": "r0", "cvv": "", "note": "first"}, {"item": "r1", "cvv": "", "note": "second"}]},
             "components": [{"id": "list", "key": "cards", "attributes": {"items": {"expr": "$data.cards"}}, "components": [
               {"id": "text-field", "key": "item", "attributes": {"value": {"expr": "$item.item"}}},
               {"id": "text-field", "key": "cvv", "attributes": {"value": {"expr": "$item.cvv"}, "secure": true}}
             ]}]}
            """)
        let first = try engine().open(document)
        try await first.edit(try field(first, "cvv"), to: "123")
        try await first.edit(try field(first, "item"), to: "visa")
        first.close()
        #expect(storage.draft(of: "pay")?.data == ["cards": [["item": "visa"], ["item": "r1"]]], "no cvv, no note on disk")
        try storage.save(PageDraft(pageID: "pay", pageVersion: 1, savedAt: clock.nowMilliseconds(),
                                   data: ["cards": [["item": "visa"], ["item": "r1"], ["item": "r2"]]]))

        let again = try engine().open(document)
        defer { again.close() }
        #expect(again.draftRestore.name == "restored")
        #expect(again.data["cards"] == [["item": "visa", "cvv": "", "note": "first"], ["item": "r1", "cvv": "", "note": "second"],
                                        ["item": "r2", "cvv": "", "note": ""]])
        #expect(again.allComponents.filter { $0.key == "cvv" }.map { $0.attributes["value"] } == ["", "", ""])
    }

    @Test func aResponseOrDiscardDraftRemovesTheDraftAndALaterEditStartsANewOne() async throws {
        let engine = engine()
        let page = try engine.open(try EnginePages.load(Self.page))
        defer { page.close() }
        await page.waitUntilIdle()
        try await page.edit(try field(page, "name"), to: "Ada")
        #expect(storage.draft(of: "card") != nil)
        await page.tap(try field(page, "save"))
        #expect(page.response == "Ada")
        #expect(storage.draft(of: "card") == nil)
        #expect(page.trace.map(\.description).contains("[card] store: draft removed (the page handed back a response)"))

        clock.advance(by: 1000)
        try await page.edit(try field(page, "name"), to: "Bea")
        #expect(storage.draft(of: "card")?.data["name"] == "Bea")
        await page.tap(try field(page, "discard"))
        #expect(storage.draft(of: "card") == nil)
        page.close()
        #expect(storage.draft(of: "card") == nil, "closing writes nothing: nothing was typed since")
    }

    @Test func anExpiredDraftIsRemovedInsteadOfRestored() async throws {
        try storage.save(PageDraft(pageID: "card", pageVersion: 2, savedAt: clock.nowMilliseconds(), data: ["name": "Ada"]))
        clock.advance(by: DraftPolicy.defaultExpiryMilliseconds)
        let kept = try engine().open(try EnginePages.load(Self.page))
        #expect(kept.draftRestore.name == "restored", "a week to the millisecond is still within the expiry")
        kept.close()

        clock.advance(by: 1)
        let page = try engine().open(try EnginePages.load(Self.page))
        defer { page.close() }
        #expect(page.draftRestore == .dropped(reason: "it expired: it was saved 7 days ago, and the page keeps drafts for 7 days"))
        #expect(storage.draft(of: "card") == nil)
    }

    @Test func anUnreadableDraftFileOpensThePageWithoutItNeverACrash() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let files = FileDraftStorage(directory: folder.url)
        try Data("{\"page\": \"card\", \"da".utf8).write(to: files.file(for: "card"))
        var reports: [PageReport] = []
        let page = try PageEngine(registry: .standard, host: PageHost(clock: clock, report: { reports.append($0) }), drafts: files).open(try EnginePages.load(Self.page))
        defer { page.close() }
        guard case .dropped(let reason) = page.draftRestore else { Issue.record("\(page.draftRestore)"); return }
        #expect(reason.hasPrefix("the draft of 'card' in \(folder.url.path)/card.draft.json could not be read (not valid JSON"))
        #expect(reports.count == 1)
        #expect(page.data["name"] == "")
        #expect(!FileManager.default.fileExists(atPath: try files.file(for: "card").path))
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("card.draft.json.unreadable-") }
        #expect(aside.count == 1, "set aside, not removed: \(aside)")
        #expect(reason.contains("; it was kept as \(folder.url.path)/\(aside.first ?? "")"), "\(reason)")
    }

    /// A storage whose saves fail until told otherwise.
    final class FailingStorage: DraftStorage, @unchecked Sendable {
        let kept = MemoryDraftStorage()
        private let lock = NSLock()
        private var failing = true
        func heal() { lock.lock(); failing = false; lock.unlock() }
        func load(pageID: String) throws -> PageDraft? { try kept.load(pageID: pageID) }
        func remove(pageID: String) throws { try kept.remove(pageID: pageID) }
        func save(_ draft: PageDraft) throws {
            lock.lock()
            let fail = failing
            lock.unlock()
            if fail { throw CocoaError(.fileWriteOutOfSpace) }
            try kept.save(draft)
        }
    }

    @Test func aSaveThatFailsIsReportedAndTriedAgainAtTheNextFlush() async throws {
        let storage = FailingStorage()
        var reports: [String] = []
        let engine = PageEngine(registry: .standard, host: PageHost(clock: clock, report: { if case .diagnostic(let d) = $0 { reports.append(d.message) } }), drafts: storage)
        let page = try engine.open(try EnginePages.load(Self.page))
        await page.waitUntilIdle()
        try await page.edit(try field(page, "name"), to: "Ada")
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("the draft of 'card' could not be saved: ") == true)
        #expect(page.hasUnsavedDraft, "what couldn't be written still waits")
        #expect(page.data["name"] == "Ada", "the page goes on")

        storage.heal()
        page.close()
        #expect(storage.kept.draft(of: "card")?.data["name"] == "Ada")
    }

    @Test func aPageWithoutDraftOrAnEngineWithoutStorageKeepsNone() async throws {
        let plain = try PageEngine(registry: .standard, host: PageHost(clock: clock), drafts: storage).open(try EnginePages.load(Self.page.replacingOccurrences(of: "\"draft\": {\"exclude\": [\"$data.note\"]},", with: "")))
        try await plain.edit(try field(plain, "name"), to: "Ada")
        plain.close()
        #expect(storage.draft(of: "card") == nil)
        #expect(plain.draftRestore == .none)

        let noStorage = try PageEngine(registry: .standard, host: PageHost(clock: clock)).open(try EnginePages.load(Self.page))
        try await noStorage.edit(try field(noStorage, "name"), to: "Ada")
        noStorage.close()
        #expect(noStorage.state["draft"] == "none")
    }
}
