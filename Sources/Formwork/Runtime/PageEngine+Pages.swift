/// Reading and checking pages with what the engine already has: its registry (the app's types),
/// the block libraries of its page source (`pages`), and its budgets. There is no second registry
/// or catalog to forget, so a check tool sees a page the way the app opens it.
///
/// ```swift
/// let engine = PageEngine(registry: appRegistry, host: host, pages: DirectoryPageSource(directory: pagesFolder))
/// let document = try engine.load(bytes, file: "order.json")     // the app's types, the folder's libraries
/// engine.pageSet(files: files).errors.map(\.rendered)            // what `formwork check` would say
/// ```
extension PageEngine {
    /// The block libraries pages from `pages` may name (`PageSource.libraries()`); none without a
    /// page source.
    public var libraries: BlockCatalog { pages?.libraries() ?? .empty }

    /// Decodes a page with this engine's registry, libraries and budgets. Returns the document
    /// (nil when it can't be read at all) and every problem found.
    ///
    /// - Parameters:
    ///   - bytes: the page's JSON.
    ///   - file: the file's name, used in messages.
    public func decode(_ bytes: [UInt8], file: String? = nil) -> (document: PageDocument?, diagnostics: [PageDiagnostic]) {
        PageDocument.decode(bytes, registry: registry, libraries: libraries, file: file, limits: limits)
    }

    /// Decodes a page from JSON text with this engine's registry, libraries and budgets.
    public func decode(json text: String, file: String? = nil) -> (document: PageDocument?, diagnostics: [PageDiagnostic]) {
        decode(Array(text.utf8), file: file)
    }

    /// Decodes a page with this engine's registry, libraries and budgets, and requires no errors.
    ///
    /// ```swift
    /// let page = try engine.open(try engine.load(bytes, file: "order.json"))
    /// ```
    ///
    /// - Throws: `PageError` listing the errors (warnings alone don't stop a page).
    public func load(_ bytes: [UInt8], file: String? = nil) throws(PageError) -> PageDocument {
        try PageDocument.load(bytes, registry: registry, libraries: libraries, file: file, limits: limits)
    }

    /// Every static problem in `document` for this engine's registry (see `PageDocument.check`).
    /// `knownPages`, when given, also checks that pushed page ids exist.
    public func check(_ document: PageDocument, knownPages: Set<String>? = nil) -> [PageDiagnostic] {
        document.check(registry: registry, knownPages: knownPages, limits: limits)
    }

    /// Pages checked together as `formwork check` checks them (`PageSet`), with this engine's
    /// registry, the libraries of its page source besides those among `files`, and its budgets.
    ///
    /// ```swift
    /// let set = engine.pageSet(files: [("order.json", orderBytes), ("lib/delivery-kit.json", kitBytes)])
    /// set.errors.isEmpty    // a block of delivery-kit is not an unknown component
    /// ```
    ///
    /// - Parameters:
    ///   - files: each file's name (used in messages) and bytes; block libraries among them too.
    ///   - checkPushes: whether `push` targets must be among these pages; false for a page checked
    ///     on its own.
    public func pageSet(files: [(name: String, bytes: [UInt8])], checkPushes: Bool = true) -> PageSet {
        PageSet(files: files, registry: registry, libraries: libraries, checkPushes: checkPushes, limits: limits)
    }
}
