extension PageDocument {
    /// Decodes a page from JSON bytes. Returns the document (nil when it can't be read at all) and
    /// every problem found: bad JSON with line and column, structure, types, expression errors.
    /// `limits` bounds the file (`documentBytes`, `valueDepth`) and the expressions in it.
    ///
    /// An app decodes with its engine's registry and libraries: `engine.decode(_:file:)`.
    ///
    /// - Parameters:
    ///   - bytes: the page's JSON.
    ///   - registry: the types the page may use: the app's (`engine.registry`), or `.standard` for
    ///     the built-ins only.
    ///   - libraries: the block libraries the page may name (`engine.libraries`), or `.empty`.
    ///   - file: the file's name, used in messages.
    ///   - limits: the budgets the page is read against.
    public static func decode(_ bytes: [UInt8], registry: Registry, libraries: BlockCatalog, file: String? = nil, limits: PageLimits = .standard) -> (document: PageDocument?, diagnostics: [PageDiagnostic]) {
        if bytes.count > limits.documentBytes {
            var diagnostic = PageDiagnostic.error("limit", "", "the page is \(PageLimits.grouped(bytes.count)) bytes long; pages may be at most \(PageLimits.describe(bytes: limits.documentBytes)) (the documentBytes limit)")
            diagnostic.file = file
            return (nil, [diagnostic])
        }
        let parsed: JSONReader.Document
        do {
            parsed = try JSONReader.parseDocument(bytes: bytes, maximumDepth: limits.valueDepth)
        } catch {
            var diagnostic = PageDiagnostic.error("json", error.path, "the file is not valid JSON: \(error.message)")
            diagnostic.file = file
            diagnostic.line = error.line
            diagnostic.column = error.column
            return (nil, [diagnostic])
        }
        var decoder = PageDecoder(registry: registry, limits: limits, libraries: libraries)
        // NB: a registry with a clash (`Registry.clashes`) is refused with every page it reads.
        decoder.diagnostics += registry.clashes.map { PageDiagnostic.error("registry", "", $0.message) }
        // NB: the document keeps the bytes (for line and column), not the parsed tree: that goes
        // when this returns, so the tree and the live page aren't both in memory for the page's life.
        let document = decoder.decodePage(parsed.value, file: file, locations: parsed.forgettingValue())
        let used = Array(decoder.blocks.used.values)
        // NB: a block used twice reports a problem inside it once.
        var seen = Set<String>()
        let located = decoder.diagnostics.map { $0.located(file: file, locations: parsed, libraries: used) }.filter { seen.insert($0.rendered).inserted }
        return (document, located)
    }

    /// Decodes a page from JSON text; see `decode(_:registry:libraries:file:limits:)`, and
    /// `engine.decode(json:file:)` for an app's.
    public static func decode(json text: String, registry: Registry, libraries: BlockCatalog, file: String? = nil, limits: PageLimits = .standard) -> (document: PageDocument?, diagnostics: [PageDiagnostic]) {
        decode(Array(text.utf8), registry: registry, libraries: libraries, file: file, limits: limits)
    }

    /// Decodes and requires no errors; throws `PageError` listing them otherwise. An app loads with
    /// its engine's registry and libraries: `engine.load(_:file:)`.
    public static func load(_ bytes: [UInt8], registry: Registry, libraries: BlockCatalog, file: String? = nil, limits: PageLimits = .standard) throws(PageError) -> PageDocument {
        let (document, diagnostics) = decode(bytes, registry: registry, libraries: libraries, file: file, limits: limits)
        let errors = diagnostics.filter { $0.severity == .error }
        guard let document, errors.isEmpty else { throw PageError(errors.isEmpty ? diagnostics : errors) }
        return document
    }
}

// MARK: - Deprecated

extension PageDocument {
    /// Reads the page with the built-in types only and no libraries.
    @available(*, deprecated, message: "use engine.decode(_:file:), or PageDocument.decode(_:registry:libraries:file:limits:) naming the app's registry and libraries (registry: .standard, libraries: .empty for the built-ins only)")
    public static func decode(_ bytes: [UInt8], file: String? = nil, limits: PageLimits = .standard) -> (document: PageDocument?, diagnostics: [PageDiagnostic]) {
        decode(bytes, registry: .standard, libraries: .empty, file: file, limits: limits)
    }

