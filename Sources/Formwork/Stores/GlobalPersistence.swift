import Foundation

/// Where `$global` is kept between runs of the app.
public protocol GlobalPersistence: Sendable {
    /// The saved store, or nil when nothing was saved yet.
    ///
    /// - Throws: `GlobalLoadFailure` with `keptAt` set when the saved store couldn't be read but
    ///   was moved out of the way (the store then starts afresh and reports it); any other error
    ///   when it can't even be moved, so nothing overwrites it.
    func load() throws -> PageValue?
    /// Keeps `value`, the whole of `$global`, so the next `load()` returns it. Called after each
    /// change is committed; an error fails the write that caused it (an action's `$error`).
    func save(_ value: PageValue) throws
}

/// Why the saved `$global` couldn't be loaded, and where the unreadable file was kept.
///
/// ```swift
/// print(store.loadFailure!)
/// // the saved globals in /app/globals.json could not be read (not valid JSON: …); they were kept
/// // as /app/globals.json.unreadable-20260301T101500Z and this run starts without them
/// ```
public struct GlobalLoadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file that was read.
    public let file: String
    /// What was wrong with it.
    public let reason: String
    /// Where it was moved, so nothing in it is lost; nil when it couldn't be moved (then the
    /// store refuses to start rather than overwrite it).
    public let keptAt: String?

    /// A failure reading `file` for `reason`, its contents kept at `keptAt`.
    public init(file: String, reason: String, keptAt: String?) {
        self.file = file
        self.reason = reason
        self.keptAt = keptAt
    }

    /// What happened and what was done about it, for a log.
    public var description: String {
        guard let keptAt else {
            return "the saved globals in \(file) could not be read (\(reason)) nor moved aside; "
                + "nothing was changed: fix or move the file and start again"
        }
        return "the saved globals in \(file) could not be read (\(reason)); they were kept as \(keptAt) "
            + "and this run starts without them"
    }
}

/// Keeps `$global` in a JSON file that only its owner can read (it often holds tokens).
///
/// Saving writes a temporary file next to it and renames it over the old one, so a crash
/// mid-write leaves the previous file whole. A file that can't be loaded is never overwritten:
/// it is renamed to `<name>.unreadable-<UTC time>` first, and the store reports it.
public struct FileGlobalPersistence: GlobalPersistence {
    /// The file.
    public let url: URL

    /// Keeps `$global` in the file at `url` (created, with its folder, on the first save).
    public init(url: URL) { self.url = url }

    /// The saved value; nil when there is no file yet. Throws `GlobalLoadFailure` after moving
    /// an unreadable file aside.
    public func load() throws -> PageValue? {
        do throws(OwnerOnlyFileStore.Unreadable) {
            // NB: a file that can't be moved aside stays: the store then refuses to start rather than overwrite it.
            return try store.read(url, removingWhenStuck: false) { .value($0) }
        } catch {
            throw GlobalLoadFailure(file: url.path, reason: error.reason, keptAt: error.keptAt)
        }
    }

    /// Writes `value` atomically, readable by its owner only.
    public func save(_ value: PageValue) throws {
        // The same temp-file-and-rename writer page sync installs pages with; a new file is
        // readable by its owner only, an existing one keeps its permissions. The folder is the
        // app's choice: created plainly, not owner-only.
        try store.write(Data(value.prettyJSONText.utf8), to: url)
    }

    /// How the file is kept: atomically, set aside when unreadable.
    var store: OwnerOnlyFileStore { OwnerOnlyFileStore(directory: url.deletingLastPathComponent(), ownerOnlyFolder: false) }
}
