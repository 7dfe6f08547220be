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
/// // PageHeader.Failure: "version" must be a whole number from 1 to 2147483647, found string "3"
/// ```
public struct PageHeader: Sendable, Equatable, CustomStringConvertible {
    /// The `page` field: the id pages are opened and pushed by.
    public var id: String
    /// The `version` field: higher means newer.
    public var version: Int
    /// The `minEngineVersion` field: the oldest `FormworkEngine.version` that can run the page.
    public var minEngineVersion: Int

    /// A header with these fields.
    public init(id: String, version: Int, minEngineVersion: Int) {
        self.id = id
        self.version = version
        self.minEngineVersion = minEngineVersion
    }

    /// Why a header couldn't be read, as one line for a page author.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        public let message: String
        /// A failure saying `message`.
        public init(_ message: String) { self.message = message }
        /// The message.
        public var description: String { message }
    }

    /// Reads the header from a page file's bytes.
    ///
    /// - Throws: `Failure` for text that isn't JSON (with line and column), a document that isn't an
    ///   object, a missing or invalid `page`, or a `version` or `minEngineVersion` that isn't a whole
    ///   number of at least 1 (both default to 1).
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
        let (header, problems) = PageHeader.read(object)
        guard let header, problems.isEmpty else { throw Failure(problems.first?.message ?? "the page has no header") }
        self = header
    }

    // MARK: - The rules

    /// One header member that breaks the rules: its JSON path, a diagnostic code and the message.
    struct Problem: Sendable, Equatable {
        let path: String
        let code: String
        let message: String
    }

    /// Reads `page`, `version` and `minEngineVersion` from a page object by the one set of rules
    /// that opening a page, `formwork check`, `formwork pack`, sync and the page repository share:
    /// `page` is a valid id (see `isValidID`); `version` and `minEngineVersion` are whole numbers
    /// from 1 to 2,147,483,647 and default to 1. Returns the header when every member is good,
    /// and every problem found.
    static func read(_ object: PageObject) -> (header: PageHeader?, problems: [Problem]) {
        var problems: [Problem] = []
        var id: String?
        switch object["page"] {
        case nil:
            problems.append(Problem(path: "page", code: "structure", message: "the page has no \"page\" member; give it an id such as \"page\": \"dish-edit\""))
        case .string(let text)? where PageHeader.isValidID(text):
            id = text
        case .string(let text)?:
            problems.append(Problem(path: "page", code: "page", message: "\"page\" is \(PageValue.string(text).preview()): " + PageHeader.idRule))
        case let other?:
            problems.append(Problem(path: "page", code: "type", message: "\"page\" must be a string id such as \"dish-edit\", not \(other.typeName) \(other.preview())"))
        }
        func number(_ key: String) -> Int? {
            guard let value = object[key] else { return 1 }
            guard case .int(let n) = value, n >= 1, n <= Int64(Int32.max) else {
                problems.append(Problem(path: key, code: "type", message: "\"\(key)\" must be a whole number from 1 to \(Int32.max), found \(value.typeName) \(value.preview())"))
                return nil
            }
            return Int(n)
        }
        let version = number("version"), minEngineVersion = number("minEngineVersion")
        guard let id, let version, let minEngineVersion else { return (nil, problems) }
        return (PageHeader(id: id, version: version, minEngineVersion: minEngineVersion), problems)
    }

    /// What a page id may be, for messages.
    static let idRule = "a page id is 1 to 100 letters, digits, '-', '_' or '.', not starting with '.' (it names files in caches and published folders)"

    /// `dish-edit v3 (engine ≥ 1)`.
    public var description: String { "\(id) v\(version) (engine ≥ \(minEngineVersion))" }

    /// Whether `id` can name a page: 1–100 characters from `A–Z a–z 0–9 - _ .`, not starting with `.`.
    /// Ids become file names in the cache, so nothing else (no `/`, no `..`) is allowed.
    public static func isValidID(_ id: String) -> Bool {
        guard (1...100).contains(id.utf8.count), !id.hasPrefix(".") else { return false }
        return id.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }
}
