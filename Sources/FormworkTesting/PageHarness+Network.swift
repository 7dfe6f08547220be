import Foundation

/// The network going and coming back, and the app killed and launched again: the flow steps
/// `offline`, `online` and `relaunch`.
extension PageHarness {
    /// The network goes: every request fails as a real transport's does without one
    /// (`StubTransport.isOffline`), and the host tells the engine (`PageEngine.networkIsGone()`),
    /// so an `api` with `"offline": "queue"` keeps its request in the outbox.
    public func goOffline() {
        stub.isOffline = true
        engine.networkIsGone()
    }

    /// The network is back: the host tells the engine (`PageEngine.networkIsBack()`), which sends
    /// what waits in the outbox, oldest first; returns once the outbox has done what it could
    /// (every request delivered, given up, or kept to try again) and the pages have settled.
    @discardableResult
    public func goOnline() async throws -> [OutboxOutcome] {
        stub.isOffline = false
        let outcomes = await engine.networkIsBack()
        outboxOutcomes += outcomes
        try await settle()
        return outcomes
    }

    /// The app is killed and launched again. The pages' drafts are written (as when the app went
    /// to the background before it was killed), every page closes, and a new engine — with the
    /// same drafts, `$global` (as the app keeps it, `GlobalStore.storedValue`) and outbox storage,
    /// but nothing else of the old one — opens the first page again with the same params. As an
    /// app does at launch, it then sends what waits in the outbox, unless the network is gone
    /// (`goOffline()`), and waits until that is done.
    public func relaunch() async throws {
        guard let page = root else { throw PageHarnessError("no page is open yet; call open(…) first") }
        engine.applicationWillResignActive()
        close()
        let old = engine
        let next = PageEngine(registry: old.registry, host: old.host, globals: GlobalStore(old.globals.storedValue), pages: old.pages, limits: old.limits, drafts: old.drafts)
        if let outbox = old.outbox {
            // NB: read back from its storage, as a launch does: what wasn't written is gone.
            old.outbox = nil
            next.outbox = Outbox(storage: outbox.storage, limits: outbox.limits, onOutcome: outbox.onOutcome)
        }
        if stub.isOffline { next.networkIsGone() }
        replaceEngine(next)
        try await open(page.document, params: page.params)
        guard !stub.isOffline else { return }
        outboxOutcomes += await engine.networkIsBack()
        try await settle()
    }

    /// What waits in the outbox, as `$global.outbox` holds it: `{count, entries}` (flows read
    /// `outbox.count`, `outbox.entries[0].attempts`).
    public var outbox: PageValue {
        guard let outbox = engine.outbox else { return .object(PageObject([("count", .int(0)), ("entries", .array([]))])) }
        return .object(PageObject([("count", .int(Int64(outbox.entries.count))), ("entries", outbox.jsonValue)]))
    }
}
