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

    func libraries(diagnostics: inout [String]) -> BlockCatalog {
        let bundled = BlockCatalog.load(folder: bundledDirectory).catalog
        var chosen = bundled.libraries
        guard let cacheDirectory, let index = try? PageCache(directory: cacheDirectory).readIndex() else { return bundled }
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
