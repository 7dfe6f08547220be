import Foundation

/// The layout of the folder of downloaded pages, shared by `PageSync` (which writes it) and
/// `PageRepository` (which reads it).
///
/// ```
/// cache/
///   manifest.json            what is installed: a PageManifest whose `file`s name the files below,
///                            plus "syncedTotalVersion", "syncedEngineVersion" and the remote
///                            manifest's validators ("syncedValidators": ETag, Last-Modified)
///   dish-edit.v4.json        one file per installed page version, never rewritten in place
///   dish-edit.v3.json        the previous good download of a page, kept as a fallback ("previous")
///   shop-kit.library.v2.json one file per installed block library version (and its previous good)
///   .formwork-sync.lock      held by the sync that is running (see CacheLock)
///   install-id, revoked.json the install's id for rollouts, every revocation seen (PageCache+Records)
///   openings.json            openings in progress, failures in a row, versions set aside (OpeningRecord)
///   .formwork-openings.lock  held (flock) by the process changing openings.json
/// ```
///
/// NB: a new version is a new file, and `manifest.json` is replaced last (atomically), so it
/// always names files that are complete. A crash at any step leaves the previous good state.
struct PageCache: Sendable {
    /// What the cache holds, as recorded in its `manifest.json`.
    struct Index: Sendable, Equatable {
        /// The installed pages; `file` is the name inside the cache folder.
        var manifest: PageManifest
        /// The remote `totalVersion` of the last sync that completed without failures; nil after a
        /// failed or partial sync, so the next one retries.
        var syncedTotalVersion: String?
        /// The engine version that ran that sync: a newer engine must look again, since pages it
        /// skipped as too new may now be supported.
        var syncedEngineVersion: Int?
        /// The install id that sync's rollout decisions were made with, if it made any: a sync as
        /// another install (`PageSync(…, installID:)`) decides again even when nothing changed.
        var syncedInstallID: String?
        /// The previous good download of each page, served when the newest copy can't be: its
        /// file is corrupt, altered, or uses a type the app lacks. One per page id at most.
        var previous: [PageManifest.Entry] = []
        /// The previous good download of each block library.
        var previousLibraries: [PageManifest.Entry] = []
        /// The rollouts this install is outside of, so the repository can say why it serves an
        /// older version.
        var heldBack: [HeldBack] = []
        /// What the server said about the manifest of the last complete sync (its `ETag` and
        /// `Last-Modified`), sent back on the next one so an unchanged manifest costs a 304.
        var validators: ManifestValidators?

        /// Every file the index names.
        var files: Set<String> { Set((manifest.pages + manifest.libraries + previous + previousLibraries).map(\.file)) }

        /// A rolled-out version this install is not in.
        struct HeldBack: Sendable, Equatable {
            var id: String
            var version: Int
            var percent: Int
            var library = false

            var value: PageValue {
                .object(PageObject([("id", .string(id)), ("version", .int(Int64(version))), ("percent", .int(Int64(percent)))]
                    + (library ? [("library", .bool(true))] : [])))
            }

            init(id: String, version: Int, percent: Int, library: Bool = false) {
                self.id = id
                self.version = version
                self.percent = percent
                self.library = library
            }

            init?(_ value: PageValue) {
                guard case .string(let id)? = value["id"], let version = value["version"]?.intValue,
                      let percent = value["percent"]?.intValue else { return nil }
                self.init(id: id, version: Int(clamping: version), percent: Int(clamping: percent), library: value["library"] == .bool(true))
            }
        }

        /// A remote manifest's validators, as the server sent them (a weak `W/"…"` ETag included),
        /// the URL they came from (sent to no other), and the ids of the pages it published (what a
        /// 304 reports as current).
        struct ManifestValidators: Sendable, Equatable {
            var url: String
            var etag: String?
            var lastModified: String?
            var pageIDs: [String]

