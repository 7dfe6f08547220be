import Foundation

/// What one `PageSync.run()` did, page by page, with lines ready to print.
///
/// ```swift
/// for line in report.lines { print(line) }
/// // installed dish-edit v4 (was v3)
/// // skipped cashier-settings v9: needs engine 2, this is engine 1
/// // synced totalVersion 5f2c1a9b0d3e…: 1 installed, 1 skipped, 3 already current
/// ```
public struct SyncReport: Sendable, Equatable {
    /// What happened to one page.
    public enum Change: Sendable, Equatable, CustomStringConvertible {
        /// Downloaded, verified and installed; `previous` is the version served before (cached or
        /// bundled), nil for a page new to this app.
        case installed(id: String, version: Int, previous: Int?)
        /// Newer, but this engine can't run it; the current version stays.
        case skipped(id: String, version: Int, needsEngine: Int, engine: Int)
        /// Newer, but it uses types the app's registry lacks (`missing`, like "action 'loyalty-points'");
        /// the current version stays.
        case lacking(id: String, version: Int, missing: String)
        /// Download or verification failed; `kept` is the version still served, if any.
        case failed(id: String, version: Int, reason: String, kept: Int?)
        /// A cached copy deleted because the server no longer publishes the page, or the
        /// bundled copy caught up with it.
        case removed(id: String, version: Int, reason: String)
        /// A block library downloaded, verified and installed (before the pages that need it).
        case libraryInstalled(id: String, version: Int, previous: Int?)
        /// A library that couldn't be installed (download, verification, or too new for this
        /// engine); `kept` is the version still at hand, if any.
        case libraryFailed(id: String, version: Int, reason: String, kept: Int?)
        /// A cached library deleted: no longer published, or the bundled copy caught up with it.
        case libraryRemoved(id: String, version: Int, reason: String)
        /// Newer, but it needs `library` at version `minimum` or later, which this app can't
        /// have (`reason` says why); the current version of the page stays.
        case needsLibrary(id: String, version: Int, library: String, minimum: Int, reason: String)
        /// A version the manifest revokes (by SHA-256): `removed` when it was in the cache and was
        /// deleted, else it was published but not installed. It is never served again here.
        case revoked(id: String, version: Int, library: Bool, removed: Bool)
        /// A version in a staged rollout, decided for this install: `bucket` (0 to 9,999) is the
        /// install's stable bucket, `included` whether it is below `percent` × 100. An install
        /// outside the share gets `instead` (the rollout's previous version), or keeps what it has.
        case rollout(id: String, version: Int, percent: Int, bucket: Int, included: Bool, instead: Int?, library: Bool)

        /// The change as `formwork sync` prints it: `installed dish-edit v4 (was v3)`.
        public var description: String {
            switch self {
            case .installed(let id, let version, let previous):
                return "installed \(id) v\(version) " + (previous.map { "(was v\($0))" } ?? "(new)")
            case .skipped(let id, let version, let needsEngine, let engine):
                return "skipped \(id) v\(version): needs engine \(needsEngine), this is engine \(engine)"
            case .lacking(let id, let version, let missing):
                return "skipped \(id) v\(version): needs \(missing), which this app doesn't have"
            case .failed(let id, let version, let reason, let kept):
                return "failed \(id) v\(version): \(reason); " + (kept.map { "keeping v\($0)" } ?? "the page is not available offline")
            case .removed(let id, let version, let reason):
                return "removed \(id) v\(version) from the cache: \(reason)"
            case .libraryInstalled(let id, let version, let previous):
                return "installed library \(id) v\(version) " + (previous.map { "(was v\($0))" } ?? "(new)")
            case .libraryFailed(let id, let version, let reason, let kept):
                return "failed library \(id) v\(version): \(reason); " + (kept.map { "keeping v\($0)" } ?? "the library is not available offline")
            case .libraryRemoved(let id, let version, let reason):
                return "removed library \(id) v\(version) from the cache: \(reason)"
            case .needsLibrary(let id, let version, let library, let minimum, let reason):
                return "skipped \(id) v\(version): needs library \(library) ≥ \(minimum), which couldn't be installed: \(reason)"
            case .revoked(let id, let version, let library, let removed):
                let label = (library ? "library " : "") + "\(id) v\(version)"
                return removed ? "revoked \(label): deleted from the cache, never served again"
                    : "revoked \(label): not installed, never served"
            case .rollout(let id, let version, let percent, let bucket, let included, let instead, let library):
                let label = (library ? "library " : "") + "\(id) v\(version)"
                let where_ = "this install's bucket is \(PageRollout.describe(bucket: bucket))"
                if included { return "rollout \(label) to \(percent)%: this install is in it (\(where_))" }
                return "rollout \(label) to \(percent)%: this install is not in it (\(where_)); "
                    + (instead.map { "it gets v\($0) instead" } ?? "it keeps what it has")
            }
        }

        /// Whether something that should have been installed wasn't (the next sync tries again).
        public var isFailure: Bool {
            switch self {
            case .failed, .libraryFailed, .needsLibrary: return true
            default: return false
            }
        }
    }

    /// The remote manifest's `totalVersion`.
    public let totalVersion: String
    /// True when `totalVersion` matched the last complete sync and nothing was downloaded.
    public let upToDate: Bool
    /// Pages that changed, were skipped or failed, sorted by id.
    public let changes: [Change]
    /// Ids of published pages that were already current.
    public let current: [String]
    /// Problems with the cache itself that sync repaired (a corrupt cache manifest, say).
    public let notes: [String]

    /// A report of a sync that saw `totalVersion`.
    public init(totalVersion: String, upToDate: Bool, changes: [Change], current: [String], notes: [String] = []) {
        self.totalVersion = totalVersion
        self.upToDate = upToDate
        self.changes = changes
        self.current = current
        self.notes = notes
    }

    /// Whether every page that should have been installed was.
    public var succeeded: Bool { !changes.contains { $0.isFailure } }

    /// The first 12 hex digits of `totalVersion` and an ellipsis, for messages.
    public var shortTotalVersion: String {
        totalVersion.count > 12 ? String(totalVersion.prefix(12)) + "…" : totalVersion
    }

    /// One line per note and change, then a summary line.
    public var lines: [String] {
        if upToDate { return notes + ["up to date (totalVersion \(shortTotalVersion))"] }
        var counts: [String] = []
        func count(_ label: String, _ matches: (Change) -> Bool) {
            let n = changes.filter(matches).count
            if n > 0 { counts.append("\(n) \(label)") }
        }
        count("installed") {
            switch $0 {
            case .installed, .libraryInstalled: true
            default: false
            }
        }
        count("skipped") {
            switch $0 {
            case .skipped, .lacking: true
            default: false
            }
        }
        count("removed") {
            switch $0 {
            case .removed, .libraryRemoved: true
            default: false
            }
        }
        count("revoked") {
            if case .revoked = $0 { return true }
            return false
        }
        count("failed") { $0.isFailure }
        if !current.isEmpty { counts.append("\(current.count) already current") }
        let summary = (succeeded ? "synced" : "sync incomplete,") + " totalVersion \(shortTotalVersion): "
            + (counts.isEmpty ? "no pages" : counts.joined(separator: ", "))
        return notes + changes.map(\.description) + [summary]
    }
}
