import Foundation

/// The library side of `formwork pack`: checks every page in a folder, copies them to an output
/// folder as `<id>.json` and writes `manifest.json` beside them, ready for any static host.
///
/// The pages are checked exactly as `formwork check` checks the folder (`PageSet`): what check
/// passes, pack publishes, and nothing check reports as an error is published. One bad page
/// refuses the whole pack, so a publisher can't ship half a release. Flow files (`*.flow.json`)
/// are tests, not pages: they are neither checked nor packed. Block libraries in the folder and in
/// its `lib/` folder are checked and published beside the pages as `<id>.library.json`, and each
/// page's manifest entry names the libraries it needs. Each entry's `minEngineVersion` is the
/// lowest engine that reads what the page or library uses (`engineRequirement`), or the one its
/// file states when that is higher. The manifest is written last, so the
/// output folder never has a manifest naming a file that isn't there yet.
///
/// ```swift
/// let report = try PagePacker(registry: appRegistry).pack(from: sourceFolder, to: outputFolder)
/// report.manifest.pages.map(\.id)     // ["dish-edit", "menu"]
/// report.skipped                       // [Skipped(file: "order.flow.json", reason: "flow files are tests, not pages")]
///
/// // with a page whose "version" is "3":
/// // DeliveryError.pagesRejected: menu.json: version: error: "version" must be a whole number from 1 to 2147483647, found string "3"
/// //                              nothing was packed: fix the problem above and run pack again.
/// ```
public struct PagePacker: Sendable {
    /// The types the pages may use (the app's registry): each page's `requires` in the manifest
    /// lists what it uses beyond the built-ins.
    public let registry: Registry
    /// The budgets the pages are checked against (as `formwork check` does).
    public let limits: PageLimits
    /// Staged rollouts to publish: page id (or `library:` and a library id) → the share of
    /// installs that get the packed version, 0 to 100 (100 ends a rollout). The others get the
    /// version published before it, whose file pack keeps beside it (`<id>.v<N>.json`). A rollout
    /// stays with its version in later packs until changed.
    public var rollouts: [String: Int] = [:]
    /// Versions to revoke: `dish-edit@7` or `library:shop-kit@3` (looked up among the packed
    /// pages and everything packed into the output folder before, kept in its
    /// `.formwork-history.json`), or any SHA-256. Revocations already published are kept.
    public var revoke: [String] = []

    /// A packer checking pages against the app's registry within `limits`.
    ///
    /// - Parameters:
    ///   - registry: the app's registry (`Registry.standard` for pages using only the built-ins).
    ///     Given the built-ins only, a page using one of the app's types is refused with a message
    ///     saying so.
    ///   - limits: the budgets pages are checked against, as `formwork check` does.
    public init(registry: Registry, limits: PageLimits = .standard) {
        var registry = registry
        if registry.hostTypeIDs.isEmpty, registry.unknownAdvice == Registry.defaultUnknownAdvice {
            registry.unknownAdvice = "PagePacker was given only the built-in types: if the app registers it, give PagePacker the registry the app's engine uses (PagePacker(registry: engine.registry))"
        }
        self.registry = registry
        self.limits = limits
    }

    /// A packer for pages using only the built-in types.
    @available(*, deprecated, message: "pass the app's registry (PagePacker(registry: engine.registry)), or Registry.standard for pages using only the built-ins")
    public init(limits: PageLimits = .standard) {
        self.init(registry: .standard, limits: limits)
    }

    /// What a pack did.
    public struct Report: Sendable, Equatable {
        /// A page that was packed, from `sourceFile` (a name in the source folder).
        public struct Packed: Sendable, Equatable {
            /// The page's manifest entry.
            public let entry: PageManifest.Entry
            /// The file it was read from, in the source folder.
            public let sourceFile: String
        }
        /// A file in the source folder that isn't a page.
        public struct Skipped: Sendable, Equatable {
            /// The file's name.
            public let file: String
            /// Why it isn't packed (a flow file, the manifest).
            public let reason: String
        }

        /// The manifest written.
        public let manifest: PageManifest
        /// The pages packed, by id.
        public let packed: [Packed]
        /// The block libraries that were packed, by id.
        public let libraries: [Packed]
        /// The files left out.
        public let skipped: [Skipped]
        /// Where `manifest.json` was written.
        public let manifestURL: URL
    }

