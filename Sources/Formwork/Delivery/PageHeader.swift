import Foundation

/// The three fields page delivery needs from a page document: its id, its version and the oldest
/// engine that can run it. Read without interpreting the rest of the page.
///
/// ```swift
/// let header = try PageHeader(data: Data(#"{"page": "dish-edit", "version": 3, "minEngineVersion": 1}"#.utf8))
/// header.id                // "dish-edit"
/// header.version           // 3
///
/// try PageHeader(data: Data(#"{"page": "dish-edit", "version": "3"}"#.utf8))
/// // PageHeader.Failure: `version` must be a whole number of at least 1, found string "3"
/// ```
public struct PageHeader: Sendable, Equatable, CustomStringConvertible {
    /// The `page` field: the id pages are opened and pushed by.
    public var id: String
    /// The `version` field: higher means newer.
    public var version: Int
    /// The `minEngineVersion` field: the oldest `FormworkEngine.version` that can run the page.
    public var minEngineVersion: Int

    public init(id: String, version: Int, minEngineVersion: Int) {
        self.id = id
        self.version = version
        self.minEngineVersion = minEngineVersion
    }

    /// Why a header couldn't be read, as one line for a page author.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// Reads the header from a page file's bytes.
    ///
    /// - Throws: `Failure` for text that isn't JSON (with line and column), a document that isn't an
    ///   object, or a missing or mistyped `page`, `version` or `minEngineVersion`.
    public init(data: Data) throws(Failure) {
        let value: PageValue
        do {
            value = try JSONReader.parse(bytes: Array(data))
        } catch {
            throw Failure("not valid JSON: \(error)")
        }
        try self.init(value: value)
    }

    /// Reads the header from a parsed page document.
    public init(value: PageValue) throws(Failure) {
        guard case .object(let object) = value else {
            throw Failure("a page must be a JSON object with \"page\", \"version\" and \"minEngineVersion\", found \(value.typeName)")
        }
        guard let idValue = object["page"] else { throw Failure("missing \"page\": the page's id, like \"page\": \"dish-edit\"") }
        guard case .string(let id) = idValue else { throw Failure("\"page\" must be a string, found \(idValue.typeName) \(idValue.jsonText)") }
        guard PageHeader.isValidID(id) else {
            throw Failure("\"page\" is \(idValue.jsonText): \(PageID.rule)")
        }
        self.init(id: id,
                  version: try PageHeader.positiveInt(object, "version", example: "\"version\": 1"),
                  minEngineVersion: try PageHeader.positiveInt(object, "minEngineVersion", example: "\"minEngineVersion\": \(FormworkEngine.version)"))
    }

    /// `dish-edit v3 (engine ≥ 1)`.
    public var description: String { "\(id) v\(version) (engine ≥ \(minEngineVersion))" }

    /// Whether `id` can name a page (`PageID.isValid`, the one rule the engine checks too).
    public static func isValidID(_ id: String) -> Bool { PageID.isValid(id) }

    private static func positiveInt(_ object: PageObject, _ key: String, example: String) throws(Failure) -> Int {
        guard let value = object[key] else { throw Failure("missing \"\(key)\": a whole number, like \(example)") }
        guard case .int(let number) = value, number >= 1, number <= Int64(Int32.max) else {
            throw Failure("\"\(key)\" must be a whole number of at least 1, found \(value.typeName) \(value.jsonText)")
        }
        return Int(number)
    }
}
