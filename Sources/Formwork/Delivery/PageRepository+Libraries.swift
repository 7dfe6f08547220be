import Foundation

/// The block libraries a repository serves pages with, chosen the way pages are: a cached copy
/// when it is newer than the bundled one, runs on this engine, and is intact (size and SHA-256 as
/// the cache manifest recorded) and readable; else its previous good download; else the bundled
/// one. A page is resolved together with these, so a cached page needing a library the app can't
/// have is passed over like any page that can't run.
extension PageRepository {
    /// The libraries pages resolved now are read with. Each call looks again, so a page opened
    /// after a sync gets the new libraries while pages already open keep what they were read with.
    public func libraries() -> BlockCatalog {
        var diagnostics: [String] = []
        defer { if let report { diagnostics.forEach(report) } }
        return libraries(diagnostics: &diagnostics)
    }

    /// The libraries, read again only when a file they may come from changed (`LibraryCache`).
    func libraries(diagnostics: inout [String]) -> BlockCatalog {
        guard let key = libraryCache.key(bundled: bundledDirectory, cache: cacheDirectory) else { return readLibraries(diagnostics: &diagnostics) }
        if let hit = libraryCache.lookUp(key) {
            diagnostics += hit.diagnostics
            return hit.catalog
        }
        var read: [String] = []
        let catalog = readLibraries(diagnostics: &read)
        libraryCache.store(key, catalog: catalog, diagnostics: read)
        diagnostics += read
        return catalog
    }

    /// The libraries, read from disk every time: the slow path `libraries(diagnostics:)` caches.
    func readLibraries(diagnostics: inout [String]) -> BlockCatalog {
        let bundled = BlockCatalog.load(folder: bundledDirectory).catalog
        var chosen = bundled.libraries
        guard let cacheDirectory, let index = try? cacheIndex() else { return bundled }
        let cache = PageCache(directory: cacheDirectory)
        let ids = Set((index.manifest.libraries + index.previousLibraries).map(\.id))
        let revoked = revokedLibraries()
        for id in ids.sorted() {
            let candidates = ([index.manifest.library(id)] + index.previousLibraries.filter { $0.id == id }).compactMap { $0 }
            var passedOver: [String] = []
            var used: String?
            for entry in candidates {
                let label = "library \(id) v\(entry.version)"
                if let bundledVersion = bundled[id]?.version, entry.version <= bundledVersion { break }
                guard !revoked.contains(entry.sha256) else {
                    passedOver.append("cache: \(label) was revoked")
                    continue
                }
                guard entry.minEngineVersion <= engineVersion else {
                    passedOver.append("cache: \(label) needs engine \(entry.minEngineVersion), this is engine \(engineVersion)")
                    continue
                }
                guard let data = try? Data(contentsOf: cache.url(of: entry)), entry.matches(data) else {
                    passedOver.append("cache: \(entry.file) for \(label) is missing, truncated, corrupt or was altered")
                    continue
                }
                let (library, problems) = BlockLibrary.decode(Array(data), file: entry.file)
                guard let library, library.id == id, library.version == entry.version, !problems.contains(where: { $0.severity == .error }) else {
                    passedOver.append("cache: \(entry.file) is not the library \(label)")
                    continue
                }
                chosen[id] = library
                used = "using the previous download of library \(id) v\(entry.version)"
                break
            }
            if used == nil { used = bundled[id].map { "using the bundled library \(id) v\($0.version)" } ?? "no copy of library \(id) can be used" }
            // Each line says which copy of the library is used instead, never which page.
            diagnostics += passedOver.map { "\($0); \(used ?? "")" }
        }
        return BlockCatalog(Array(chosen.values))
    }
}

/// The last libraries a repository read, with what they were read from: every file they may come
/// from (the bundled folder and its `lib/`, the cache's manifest, revocations and library files)
/// by inode, size and modification time. A sync or an update replaces files atomically (a new
/// inode), so a changed library is always read again.
///
/// NB: measured with `formwork bench repository` — reading the libraries was most of a resolve;
/// the key costs a listing and a `stat` per file.
final class LibraryCache: @unchecked Sendable {
    // NB: @unchecked because `last` is only touched while `lock` is held.
    private let lock = NSLock()
    private var last: (key: [String], catalog: BlockCatalog, diagnostics: [String])?
    /// Whether files changed in the last two seconds are trusted (one pass over every page:
    /// `PageRepository.resolveAvailable`).
    private let trustingRecent: Bool

    init(trustingRecent: Bool = false) {
        self.trustingRecent = trustingRecent
    }

    func lookUp(_ key: [String]) -> (catalog: BlockCatalog, diagnostics: [String])? {
        lock.withLock { last.flatMap { $0.key == key ? ($0.catalog, $0.diagnostics) : nil } }
    }

    func store(_ key: [String], catalog: BlockCatalog, diagnostics: [String]) {
        lock.withLock { last = (key, catalog, diagnostics) }
    }

    /// One line per file the libraries may be read from: name, inode, size, modification time; nil
    /// when a file changed in the last two seconds. NB: a file rewritten in place within the
    /// clock's granularity keeps its time and size, so a recent one is never trusted (git's
    /// "racy clean" rule).
    func key(bundled: URL, cache: URL?) -> [String]? {
        var key: [String] = []
        var recent = false
        let now = Date().timeIntervalSince1970
        func add(_ folder: URL, _ include: (String) -> Bool) {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter(include).sorted()
            key.append(folder.path + "/")
            for name in names {
                let attributes = (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)) ?? [:]
                let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
                let size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
                let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                if now - time < 2 { recent = true }
                key.append("\(name)\t\(inode)\t\(size)\t\(time)")
            }
        }
        add(bundled) { $0.hasSuffix(".json") }
        add(bundled.appendingPathComponent(BlockCatalog.libraryFolder)) { $0.hasSuffix(".json") }
        if let cache {
            add(cache) { $0 == PageCache.manifestName || $0 == PageCache.revokedName || $0.contains(".library.v") }
        }
        return recent && !trustingRecent ? nil : key
    }
}
