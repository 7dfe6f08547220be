import Foundation

/// Finds the page to open for an id: a downloaded copy when it is newer, runnable and intact,
/// otherwise the copy bundled with the app.
///
/// The cached copy (installed by `PageSync`) is served only when all of these hold:
/// its version is higher than the bundled one, its `minEngineVersion` is at most `engineVersion`,
/// its bytes match the size and SHA-256 the cache manifest recorded, and it runs with the app's
/// `registry` (it uses no type the app lacks). Anything else — a missing, truncated, corrupt or
/// altered file, a page needing an action this build doesn't have, an unreadable cache manifest —
/// is never trusted and never a crash: the previous good download of the page is served, else
/// the bundled page, and `ResolvedPage.diagnostics` says why.
///
/// A copy whose SHA-256 a manifest revoked, or that was set aside on this install after failing
/// as it opened (`recordFailedOpening`, `open(_:in:params:)`), is never served; the next good
/// copy is, and `ResolvedPage.reason` says why (Grammar.md part 6).
///
/// Bundled pages are found by id: `<id>.json`, or else any `*.json` in the folder whose `page`
/// field is the id (`*.flow.json` and `manifest.json` are not pages).
///
/// ```swift
/// let repository = engine.pageRepository(bundled: Bundle.main.url(forResource: "pages", withExtension: nil)!,
///                                        cache: cachesFolder.appendingPathComponent("pages"))
/// // or: PageRepository(bundled: …, cache: …, registry: engine.registry)
/// let page = try repository.resolve("dish-edit")   // dish-edit v4 from the cache
/// try repository.resolve("dish-edt")
/// // DeliveryError: no page 'dish-edt' in the bundled pages or the cache. Did you mean 'dish-edit'? Available: dish-edit, menu
/// ```
public struct PageRepository: Sendable {
    /// The app's bundled pages, always there.
    public let bundledDirectory: URL
    /// The folder sync installs pages in; nil to serve bundled pages only.
    public let cacheDirectory: URL?
    /// A cached page needing a newer engine than this is not served.
    public let engineVersion: Int
    /// The app's registry: a cached page using a type it lacks is not served.
    public let registry: Registry
    /// Called with each line of `ResolvedPage.diagnostics` as pages are resolved, so a host can
    /// log why a cached copy was passed over (`push` reaches the repository without seeing them).
    public let report: (@Sendable (String) -> Void)?
    /// How many failed openings in a row set a downloaded version aside on this install (2
    /// unless changed; see `recordFailedOpening`). At least 1.
    public var failuresBeforeSetAside = 2
    /// The libraries read last, kept until a file they may come from changes.
    var libraryCache = LibraryCache()
    /// The cache's manifest, revocations and openings, each kept until its file changes.
    var files = CachedFiles()

    /// A repository serving the best copy of each page from `cache` or `bundled`.
    ///
    /// - Parameters:
    ///   - bundled: the pages (and block libraries) bundled with the app.
    ///   - cache: the folder `PageSync` installs into; nil for bundled pages only.
    ///   - engineVersion: a cached page or library needing a newer engine is not served.
    ///   - registry: the registry the app's engine uses. Required: given the built-ins only, every
    ///     cached page using the app's own types would be passed over
    ///     (`PageEngine.pageRepository(…)` passes the engine's).
    ///   - report: called with each reason a cached copy was passed over.
    public init(bundled: URL, cache: URL?, engineVersion: Int = FormworkEngine.version, registry: Registry, report: (@Sendable (String) -> Void)? = nil) {
        bundledDirectory = bundled
        self.registry = registry
        cacheDirectory = cache
        self.engineVersion = engineVersion
        self.report = report
    }

    /// A repository that knows only the built-in types: every cached page using one of the app's
    /// own is passed over.
    @available(*, deprecated, message: "pass the registry the app's engine uses (registry: engine.registry), or build the repository with engine.pageRepository(bundled:cache:); with the built-ins only, every cached page using the app's own types is passed over")
    public init(bundled: URL, cache: URL?, engineVersion: Int = FormworkEngine.version, report: (@Sendable (String) -> Void)? = nil) {
        self.init(bundled: bundled, cache: cache, engineVersion: engineVersion, registry: .standard, report: report)
    }

