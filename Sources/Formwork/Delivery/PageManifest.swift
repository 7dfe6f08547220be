import Foundation

/// The list of published pages that `formwork pack` writes next to them and `sync` reads first.
///
/// ```json
/// {
///   "totalVersion": "5f2c1a9b…",
///   "pages": [
///     {"id": "dish-edit", "file": "dish-edit.json", "version": 4, "minEngineVersion": 1,
///      "size": 1832, "sha256": "9f4390f8…"}
///   ]
/// }
/// ```
///
/// Block libraries (2.16) are listed the same way under `"libraries"` (file `<id>.library.json`),
/// and a page entry names the libraries it needs, with the lowest version of each:
/// `"libraries": {"shop-kit": 3}`.
///
/// An entry may carry a staged `"rollout"` (`PageRollout`: a share of installs, and the previous
/// version for the others), and the manifest a `"revoked"` list of versions taken back by SHA-256
/// (`PageRevocation`); both are Grammar.md 4.4.
///
/// `totalVersion` changes whenever any page or library changes, so a client whose last sync saw
/// the same value has nothing to do. `file` is a plain file name beside the manifest, never a path.
/// Unknown members are ignored, so newer publishers can add fields.
public struct PageManifest: Sendable, Equatable {
    /// One published page.
    public struct Entry: Sendable, Equatable {
        /// The page's id.
        public var id: String
        /// A file name beside the manifest (no folders): `dish-edit.json`.
        public var file: String
        /// The page's version.
        public var version: Int
        /// The oldest engine that can run it.
        public var minEngineVersion: Int
        /// Bytes in the file.
        public var size: Int
        /// SHA-256 of the file's bytes, 64 lowercase hex digits.
        public var sha256: String
        /// What the page uses beyond the built-ins (the app's own components, actions, validations,
        /// error handlers and functions): sync skips it for an app that lacks any of them.
        /// Written as `"requires"` only when not empty.
        public var requires = RegistryIDs()
        /// The block libraries it needs, with the lowest version of each (a page's `"libraries"`,
        /// or a library's): sync installs them first and skips a page whose libraries it can't
        /// have. Written as `"libraries"` only when not empty.
        public var libraries: [String: Int] = [:]
        /// A staged rollout: only this share of installs get the version, the others its
        /// `previous` (see `PageRollout`). Written as `"rollout"` only when set.
        public var rollout: PageRollout?

        /// An entry with these fields (and no `requires`).
        public init(id: String, file: String, version: Int, minEngineVersion: Int, size: Int, sha256: String) {
            self.id = id
            self.file = file
            self.version = version
            self.minEngineVersion = minEngineVersion
            self.size = size
            self.sha256 = sha256
        }

        /// The entry for a page file's bytes, stored as `file`.
        public init(header: PageHeader, file: String, data: Data) {
            self.init(id: header.id, file: file, version: header.version, minEngineVersion: header.minEngineVersion,
                      size: data.count, sha256: SHA256Hasher.hexDigest(of: data))
        }

        /// Whether `data` is exactly the bytes this entry describes.
        public func matches(_ data: Data) -> Bool {
            data.count == size && SHA256Hasher.hexDigest(of: data) == sha256
        }
    }

    /// Changes whenever any page does: a sync that saw it last time has nothing to do.
    public var totalVersion: String
    /// Sorted by id.
    public var pages: [Entry]
    /// The published block libraries, sorted by id.
    public var libraries: [Entry]
    /// Versions taken back (by SHA-256): apps never serve them again. Written as `"revoked"`
    /// only when not empty.
    public var revoked: [PageRevocation] = []

    /// A manifest whose `totalVersion` is computed from `pages` and `libraries`.
    public init(pages: [Entry], libraries: [Entry] = []) {
        self.init(totalVersion: PageManifest.totalVersion(of: pages, libraries: libraries), pages: pages, libraries: libraries)
    }

    /// A manifest revoking `revoked`, whose `totalVersion` is computed from all three lists.
    ///
    /// - Parameters:
    ///   - pages: the published pages.
    ///   - libraries: the published block libraries.
    ///   - revoked: the versions taken back.
    public init(pages: [Entry], libraries: [Entry], revoked: [PageRevocation]) {
        self.init(totalVersion: PageManifest.totalVersion(of: pages, libraries: libraries, revoked: revoked), pages: pages, libraries: libraries)
        self.revoked = revoked
    }

    /// A manifest with this `totalVersion`, as read from a file.
    public init(totalVersion: String, pages: [Entry], libraries: [Entry] = []) {
        self.totalVersion = totalVersion
        self.pages = pages.sorted { $0.id < $1.id }
        self.libraries = libraries.sorted { $0.id < $1.id }
    }

    /// The entry for page `id`, if published.
    public func entry(for id: String) -> Entry? { pages.first { $0.id == id } }

