/// The byte-level reading the shortcuts share (`PlainPathShortcut`, `PathOperatorShortcut`,
/// `ArithmeticShortcut`, `CallShortcut`) and the lexer's variable names: an expression's UTF-8 bytes where the string keeps them, the lexer's spaces,
/// and the literals a shortcut takes.
///
/// NB: the bytes are read in place (`withContiguousStorageIfAvailable`), not copied into an
/// array: a native string keeps them contiguous, and the copy — an allocation, a copy and a free
/// per expression — was a good part of what recognising a short expression cost. A string that
/// doesn't keep them so (one bridged from Objective-C) is copied once, as before. Every read is
/// checked against the buffer's count by the caller.
enum SourceBytes {
    typealias Buffer = UnsafeBufferPointer<UInt8>

    /// `body` over the bytes of `source`, read in place when the string allows it.
    @inline(__always)
    static func read<Result>(_ source: String, _ body: (Buffer) -> Result?) -> Result? {
        switch source.utf8.withContiguousStorageIfAvailable(body) {
        case .some(let result): return result
        case .none: return Array(source.utf8).withUnsafeBufferPointer(body)
        }
    }

    /// The lexer's whitespace.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func skipSpaces(_ bytes: Buffer, from start: Int) -> Int {
        var i = start
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
        return i
    }

    /// The literal at `start` and where it ends, when it is one a shortcut takes: a string
    /// without a backslash, digits that fit an int, `true`, `false` or `null`. What follows it is
    /// checked by the caller (only spaces, then what may come next), so `1.5`, `1e3` and `12px`
    /// fail there.
    static func literal(_ bytes: Buffer, at start: Int) -> (PageValue, Int)? {
        guard start < bytes.count else { return nil }
        let byte = bytes[start]
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            var end = start + 1
            while end < bytes.count, bytes[end] != byte {
                if bytes[end] == UInt8(ascii: "\\") { return nil }
                end += 1
            }
            guard end < bytes.count else { return nil }
            return (.string(String(decoding: bytes[(start + 1)..<end], as: UTF8.self)), end + 1)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            // NB: the lexer's `Int64(text)`, without making the text: a run that doesn't fit
            // is left to the general path.
            var end = start
            var value: Int64 = 0
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") {
                let (tens, over) = value.multipliedReportingOverflow(by: 10)
                let (sum, overSum) = tens.addingReportingOverflow(Int64(bytes[end] - UInt8(ascii: "0")))
                guard !over, !overSum else { return nil }
                value = sum
                end += 1
            }
            return (.int(value), end)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            var end = start + 1
            while end < bytes.count, Lexer.isIdentifierPart(bytes[end]) { end += 1 }
            switch packed(bytes, start, end) {
            case PackedName.true: return (.bool(true), end)
            case PackedName.false: return (.bool(false), end)
            case PackedName.null: return (.null, end)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The bytes `start..<end` of a name, at most 8 of them, as one number: the first byte
    /// lowest, and below 8 bytes their count in the top byte. For names (the lexer's identifier
    /// bytes, none below `0`) two runs are equal exactly when their numbers are, so a name is
    /// compared with a known one in one comparison (see `PackedName`). Nil for a longer run.
    @inline(__always)
    static func packed(_ bytes: Buffer, _ start: Int, _ end: Int) -> UInt64? {
        let count = end - start
        guard count >= 0, count <= 8, end <= bytes.count else { return nil }
        var value: UInt64 = 0
        var i = end
        while i > start {
            i -= 1
            value = value << 8 | UInt64(bytes[i])
        }
        // NB: the count marks a name shorter than 8 bytes, so "data" and "data\0" differ.
        return count < 8 ? value | UInt64(count) << 56 : value
    }
}

/// The names the shortcuts recognise, packed as `SourceBytes.packed` packs them.
/// `SourceBytesTests` checks each against its text.
enum PackedName {
    static let `true`: UInt64 = 0x0400_0000_6575_7274
    static let `false`: UInt64 = 0x0500_0065_736c_6166
    static let null: UInt64 = 0x0400_0000_6c6c_756e

    static let data: UInt64 = 0x0400_0000_6174_6164
    static let computed: UInt64 = 0x6465_7475_706d_6f63
    static let global: UInt64 = 0x0600_6c61_626f_6c67
    static let param: UInt64 = 0x0500_006d_6172_6170
    static let page: UInt64 = 0x0400_0000_6567_6170
    static let result: UInt64 = 0x0600_746c_7573_6572
    static let event: UInt64 = 0x0500_0074_6e65_7665
    static let error: UInt64 = 0x0500_0072_6f72_7265
    static let value: UInt64 = 0x0500_0065_756c_6176
    static let item: UInt64 = 0x0400_0000_6d65_7469
    static let index: UInt64 = 0x0500_0078_6564_6e69
    static let state: UInt64 = 0x0500_0065_7461_7473
}
