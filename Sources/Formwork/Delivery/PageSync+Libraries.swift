import Foundation

/// Block libraries in a sync: installed before the pages, through the same checks (size, SHA-256,
/// header, engine version) into the same cache, with a previous good copy of each kept; a page
/// needing a library this app can't have is skipped, and its current version stays.
extension PageSync {
    /// The libraries after a sync, and what happened to them.
    struct LibraryState {
        /// The cache's libraries after this sync, by id.
        var installed: [String: PageManifest.Entry] = [:]
        /// The previous good download of each, kept as a fallback.
        var previousGood: [String: PageManifest.Entry] = [:]
        var changes: [SyncReport.Change] = []
        var notes: [String] = []
        /// The newest version at hand of each library after this sync, cached or bundled.
        var available: [String: Int] = [:]
        /// Why a library couldn't be installed, by id.
        var failures: [String: String] = [:]

        /// The first of `needs` (library id → lowest version) this app can't have, and why.
        func unmet(_ needs: [String: Int]) -> (library: String, minimum: Int, reason: String)? {
            for (id, minimum) in needs.sorted(by: { $0.key < $1.key }) {
                let have = available[id]
                if let have, have >= minimum { continue }
                return (id, minimum, failures[id] ?? have.map { "the newest at hand is v\($0)" } ?? "it isn't published")
            }
            return nil
        }
    }

    /// Installs the libraries of `remote` that are newer than the ones at hand.
    func syncLibraries(remote: PageManifest, previous: PageCache.Index, cache: PageCache, deadline: SyncDeadline, gate: inout Gate) async throws(DeliveryError) -> LibraryState {
        var state = LibraryState()
        for entry in previous.manifest.libraries {
            if gate.isRevoked(entry) {
                gate.removed(entry, library: true, changes: &state.changes)
            } else if try !gate.keeps(entry, remote: remote.library(entry.id), library: true) {
                continue   // this install is outside its rollout: decided below
            } else if let data = try? Data(contentsOf: cache.url(of: entry)), entry.matches(data) {
                state.installed[entry.id] = entry
            } else {
                state.notes.append("note: cached library \(entry.id) v\(entry.version) was missing or damaged; dropped it")
            }
        }
        for entry in previous.previousLibraries {
            if gate.isRevoked(entry) {
                gate.removed(entry, library: true, changes: &state.changes)
            } else if let data = try? Data(contentsOf: cache.url(of: entry)), entry.matches(data) { state.previousGood[entry.id] = entry }
        }
        for (id, entry) in state.previousGood where state.installed[id] == nil {
            state.installed[id] = entry
            state.previousGood[id] = nil
        }
        for (id, entry) in state.installed where remote.library(id) == nil {
            state.installed[id] = nil
            state.previousGood[id] = nil
            state.changes.append(.libraryRemoved(id: id, version: entry.version, reason: "no longer published"))
        }
        let bundled = bundledDirectory.map { BlockCatalog.load(folder: $0, limits: limits).catalog } ?? .empty
        for entry in remote.libraries {
            let bundledVersion = bundled[entry.id]?.version
            if let cached = state.installed[entry.id], let bundledVersion, cached.version <= bundledVersion {
                state.installed[entry.id] = nil
                state.changes.append(.libraryRemoved(id: entry.id, version: cached.version, reason: "the bundled v\(bundledVersion) is as new"))
            }
            let served = [state.installed[entry.id]?.version, bundledVersion].compactMap { $0 }.max()
            let offered = entry
            guard let entry = try gate.choose(entry, served: served, library: true, changes: &state.changes) else {
                state.failures[offered.id] = gate.isRevoked(offered) ? "v\(offered.version) was revoked" : "this install is outside the \(offered.rollout?.percent ?? 0)% rollout of v\(offered.version)"
                continue
            }
            if entry.version != offered.version, state.failures[entry.id] == nil {
                state.failures[entry.id] = gate.isRevoked(offered) ? "v\(offered.version) was revoked" : "this install is outside the \(offered.rollout?.percent ?? 0)% rollout of v\(offered.version)"
            }
            if let served, entry.version <= served { continue }
            func fail(_ reason: String) {
                state.failures[entry.id] = reason
                state.changes.append(.libraryFailed(id: entry.id, version: entry.version, reason: reason, kept: served))
            }
            if entry.minEngineVersion > engineVersion {
                fail("needs engine \(entry.minEngineVersion), this is engine \(engineVersion)")
                continue
            }
            if deadline.hasPassed {
                fail("the sync took longer than \(PageLimits.describe(seconds: limits.syncSeconds)), the most one sync may take (syncSeconds); the next sync carries on")
                continue
            }
            do {
                let new = try await install(entry, library: true, in: cache, deadline: deadline)
                state.previousGood[entry.id] = gate.fallback(among: [state.installed[entry.id], state.previousGood[entry.id]], replacing: new)
                state.installed[entry.id] = new
                state.changes.append(.libraryInstalled(id: entry.id, version: entry.version, previous: served))
            } catch {
                fail(error.reason)
            }
        }
        for (id, library) in bundled.libraries { state.available[id] = library.version }
        for (id, entry) in state.installed { state.available[id] = max(state.available[id] ?? 0, entry.version) }
        return state
    }

    /// Refuses a download that isn't the library the manifest lists: not a library, one with
    /// problems in how it is written, another id or version, or an engine requirement above the manifest's.
    static func verifyLibrary(_ data: Data, entry: PageManifest.Entry, url: URL, limits: PageLimits) throws(InstallFailure) {
        let (library, problems) = BlockLibrary.decode(Array(data), file: url.lastPathComponent, limits: limits)
        guard let library, !problems.contains(where: { $0.severity == .error }) else {
            throw InstallFailure(reason: "\(url.absoluteString) is not a valid library: " + (problems.first { $0.severity == .error }?.rendered ?? "it can't be read"))
        }
        guard library.id == entry.id, library.version == entry.version, library.minEngineVersion <= entry.minEngineVersion else {
            // NB: the manifest may ask for a newer engine than the file states (pack works it out).
            throw InstallFailure(reason: "\(url.absoluteString) holds library \(library.id) v\(library.version), but the manifest lists \(entry.id) v\(entry.version)")
        }
    }
}