    /// Reads the page with `registry` and no libraries.
    @available(*, deprecated, message: "use engine.decode(_:file:), or PageDocument.decode(_:registry:libraries:file:limits:) naming the libraries (libraries: .empty for none)")
    public static func decode(_ bytes: [UInt8], registry: Registry, file: String? = nil, limits: PageLimits = .standard) -> (document: PageDocument?, diagnostics: [PageDiagnostic]) {
        decode(bytes, registry: registry, libraries: .empty, file: file, limits: limits)
    }

    /// Reads the page with the built-in types only.
    @available(*, deprecated, message: "use engine.decode(_:file:), or PageDocument.decode(_:registry:libraries:file:limits:) naming the registry (registry: .standard for the built-ins only)")
    public static func decode(_ bytes: [UInt8], libraries: BlockCatalog, file: String? = nil, limits: PageLimits = .standard) -> (document: PageDocument?, diagnostics: [PageDiagnostic]) {
        decode(bytes, registry: .standard, libraries: libraries, file: file, limits: limits)
    }

    /// Reads the page with the built-in types only and no libraries.
    @available(*, deprecated, message: "use engine.decode(json:file:), or PageDocument.decode(json:registry:libraries:file:limits:) naming the app's registry and libraries (registry: .standard, libraries: .empty for the built-ins only)")
    public static func decode(json text: String, file: String? = nil, limits: PageLimits = .standard) -> (document: PageDocument?, diagnostics: [PageDiagnostic]) {
        decode(json: text, registry: .standard, libraries: .empty, file: file, limits: limits)
    }

    /// Reads the page with `registry` and no libraries.
    @available(*, deprecated, message: "use engine.decode(json:file:), or PageDocument.decode(json:registry:libraries:file:limits:) naming the libraries (libraries: .empty for none)")
    public static func decode(json text: String, registry: Registry, file: String? = nil, limits: PageLimits = .standard) -> (document: PageDocument?, diagnostics: [PageDiagnostic]) {
        decode(json: text, registry: registry, libraries: .empty, file: file, limits: limits)
    }

    /// Reads the page with the built-in types only.
    @available(*, deprecated, message: "use engine.decode(json:file:), or PageDocument.decode(json:registry:libraries:file:limits:) naming the registry (registry: .standard for the built-ins only)")
    public static func decode(json text: String, libraries: BlockCatalog, file: String? = nil, limits: PageLimits = .standard) -> (document: PageDocument?, diagnostics: [PageDiagnostic]) {
        decode(json: text, registry: .standard, libraries: libraries, file: file, limits: limits)
    }

    /// Reads the page with the built-in types only and no libraries.
    @available(*, deprecated, message: "use engine.load(_:file:), or PageDocument.load(_:registry:libraries:file:limits:) naming the app's registry and libraries (registry: .standard, libraries: .empty for the built-ins only)")
    public static func load(_ bytes: [UInt8], file: String? = nil, limits: PageLimits = .standard) throws(PageError) -> PageDocument {
        try load(bytes, registry: .standard, libraries: .empty, file: file, limits: limits)
    }

    /// Reads the page with `registry` and no libraries.
    @available(*, deprecated, message: "use engine.load(_:file:), or PageDocument.load(_:registry:libraries:file:limits:) naming the libraries (libraries: .empty for none)")
    public static func load(_ bytes: [UInt8], registry: Registry, file: String? = nil, limits: PageLimits = .standard) throws(PageError) -> PageDocument {
        try load(bytes, registry: registry, libraries: .empty, file: file, limits: limits)
    }

    /// Reads the page with the built-in types only.
    @available(*, deprecated, message: "use engine.load(_:file:), or PageDocument.load(_:registry:libraries:file:limits:) naming the registry (registry: .standard for the built-ins only)")
    public static func load(_ bytes: [UInt8], libraries: BlockCatalog, file: String? = nil, limits: PageLimits = .standard) throws(PageError) -> PageDocument {
        try load(bytes, registry: .standard, libraries: libraries, file: file, limits: limits)
    }
}
