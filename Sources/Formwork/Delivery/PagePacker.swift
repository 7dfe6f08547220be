import Foundation

/// The library side of `formwork pack`: checks every page in a folder, copies them to an output
/// folder as `<id>.json` and writes `manifest.json` beside them, ready for any static host.
///
/// The pages are checked exactly as `formwork check` checks the folder (`PageSet`): what check
/// passes, pack publishes, and nothing check reports as an error is published. One bad page
/// refuses the whole pack, so a publisher can't ship half a release. Flow files (`*.flow.json`)
/// are tests, not pages: they are neither checked nor packed. The manifest is written last, so
/// the output folder never has a manifest naming a file that isn't there yet.
///
/// ```swift
/// let report = try PagePacker().pack(from: sourceFolder, to: outputFolder)
/// report.manifest.pages.map(\.id)     // ["dish-edit", "menu"]
/// report.skipped                       // [Skipped(file: "order.flow.json", reason: "flow files are tests, not pages")]
///
/// // with a page whose "version" is "3":
/// // DeliveryError.pagesRejected: menu.json: version: error: "version" must be a whole number from 1 to 2147483647, found string "3"
/// //                              nothing was packed: fix the problem above and run pack again.
/// ```
public struct PagePacker: Sendable {
    /// The types the pages may use.
    public let registry: Registry

    public init(registry: Registry = .standard) { self.registry = registry }

    /// What a pack did.
    public struct Report: Sendable, Equatable {
        /// A page that was packed, from `sourceFile` (a name in the source folder).
        public struct Packed: Sendable, Equatable {
            public let entry: PageManifest.Entry
            public let sourceFile: String
        }
        /// A file in the source folder that isn't a page.
        public struct Skipped: Sendable, Equatable {
            public let file: String
            public let reason: String
        }

        public let manifest: PageManifest
        public let packed: [Packed]
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
        let set = PageSet(files: files, registry: registry)
        problems += set.errors.map(\.rendered)
        guard problems.isEmpty else { throw .pagesRejected(problems) }
        guard !set.pages.isEmpty else {
            throw .unreadable(path: source.path, reason: "no pages found (looked for *.json files that aren't *.flow.json)")
        }
        var pages: [(header: PageHeader, data: Data, sourceFile: String)] = []
        for page in set.pages {
            guard let document = page.document else { continue }   // NB: a page that didn't decode has an error above
            pages.append((PageHeader(id: document.id, version: document.version, minEngineVersion: document.minEngineVersion), Data(page.bytes), page.file))
        }

        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: output.path, reason: error.localizedDescription)
        }
        var packed: [Report.Packed] = []
        for page in pages {
            let file = "\(page.header.id).json"
            do {
                try AtomicFile.write(page.data, to: output.appendingPathComponent(file))
            } catch {
                throw .unwritable(path: error.path, reason: error.reason)
            }
            packed.append(.init(entry: PageManifest.Entry(header: page.header, file: file, data: page.data), sourceFile: page.sourceFile))
        }
        let manifest = PageManifest(pages: packed.map(\.entry))
        let manifestURL = output.appendingPathComponent(PageCache.manifestName)
        do {
            try AtomicFile.write(manifest.jsonData, to: manifestURL)
        } catch {
            throw .unwritable(path: error.path, reason: error.reason)
        }
        return Report(manifest: manifest, packed: packed.sorted { $0.entry.id < $1.entry.id }, skipped: skipped, manifestURL: manifestURL)
    }
}
