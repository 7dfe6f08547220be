import Foundation

/// Keeps each page's draft in its own JSON file, `<page id>.draft.json`, in a folder only its
/// owner can enter (0700), each file readable by its owner only (0600): drafts hold what people
/// typed.
///
/// Saving writes a temporary file next to the draft and renames it over the old one
/// (`AtomicFile`), so an app killed mid-write leaves the previous draft whole: a reader sees the
/// old draft or the new one, never a torn or empty file. A file that can't be read is set aside as
/// `$global`'s is — renamed to `<page id>.draft.json.unreadable-<UTC time>`, so nothing in it is
/// lost — and reported (`DraftLoadFailure.keptAt`); it never stops the page from opening.
///
/// ```swift
/// let drafts = FileDraftStorage(directory: appSupport.appendingPathComponent("drafts"))
/// try drafts.load(pageID: "dish-edit")?.data   // {"name": "Tofu", "price": 12.5}
/// ```
public struct FileDraftStorage: DraftStorage {
    /// The folder the drafts are kept in.
    public let directory: URL

    /// How the bytes reach the disk: `.atomic` but in tests that show what it prevents.
    let writer: DraftFileWriter

    /// Keeps drafts in `directory` (created, owner-only, on the first save).
    ///
    /// - Parameter directory: a folder for drafts only; nothing else should be kept there.
    public init(directory: URL) {
        self.init(directory: directory, writer: .atomic)
    }

    /// Keeps drafts in `directory`, written by `writer`. For tests only (`DraftFileWriter`).
    @_spi(Testing)
    public init(directory: URL, writer: DraftFileWriter) {
        self.directory = directory
        self.writer = writer
    }

    /// The file of `pageID`'s draft.
    ///
    /// - Throws: `DraftLoadFailure` when `pageID` isn't a valid page id (it names a file).
    public func file(for pageID: String) throws -> URL {
        guard PageHeader.isValidID(pageID) else {
            throw DraftLoadFailure(pageID: pageID, file: directory.path, reason: PageHeader.idRule)
        }
        return directory.appendingPathComponent(pageID + ".draft.json")
    }

    /// The saved draft, nil when there is none. A file that isn't a draft of `pageID` is set aside
    /// (`UnreadableFile`) and `DraftLoadFailure` thrown, saying where it was kept.
    public func load(pageID: String) throws -> PageDraft? {
        let url = try file(for: pageID)
        store.removeLeftovers(of: url)
        do throws(OwnerOnlyFileStore.Unreadable) {
            // NB: a file that can't even be moved aside is removed, so the page's next save isn't refused.
            return try store.read(url, removingWhenStuck: true) { value -> OwnerOnlyFileStore.Decoded<PageDraft> in
                guard let draft = PageDraft(jsonValue: value) else {
                    return .refused("it isn't a draft: expected an object with \"page\", \"version\", \"savedAt\" and \"data\"")
                }
                return draft.pageID == pageID ? .value(draft) : .refused("it is the draft of '\(draft.pageID)'")
            }
        } catch {
            throw DraftLoadFailure(pageID: pageID, file: url.path, reason: error.reason, keptAt: error.keptAt)
        }
    }

    /// Writes `draft` atomically (`AtomicFile`), readable by its owner only.
    public func save(_ draft: PageDraft) throws {
        try store.write(Data(draft.jsonValue.jsonText.utf8), to: try file(for: draft.pageID))
    }

    /// How the draft files are kept: owner-only, atomically, set aside when unreadable.
    var store: OwnerOnlyFileStore { OwnerOnlyFileStore(directory: directory, writer: writer) }

    /// Removes `pageID`'s draft, if there is one, with its attachments.
    public func remove(pageID: String) throws {
        let url = try file(for: pageID)
        let attachments = directory.appendingPathComponent(pageID + ".attachments")
        if FileManager.default.fileExists(atPath: attachments.path) { try FileManager.default.removeItem(at: attachments) }
        do {
            try FileManager.default.removeItem(at: url)
        } catch where !FileManager.default.fileExists(atPath: url.path) {
            return
        }
    }
}

// MARK: - Attachments

extension FileDraftStorage {
    /// The folder of `pageID`'s draft attachments: `<page id>.attachments/`, owner-only.
    func attachmentFolder(for pageID: String) throws -> URL {
        _ = try file(for: pageID)
        return directory.appendingPathComponent(pageID + ".attachments")
    }

    /// Whether `id` may name a file: an attachment id of letters, digits and '-' only.
    static func isSafe(_ id: String) -> Bool {
        id.hasPrefix(Attachment.idPrefix) && id.count <= 100
            && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// Copies the attachment's file into `<page id>.attachments/<id>` (0600), through a temporary
    /// name renamed into place, so a copy is whole or absent. A copy already kept is kept.
    public func keepAttachment(_ attachment: Attachment, pageID: String) throws -> URL {
        guard FileDraftStorage.isSafe(attachment.id) else {
            throw DraftLoadFailure(pageID: pageID, file: attachment.file.path, reason: "'\(attachment.id)' is not an attachment id")
        }
        let folder = try attachmentFolder(for: pageID)
        let target = folder.appendingPathComponent(attachment.id)
        let manager = FileManager.default
        if manager.fileExists(atPath: target.path) { return target }
        try OwnerOnlyFolder.create(at: directory)
        try OwnerOnlyFolder.create(at: folder)
        let temporary = folder.appendingPathComponent(AtomicFile.temporaryPrefix + UUID().uuidString + "-" + attachment.id)
        do {
            try manager.copyItem(at: attachment.file, to: temporary)
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temporary.path)
            try manager.moveItem(at: temporary, to: target)
        } catch {
            try? manager.removeItem(at: temporary)
            throw error
        }
        return target
    }

    /// The kept copy of the attachment `id`, nil when there is none.
    public func keptAttachment(id: String, pageID: String) -> URL? {
        guard FileDraftStorage.isSafe(id), let folder = try? attachmentFolder(for: pageID) else { return nil }
        let url = folder.appendingPathComponent(id)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Removes the kept copies (and unfinished ones) but those in `ids`.
    public func dropAttachments(of pageID: String, except ids: Set<String>) {
        guard let folder = try? attachmentFolder(for: pageID),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where !ids.contains(name) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