    /// Checks and packs every `*.json` page directly in `source` into `output` (created if needed).
    ///
    /// - Throws: `DeliveryError.pagesRejected` listing every problem in every page (nothing is
    ///   written), `.unreadable` for a missing source folder, `.unwritable` when output fails.
    public func pack(from source: URL, to output: URL) throws(DeliveryError) -> Report {
        let listing: [(name: String, skipped: String?)]
        do {
            listing = try PageSet.jsonFiles(in: source)
        } catch {
            throw .unreadable(path: source.path, reason: "not a folder of pages (\(error.localizedDescription))")
        }
        var skipped: [Report.Skipped] = []
        var problems: [String] = []
        var files: [(name: String, bytes: [UInt8])] = []
        for (name, reason) in listing {
            if let reason {
                skipped.append(.init(file: name, reason: reason))
            } else if let data = FileManager.default.contents(atPath: source.appendingPathComponent(name).path) {
                files.append((name, Array(data)))
            } else {
                problems.append("\(name): error: the file can't be read")
            }
        }
        for path in BlockCatalog.libraryFiles(in: source.appendingPathComponent(BlockCatalog.libraryFolder)) {
            let name = BlockCatalog.libraryFolder + "/" + URL(fileURLWithPath: path).lastPathComponent
            if let data = FileManager.default.contents(atPath: path) { files.append((name, Array(data))) } else { problems.append("\(name): error: the file can't be read") }
        }
        let set = PageSet(files: files, registry: registry, libraries: .empty, limits: limits)
        problems += set.errors.map(\.rendered)
        guard problems.isEmpty else { throw .pagesRejected(problems) }
        guard !set.pages.isEmpty else {
            throw .unreadable(path: source.path, reason: "no pages found (looked for *.json files that aren't *.flow.json)")
        }
        // NB: apps refuse a page or a manifest past their download budgets, so pack never publishes one.
        var packed: [Report.Packed] = []
        var writes: [(file: String, data: Data)] = []
        var tooBig: [String] = []
        for page in set.pages {
            guard let document = page.document else { continue }   // NB: a page that didn't decode has an error above
            if page.bytes.count > limits.pageBytes {
                tooBig.append("\(page.file): error: the page is \(PageLimits.describe(bytes: page.bytes.count)), more than apps download (pageBytes, \(PageLimits.describe(bytes: limits.pageBytes))); split it into smaller pages")
            }
            // The engine it needs: what the author states, or what the page uses when that is more
            // (a stated one below that is a check error above).
            let minEngine = max(document.minEngineVersion, document.engineRequirement.version)
            let header = PageHeader(id: document.id, version: document.version, minEngineVersion: minEngine)
            var entry = PageManifest.Entry(header: header, file: "\(header.id).json", data: Data(page.bytes))
            // What the page needs beyond the built-ins: sync skips it for an app without them.
            entry.requires = document.requirements(beyond: .standard)
            entry.libraries = document.requiredLibraries
            packed.append(.init(entry: entry, sourceFile: page.file))
            writes.append((entry.file, Data(page.bytes)))
        }
        var libraries: [Report.Packed] = []
        let catalog = BlockCatalog(set.libraries)
        for library in set.libraries {
            guard let file = library.file, let bytes = files.first(where: { $0.name == file })?.bytes else { continue }
            if bytes.count > limits.pageBytes {
                tooBig.append("\(file): error: the library is \(PageLimits.describe(bytes: bytes.count)), more than apps download (pageBytes, \(PageLimits.describe(bytes: limits.pageBytes))); split it into smaller libraries")
            }
            let data = Data(bytes)
            let minEngine = max(library.minEngineVersion, library.engineRequirement(registry: registry, libraries: catalog).version)
            var entry = PageManifest.Entry(id: library.id, file: "\(library.id).library.json", version: library.version, minEngineVersion: minEngine,
                                           size: data.count, sha256: SHA256Hasher.hexDigest(of: data))
            entry.libraries = library.requires
            libraries.append(.init(entry: entry, sourceFile: file))
            writes.append((entry.file, data))
        }
        let published = PagePacker.published(in: output)
        var pageEntries = packed.map(\.entry), libraryEntries = libraries.map(\.entry)
        for id in rollouts.keys.sorted() {
            let known = id.hasPrefix("library:") ? libraryEntries.contains { "library:" + $0.id == id } : pageEntries.contains { $0.id == id }
            if !known { tooBig.append("error: --rollout names '\(id)', which is not among the packed \(id.hasPrefix("library:") ? "libraries" : "pages")") }
        }
        applyRollouts(&pageEntries, library: false, published: published, output: output, writes: &writes, problems: &tooBig)
        applyRollouts(&libraryEntries, library: true, published: published, output: output, writes: &writes, problems: &tooBig)
        let history = PagePacker.history(in: output, published: published)
        let revoked = revocations(published: published, history: history, pages: pageEntries, libraries: libraryEntries, problems: &tooBig)
        for index in packed.indices { packed[index] = .init(entry: pageEntries[index], sourceFile: packed[index].sourceFile) }
        for index in libraries.indices { libraries[index] = .init(entry: libraryEntries[index], sourceFile: libraries[index].sourceFile) }
        let manifest = PageManifest(pages: pageEntries, libraries: libraryEntries, revoked: revoked)
        if packed.count > limits.manifestPages {
            tooBig.append("error: \(PageLimits.grouped(packed.count)) pages are more than one manifest may list (manifestPages, \(PageLimits.grouped(limits.manifestPages))); apps would refuse it. Publish them as separate folders, each with its own manifest.")
        } else if manifest.jsonData.count > limits.manifestBytes {
            tooBig.append("error: the manifest would be \(PageLimits.describe(bytes: manifest.jsonData.count)), more than apps read (manifestBytes, \(PageLimits.describe(bytes: limits.manifestBytes))). Publish the pages as separate folders, each with its own manifest.")
        }
        guard tooBig.isEmpty else { throw .pagesRejected(tooBig) }

        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: output.path, reason: error.localizedDescription)
        }
        for write in writes {
            do {
                try AtomicFile.write(write.data, to: output.appendingPathComponent(write.file))
            } catch {
                throw .unwritable(path: error.path, reason: error.reason)
            }
        }
        // The history first: once the manifest names a version, the history has it too.
        let newHistory = PagePacker.unique(history + PagePacker.versions(pageEntries, library: false) + PagePacker.versions(libraryEntries, library: true))
        do {
            try AtomicFile.write(PagePacker.historyData(newHistory), to: output.appendingPathComponent(PagePacker.historyName))
        } catch {
            throw .unwritable(path: error.path, reason: error.reason)
        }
        let manifestURL = output.appendingPathComponent(PageCache.manifestName)
        do {
            try AtomicFile.write(manifest.jsonData, to: manifestURL)
        } catch {
            throw .unwritable(path: error.path, reason: error.reason)
        }
        return Report(manifest: manifest, packed: packed.sorted { $0.entry.id < $1.entry.id }, libraries: libraries.sorted { $0.entry.id < $1.entry.id }, skipped: skipped, manifestURL: manifestURL)
    }
}
