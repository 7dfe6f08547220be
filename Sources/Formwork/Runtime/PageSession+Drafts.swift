/// Drafts: keeping what the person typed while the page is open, restoring it when the page
/// opens again, removing it once the page has handed its work in (Grammar.md 2.20).
extension PageSession {
    /// What became of the page's saved draft when it opened: restored, dropped (and why), or none.
    public var draftRestore: DraftRestore { draftKeeper?.restore ?? .none }

    /// Whether edits to `$data` are waiting to be written to the draft (the save interval hasn't
    /// ended yet). Always false on a page that keeps no draft.
    public var hasUnsavedDraft: Bool { draftKeeper?.isPending ?? false }

    /// How many times the draft was written since the page opened.
    public var draftSaves: Int { draftKeeper?.saves ?? 0 }

    /// Writes the draft now if edits are waiting, instead of at the end of the save interval.
    ///
    /// The engine does it by itself when the page closes or disappears, and for every open page
    /// on `PageEngine.applicationWillResignActive()`; call it when the app knows more (the page is
    /// covered by a native screen). Nothing happens on a page that keeps no draft.
    public func flushDraft() {
        draftKeeper?.flush()
    }

    /// Removes the page's saved draft, as the `discard-draft` action does; a later edit starts a
    /// new one.
    public func discardDraft() {
        draftKeeper?.discard(why: "discarded")
    }

    /// Returns once no edit waits to be written to the draft: at the end of the save interval by
    /// the host's clock, or on a flush. With a clock that doesn't move (`FixedClock`), only a
    /// flush or closing the page writes what waits.
    public func waitUntilDraftSaved() async {
        await draftKeeper?.waitUntilSaved()
    }

    /// Starts keeping the draft, when the page asks for one and the engine has a storage.
    func startDraft(_ opened: DraftOpening) {
        guard let storage = engine.drafts, document.draft != nil else { return }
        let keeper = DraftKeeper(storage: storage, pageID: document.id, pageVersion: document.version, omitted: opened.omitted, clock: engine.host.clock,
                                 current: { [weak self] in self?.data }, note: { [weak self] event in self?.noteDraft(event) })
        keeper.restore = opened.restore
        keeper.attachments = { [weak engine] in engine?.attachmentTable }
        if case .restored(let draft) = opened.restore {
            keeper.restoredFrom(draft)
            restoreAttachments(of: draft, from: storage, into: keeper)
        }
        draftKeeper = keeper
        engine.keepDraft(keeper)
        switch opened.restore {
        case .none: break
        case .restored(let draft): record(.store, "draft restored, saved \(DraftPolicy.timestamp(draft.savedAt))")
        case .dropped(let reason): record(.store, "draft dropped: \(reason)")
        }
        refresh(stateStore.draftOpened(opened.restore.name))
    }

    /// The attachments a restored draft holds, found again in the storage's copies. One kept by
    /// none (the storage keeps no copies, or lost it) stays in `$data`; `upload` says to attach it again.
    private func restoreAttachments(of draft: PageDraft, from storage: any DraftStorage, into keeper: DraftKeeper) {
        var kept: Set<String> = []
        func walk(_ value: PageValue) {
            if let id = Attachment.id(of: value) {
                guard let file = storage.keptAttachment(id: id, pageID: draft.pageID),
                      let name = value["name"]?.stringValue, let type = value["type"]?.stringValue, let size = value["size"]?.intValue else { return }
                engine.attachments.keep(Attachment(id: id, name: name, type: type, size: size, file: file))
                kept.insert(id)
                return
            }
            switch value {
            case .array(let items): items.forEach(walk)
            case .object(let object): for (_, member) in object { walk(member) }
            default: break
            }
        }
        walk(draft.data)
        keeper.restoredAttachments(kept)
    }

    /// The person edited or tapped something: from now on, changes to `$data` are their draft.
    func draftPersonActed() {
        draftKeeper?.personActed = true
    }

    /// `$data` changed in a committed write.
    func draftDataChanged(_ paths: [StorePath]) {
        guard let draftKeeper, paths.contains(where: { $0.root == .data }) else { return }
        draftKeeper.changed()
    }

    private func noteDraft(_ event: DraftKeeper.Event) {
        switch event {
        case .saved: record(.store, "draft saved")
        case .removed(let why): record(.store, "draft removed (\(why))")
        case .failed(let message):
            record(.error, message)
            send(.diagnostic(.warning("draft", "draft", message)))
        }
    }
}
