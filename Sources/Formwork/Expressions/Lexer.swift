/// Turns expression text into tokens on demand, recording byte offsets only.
///
/// It works from any offset so a template can hand it the text after `${` and take back control
/// at the closing `}`.
struct Lexer {
    let source: String
    private let bytes: [UInt8]
    private(set) var offset: Int

    init(source: String, bytes: [UInt8], offset: Int = 0) {
        self.source = source
        self.bytes = bytes
        self.offset = offset
    }

    mutating func reset(to offset: Int) { self.offset = offset }

    /// The variable the token `$name` at `range` names, as `ScopeVariable(rawValue:)` finds it:
    /// from its bytes packed into one number (`PlainPathShortcut.variable(packed:)`).
    /// NB: `ScopeVariable(rawValue:)` compared the name with each case's string in turn, about
    /// 400 instructions a variable; this is one comparison per case.
    func variable(at range: SourceRange) -> ScopeVariable? {
        bytes.withUnsafeBufferPointer { PlainPathShortcut.variable(packed: SourceBytes.packed($0, range.start + 1, range.end)) }
    }

    private func error(_ message: String, _ start: Int, _ end: Int) -> ExpressionError {
        ExpressionError(.syntax, message, range: SourceRange(start: start, end: end), source: source)
    }

    mutating func next() throws(ExpressionError) -> Token {
        skipWhitespace()
        let start = offset
        guard offset < bytes.count else { return Token(kind: .end, range: SourceRange(start: start, end: start)) }
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number(start)
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return try string(start, quote: byte)
        case UInt8(ascii: "$"):
            offset += 1
            let name = identifierText()
            guard !name.isEmpty else {
                throw error("'$' must be followed by a variable name such as $data", start, offset)
            }
            return Token(kind: .variable(name), range: SourceRange(start: start, end: offset))
        default:
            if Lexer.isIdentifierStart(byte) {
                let name = identifierText()
                return Token(kind: .identifier(name), range: SourceRange(start: start, end: offset))
            }
            if let punctuation = punctuation() {
                return Token(kind: .punctuation(punctuation), range: SourceRange(start: start, end: offset))
            }
            let character = characterText(at: start)
            let hint: String
            switch byte {
            case UInt8(ascii: "="): hint = "; use == to compare"
            case UInt8(ascii: "&"): hint = "; use && for 'and'"
            case UInt8(ascii: "|"): hint = "; use || for 'or'"
            default: hint = ""
            }
            throw error("unexpected character '\(character)'" + hint, start, start + character.utf8.count)
        }
    }

    // MARK: - Pieces

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    }

    static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private mutating func identifierText() -> String {
        let start = offset
        while offset < bytes.count, Lexer.isIdentifierPart(bytes[offset]) { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private func characterText(at start: Int) -> String {
        var end = start + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[start..<min(end, bytes.count)], as: UTF8.self)
    }

    private mutating func punctuation() -> Token.Punctuation? {
        let first = bytes[offset]
        let second: UInt8 = offset + 1 < bytes.count ? bytes[offset + 1] : 0
        let two: Token.Punctuation?
        switch (first, second) {
        case (UInt8(ascii: "?"), UInt8(ascii: "?")): two = .coalesce
        case (UInt8(ascii: "|"), UInt8(ascii: "|")): two = .or
        case (UInt8(ascii: "&"), UInt8(ascii: "&")): two = .and
        case (UInt8(ascii: "="), UInt8(ascii: "=")): two = .equal
        case (UInt8(ascii: "!"), UInt8(ascii: "=")): two = .notEqual
        case (UInt8(ascii: "<"), UInt8(ascii: "=")): two = .lessEqual
        case (UInt8(ascii: ">"), UInt8(ascii: "=")): two = .greaterEqual
        case (UInt8(ascii: "="), UInt8(ascii: ">")): two = .arrow
        default: two = nil
        }
        if let two {
            offset += 2
            return two
        }
        let one: Token.Punctuation?
        switch first {
        case UInt8(ascii: "("): one = .leftParen
        case UInt8(ascii: ")"): one = .rightParen
        case UInt8(ascii: "["): one = .leftBracket
        case UInt8(ascii: "]"): one = .rightBracket
        case UInt8(ascii: "{"): one = .leftBrace
        case UInt8(ascii: "}"): one = .rightBrace
        case UInt8(ascii: ","): one = .comma
        case UInt8(ascii: "."): one = .dot
        case UInt8(ascii: ":"): one = .colon
        case UInt8(ascii: "?"): one = .question
        case UInt8(ascii: "<"): one = .less
        case UInt8(ascii: ">"): one = .greater
        case UInt8(ascii: "+"): one = .plus
        case UInt8(ascii: "-"): one = .minus
        case UInt8(ascii: "*"): one = .star
        case UInt8(ascii: "/"): one = .slash
        case UInt8(ascii: "%"): one = .percent
        case UInt8(ascii: "!"): one = .bang
        default: one = nil
        }
        if one != nil { offset += 1 }
        return one
    }

    private func isDigit(_ index: Int) -> Bool {
        index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
    }

    private mutating func number(_ start: Int) throws(ExpressionError) -> Token {
        var isInteger = true
        while isDigit(offset) { offset += 1 }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "."), isDigit(offset + 1) {
            isInteger = false
            offset += 1
            while isDigit(offset) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            var look = offset + 1
            if look < bytes.count, bytes[look] == UInt8(ascii: "+") || bytes[look] == UInt8(ascii: "-") { look += 1 }
            guard isDigit(look) else {
                throw error("expected digits after the exponent 'e' in a number", start, look)
            }
            isInteger = false
            offset = look
            while isDigit(offset) { offset += 1 }
        }
        if offset < bytes.count, Lexer.isIdentifierStart(bytes[offset]) {
            throw error("a number can't be followed directly by a letter", start, offset + 1)
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        let range = SourceRange(start: start, end: offset)
        if isInteger {
            if let value = Int64(text) { return Token(kind: .int(value), range: range) }
            return Token(kind: .bigInt(text), range: range)
        }
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is too large", start, offset)
        }
        return Token(kind: .number(value), range: range)
    }

    private mutating func string(_ start: Int, quote: UInt8) throws(ExpressionError) -> Token {
        offset += 1
        // NB: most strings have no escape: the text between the quotes is taken as it is, in one go.
        var end = offset
        while end < bytes.count, bytes[end] != quote, bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == quote {
            let text = String(decoding: bytes[offset..<end], as: UTF8.self)
            offset = end + 1
            return Token(kind: .string(text), range: SourceRange(start: start, end: offset))
        }
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == quote {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<offset], as: UTF8.self).unicodeScalars)
                offset += 1
                return Token(kind: .string(String(scalars)), range: SourceRange(start: start, end: offset))
            }
            if byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<offset], as: UTF8.self).unicodeScalars)
                let escapeStart = offset
                offset += 1
                guard offset < bytes.count else { break }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "'"): scalars.append("'")
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "$"): scalars.append("$")
                case UInt8(ascii: "u"):
                    var code = try hex4(escapeStart)
                    // A UTF-16 surrogate pair, as JSON writes characters outside the BMP: \uD83D\uDE00.
                    if (0xD800...0xDBFF).contains(code), offset + 1 < bytes.count,
                       bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
                        let save = offset
                        offset += 2
                        let low = try hex4(save)
                        if (0xDC00...0xDFFF).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            offset = save
                        }
                    }
                    guard let scalar = Unicode.Scalar(code) else {
                        throw error("\\u\(String(code, radix: 16)) is not a valid character", escapeStart, offset)
                    }
                    scalars.append(scalar)
                default:
                    let character = characterText(at: offset - 1)
                    throw error("unknown escape '\\\(character)'; use \\n \\t \\\\ \\' \\\" or \\uXXXX", escapeStart, offset - 1 + character.utf8.count)
                }
                runStart = offset
                continue
            }
            offset += 1
        }
        throw error("this string is not closed; add a matching \(quote == UInt8(ascii: "'") ? "'" : "\"")", start, bytes.count)
    }

    /// Four hex digits at `offset` (after `\u`).
    private mutating func hex4(_ escapeStart: Int) throws(ExpressionError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = Lexer.hexValue(bytes[offset]) else {
                throw error("expected four hex digits after \\u", escapeStart, offset)
            }
            code = code * 16 + digit
            offset += 1
        }
        return code
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