    /// The page to open for `pageID`. Reads its bytes once.
    ///
    /// - Throws: `DeliveryError.unknownPage` (with a near-match suggestion) when no source has the
    ///   id, or `.invalidPage` when only a broken bundled file does.
    public func resolve(_ pageID: String) throws(DeliveryError) -> ResolvedPage {
        let bundled = PageRepository.bundledPage(pageID, in: bundledDirectory)
        // NB: a library's lines say which copy of the library is used; only the page's own lines
        // say which copy of the page is (a library line naming the page's fallback misleads).
        var libraryDiagnostics: [String] = []
        var diagnostics: [String] = []
        defer { if let report { (libraryDiagnostics + diagnostics).forEach(report) } }
        settleInterruptedOpenings(of: pageID)
        let libraries = libraries(diagnostics: &libraryDiagnostics)
        let withheld = withheldVersions(of: pageID)
        if let cached = cachedPage(pageID, bundledVersion: bundled.page?.header.version, libraries: libraries, withheld: withheld, diagnostics: &diagnostics) {
            return ResolvedPage(header: cached.header, source: .cache, data: cached.data, url: cached.url, diagnostics: libraryDiagnostics + diagnostics,
                                reason: withheld.reason(serving: cached.header.version) ?? .cache)
        }
        if let page = bundled.page {
            let using = "using bundled \(page.header.id) v\(page.header.version)"
            diagnostics = diagnostics.map { "\($0); \(using)" }
            return ResolvedPage(header: page.header, source: .bundled, data: page.data, url: page.url, diagnostics: libraryDiagnostics + diagnostics,
                                reason: withheld.reason(serving: page.header.version) ?? .bundled)
        }
        if let problem = bundled.problems.first { throw .invalidPage(file: problem.file, reason: problem.reason) }
        throw .unknownPage(id: pageID, available: availablePageIDs())
    }

    /// Every page id the bundled folder or the cache manifest knows, sorted.
    public func availablePageIDs() -> [String] {
        var ids = Set(PageRepository.pageFiles(in: bundledDirectory).compactMap { PageRepository.readPage(at: $0).page?.header.id })
        if let index = try? cacheIndex() {
            ids.formUnion(index.manifest.pages.map(\.id))
        }
        return ids.sorted()
    }

    // MARK: - Cache

    /// The newest cached copy that can be served, else the previous good download of the page.
    private func cachedPage(_ id: String, bundledVersion: Int?, libraries: BlockCatalog, withheld: Withheld, diagnostics: inout [String]) -> Page? {
        guard let cacheDirectory else { return nil }
        let cache = PageCache(directory: cacheDirectory)
        // NB: a sync may replace the manifest and remove the file it named between our two reads;
        // then the fresh manifest names the new file, so look once more (files judged once).
        var judged: Set<String> = []
        for attempt in 0..<2 {
            let index: PageCache.Index?
            do {
                index = try attempt == 0 ? cacheIndex() : cache.readIndex()
            } catch {
                diagnostics.append("cache: \(error)")
                return nil
            }
            let candidates = [index?.manifest.entry(for: id), index?.previous(for: id)].compactMap { $0 }.filter { !judged.contains($0.file) }
            var sawMissing = false
            for entry in candidates {
                judged.insert(entry.file)
                if let why = withheld.why(entry.sha256) {
                    diagnostics.append("cache: \(id) v\(entry.version) \(why)")
                    continue
                }
                switch judge(entry, id: id, bundledVersion: bundledVersion, libraries: libraries, in: cache) {
                case .serve(let page):
                    if !diagnostics.isEmpty { diagnostics = diagnostics.map { "\($0); using the previous download \(id) v\(entry.version)" } }
                    return page
                case .rejected(let reason):
                    diagnostics.append(reason)
                case .missing(let reason):
                    diagnostics.append(reason)
                    sawMissing = true
                }
            }
            if !sawMissing { return nil }
        }
        return nil
    }

    private enum Verdict {
        case serve(Page)
        case rejected(String)
        case missing(String)
    }

