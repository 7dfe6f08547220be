import Foundation

/// Rollouts and revocations in a sync: which version of a published entry this install should
/// have, decided once per entry with the install's stable bucket, and never a revoked one.
extension PageSync {
    /// What a sync knows about rollouts and revocations while it runs.
    struct Gate {
        /// The SHA-256 of every revoked file (the cache's record, this manifest's included).
        let revoked: Set<String>
        /// The SHA-256 of every page version set aside on this install (`OpeningRecord`): never
        /// kept as a previous good download.
        let setAside: Set<String>
        /// The install's id, read (or made) the first time a rollout needs it.
        private let given: String?
        private let cache: PageCache
        private var made: String?
        /// The rollouts this install is outside of, recorded in the cache index.
        var heldBack: [PageCache.Index.HeldBack] = []
        /// Revoked files already reported, so each is reported once.
        private var reported: Set<String> = []
        /// The install id a rollout was decided with in this sync, recorded in the cache index.
        private(set) var decidedWith: String?
        /// Whether the last sync decided its rollouts as another install: then a cached version
        /// in a rollout is decided again (`keeps`).
        var otherInstall = false

        init(revoked: [PageRevocation], installID: String?, cache: PageCache) {
            self.revoked = Set(revoked.map(\.sha256))
            setAside = Set(OpeningRecord.read(in: cache.directory).setAside.map(\.sha256))
            given = installID
            self.cache = cache
        }

        func isRevoked(_ entry: PageManifest.Entry) -> Bool { revoked.contains(entry.sha256) }

        /// The copy to keep as the previous good download once `new` is installed: the newest of
        /// `candidates` (what was served, and the previous good download) that is neither revoked
        /// nor set aside on this install. NB: a set-aside copy is never served, so keeping it
        /// would push out the copy that is (a v3 set aside, then v4 installed, must keep v2).
        func fallback(among candidates: [PageManifest.Entry?], replacing new: PageManifest.Entry) -> PageManifest.Entry? {
            candidates.compactMap { $0 }
                .filter { $0.file != new.file && $0.version < new.version && !isRevoked($0) && !setAside.contains($0.sha256) }
                .max { $0.version < $1.version }
        }

        /// Reports a revoked version deleted from the cache.
        mutating func removed(_ entry: PageManifest.Entry, library: Bool, changes: inout [SyncReport.Change]) {
            reported.insert(entry.sha256)
            changes.append(.revoked(id: entry.id, version: entry.version, library: library, removed: true))
        }

        mutating func installID() throws(DeliveryError) -> String {
            if let id = given ?? made { return id }
            do {
                made = try cache.installID()
            } catch {
                throw .unwritable(path: error.path, reason: error.reason)
            }
            return made ?? ""
        }

        /// The version of `entry` this install should have when it now serves `served`, with
        /// what to report: the entry itself, its rollout's previous version (outside the share,
        /// or the entry revoked), or nil (nothing to install: keep what is served).
        mutating func choose(_ entry: PageManifest.Entry, served: Int?, library: Bool, changes: inout [SyncReport.Change]) throws(DeliveryError) -> PageManifest.Entry? {
            let previous = entry.rollout?.previous.flatMap { isRevoked($0) ? nil : $0 }
            if isRevoked(entry) {
                if (served ?? 0) < entry.version, reported.insert(entry.sha256).inserted {
                    changes.append(.revoked(id: entry.id, version: entry.version, library: library, removed: false))
                }
                return previous
            }
            guard let rollout = entry.rollout, (served ?? 0) < entry.version else { return entry }
            let id = try installID()
            decidedWith = id
            let bucket = PageRollout.bucket(installID: id, id: (library ? "library:" : "") + entry.id, version: entry.version)
            let included = rollout.includes(bucket: bucket)
            changes.append(.rollout(id: entry.id, version: entry.version, percent: rollout.percent, bucket: bucket, included: included,
                                    instead: included ? nil : previous?.version, library: library))
            if included { return entry }
            heldBack.append(.init(id: entry.id, version: entry.version, percent: rollout.percent, library: library))
            return previous
        }

        /// Whether a cached copy stays installed: false when the last sync decided as another install
        /// and this install is outside the rollout of the version cached (then sync serves the
        /// rollout's previous version, as for any install outside it).
        mutating func keeps(_ cached: PageManifest.Entry, remote: PageManifest.Entry?, library: Bool) throws(DeliveryError) -> Bool {
            guard otherInstall, let remote, let rollout = remote.rollout, remote.sha256 == cached.sha256, !isRevoked(remote) else { return true }
            let id = try installID()
            decidedWith = id
            return rollout.includes(bucket: PageRollout.bucket(installID: id, id: (library ? "library:" : "") + remote.id, version: remote.version))
        }
    }

    /// The revocations to honour: the cache's record with `remote`'s added (and recorded).
    func recordRevocations(_ remote: PageManifest, in cache: PageCache) throws(DeliveryError) -> [PageRevocation] {
        do {
            return try cache.record(remote.revoked)
        } catch {
            throw .unwritable(path: error.path, reason: error.reason)
        }
    }
}