    /// The entry for library `id`, if published.
    public func library(_ id: String) -> Entry? { libraries.first { $0.id == id } }

    /// SHA-256 over every page's and library's id, version, engine requirement and hash: any
    /// change to any of them changes it; the order they are listed in doesn't. (A manifest
    /// without libraries has the total it had before libraries existed.)
    public static func totalVersion(of pages: [Entry], libraries: [Entry] = []) -> String {
        totalVersion(of: pages, libraries: libraries, revoked: [])
    }

    /// SHA-256 over every page, library, rollout and revocation: a rollout's share or a new
    /// revocation changes it, so a revocation reaches apps even when no page changed. (Without
    /// rollouts and revocations it is the total computed before they existed.)
    ///
    /// - Parameters:
    ///   - pages: the published pages.
    ///   - libraries: the published block libraries.
    ///   - revoked: the versions taken back.
    public static func totalVersion(of pages: [Entry], libraries: [Entry], revoked: [PageRevocation]) -> String {
        var hasher = SHA256Hasher()
        func rollout(_ entry: Entry) -> String {
            guard let rollout = entry.rollout else { return "" }
            return "\trollout \(rollout.percent) \(rollout.previous.map { "\($0.file) \($0.version) \($0.sha256)" } ?? "-")"
        }
        for page in pages.sorted(by: { $0.id < $1.id }) {
            hasher.update(Data("\(page.id)\t\(page.version)\t\(page.minEngineVersion)\t\(page.size)\t\(page.sha256)\(rollout(page))\n".utf8))
        }
        for library in libraries.sorted(by: { $0.id < $1.id }) {
            hasher.update(Data("library\t\(library.id)\t\(library.version)\t\(library.minEngineVersion)\t\(library.size)\t\(library.sha256)\(rollout(library))\n".utf8))
        }
        for revocation in revoked.sorted(by: { $0.sha256 < $1.sha256 }) {
            hasher.update(Data("revoked\t\(revocation.label)\t\(revocation.sha256)\n".utf8))
        }
        return SHA256Hasher.hex(hasher.finalize())
    }

    /// The revocation of the file with this SHA-256, if any.
    public func revocation(of sha256: String) -> PageRevocation? { revoked.first { $0.sha256 == sha256 } }

    // MARK: - JSON

    /// The manifest as a JSON value, members in the documented order.
    public var value: PageValue {
        return PageManifest.json(totalVersion: totalVersion, pages: pages, libraries: libraries, revoked: revoked)
    }

    static func json(totalVersion: String, pages: [Entry], libraries: [Entry], revoked: [PageRevocation]) -> PageValue {
        func json(_ entry: Entry) -> PageValue {
            let needs = PageValue.object(PageObject(entry.libraries.sorted { $0.key < $1.key }.map { ($0.key, .int(Int64($0.value))) }))
            let rollout = entry.rollout.map { rollout in
                PageValue.object(PageObject([("percent", .int(Int64(rollout.percent)))] + (rollout.previous.map { [("previous", json($0))] } ?? [])))
            }
            return .object(PageObject([
                ("id", .string(entry.id)), ("file", .string(entry.file)), ("version", .int(Int64(entry.version))),
                ("minEngineVersion", .int(Int64(entry.minEngineVersion))), ("size", .int(Int64(entry.size))),
                ("sha256", .string(entry.sha256)),
            ] + (entry.requires.isEmpty ? [] : [("requires", entry.requires.value)]) + (entry.libraries.isEmpty ? [] : [("libraries", needs)]) + (rollout.map { [("rollout", $0)] } ?? [])))
        }
        return .object(PageObject([("totalVersion", .string(totalVersion)), ("pages", .array(pages.map(json)))]
            + (libraries.isEmpty ? [] : [("libraries", .array(libraries.map(json)))])
            + (revoked.isEmpty ? [] : [("revoked", .array(revoked.map(\.value)))])))
    }

    /// Indented JSON with a final newline, as written to `manifest.json`.
    public var jsonData: Data { Data((value.prettyJSONText + "\n").utf8) }

    /// Reads a manifest file's bytes; `source` (a path or URL) is named in errors. A manifest may
    /// list at most `limits.manifestPages` pages.
    public init(data: Data, source: String, limits: PageLimits = .standard) throws(DeliveryError) {
        do {
            try self.init(value: try JSONReader.parse(bytes: Array(data)), source: source, limits: limits)
        } catch let error as DeliveryError {
            throw error
        } catch {
            throw .invalidManifest(source: source, reason: "not valid JSON: \(error)")
        }
    }

