import Foundation

/// Pages checked together, the one way `formwork check` and `formwork pack` both check them: each
/// page on its own (decoding and `check`), plus what only shows across pages: a push to a page
/// that isn't among them, two files with one page id. What passes here, `pack` publishes.
///
/// ```swift
/// let set = engine.pageSet(files: [("login.json", loginBytes), ("dish-edit.json", editBytes)])
/// set.errors.map(\.rendered)
/// // ["dish-edit.json: onError[0].attributes.page: error: there is no page 'logn' next to this one; did you mean 'login'?"]
/// ```
public struct PageSet: Sendable {
    /// One file of the set, decoded when it could be.
    public struct Page: Sendable {
        /// The file's name as given.
        public let file: String
        /// The file's bytes.
        public let bytes: [UInt8]
        /// Nil when the file isn't a page at all (not JSON, not an object).
        public let document: PageDocument?
    }

    /// Every file, in the order given.
    public let pages: [Page]
    /// The block libraries among the files (a file whose top level has `"library"`), checked too.
    public let libraries: [BlockLibrary]
    /// Every problem in every page, in file order.
    public let diagnostics: [PageDiagnostic]

    /// The errors among `diagnostics` (warnings don't stop a page from opening or being published).
    public var errors: [PageDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// Decodes and checks `files` (a name, used in messages, and the bytes of each).
    ///
    /// - Parameters:
    ///   - files: each file's name (used in messages) and bytes.
    ///   - registry: the types the pages may use: the app's (`engine.registry`), or `.standard`
    ///     for the built-ins only. `PageEngine.pageSet(files:checkPushes:)` passes the engine's.
    ///   - libraries: libraries the pages may name besides those among `files` (`engine.libraries`),
    ///     or `.empty` for none.
    ///   - checkPushes: whether `push` targets must be among these pages; false for a page checked
    ///     on its own.
    ///   - limits: the budgets the pages are read and checked against.
    public init(files: [(name: String, bytes: [UInt8])], registry: Registry, libraries: BlockCatalog, checkPushes: Bool = true, limits: PageLimits = .standard) {
        var pages: [Page] = []
        var diagnostics: [PageDiagnostic] = []
        var found: [BlockLibrary] = []
        var pageFiles: [(name: String, bytes: [UInt8])] = []
        for (name, bytes) in files {
            guard BlockCatalog.looksLikeLibrary(bytes) else {
                pageFiles.append((name, bytes))
                continue
            }
            let (library, problems) = BlockLibrary.decode(bytes, file: name, limits: limits)
            diagnostics += problems
            guard let library else { continue }
            if let other = found.first(where: { $0.id == library.id }) {
                var duplicate = PageDiagnostic.error("library", "library", "the library id '\(library.id)' is also used by \(other.file ?? "another file"); keep one file per library (its version says which one is newer)")
                duplicate.file = name
                diagnostics.append(duplicate)
                continue
            }
            found.append(library)
        }
        let catalog = BlockCatalog(Array(libraries.libraries.values) + found)
        for library in found { diagnostics += library.check(registry: registry, libraries: catalog, limits: limits) }
        for (name, bytes) in pageFiles {
            let (document, found) = PageDocument.decode(bytes, registry: registry, libraries: catalog, file: name, limits: limits)
            pages.append(Page(file: name, bytes: bytes, document: document))
            diagnostics += found
        }
        let known = Set(pages.compactMap { $0.document?.id }.filter(PageHeader.isValidID))
        var firstFile: [String: String] = [:]
        for page in pages {
            guard let document = page.document else { continue }
            diagnostics += document.check(registry: registry, knownPages: checkPushes ? known : nil, limits: limits)
            guard PageHeader.isValidID(document.id) else { continue }
            if let other = firstFile[document.id] {
                var duplicate = PageDiagnostic.error("page", "page", "the page id '\(document.id)' is also used by \(other); page ids must be unique")
                duplicate.file = page.file
                diagnostics.append(duplicate)
            } else {
                firstFile[document.id] = page.file
            }
        }
        self.pages = pages
        self.libraries = found
        // NB: a problem inside a library's block is found checking the library and again checking
        // each page that uses it: it is reported once.
        var seen = Set<String>()
        self.diagnostics = diagnostics.filter { seen.insert($0.rendered).inserted }
    }

    // MARK: - Folders

    /// Why a `.json` file in a folder of pages isn't one, or nil when it is a page.
    public static func notAPage(_ name: String) -> String? {
        if name.hasSuffix(".flow.json") { return "flow files are tests, not pages" }
        if name == PageCache.manifestName { return "a manifest, not a page" }
        if name == "formwork.json" { return "the project file, not a page" }
        if name.hasSuffix(".registry.json") { return "a registry file, not a page" }
        if name.hasSuffix(".schema.json") { return "a JSON Schema, not a page" }
        return nil
    }

    /// The `.json` files directly in `folder` (not in folders below it, not hidden), sorted by
    /// name, each with the reason it isn't a page when it isn't (see `notAPage`).
    public static func jsonFiles(in folder: URL) throws -> [(name: String, skipped: String?)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .map { ($0, notAPage($0)) }
    }
}

// MARK: - Deprecated

extension PageSet {
    /// Pages checked with the built-in types only and no libraries but those among `files`.
    @available(*, deprecated, message: "use engine.pageSet(files:), or PageSet(files:registry:libraries:) with the app's registry and libraries (registry: .standard, libraries: .empty for the built-ins only)")
    public init(files: [(name: String, bytes: [UInt8])], checkPushes: Bool = true, limits: PageLimits = .standard) {
        self.init(files: files, registry: .standard, libraries: .empty, checkPushes: checkPushes, limits: limits)
    }

    /// Pages checked with `registry` and no libraries but those among `files`.
    @available(*, deprecated, message: "use engine.pageSet(files:), or PageSet(files:registry:libraries:) naming the libraries (libraries: .empty for none)")
    public init(files: [(name: String, bytes: [UInt8])], registry: Registry, checkPushes: Bool = true, limits: PageLimits = .standard) {
        self.init(files: files, registry: registry, libraries: .empty, checkPushes: checkPushes, limits: limits)
    }

    /// Pages checked with the built-in types only.
    @available(*, deprecated, message: "use engine.pageSet(files:), or PageSet(files:registry:libraries:) naming the registry (registry: .standard for the built-ins only)")
    public init(files: [(name: String, bytes: [UInt8])], libraries: BlockCatalog, checkPushes: Bool = true, limits: PageLimits = .standard) {
        self.init(files: files, registry: .standard, libraries: libraries, checkPushes: checkPushes, limits: limits)
    }
}
