/// A strict JSON reader that produces `PageValue`s.
///
/// Written here rather than taken from `JSONSerialization` because pages need what that can't give:
/// members in file order, ints kept apart from numbers (`12` vs `12.0`), errors with line and column
/// and the JSON path of the node, a nesting limit instead of a stack overflow, and (optionally) the
/// position of every node so later checks can point into the file. Nothing is rounded silently: an
/// integer outside 64 bits is an error (with what to do), not a double.
///
/// ```
/// try JSONReader.parse("[1, 2.0, \"x\"]")      // [1, 2.0, "x"] as .int, .number, .string
/// try JSONReader.parse("{\"a\": }")
/// // JSONReader.Failure: 1:7: expected a value (string, number, object, array, true, false or null) at a
/// ```
public struct JSONReader {
    /// The deepest nesting of arrays and objects accepted by default (`PageLimits.standard.valueDepth`).
    public static var maximumDepth: Int { PageLimits.standard.valueDepth }

    /// A JSON syntax error.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What is wrong, for the file's author.
        public let message: String
        /// The line of the problem, from 1.
        public let line: Int
        /// The column of the problem, from 1.
        public let column: Int
        /// Where in the document the reader was, like `components[2].attributes`; empty at the top.
        public let path: String
        /// The text is well-formed JSON, but holds a number Formwork won't read because it would
        /// have to round it (an integer outside 64 bits).
        public var isUnreadableNumber = false
        /// `line:column: message`.
        public var description: String {
            "\(line):\(column): \(message)" + (path.isEmpty ? "" : " (at \(path))")
        }
    }

    /// Reads `text` as one JSON value, within the standard `valueDepth`.
    public static func parse(_ text: String) throws(Failure) -> PageValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses `bytes`, refusing arrays and objects nested deeper than `maximumDepth`.
    public static func parse(bytes: [UInt8], maximumDepth: Int = JSONReader.maximumDepth) throws(Failure) -> PageValue {
        var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth)
        do {
            return try reader.parseDocument()
        } catch {
            // NB: the path to the node isn't kept while reading (it is needed only for this
            // message); read again keeping it, up to the same error.
            var again = JSONReader(bytes: bytes, maximumDepth: maximumDepth, tracksPath: true)
            do { _ = try again.parseDocument() } catch { throw error }
            throw error
        }
    }

    /// Parses, keeping the bytes so diagnostics can point into the file (`Document.location(of:)`).
    public static func parseDocument(bytes: [UInt8], maximumDepth: Int = JSONReader.maximumDepth) throws(Failure) -> Document {
        Document(value: try parse(bytes: bytes, maximumDepth: maximumDepth), bytes: bytes, maximumDepth: maximumDepth)
    }

    /// Where each node of a well-formed document starts, in file order, and for each node the
    /// number of the first node after everything inside it.
    /// Its value too (null when the bytes aren't a well-formed document).
    static func positions(in bytes: [UInt8], maximumDepth: Int) -> (starts: [Int], ends: [Int], value: PageValue) {
        var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth, recordsPositions: true)
        let value = (try? reader.parseDocument()) ?? .null
        return (reader.starts, reader.ends, value)
    }

    // MARK: - Implementation

    /// One step of the path to where the reader is, for messages.
    private enum PathPart {
        case key(String)
        case index(Int)
    }

    private let bytes: [UInt8]
    private var index = 0
    private let maximumDepth: Int
    /// Whether `path` is kept up to date, for the message of a failure.
    private let tracksPath: Bool
    private var path: [PathPart] = []
    /// Whether `starts` and `ends` are filled in, for `Document.location(of:)`.
    private let recordsPositions: Bool
    private var starts: [Int] = []
    private var ends: [Int] = []
    /// The members of the objects being read, innermost last; an object takes its own off the top
    /// when it ends, so it is allocated once at its final size.
    private var openMembers: [PageObject.Member] = []
    /// The same for the elements of arrays.
    private var openElements: [PageValue] = []

    private init(bytes: [UInt8], maximumDepth: Int, tracksPath: Bool = false, recordsPositions: Bool = false) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.tracksPath = tracksPath
        self.recordsPositions = recordsPositions
    }

    private var pathText: String {
        var text = ""
        for part in path {
            switch part {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let i): text += "[\(i)]"
            }
        }
        return text
    }

    private mutating func parseDocument() throws(Failure) -> PageValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        if index >= bytes.count { throw failure("the document is empty; expected a JSON value") }
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected text after the end of the JSON value") }
        return value
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> PageValue {
        guard recordsPositions else { return try parseNode(depth: depth) }
        let number = starts.count
        starts.append(index)
        ends.append(number + 1)
        let value = try parseNode(depth: depth)
        ends[number] = starts.count
        return value
    }

    private mutating func parseNode(depth: Int) throws(Failure) -> PageValue {
        guard index < bytes.count else { throw failure("unexpected end of the document; the JSON is cut off") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseWord("true", .bool(true))
        case UInt8(ascii: "f"): return try parseWord("false", .bool(false))
        case UInt8(ascii: "n"): return try parseWord("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default:
            throw failure("expected a value (string, number, object, array, true, false or null)")
        }
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> PageValue {
        if depth > maximumDepth { throw failure("objects and arrays are nested more than \(maximumDepth) deep") }
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; return .object(PageObject()) }
        let base = openMembers.count
        defer { openMembers.removeSubrange(base...) }
        // Keys seen so far, once the object is too big to search them one by one.
        var seen: Set<String> = []
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw failure(peek(UInt8(ascii: "}")) ? "trailing comma before '}' is not allowed in JSON" : "expected a member name in double quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after the member name \"\(key)\"") }
            index += 1
            skipWhitespace()
            let count = openMembers.count - base
            let repeated: Bool
            if count < PageObject.linearLimit {
                repeated = openMembers[base...].contains { $0.key == key }
            } else {
                if seen.isEmpty { seen = Set(openMembers[base...].lazy.map(\.key)) }
                repeated = !seen.insert(key).inserted
            }
            if repeated { throw failure("the member \"\(key)\" appears twice in the same object") }
            if tracksPath { path.append(.key(key)) }
            let value = try parseValue(depth: depth)
            if tracksPath { path.removeLast() }
            openMembers.append(PageObject.Member(key: key, value: value))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) {
                index += 1
                return .object(PageObject(uniqueMembers: takeMembers(from: base)))
            }
            throw failure(index >= bytes.count ? "unexpected end of the document; an object is not closed with '}'" : "expected ',' or '}' after an object member")
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> PageValue {
        if depth > maximumDepth { throw failure("objects and arrays are nested more than \(maximumDepth) deep") }
        index += 1
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; return .array([]) }
        let base = openElements.count
        defer { openElements.removeSubrange(base...) }
        while true {
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { throw failure("trailing comma before ']' is not allowed in JSON") }
            if tracksPath { path.append(.index(openElements.count - base)) }
            let value = try parseValue(depth: depth)
            if tracksPath { path.removeLast() }
            openElements.append(value)
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "]")) {
                index += 1
                return .array(takeElements(from: base))
            }
            throw failure(index >= bytes.count ? "unexpected end of the document; an array is not closed with ']'" : "expected ',' or ']' after an array element")
        }
    }

    /// The members of the object being closed (those from `base` on), moved out of `openMembers`.
    /// NB: moved, not copied: `Array(openMembers[base...])` copied them through the runtime's
    /// generic array copy (a retain per key and value) and the `removeSubrange` after it released
    /// them again through its generic destroy, about 3% of reading the 1,000-component page.
    private mutating func takeMembers(from base: Int) -> [PageObject.Member] {
        var members: [PageObject.Member] = []
        members.reserveCapacity(openMembers.count - base)
        while openMembers.count > base { members.append(openMembers.removeLast()) }
        members.reverse()
        return members
    }

    /// The elements of the array being closed (those from `base` on), moved out of
    /// `openElements` (see `takeMembers(from:)`).
    private mutating func takeElements(from base: Int) -> [PageValue] {
        var elements: [PageValue] = []
        elements.reserveCapacity(openElements.count - base)
        while openElements.count > base { elements.append(openElements.removeLast()) }
        elements.reverse()
        return elements
    }

    private mutating func parseWord(_ word: StaticString, _ value: PageValue) throws(Failure) -> PageValue {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { buffer in
            index + count <= bytes.count && bytes[index..<index + count].elementsEqual(buffer)
        }
        guard matches else { throw failure("expected a value (string, number, object, array, true, false or null)") }
        index += count
        return value
    }

    private mutating func parseNumber() throws(Failure) -> PageValue {
        let start = index
        var isInteger = true
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit in the number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw failure("numbers can't have leading zeros in JSON") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit after the decimal point") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            isInteger = false
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        // NB: an integer of up to 18 digits always fits in an Int64: read it without a String.
        let digitsStart = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
        if isInteger, index - digitsStart <= 18 {
            var magnitude: Int64 = 0
            for i in digitsStart..<index { magnitude = magnitude &* 10 &+ Int64(bytes[i] &- UInt8(ascii: "0")) }
            return .int(digitsStart == start ? magnitude : -magnitude)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger {
            // NB: refused rather than read as a double: 12345678901234567891 would become
            // 12345678901234567000, and an id sent back to a server would name something else.
            // PageValue has no wider int, and a string in its place would change the type unseen.
            guard let int = Int64(text) else {
                var refusal = failure("the integer \(text) is outside the 64-bit range and can't be read without rounding it; "
                    + "send it as a string (\"\(text)\") if it is an id, or with a fraction (\(text).0) if an approximate number will do", at: start)
                refusal.isUnreadableNumber = true
                throw refusal
            }
            return .int(int)
        }
        guard let double = Double(text), double.isFinite else {
            throw failure("the number \(text) is too large", at: start)
        }
        return .number(double)
    }

    /// A string, read in runs: the bytes between escapes are copied as they are, and turned into
    /// a `String` once (most strings have no escape, and are one run).
    private mutating func parseString() throws(Failure) -> String {
        let start = index
        index += 1
        var runStart = index
        skipPlainText()
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[runStart..<index - 1]), as: UTF8.self) }
        }
        var text: [UInt8] = []
        while index < bytes.count {
            text.append(contentsOf: bytes[runStart..<index])
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            if byte < 0x20 { throw failure("control characters must be escaped inside strings (use \\n for a line break)") }
            // A backslash.
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800...0xDBFF).contains(code), peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    let low = try parseHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save
                    }
                }
                UTF8.encode(Unicode.Scalar(code) ?? "\u{FFFD}") { text.append($0) }
            default:
                throw failure("unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: index - 2)
            }
            runStart = index
            skipPlainText()
        }
        throw failure("a string is not closed with '\"'", at: start)
    }

    /// Moves past the bytes of a string that stand for themselves: up to a quote, a backslash, a
    /// control character or the end.
    private mutating func skipPlainText() {
        index = bytes.withUnsafeBufferPointer { buffer in
            var i = index
            while i < buffer.count {
                let byte = buffer[i]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                i += 1
            }
            return i
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("expected four hex digits after \\u") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("expected four hex digits after \\u")
            }
            code = code * 16 + digit
            index += 1
        }
        return code
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }
    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func failure(_ message: String, at offset: Int? = nil) -> Failure {
        let position = JSONReader.lineAndColumn(in: bytes, offset: offset ?? index)
        return Failure(message: message, line: position.line, column: position.column, path: pathText)
    }

    static func lineAndColumn(in bytes: [UInt8], offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        for i in 0..<end where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return (line, column)
    }
}

extension PageValue {
    /// Parses JSON text. Throws `JSONReader.Failure` with line and column on bad input.
    public init(json text: String) throws {
        self = try JSONReader.parse(text)
    }
}
