import Foundation

/// Rollouts and revocations in a sync: which version of a published entry this install should
/// have, decided once per entry with the install's stable bucket, and never a revoked one.
extension PageSync {
    /// What a sync knows about rollouts and revocations while it runs.
    struct Gate {
        /// The SHA-256 of every revoked file (the cache's record, this manifest's included).
        let revoked: Set<String>
        /// The install's id, read (or made) the first time a rollout needs it.
        private let given: String?
        private let cache: PageCache
        private var made: String?
        /// The rollouts this install is outside of, recorded in the cache index.
        var heldBack: [PageCache.Index.HeldBack] = []
        /// Revoked files already reported, so each is reported once.
        private var reported: Set<String> = []

        init(revoked: [PageRevocation], installID: String?, cache: PageCache) {
            self.revoked = Set(revoked.map(\.sha256))
            given = installID
            self.cache = cache
        }

        func isRevoked(_ entry: PageManifest.Entry) -> Bool { revoked.contains(entry.sha256) }

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
            let bucket = PageRollout.bucket(installID: try installID(), id: (library ? "library:" : "") + entry.id, version: entry.version)
            let included = rollout.includes(bucket: bucket)
            changes.append(.rollout(id: entry.id, version: entry.version, percent: rollout.percent, bucket: bucket, included: included,
                                    instead: included ? nil : previous?.version, library: library))
            if included { return entry }
            heldBack.append(.init(id: entry.id, version: entry.version, percent: rollout.percent, library: library))
            return previous
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