    /// Whether one cached copy can be served: newer than bundled, for this engine, intact, and
    /// runnable with this app's registry.
    private func judge(_ entry: PageManifest.Entry, id: String, bundledVersion: Int?, libraries: BlockCatalog, in cache: PageCache) -> Verdict {
        let label = "\(id) v\(entry.version)"
        if entry.minEngineVersion > engineVersion {
            return .rejected("cache: \(label) needs engine \(entry.minEngineVersion), this is engine \(engineVersion)")
        }
        if let bundledVersion, entry.version <= bundledVersion {
            return .rejected("cache: \(label) is not newer than bundled v\(bundledVersion)")
        }
        guard let data = try? Data(contentsOf: cache.url(of: entry)) else {
            return .missing("cache: \(entry.file) for \(label) is missing or unreadable")
        }
        guard data.count == entry.size else {
            return .rejected("cache: \(entry.file) is truncated or was altered: \(data.count) bytes, the cache manifest says \(entry.size)")
        }
        guard SHA256Hasher.hexDigest(of: data) == entry.sha256 else {
            return .rejected("cache: \(entry.file) is corrupt or was altered: its SHA-256 doesn't match the cache manifest")
        }
        let header: PageHeader
        do {
            header = try PageHeader(data: data)
        } catch {
            return .rejected("cache: \(entry.file) is not a valid page: \(error)")
        }
        guard header.id == id, header.version == entry.version, header.minEngineVersion <= engineVersion else {
            return .rejected("cache: \(entry.file) holds \(header), but the cache manifest lists \(label)")
        }
        if let problem = PageRepository.unusable(data, registry: registry, libraries: libraries) {
            return .rejected("cache: \(label) \(problem)")
        }
        return .serve(Page(header: header, data: data, url: cache.url(of: entry)))
    }

    /// Why a page can't run with `registry` and `libraries` (it uses a type the app lacks, needs a
    /// library it can't have, or doesn't decode), or nil when it can. Cost: one decode of the page
    /// (README, "Performance").
    public static func unusable(_ data: Data, registry: Registry, libraries: BlockCatalog) -> String? {
        let (document, diagnostics) = PageDocument.decode(Array(data), registry: registry, libraries: libraries)
        guard let document else { return "can't be read: " + (diagnostics.first?.message ?? "not a page") }
        let missing = document.usedIDs.missing(from: registry)
        if !missing.isEmpty { return registry.lacking(missing, user: "PageRepository", fix: "engine.pageRepository(…), or registry: engine.registry") }
        if let error = diagnostics.first(where: { $0.severity == .error }) {
            return "can't run in this app: \(error.path.isEmpty ? "" : error.path + ": ")\(error.message)"
        }
        return nil
    }

    // MARK: - Bundled pages

    /// A page file read from disk.
    struct Page: Sendable {
        let header: PageHeader
        let data: Data
        let url: URL
    }

    /// A file that looked like a page but couldn't be read as one.
    struct Problem: Sendable, Equatable {
        let file: String
        let reason: String
    }

    /// The bundled page with `id`, and any broken files met on the way.
    static func bundledPage(_ id: String, in directory: URL) -> (page: Page?, problems: [Problem]) {
        guard PageHeader.isValidID(id) else { return (nil, []) }
        let direct = directory.appendingPathComponent("\(id).json")
        var problems: [Problem] = []
        if FileManager.default.fileExists(atPath: direct.path) {
            let read = readPage(at: direct)
            if let page = read.page, page.header.id == id { return (page, []) }
            problems += read.problems
        }
        for url in pageFiles(in: directory) where url.lastPathComponent != direct.lastPathComponent {
            if let page = readPage(at: url).page, page.header.id == id { return (page, []) }
        }
        return (nil, problems)
    }

    /// Reads and checks one page file.
    static func readPage(at url: URL) -> (page: Page?, problems: [Problem]) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return (nil, [Problem(file: url.path, reason: "can't be read: \(error.localizedDescription)")])
        }
        do {
            return (Page(header: try PageHeader(data: data), data: data, url: url), [])
        } catch {
            return (nil, [Problem(file: url.path, reason: error.message)])
        }
    }

    /// The page files in `directory`, sorted by name: `*.json` except flow files (`*.flow.json`,
    /// tests) and `manifest.json`. Hidden files are skipped.
    static func pageFiles(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter(isPageFileName).sorted().map { directory.appendingPathComponent($0) }
    }

    /// Whether a file name in a folder of pages names a page: `*.json`, but not a flow file
    /// (`*.flow.json`), a registry file (`*.registry.json`), a JSON Schema (`*.schema.json`),
    /// `manifest.json`, the project file `formwork.json`, or a hidden file.
    public static func isPageFileName(_ name: String) -> Bool {
        name.hasSuffix(".json") && !name.hasPrefix(".") && PageSet.notAPage(name) == nil
    }
}
