import Foundation

/// Keeps drafts in memory, for as long as the value lives: for tests, previews and flows, where
/// a page closed and opened again should find its draft, and nothing should reach the disk.
///
/// ```swift
/// let drafts = MemoryDraftStorage()
/// let engine = PageEngine(drafts: drafts)
/// …
/// drafts.draft(of: "dish-edit")?.data   // {"name": "Tofu"}
/// ```
public final class MemoryDraftStorage: DraftStorage, @unchecked Sendable {
    // NB: @unchecked: every access to `drafts` holds `lock`.
    private let lock = NSLock()
    private var drafts: [String: PageDraft] = [:]

    /// An empty storage.
    public init() {}

    /// The draft saved for `pageID`, if any.
    public func draft(of pageID: String) -> PageDraft? {
        lock.lock()
        defer { lock.unlock() }
        return drafts[pageID]
    }

    /// The draft saved for `pageID`, if any.
    public func load(pageID: String) throws -> PageDraft? { draft(of: pageID) }

    /// Keeps `draft`, replacing the previous one of its page.
    public func save(_ draft: PageDraft) throws {
        lock.lock()
        defer { lock.unlock() }
        drafts[draft.pageID] = draft
    }

    /// Forgets `pageID`'s draft.
    public func remove(pageID: String) throws {
        lock.lock()
        defer { lock.unlock() }
        drafts[pageID] = nil
    }
}