            /// Read from a response's headers; nil when it has neither validator.
            init?(url: String, headers: [String: String], pageIDs: [String]) {
                func header(_ name: String) -> String? {
                    // NB: a host's transport may not lower-case header names.
                    guard let value = headers.first(where: { $0.key.lowercased() == name })?.value.trimmingCharacters(in: .whitespaces), !value.isEmpty, value.count <= 1_000,
                          HTTPRequestRules.headerProblem(name: name, value: value) == nil else { return nil }
                    return value
                }
                self.init(url: url, etag: header("etag"), lastModified: header("last-modified"), pageIDs: pageIDs)
            }

            init?(url: String, etag: String?, lastModified: String?, pageIDs: [String]) {
                guard etag != nil || lastModified != nil else { return nil }
                self.url = url
                self.etag = etag
                self.lastModified = lastModified
                self.pageIDs = pageIDs
            }

            /// The conditional request's headers: `If-None-Match` and `If-Modified-Since`.
            var requestHeaders: [String: String] {
                var headers: [String: String] = [:]
                if let etag { headers["If-None-Match"] = etag }
                if let lastModified { headers["If-Modified-Since"] = lastModified }
                return headers
            }

            var value: PageValue {
                var object = PageObject([("url", .string(url))])
                if let etag { object["etag"] = .string(etag) }
                if let lastModified { object["lastModified"] = .string(lastModified) }
                object["pages"] = .array(pageIDs.map { .string($0) })
                return .object(object)
            }

            init?(_ value: PageValue?) {
                guard let value, case .string(let url)? = value["url"], case .array(let pages)? = value["pages"] else { return nil }
                let ids = pages.compactMap(\.stringValue)
                guard ids.count == pages.count else { return nil }
                self.init(url: url, etag: value["etag"]?.stringValue, lastModified: value["lastModified"]?.stringValue, pageIDs: ids)
            }
        }

        static let empty = Index(manifest: PageManifest(pages: []), syncedTotalVersion: nil, syncedEngineVersion: nil)

        func previous(for id: String) -> PageManifest.Entry? { previous.first { $0.id == id } }
    }

    static let manifestName = "manifest.json"

    let directory: URL

    var manifestURL: URL { directory.appendingPathComponent(PageCache.manifestName) }

    /// The cache file name for one version of a page: `dish-edit.v4.json`.
    static func fileName(id: String, version: Int) -> String { "\(id).v\(version).json" }

    /// The cache file name for one version of a block library: `shop-kit.library.v2.json`.
    static func fileName(library id: String, version: Int) -> String { "\(id).library.v\(version).json" }

    func url(of entry: PageManifest.Entry) -> URL { directory.appendingPathComponent(entry.file) }

