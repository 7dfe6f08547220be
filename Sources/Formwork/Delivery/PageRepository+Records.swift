import Foundation

/// What a resolve reads besides the page itself — the cache's manifest, its revocations and its
/// record of openings — read once and again only when that file changes (`CachedFiles`).
extension PageRepository {
    /// The cache's index (`manifest.json`); nil when the cache has none yet.
    func cacheIndex() throws(DeliveryError) -> PageCache.Index? {
        guard let cacheDirectory else { return nil }
        let cache = PageCache(directory: cacheDirectory)
        let read = files.read(cache.manifestURL) { _ -> Result<PageCache.Index?, DeliveryError> in
            do throws(DeliveryError) {
                return .success(try cache.readIndex())
            } catch {
                return .failure(error)
            }
        }
        return try read.get()
    }

    /// Every revocation the cache recorded (`revoked.json`).
    func cachedRevocations() -> [PageRevocation] {
        guard let cacheDirectory else { return [] }
        let cache = PageCache(directory: cacheDirectory)
        return files.read(cacheDirectory.appendingPathComponent(PageCache.revokedName)) { _ in cache.readRevocations() }
    }

    /// The cache's record of openings (`openings.json`).
    func cachedOpenings() -> OpeningRecord {
        guard let cacheDirectory else { return OpeningRecord() }
        return files.read(cacheDirectory.appendingPathComponent(OpeningRecord.fileName)) { _ in OpeningRecord.read(in: cacheDirectory) }
    }

    /// Every page `availablePageIDs()` lists, resolved the way `resolve(_:)` resolves each, with
    /// one read of the cache's records and libraries for all of them (however recently a sync
    /// wrote them); ids that can't be resolved are left out. What `formwork sync` prints as its
    /// `serving` lines.
    ///
    /// ```swift
    /// for page in repository.resolveAvailable() { print("serving \(page.id) v\(page.version) (\(page.reason))") }
    /// // serving dish-edit v4 (cache)
    /// ```
    public func resolveAvailable() -> [ResolvedPage] {
        // NB: one pass may trust files written a moment ago: what it reads is used only here.
        var pass = self
        pass.files = CachedFiles(trustingRecent: true)
        pass.libraryCache = LibraryCache(trustingRecent: true)
        return pass.availablePageIDs().compactMap { try? pass.resolve($0) }
    }
}

/// Values read from files, each kept until its file changes: by inode, size and modification
/// time. Sync and the opening record replace files atomically (a new inode), so a change is always
/// seen.
///
/// NB: a file changed in the last two seconds is read again each time, since a file rewritten in
/// place within the clock's granularity (a second or two on some file systems) keeps its time and
/// size, and a recycled inode could match too (git's "racy clean" rule). A value is kept only when
/// its file was already that old when read; then any later change gives it a newer time. A pass
/// that reads everything once (`resolveAvailable`) trusts recent files for its own duration.
final class CachedFiles: @unchecked Sendable {
    // NB: @unchecked because `entries` is only touched while `lock` is held.
    private let lock = NSLock()
    private var entries: [String: (key: String, value: any Sendable)] = [:]
    private let trustingRecent: Bool

    init(trustingRecent: Bool = false) {
        self.trustingRecent = trustingRecent
    }

    /// The value `read` makes of `url`, from the last read while the file is unchanged.
    func read<Value: Sendable>(_ url: URL, _ read: (URL) -> Value) -> Value {
        // NB: the key is taken before reading: a file replaced in between is read again next time.
        let key = CachedFiles.key(of: url, trustingRecent: trustingRecent)
        if let key, let hit = lock.withLock({ entries[url.path] }), hit.key == key, let value = hit.value as? Value { return value }
        let value = read(url)
        lock.withLock { entries[url.path] = key.map { ($0, value) } }
        return value
    }

    /// Inode, size and modification time of `url` ("absent" when there is no file); nil when it
    /// changed in the last two seconds, unless recent files are trusted.
    static func key(of url: URL, trustingRecent: Bool = false) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return "absent" }
        let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        let size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        if !trustingRecent, Date().timeIntervalSince1970 - time < 2 { return nil }
        return "\(inode)\t\(size)\t\(time)"
    }
}