    /// Reads a parsed manifest, checking every field: a manifest from the network is untrusted.
    public init(value: PageValue, source: String, limits: PageLimits = .standard) throws(DeliveryError) {
        func invalid(_ reason: String) -> DeliveryError { .invalidManifest(source: source, reason: reason) }
        guard case .object(let object) = value else { throw invalid("expected a JSON object, found \(value.typeName)") }
        guard case .string(let totalVersion)? = object["totalVersion"], !totalVersion.isEmpty else {
            throw invalid("\"totalVersion\" must be a non-empty string")
        }
        guard case .array(let items)? = object["pages"] else { throw invalid("\"pages\" must be an array") }
        var libraryItems: [PageValue] = []
        if let raw = object["libraries"] {
            guard case .array(let list) = raw else { throw invalid("\"libraries\" must be an array") }
            libraryItems = list
        }
        guard items.count + libraryItems.count <= limits.manifestPages else {
            let what = libraryItems.isEmpty ? "pages" : "pages and libraries"
            throw invalid("it lists \(PageLimits.grouped(items.count + libraryItems.count)) \(what), more than the \(PageLimits.grouped(limits.manifestPages)) one manifest may list (manifestPages)")
        }
        let pages = try PageManifest.entries(items, member: "pages", source: source)
        let libraries = try PageManifest.entries(libraryItems, member: "libraries", source: source)
        self.init(totalVersion: totalVersion, pages: pages, libraries: libraries)
        revoked = try PageRevocation.list(object["revoked"], source: source)
    }

    /// The entries of `"pages"` or `"libraries"`, each field checked.
    private static func entries(_ items: [PageValue], member: String, source: String, nested: Bool = false) throws(DeliveryError) -> [Entry] {
        func invalid(_ reason: String) -> DeliveryError { .invalidManifest(source: source, reason: reason) }
        let what = member.hasPrefix("pages") ? "page" : "library"
        var pages: [Entry] = []
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            let at = nested ? member : "\(member)[\(index)]"
            guard case .object(let fields) = item else { throw invalid("\(at) must be an object") }
            guard case .string(let id)? = fields["id"], PageHeader.isValidID(id) else {
                throw invalid("\(at).id must be a \(what) id (letters, digits, '-', '_', '.')")
            }
            guard case .string(let file)? = fields["file"], PageManifest.isPlainFileName(file) else {
                throw invalid("\(at).file must be a file name ending in .json, with no folder")
            }
            func number(_ key: String, minimum: Int64) throws(DeliveryError) -> Int {
                guard case .int(let n)? = fields[key], n >= minimum, n <= Int64(Int32.max) else {
                    throw invalid("\(at).\(key) must be a whole number of at least \(minimum)")
                }
                return Int(n)
            }
            let version = try number("version", minimum: 1)
            let minEngineVersion = try number("minEngineVersion", minimum: 1)
            let size = try number("size", minimum: 0)
            guard case .string(let sha256)? = fields["sha256"], SHA256Hasher.isHexDigest(sha256) else {
                throw invalid("\(at).sha256 must be 64 lowercase hex digits")
            }
            guard nested || seen.insert(id).inserted else { throw invalid("\(what) '\(id)' is listed twice") }
            var entry = Entry(id: id, file: file, version: version, minEngineVersion: minEngineVersion, size: size, sha256: sha256)
            if let requires = fields["requires"] {
                guard let ids = RegistryIDs(value: requires) else {
                    throw invalid("\(at).requires must be an object of kind → ids, like {\"actions\": [\"analytics\"]}")
                }
                entry.requires = ids
            }
            if let needs = fields["libraries"] {
                guard case .object(let table) = needs else { throw invalid("\(at).libraries must be an object of library id → lowest version") }
                for (library, version) in table {
                    guard PageHeader.isValidID(library), case .int(let n) = version, n >= 1, n <= Int64(Int32.max) else {
                        throw invalid("\(at).libraries must name library ids with a whole number from 1 each")
                    }
                    entry.libraries[library] = Int(n)
                }
            }
            if let raw = fields["rollout"], !nested {
                guard case .int(let percent)? = raw["percent"], percent >= 0, percent <= 100 else {
                    throw invalid("\(at).rollout.percent must be a whole number from 0 to 100")
                }
                var rollout = PageRollout(percent: Int(percent))
                if let previous = raw["previous"] {
                    var fields = PageObject()
                    if case .object(let given) = previous { fields = given }
                    fields["id"] = .string(id)
                    let read = try PageManifest.entries([.object(fields)], member: "\(at).rollout.previous", source: source, nested: true)
                    guard let first = read.first, first.version < version else {
                        throw invalid("\(at).rollout.previous must be an older version of \(what) '\(id)'")
                    }
                    rollout.previous = first
                }
                entry.rollout = rollout
            }
            pages.append(entry)
        }
        return pages
    }

    /// A name for a file in the same folder: ends in `.json`, no `/` or `\`, not hidden.
    static func isPlainFileName(_ name: String) -> Bool {
        name.hasSuffix(".json") && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\")
            && PageHeader.isValidID(String(name.dropLast(5)))
    }
}