    /// The recorded index; nil when the cache has no `manifest.json` yet.
    ///
    /// - Throws: `DeliveryError.invalidManifest` when the file is there but unreadable or corrupt.
    func readIndex() throws(DeliveryError) -> Index? {
        guard FileManager.default.fileExists(atPath: manifestURL.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: manifestURL)
        } catch {
            throw .invalidManifest(source: manifestURL.path, reason: "unreadable: \(error.localizedDescription)")
        }
        let value: PageValue
        do {
            value = try JSONReader.parse(bytes: Array(data))
        } catch {
            throw .invalidManifest(source: manifestURL.path, reason: "not valid JSON (corrupt or truncated): \(error)")
        }
        let manifest = try PageManifest(value: value, source: manifestURL.path)
        let synced = value["syncedTotalVersion"]?.stringValue
        let engine = value["syncedEngineVersion"]?.intValue.map { Int(clamping: $0) }
        let installID = value["syncedInstallID"]?.stringValue
        var previous: [PageManifest.Entry] = []
        var previousLibraries: [PageManifest.Entry] = []
        if value["previous"] != nil || value["previousLibraries"] != nil {
            // NB: read with the manifest's own checks, through a manifest made of the lists.
            let lists = PageObject([("totalVersion", "previous"), ("pages", value["previous"] ?? .array([])), ("libraries", value["previousLibraries"] ?? .array([]))])
            let read = try PageManifest(value: .object(lists), source: manifestURL.path + " (previous)")
            previous = read.pages
            previousLibraries = read.libraries
        }
        var heldBack: [Index.HeldBack] = []
        if case .array(let items)? = value["heldBack"] { heldBack = items.compactMap(Index.HeldBack.init) }
        return Index(manifest: manifest, syncedTotalVersion: synced, syncedEngineVersion: engine, syncedInstallID: installID, previous: previous,
                     previousLibraries: previousLibraries, heldBack: heldBack, validators: Index.ManifestValidators(value["syncedValidators"]))
    }

    /// Replaces `manifest.json` atomically with `index`.
    func writeIndex(_ index: Index) throws(AtomicFile.Failure) {
        guard case .object(var object) = index.manifest.value else { return }
        if let synced = index.syncedTotalVersion { object["syncedTotalVersion"] = .string(synced) }
        if let engine = index.syncedEngineVersion { object["syncedEngineVersion"] = .int(Int64(engine)) }
        if let installID = index.syncedInstallID { object["syncedInstallID"] = .string(installID) }
        if case .object(let previous) = PageManifest(pages: index.previous, libraries: index.previousLibraries).value {
            if !index.previous.isEmpty { object["previous"] = previous["pages"] ?? .array([]) }
            if !index.previousLibraries.isEmpty { object["previousLibraries"] = previous["libraries"] ?? .array([]) }
        }
        if !index.heldBack.isEmpty { object["heldBack"] = .array(index.heldBack.map(\.value)) }
        // NB: only with the totalVersion they answered for: a failed sync must fetch the manifest whole.
        if let validators = index.validators, index.syncedTotalVersion != nil { object["syncedValidators"] = validators.value }
        try AtomicFile.write(Data((PageValue.object(object).prettyJSONText + "\n").utf8), to: manifestURL)
    }

    /// Deletes what an interrupted sync left behind: temporary files of unfinished writes, and
    /// page versions that `index` doesn't name (downloaded by a sync killed before it recorded
    /// them, or replaced by one killed before it deleted them). Only names sync itself writes
    /// (`<id>.v<N>.json` and temporary files) are touched; anything else in the folder is left
    /// alone. Call it only while holding the cache's `CacheLock`.
    ///
    /// - Returns: the names removed, sorted.
    @discardableResult
    func removeUnlisted(keeping index: Index) -> [String] {
        let kept = index.files
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed: [String] = []
        for name in names.sorted() where !kept.contains(name) {
            guard name.hasPrefix(AtomicFile.temporaryPrefix) || PageCache.isVersionFileName(name) else { continue }
            if (try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))) != nil { removed.append(name) }
        }
        return removed
    }

    /// Whether `name` is one `fileName(id:version:)` makes: `dish-edit.v4.json`.
    static func isVersionFileName(_ name: String) -> Bool {
        guard name.hasSuffix(".json") else { return false }
        let stem = name.dropLast(5)
        guard let dot = stem.range(of: ".v", options: .backwards) else { return false }
        let id = String(stem[..<dot.lowerBound])
        let version = stem[dot.upperBound...]
        return PageHeader.isValidID(id) && version.allSatisfy { $0.isASCII && $0.isNumber } && Int(version).map { $0 >= 1 } == true
    }

    /// Whether every installed file is present with the recorded size (a cheap check that the OS
    /// didn't purge the cache behind our back).
    func filesArePresent(_ index: Index) -> Bool {
        (index.manifest.pages + index.manifest.libraries).allSatisfy { entry in
            let attributes = try? FileManager.default.attributesOfItem(atPath: url(of: entry).path)
            return (attributes?[.size] as? NSNumber)?.intValue == entry.size
        }
    }
}
