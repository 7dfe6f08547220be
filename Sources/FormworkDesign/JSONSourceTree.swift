/// Where each node of a well-formed JSON text is, as byte offsets into the text.
///
/// `PreservingJSONWriter` reads the old value with `JSONReader` (which checks the text) and this
/// tree beside it: the two have the same shape, members in file order, so the writer walks both
/// together and copies a node's bytes when its value didn't change.
///
/// ```
/// {"a": [1, 2]}        root object 0..<13; member "a": key 1..<4, value array 6..<12,
///                      whose elements are 7..<8 and 10..<11
/// ```
struct JSONSourceNode: Sendable {
    /// What the node is, with its children for a container.
    enum Content: Sendable {
        /// A string, number, `true`, `false` or `null`.
        case scalar
        /// An object, its members in file order.
        case object([JSONSourceMember])
        /// An array, its elements in file order.
        case array([JSONSourceNode])
    }

    /// The offset of the node's first byte.
    var start: Int
    /// The offset just past the node's last byte.
    var end: Int
    /// What the node is.
    var content: Content

    /// Where each item of a container starts and ends (a member from its key to the end of its
    /// value); empty for a scalar.
    var itemRanges: [Range<Int>] {
        switch content {
        case .scalar: return []
        case .object(let members): return members.map { $0.keyStart..<$0.value.end }
        case .array(let elements): return elements.map { $0.start..<$0.end }
        }
    }
}

/// One member of an object in the source text.
struct JSONSourceMember: Sendable {
    /// The offset of the key's opening quote.
    var keyStart: Int
    /// The offset just past the key's closing quote.
    var keyEnd: Int
    /// The member's value.
    var value: JSONSourceNode
}

/// Finds the byte ranges of the nodes of a JSON text that `JSONReader` has already accepted.
///
/// NB: it checks only what it needs to find its way (brackets, quotes, commas, colons); it
/// answers nil, never traps, when the text isn't what it expects, or nests deeper than
/// `maximumDepth`.
struct JSONSourceScanner {
    private let bytes: [UInt8]
    private var index = 0
    private let maximumDepth: Int

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// The root node of `bytes` (after an optional byte order mark and whitespace), or nil when
    /// the text isn't one well-formed JSON value.
    static func scan(_ bytes: [UInt8], maximumDepth: Int = 10_000) -> JSONSourceNode? {
        var scanner = JSONSourceScanner(bytes: bytes, maximumDepth: maximumDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.index = 3 }
        scanner.skipWhitespace()
        guard let root = scanner.node(depth: 0) else { return nil }
        scanner.skipWhitespace()
        return scanner.index == bytes.count ? root : nil
    }

    private mutating func node(depth: Int) -> JSONSourceNode? {
        guard index < bytes.count, depth <= maximumDepth else { return nil }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [JSONSourceMember] = []
            skipWhitespace()
            if peek(UInt8(ascii: "}")) { index += 1; return JSONSourceNode(start: start, end: index, content: .object(members)) }
            while true {
                skipWhitespace()
                let keyStart = index
                guard peek(UInt8(ascii: "\"")), skipString() else { return nil }
                let keyEnd = index
                skipWhitespace()
                guard peek(UInt8(ascii: ":")) else { return nil }
                index += 1
                skipWhitespace()
                guard let value = node(depth: depth + 1) else { return nil }
                members.append(JSONSourceMember(keyStart: keyStart, keyEnd: keyEnd, value: value))
                skipWhitespace()
                if peek(UInt8(ascii: ",")) { index += 1; continue }
                guard peek(UInt8(ascii: "}")) else { return nil }
                index += 1
                return JSONSourceNode(start: start, end: index, content: .object(members))
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSONSourceNode] = []
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { index += 1; return JSONSourceNode(start: start, end: index, content: .array(elements)) }
            while true {
                skipWhitespace()
                guard let element = node(depth: depth + 1) else { return nil }
                elements.append(element)
                skipWhitespace()
                if peek(UInt8(ascii: ",")) { index += 1; continue }
                guard peek(UInt8(ascii: "]")) else { return nil }
                index += 1
                return JSONSourceNode(start: start, end: index, content: .array(elements))
            }
        case UInt8(ascii: "\""):
            guard skipString() else { return nil }
        default:
            // A number or a word: everything up to the next delimiter.
            while index < bytes.count, !Self.isDelimiter(bytes[index]) { index += 1 }
            guard index > start else { return nil }
        }
        return JSONSourceNode(start: start, end: index, content: .scalar)
    }

    /// Moves past a string starting at its opening quote; false when it isn't closed.
    private mutating func skipString() -> Bool {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return true
            case UInt8(ascii: "\\"):
                index += 2
            default:
                index += 1
            }
        }
        return false
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"),
             UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""):
            return true
        default:
            return false
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, JSONText.isWhitespace(bytes[index]) { index += 1 }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }
}
