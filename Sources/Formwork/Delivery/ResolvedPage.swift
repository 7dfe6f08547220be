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

    /// A page resolved from `source`.
    public init(header: PageHeader, source: Source, data: Data, url: URL, diagnostics: [String] = []) {
        self.header = header
        self.source = source
        self.data = data
        self.url = url
        self.diagnostics = diagnostics
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
