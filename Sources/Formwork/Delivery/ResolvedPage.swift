import Foundation

/// A page found by `PageRepository`: its bytes, read once, and where they came from.
///
/// The bytes are a snapshot: a sync that installs a newer version afterwards doesn't change them,
/// so a page that is open keeps its version until it is opened again.
///
/// ```swift
/// let page = try repository.resolve("dish-edit")
/// page.source        // .cache
/// page.version       // 4
/// page.diagnostics   // [] — or why a cached copy was passed over, e.g.
/// // ["cache: dish-edit.v5.json is corrupt or was altered: its SHA-256 doesn't match the cache manifest; using bundled dish-edit v3"]
/// ```
public struct ResolvedPage: Sendable, Equatable {
    /// Where a page's bytes came from.
    public enum Source: String, Sendable, Equatable, CustomStringConvertible {
        /// Downloaded by sync and verified against the cache manifest.
        case cache
        /// Shipped with the app.
        case bundled

        /// `cache` or `bundled`.
        public var description: String { rawValue }
    }

    /// Why this copy is the one served, for a host's analytics and logs.
    ///
    /// ```swift
    /// page.reason               // .rollout(version: 7, percent: 5)
    /// page.reason.description   // "rollout: this install is outside the 5% rollout of v7"
    /// ```
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The newest download in the cache.
        case cache
        /// The bundled copy: nothing newer was downloaded.
        case bundled
        /// An older copy, because this install is outside the staged rollout of `version`
        /// (to `percent`% of installs).
        case rollout(version: Int, percent: Int)
        /// An older copy, because `version` was revoked.
        case revoked(version: Int)
        /// An older copy, because `version` failed as it opened too many times in a row on this
        /// install (`failure` says how) and was set aside.
        case setAside(version: Int, failure: String)

        /// `cache`, `bundled`, `rollout: …`, `revoked: …` or `set aside after failures: …`.
        public var description: String {
            switch self {
            case .cache: return "cache"
            case .bundled: return "bundled"
            case .rollout(let version, let percent): return "rollout: this install is outside the \(percent)% rollout of v\(version)"
            case .revoked(let version): return "revoked: v\(version) was revoked"
            case .setAside(let version, let failure): return "set aside after failures: v\(version) \(failure)"
            }
        }
    }

    /// The page's `page`, `version` and `minEngineVersion`.
    public let header: PageHeader
    /// The cache or the bundle.
    public let source: Source
    /// The page document's bytes.
    public let data: Data
    /// The file the bytes were read from.
    public let url: URL
    /// Why a cached copy wasn't used (corrupt, tampered, not newer, needs a newer engine), one
    /// line each; empty when nothing was passed over. Hosts should log these.
    public let diagnostics: [String]
    /// Why this copy is served: the newest (`cache`, `bundled`), or an older one because a newer
    /// version is held back by a rollout, revoked, or set aside after failures.
    public let reason: Reason

    /// A page resolved from `source`, served for the plain reason: `.cache` or `.bundled`.
    public init(header: PageHeader, source: Source, data: Data, url: URL, diagnostics: [String] = []) {
        self.init(header: header, source: source, data: data, url: url, diagnostics: diagnostics, reason: source == .cache ? .cache : .bundled)
    }

    /// A page resolved from `source`, served for `reason`.
    ///
    /// - Parameters:
    ///   - header: the page's id, version and engine requirement.
    ///   - source: the cache or the bundle.
    ///   - data: the page document's bytes.
    ///   - url: the file they were read from.
    ///   - diagnostics: why cached copies were passed over.
    ///   - reason: why this copy is served.
    public init(header: PageHeader, source: Source, data: Data, url: URL, diagnostics: [String] = [], reason: Reason) {
        self.header = header
        self.source = source
        self.data = data
        self.url = url
        self.diagnostics = diagnostics
        self.reason = reason
    }

    /// The page's id.
    public var id: String { header.id }
    /// The page's version.
    public var version: Int { header.version }
    /// The oldest engine that can run it.
    public var minEngineVersion: Int { header.minEngineVersion }

    /// The page document as JSON text.
    public var text: String { String(decoding: data, as: UTF8.self) }
}
