import Foundation

/// Where a page's draft — what a person typed and hasn't handed in yet — is kept while the app
/// is away: killed in the background, or the page closed and opened again.
///
/// The engine calls it on the main actor, at most every 500 ms per page while the person edits,
/// and when the host flushes (`PageEngine.applicationWillResignActive()`, a page closing).
/// `FileDraftStorage` is the default; a host may keep drafts in its own database instead.
///
/// ```swift
/// let engine = PageEngine(host: host, drafts: FileDraftStorage(directory: appSupport.appendingPathComponent("drafts")))
/// ```
public protocol DraftStorage: Sendable {
    /// The draft saved for the page `pageID`, or nil when there is none.
    ///
    /// - Throws: `DraftLoadFailure` when a saved draft can't be read; the storage has already
    ///   moved it out of the way (`FileDraftStorage` sets it aside; a draft that can't be read
    ///   can't be restored), and the engine tells the host.
    func load(pageID: String) throws -> PageDraft?
    /// Saves `draft` for `draft.pageID`, replacing the previous one whole (never half of it).
    func save(_ draft: PageDraft) throws
    /// Removes the draft of `pageID`; nothing happens when there is none.
    func remove(pageID: String) throws

    /// Keeps a copy of `attachment`'s file with the draft of `pageID` and returns where it is,
    /// so the draft's attachments outlive the files the picker handed over. The default keeps no
    /// copy and returns the file as it is.
    func keepAttachment(_ attachment: Attachment, pageID: String) throws -> URL
    /// The copy of the attachment `id` kept with `pageID`'s draft, or nil (the default: none).
    func keptAttachment(id: String, pageID: String) -> URL?
    /// Removes the copies kept with `pageID`'s draft but those in `ids` (the default: nothing kept).
    func dropAttachments(of pageID: String, except ids: Set<String>)
}

extension DraftStorage {
    /// Keeps no copy: returns `attachment.file`.
    public func keepAttachment(_ attachment: Attachment, pageID: String) throws -> URL { attachment.file }
    /// None kept: nil.
    public func keptAttachment(id: String, pageID: String) -> URL? { nil }
    /// Nothing kept, nothing to drop.
    public func dropAttachments(of pageID: String, except ids: Set<String>) {}
}

/// A page's saved `$data`, with what the engine needs to decide whether it still fits the page.
///
/// `data` holds only what may be written: a `secure` field's value and the paths the page's
/// `"draft": {"exclude": […]}` names are left out.
public struct PageDraft: Sendable, Equatable {
    /// The page's id (`"page"`).
    public let pageID: String
    /// The version of the page the draft was saved from.
    public let pageVersion: Int
    /// When it was saved, in milliseconds since 1970 by the host's clock.
    public let savedAt: Int64
    /// The saved `$data`.
    public let data: PageValue

    /// A draft of `data` for version `pageVersion` of the page `pageID`, saved at `savedAt`.
    public init(pageID: String, pageVersion: Int, savedAt: Int64, data: PageValue) {
        self.pageID = pageID
        self.pageVersion = pageVersion
        self.savedAt = savedAt
        self.data = data
    }

    /// The draft as stored by `FileDraftStorage`:
    /// `{"page": "dish-edit", "version": 3, "savedAt": 1704067200000, "data": {…}}`.
    public var jsonValue: PageValue {
        .object(PageObject([("page", .string(pageID)), ("version", .int(Int64(pageVersion))), ("savedAt", .int(savedAt)), ("data", data)]))
    }

    /// Reads `jsonValue` back; nil when `value` isn't a draft.
    public init?(jsonValue value: PageValue) {
        guard case .object(let object) = value, case .string(let page)? = object["page"],
              case .int(let version)? = object["version"], case .int(let savedAt)? = object["savedAt"],
              case .object? = object["data"], let data = object["data"],
              let pageVersion = Int(exactly: version) else { return nil }
        self.init(pageID: page, pageVersion: pageVersion, savedAt: savedAt, data: data)
    }
}

/// Why a saved draft couldn't be read, and where the unreadable file was kept.
///
/// ```swift
/// print(failure)
/// // the draft of 'dish-edit' in /app/drafts/dish-edit.draft.json could not be read (not valid JSON: …);
/// // it was kept as /app/drafts/dish-edit.draft.json.unreadable-20260301T101500Z and the page opens without it
/// ```
public struct DraftLoadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The page whose draft it was.
    public let pageID: String
    /// Where it was kept.
    public let file: String
    /// What was wrong with it.
    public let reason: String
    /// Where the file was moved, so nothing in it is lost (as `$global`'s: `<file>.unreadable-<UTC
    /// time>`); nil when it was removed or there was no file to move.
    public let keptAt: String?

    /// A draft of `pageID` in `file` that couldn't be read for `reason` and was removed.
    public init(pageID: String, file: String, reason: String) {
        self.init(pageID: pageID, file: file, reason: reason, keptAt: nil)
    }

    /// A draft of `pageID` in `file` that couldn't be read for `reason`, kept at `keptAt`.
    public init(pageID: String, file: String, reason: String, keptAt: String?) {
        self.pageID = pageID
        self.file = file
        self.reason = reason
        self.keptAt = keptAt
    }

    /// What happened, for a log.
    public var description: String {
        guard let keptAt else { return "the draft of '\(pageID)' in \(file) could not be read (\(reason)); it was removed" }
        return "the draft of '\(pageID)' in \(file) could not be read (\(reason)); it was kept as \(keptAt) and the page opens without it"
    }
}
