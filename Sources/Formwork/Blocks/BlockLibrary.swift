/// A block library: blocks, named chains and named error-handler lists, with an id and a version,
/// delivered beside the pages and named by the pages that use it.
///
/// ```json
/// { "library": "shop-kit", "version": 3,
///   "blocks": { "money-row": { "attributes": { … }, "components": [ … ] } },
///   "chains": { "sign-in-and-retry": [ … ] },
///   "handlers": { "session-expired": [ … ] } }
/// ```
///
/// A page names it with the lowest version it needs: `"libraries": { "shop-kit": 3 }`.
public struct BlockLibrary: Sendable {
    /// The library's id, following the page id rules (it names files in caches and folders).
    public let id: String
    /// The library's version (`"version"`), a positive int; a page needs at least the version it names.
    public let version: Int
    /// The lowest engine version its blocks need.
    public let minEngineVersion: Int
    /// Other libraries it uses, with the lowest version of each.
    public let requires: [String: Int]
    /// Its blocks, by id.
    public let blocks: [String: BlockDefinition]
    /// Named chains of actions and lists of error handlers.
    let chains: [String: NamedChain]
    let handlers: [String: NamedChain]
    /// The library's `"strings"`: locale → key → text, added to those of the pages that use it.
    var strings: [String: [String: LocalizedMessage]] = [:]
    /// The library's `"defaultLocale"`, for checking it alone.
    var defaultLocale = "en"
    /// The members the library's file writes, like `minEngineVersion`: pack's engine version and
    /// check's rule that a stated `minEngineVersion` covers what the library uses read them.
    var writtenMembers: [String] = []
    /// The file it was read from, when known.
    public let file: String?
    /// Where each node starts in the file, for messages with line and column.
    let locations: JSONReader.Document?

    /// The block ids, sorted.
    public var blockIDs: [String] { blocks.keys.sorted() }
    /// The names of its chains of actions (`"chains"`), sorted.
    public var chainNames: [String] { chains.keys.sorted() }
    /// The names of its lists of error handlers (`"handlers"`), sorted.
    public var handlerNames: [String] { handlers.keys.sorted() }

    /// Whether a JSON object is a library rather than a page: it has a `"library"` member.
    public static func isLibrary(_ root: PageValue) -> Bool {
        if case .object(let object) = root, object["library"] != nil { return true }
        return false
    }

    /// Reads a library from JSON bytes. Returns the library (nil when it can't be read at all) and
    /// every problem in how it is written. What its blocks contain is checked by `check`.
    public static func decode(_ bytes: [UInt8], file: String? = nil, limits: PageLimits = .standard) -> (library: BlockLibrary?, diagnostics: [PageDiagnostic]) {
        // NB: the one way every diagnostic gets its file, line and column (PageDiagnostic+Blocks).
        func located(_ diagnostic: PageDiagnostic, _ document: JSONReader.Document?) -> PageDiagnostic {
            diagnostic.located(file: file, locations: document, libraries: [])
        }
        if bytes.count > limits.documentBytes {
            return (nil, [located(.error("limit", "", "the library is \(PageLimits.grouped(bytes.count)) bytes long; libraries may be at most \(PageLimits.describe(bytes: limits.documentBytes)) (the documentBytes limit)"), nil)])
        }
        let parsed: JSONReader.Document
        do {
            parsed = try JSONReader.parseDocument(bytes: bytes, maximumDepth: limits.valueDepth)
        } catch {
            var diagnostic = located(.error("json", error.path, "the file is not valid JSON: \(error.message)"), nil)
            diagnostic.line = error.line
            diagnostic.column = error.column
            return (nil, [diagnostic])
        }
        var decoder = PageDecoder(registry: .standard, limits: limits)
        let library = decoder.decodeLibrary(parsed.value, file: file, locations: parsed)
        return (library, decoder.diagnostics.map { located($0, parsed) })
    }
}
