import Foundation

/// The library side of `formwork pack`: checks every page in a folder, copies them to an output
/// folder as `<id>.json` and writes `manifest.json` beside them, ready for any static host.
///
/// Nothing is written unless every page passes: one bad page refuses the whole pack, so a
/// publisher can't ship half a release. Flow files (`*.flow.json`) are tests, not pages: they are
/// neither checked nor packed. The manifest is written last, so the output folder never has a
/// manifest naming a file that isn't there yet.
///
/// ```swift
/// let report = try PagePacker(check: PagePacker.headerCheck).pack(from: sourceFolder, to: outputFolder)
/// report.manifest.pages.map(\.id)     // ["dish-edit", "menu"]
/// report.skipped                       // [Skipped(file: "order.flow.json", reason: "flow files are tests, not pages")]
///
/// // with a page whose "version" is "3":
/// // DeliveryError.pagesRejected: dish-edit.json: "version" must be a whole number of at least 1, found string "3"
/// //                              nothing was packed: fix the problem above and run pack again.
/// ```
public struct PagePacker: Sendable {
    /// Checks one page file: given its URL and bytes, returns one line per error (empty: fine).
    public typealias Check = @Sendable (URL, Data) -> [String]

    public let check: Check
    /// The app's registry: each page's `requires` lists what it uses beyond the built-ins.
    public let registry: Registry

    /// - Parameters:
    ///   - check: the page checker; `PagePacker.headerCheck` until the full checker exists.
    ///   - registry: the registry pages are written for (the app's, with its own types).
    public init(check: @escaping Check, registry: Registry = .standard) {
        self.check = check
        self.registry = registry
    }

    /// The minimal check: the file is JSON with a string `page`, a whole-number `version` and
    /// `minEngineVersion` (see `PageHeader`).
    public static let headerCheck: Check = { _, data in
        do {
            _ = try PageHeader(data: data)
            return []
        } catch {
            return ["\(error)"]
        }
    }

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
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: source.path).sorted()
        } catch {
            throw .unreadable(path: source.path, reason: "not a folder of pages (\(error.localizedDescription))")
        }
        var skipped: [Report.Skipped] = []
        var problems: [String] = []
        var pages: [(header: PageHeader, data: Data, sourceFile: String)] = []
        var firstFileForID: [String: String] = [:]
        for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
            if name.hasSuffix(".flow.json") {
                skipped.append(.init(file: name, reason: "flow files are tests, not pages"))
                continue
            }
            if name == PageCache.manifestName {
                skipped.append(.init(file: name, reason: "a manifest, not a page"))
                continue
            }
            if !PageRepository.isPageFileName(name) {
                skipped.append(.init(file: name, reason: "a registry, schema or project file, not a page"))
                continue
            }
            let url = source.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: url) else {
                problems.append("\(name): can't be read")
                continue
            }
            let errors = check(url, data)
            guard errors.isEmpty else {
                problems += errors.map { "\(name): \($0)" }
                continue
            }
            let header: PageHeader
            do {
                header = try PageHeader(data: data)
            } catch {
                problems.append("\(name): \(error.message)")
                continue
            }
            if let other = firstFileForID[header.id] {
                problems.append("\(name): page '\(header.id)' is also defined by \(other); page ids must be unique")
                continue
            }
            firstFileForID[header.id] = name
            pages.append((header, data, name))
        }
        guard problems.isEmpty else { throw .pagesRejected(problems) }
        guard !pages.isEmpty else {
            throw .unreadable(path: source.path, reason: "no pages found (looked for *.json files that aren't *.flow.json)")
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
            var entry = PageManifest.Entry(header: page.header, file: file, data: page.data)
            entry.requires = PageDocument.decode(Array(page.data), registry: registry).document?.requirements() ?? RegistryIDs()
            packed.append(.init(entry: entry, sourceFile: page.sourceFile))
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
