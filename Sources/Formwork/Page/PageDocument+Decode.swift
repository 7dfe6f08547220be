extension PageDocument {
    /// Decodes a page from JSON bytes. Returns the document (nil when it can't be read at all) and
    /// every problem found: bad JSON with line and column, structure, types, expression errors.
    /// `limits` bounds the file (`documentBytes`, `valueDepth`) and the expressions in it.
    public static func decode(_ bytes: [UInt8], registry: Registry = .standard, libraries: BlockCatalog = .empty, file: String? = nil, limits: PageLimits = .standard) -> (document: PageDocument?, diagnostics: [PageDiagnostic]) {
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
        let document = decoder.decodePage(parsed.value, file: file, locations: parsed)
        let used = Array(decoder.blocks.used.values)
        // NB: a block used twice reports a problem inside it once.
        var seen = Set<String>()
        let located = decoder.diagnostics.map { $0.located(file: file, locations: parsed, libraries: used) }.filter { seen.insert($0.rendered).inserted }
        return (document, located)
    }

    /// Decodes a page from JSON text.
    public static func decode(json text: String, registry: Registry = .standard, libraries: BlockCatalog = .empty, file: String? = nil, limits: PageLimits = .standard) -> (document: PageDocument?, diagnostics: [PageDiagnostic]) {
        decode(Array(text.utf8), registry: registry, libraries: libraries, file: file, limits: limits)
    }

    /// Decodes and requires no errors; throws `PageError` listing them otherwise.
    public static func load(_ bytes: [UInt8], registry: Registry = .standard, libraries: BlockCatalog = .empty, file: String? = nil, limits: PageLimits = .standard) throws(PageError) -> PageDocument {
        let (document, diagnostics) = decode(bytes, registry: registry, libraries: libraries, file: file, limits: limits)
        let errors = diagnostics.filter { $0.severity == .error }
        guard let document, errors.isEmpty else { throw PageError(errors.isEmpty ? diagnostics : errors) }
        return document
    }
}
