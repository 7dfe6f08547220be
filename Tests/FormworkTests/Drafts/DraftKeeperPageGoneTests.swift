import Testing
@testable import Formwork

/// A draft keeper holds its page weakly: a save wait can wake while the page is being freed
/// (the keeper is held by the wait for that moment), and the page's `$data` is then gone. It
/// writes nothing then, the draft saved before stays, and whoever waits for the save is let go.
/// (It read the page through an `unowned` reference, which crashed the process in that moment.)
@Suite("Drafts: a keeper whose page is gone")
@MainActor
struct DraftKeeperPageGoneTests {
    final class Page {
        var data: PageValue? = ["name": "A"]
    }

    @Test func aWaitThatWakesAfterThePageIsGoneWritesNothingAndKeepsTheSavedDraft() async throws {
        let clock = ManualClock()
        let storage = MemoryDraftStorage()
        let page = Page()
        var events: [String] = []
        let keeper = DraftKeeper(storage: storage, pageID: "card", pageVersion: 1, omitted: [], clock: clock,
                                 current: { page.data }, note: { event in events.append("\(event)") })
        keeper.personActed = true

        keeper.changed()
        #expect(storage.draft(of: "card")?.data == ["name": "A"], "the first change is written at once")
        #expect(keeper.saves == 1)

        page.data = ["name": "Ada"]
        keeper.changed()
        #expect(keeper.isPending, "within the save interval the change waits")

        page.data = nil
        clock.advance(by: DraftPolicy.saveIntervalMilliseconds)
        await keeper.waitUntilSaved()
        #expect(!keeper.isPending)
        #expect(keeper.saves == 1, "nothing is written for a page that is gone")
        #expect(storage.draft(of: "card")?.data == ["name": "A"], "the draft saved before stays")
        #expect(events.count == 1, "\(events)")

        keeper.flush()
        #expect(keeper.saves == 1)
        #expect(storage.draft(of: "card")?.data == ["name": "A"])
    }
}
