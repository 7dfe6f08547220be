import Foundation

/// A staged rollout of one page or library version: only `percent` of installs get it; the
/// others keep, or get, `previous`.
///
/// Written by `formwork pack --rollout dish-edit=5%` into the version's manifest entry:
///
/// ```json
/// {"id": "dish-edit", "file": "dish-edit.json", "version": 7, …,
///  "rollout": {"percent": 5, "previous": {"file": "dish-edit.v6.json", "version": 6, "minEngineVersion": 1,
///                                         "size": 1790, "sha256": "0c1f…"}}}
/// ```
///
/// Each install decides with a stable bucket (`bucket(installID:id:version:)`, 0 to 9,999): it is
/// in the rollout when its bucket is below `percent × 100`. The bucket depends only on the
/// install, the id and the version, so an install keeps its answer across launches, and raising
/// the share never takes the version away from an install that had it.
public struct PageRollout: Sendable, Equatable {
    /// The share of installs that get the version, 0 to 100.
    public var percent: Int
    // NB: an array so the entry can hold an entry (a struct can't contain itself directly).
    private var previousBox: [PageManifest.Entry]

    /// The version installs outside the share are served (published beside it, as its own file),
    /// or nil when there is none: those installs keep what they have.
    public var previous: PageManifest.Entry? {
        get { previousBox.first }
        set { previousBox = newValue.map { [$0] } ?? [] }
    }

    /// A rollout to `percent` of installs, with `previous` for the others.
    ///
    /// - Parameters:
    ///   - percent: the share of installs that get the version, 0 to 100 (clamped).
    ///   - previous: the version the other installs are served; its `id` is the rolled-out one's.
    public init(percent: Int, previous: PageManifest.Entry? = nil) {
        self.percent = min(100, max(0, percent))
        previousBox = previous.map { [$0] } ?? []
    }

    /// The install's bucket for a version, 0 to 9,999: the first eight bytes of
    /// SHA-256("installID\tid\tversion") modulo 10,000. Stable across launches and apps; a library's
    /// id is prefixed with `library:` so a page and a library of the same id get independent buckets.
    ///
    /// - Parameters:
    ///   - installID: the install's id (`PageSync.installID`).
    ///   - id: the page id, or `library:` and the library id.
    ///   - version: the rolled-out version.
    public static func bucket(installID: String, id: String, version: Int) -> Int {
        let digest = SHA256Hasher.digest(of: Data("\(installID)\t\(id)\t\(version)".utf8))
        var value: UInt64 = 0
        for byte in digest.prefix(8) { value = value << 8 | UInt64(byte) }
        return Int(value % 10_000)
    }

    /// Whether an install whose bucket is `bucket` is in this rollout: `bucket < percent × 100`.
    public func includes(bucket: Int) -> Bool { bucket < percent * 100 }

    /// A bucket as a percentage with two decimals: `45.77%`, `0.80%`.
    static func describe(bucket: Int) -> String {
        let hundredths = bucket % 100
        return "\(bucket / 100).\(hundredths < 10 ? "0" : "")\(hundredths)%"
    }
}

/// A version taken back: apps never serve the file with this SHA-256 again, from the cache or as
/// a previous good copy, and fall back to the newest good one, then the bundled copy.
///
/// Listed in the manifest's `"revoked"` (written by `formwork pack --revoke dish-edit@7`):
/// `{"id": "dish-edit", "version": 7, "sha256": "9f43…"}`; a library's has `"library": true`.
public struct PageRevocation: Sendable, Equatable, Hashable {
    /// The page or library id.
    public var id: String
    /// The version that was revoked.
    public var version: Int
    /// SHA-256 of the revoked file: what is matched.
    public var sha256: String
    /// Whether it is a block library's version rather than a page's.
    public var library: Bool

    /// A revocation of `id` v`version`, whose file has this SHA-256.
    ///
    /// - Parameters:
    ///   - id: the page or library id.
    ///   - version: the revoked version.
    ///   - sha256: the SHA-256 of its file, 64 lowercase hex digits.
    ///   - library: true for a block library.
    public init(id: String, version: Int, sha256: String, library: Bool = false) {
        self.id = id
        self.version = version
        self.sha256 = sha256
        self.library = library
    }

    /// A revocation by SHA-256 alone, of a file no manifest or history named (`formwork pack
    /// --revoke <SHA-256>`): it has no id (`""`) or version (0), and holds for pages and
    /// libraries alike.
    public static func unnamed(sha256: String) -> PageRevocation { PageRevocation(id: "", version: 0, sha256: sha256) }

    /// Whether it names no page or library (`unnamed(sha256:)`).
    public var isUnnamed: Bool { id.isEmpty }

    /// `dish-edit v7`, `library shop-kit v3`, or `the file with SHA-256 9f43a1…` when unnamed.
    var label: String { isUnnamed ? "the file with SHA-256 \(sha256.prefix(12))…" : (library ? "library " : "") + "\(id) v\(version)" }

    var value: PageValue {
        guard !isUnnamed else { return .object(PageObject([("sha256", .string(sha256))])) }
        return .object(PageObject([("id", .string(id)), ("version", .int(Int64(version))), ("sha256", .string(sha256))]
            + (library ? [("library", .bool(true))] : [])))
    }

    /// Reads the `"revoked"` list of a manifest (or the cache's record of it).
    static func list(_ value: PageValue?, source: String) throws(DeliveryError) -> [PageRevocation] {
        guard let value else { return [] }
        func invalid(_ reason: String) -> DeliveryError { .invalidManifest(source: source, reason: reason) }
        guard case .array(let items) = value else { throw invalid("\"revoked\" must be an array") }
        var list: [PageRevocation] = []
        for (index, item) in items.enumerated() {
            if item["id"] == nil, item["version"] == nil, item["library"] == nil, case .string(let sha)? = item["sha256"], SHA256Hasher.isHexDigest(sha) {
                list.append(.unnamed(sha256: sha))
                continue
            }
            guard case .string(let id)? = item["id"], PageHeader.isValidID(id),
                  case .int(let version)? = item["version"], version >= 1, version <= Int64(Int32.max),
                  case .string(let sha)? = item["sha256"], SHA256Hasher.isHexDigest(sha)
            else {
                throw invalid("revoked[\(index)] must be {\"id\": …, \"version\": …, \"sha256\": 64 lowercase hex digits}, or {\"sha256\": …} alone")
            }
            var library = false
            if let flag = item["library"] {
                guard case .bool(let isLibrary) = flag else { throw invalid("revoked[\(index)].library must be true or false") }
                library = isLibrary
            }
            list.append(PageRevocation(id: id, version: Int(version), sha256: sha, library: library))
        }
        return list
    }
}
