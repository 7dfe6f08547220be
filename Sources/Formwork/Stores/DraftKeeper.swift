/// Saves one open page's draft: as the person edits, at most every
/// `DraftPolicy.saveIntervalMilliseconds` by the host's clock, and at once when flushed.
///
/// The first change after a quiet spell is written at once; changes within the interval after a
/// save wait for its end (one wait by the host's clock, `PageClock.sleep(untilMilliseconds:)`), and
/// are then written together. A flush (the app going to the background, the page closing or
/// disappearing) writes what is waiting at once. What is written leaves out the page's
/// `exclude` paths and every `secure` field's value.
@MainActor
final class DraftKeeper {
    let storage: any DraftStorage
    let pageID: String
    let pageVersion: Int
    /// The paths never written: the page's `exclude` and the `secure` fields'.
    let omitted: [DraftPath]
    private let clock: any PageClock
    /// The page's `$data` now; nil once the page is gone. NB: the keeper may outlive its page for
    /// a moment (a save wait that wakes while the page is being freed elsewhere holds the keeper),
    /// so the page is held weakly: a page that is gone has nothing more to write, and what was
    /// written stays.
    private let current: @MainActor () -> PageValue?
    /// Told about each save, removal and failure (the session's trace and the host's report).
    private let note: @MainActor (DraftKeeper.Event) -> Void
    /// When the last write happened by the clock, nil before the first.
    private var lastSavedAt: Int64?
    /// What the last write held, so an unchanged `$data` isn't written again.
    private var lastSaved: PageValue?
    /// Whether `$data` changed since the last write.
    private(set) var isPending = false
    /// The wait for the end of the interval, while one is running.
    private var wait: Task<Void, Never>?
    /// How many drafts were written.
    private(set) var saves = 0
    /// What became of the saved draft when the page opened.
    var restore: DraftRestore = .none
    /// The engine's attachments, when it has any: what a draft's attachment ids name. Nil: none.
    var attachments: (@MainActor () -> AttachmentTable?)?
    /// The attachments whose copies the storage keeps for this draft.
    private var keptAttachments: Set<String> = []
    /// Whoever waits for the pending changes to be written (`PageSession.waitUntilDraftSaved`).
    private var saveWaiters: [CheckedContinuation<Void, Never>] = []

    enum Event {
        case saved(PageDraft)
        case removed(why: String)
        case failed(String)
    }

    init(storage: any DraftStorage, pageID: String, pageVersion: Int, omitted: [DraftPath], clock: any PageClock,
         current: @escaping @MainActor () -> PageValue?, note: @escaping @MainActor (DraftKeeper.Event) -> Void) {
        self.storage = storage
        self.pageID = pageID
        self.pageVersion = pageVersion
        self.omitted = omitted
        self.clock = clock
        self.current = current
        self.note = note
    }

    /// What a draft of `data` holds: `data` without the omitted paths.
    func written(_ data: PageValue) -> PageValue {
        omitted.reduce(data) { $1.removing(from: $0) }
    }

    /// The page opened with `draft`: it is what the storage holds, so it isn't written again as it is.
    func restoredFrom(_ draft: PageDraft) {
        lastSaved = draft.data
        personActed = true
    }

    /// Whether the person has edited or tapped something since the page opened (or the page
    /// opened with their draft): until then, what the page writes by itself (`loaded` filling
    /// `$data` from the server) is no draft.
    var personActed = false

    /// `$data` changed: writes now when the interval since the last write is over, else once it is.
    func changed() {
        guard personActed else { return }
        isPending = true
        let now = clock.nowMilliseconds()
        guard let last = lastSavedAt, now - last < DraftPolicy.saveIntervalMilliseconds else {
            save(at: now)
            return
        }
        guard wait == nil else { return }
        let due = last + DraftPolicy.saveIntervalMilliseconds
        let clock = self.clock
        wait = Task { @MainActor [weak self] in
            do {
                try await clock.sleep(untilMilliseconds: due)
            } catch {
                return
            }
            guard let self else { return }
            self.wait = nil
            if self.isPending { self.save(at: self.clock.nowMilliseconds()) }
        }
    }

    /// Writes what is waiting, now.
    func flush() {
        wait?.cancel()
        wait = nil
        if isPending { save(at: clock.nowMilliseconds()) }
    }

    /// Removes the saved draft and forgets what was waiting (a later change starts a new one).
    func discard(why: String) {
        wait?.cancel()
        wait = nil
        isPending = false
        lastSaved = nil
        do {
            try storage.remove(pageID: pageID)
            note(.removed(why: why))
        } catch {
            note(.failed("the draft of '\(pageID)' could not be removed: \(error)"))
        }
        wakeSaveWaiters()
    }

    /// Stops: what is waiting is written first.
    func stop() {
        flush()
        wakeSaveWaiters()
    }

    /// Returns once nothing is waiting to be written.
    func waitUntilSaved() async {
        guard isPending else { return }
        await withCheckedContinuation { saveWaiters.append($0) }
    }

    private func save(at now: Int64) {
        isPending = false
        defer { wakeSaveWaiters() }
        guard let page = current() else { return }
        lastSavedAt = now
        let data = written(page)
        guard data != lastSaved else { return }
        let draft = PageDraft(pageID: pageID, pageVersion: pageVersion, savedAt: now, data: data)
        do {
            try keepAttachments(of: data)
            try storage.save(draft)
            lastSaved = data
            saves += 1
            note(.saved(draft))
        } catch {
            // NB: still waiting: the next flush (the app leaving, the page closing) tries again.
            isPending = true
            note(.failed("the draft of '\(pageID)' could not be saved: \(error)"))
        }
    }

    /// Copies the attachments `data` holds into the storage before the draft naming them is
    /// written, and drops the copies it no longer names. Nothing to do on an engine without any.
    private func keepAttachments(of data: PageValue) throws {
        guard let table = attachments?(), !table.isEmpty || !keptAttachments.isEmpty else { return }
        let ids = Set(Attachment.ids(in: data))
        for id in ids where !keptAttachments.contains(id) {
            guard let attachment = table[id] else { continue }
            // NB: the page goes on reading the picked file; the copy is for a page opened later.
            _ = try storage.keepAttachment(attachment, pageID: pageID)
            keptAttachments.insert(id)
        }
        if keptAttachments != ids {
            keptAttachments.formIntersection(ids)
            storage.dropAttachments(of: pageID, except: ids)
        }
    }

    /// The draft restored names these attachments, kept by the storage.
    func restoredAttachments(_ ids: Set<String>) { keptAttachments = ids }

    private func wakeSaveWaiters() {
        let waiters = saveWaiters
        saveWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
