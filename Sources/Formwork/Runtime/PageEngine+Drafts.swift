/// Drafts across the pages of an engine: restoring one at open, flushing all of them when the
/// app leaves the foreground.
extension PageEngine {
    /// Writes the draft of every open page with edits waiting. Call it when the app goes to the
    /// background (`UIApplication.willResignActiveNotification`, `scenePhase` turning
    /// `.inactive`): the system may kill it there without another word.
    public func applicationWillResignActive() {
        draftKeepers.removeAll { $0.keeper == nil }
        for entry in draftKeepers { entry.keeper?.flush() }
    }

    func keepDraft(_ keeper: DraftKeeper) {
        draftKeepers.removeAll { $0.keeper == nil }
        draftKeepers.append(WeakDraftKeeper(keeper: keeper))
    }

    /// The `$data` a page opens with (its saved draft over its initial `data`, when it has one
    /// that fits), what became of the draft, and the paths its drafts leave out.
    func openDraft(of document: PageDocument) -> (data: PageValue?, opening: DraftOpening) {
        guard let storage = drafts, let policy = document.draft else { return (nil, DraftOpening(restore: .none, omitted: [])) }
        let omitted = policy.excluded + DraftPolicy.securePaths(in: document.components, registry: registry)
        func dropped(_ reason: String, remove: Bool) -> (data: PageValue?, opening: DraftOpening) {
            if remove { try? storage.remove(pageID: document.id) }
            host.report?(.diagnostic(.warning("draft", "draft", "the draft of '\(document.id)' was not restored: \(reason)")))
            return (nil, DraftOpening(restore: .dropped(reason: reason), omitted: omitted))
        }
        let found: PageDraft?
        do {
            found = try storage.load(pageID: document.id)
        } catch {
            return dropped("\(error)", remove: false)
        }
        guard let draft = found else { return (nil, DraftOpening(restore: .none, omitted: omitted)) }
        let age = host.clock.nowMilliseconds() - draft.savedAt
        if age > policy.expiresMilliseconds {
            return dropped("it expired: it was saved \(DraftPolicy.describe(milliseconds: age)) ago, and the page keeps drafts for \(DraftPolicy.describe(milliseconds: policy.expiresMilliseconds))", remove: true)
        }
        if let misfit = draft.misfit(version: document.version, initial: document.data) { return dropped(misfit, remove: true) }
        // NB: what the page leaves out now is left out of what an older version saved, too.
        let kept = PageDraft(pageID: draft.pageID, pageVersion: draft.pageVersion, savedAt: draft.savedAt,
                             data: omitted.reduce(draft.data) { $1.removing(from: $0) })
        // NB: what the draft leaves out starts as the page's data starts it, inside rows too (the
        // merge keeps initial members of objects only; a list is the draft's, row for row).
        let data = omitted.reduce(kept.restored(over: document.data)) { $1.restoring(from: document.data, into: $0) }
        if let problem = data.sizeProblem(limits, what: "the restored draft", nesting: 0) { return dropped(problem, remove: true) }
        return (data, DraftOpening(restore: .restored(kept), omitted: omitted))
    }
}

/// What opening a page found of its draft, and what its drafts leave out.
struct DraftOpening {
    let restore: DraftRestore
    let omitted: [DraftPath]
}

/// An open page's draft keeper, without keeping it alive.
struct WeakDraftKeeper {
    weak var keeper: DraftKeeper?
}
