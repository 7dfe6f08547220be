/// Small questions about the bytes of a JSON text: lines, indentation, widths, separators.
///
/// Everything works on UTF-8 bytes and offsets; nothing here decodes a string.
enum JSONText {
    /// The widest line a new one-line value may make (in characters, a tab counting 4).
    static let maximumLineWidth = 100

    /// Whether `byte` is JSON whitespace (space, tab, line feed, carriage return).
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether `bytes` holds a line feed.
    static func hasNewline<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        bytes.contains(0x0A)
    }

    /// The offset where the line holding `offset` starts.
    static func lineStart(in bytes: [UInt8], before offset: Int) -> Int {
        var start = min(max(offset, 0), bytes.count)
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// The offset where the line holding `offset` ends (at its `\r\n` or `\n`, or the end).
    static func lineEnd(in bytes: [UInt8], after offset: Int) -> Int {
        var end = min(max(offset, 0), bytes.count)
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return end
    }

    /// The spaces and tabs that start the line holding `offset`.
    static func indent(in bytes: [UInt8], at offset: Int) -> [UInt8] {
        var index = lineStart(in: bytes, before: offset)
        var indent: [UInt8] = []
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 {
            indent.append(bytes[index])
            index += 1
        }
        return indent
    }

    /// Whether only spaces and tabs come before `offset` on its line.
    static func startsLine(_ bytes: [UInt8], at offset: Int) -> Bool {
        bytes[lineStart(in: bytes, before: offset)..<min(max(offset, 0), bytes.count)].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// How wide `bytes` look: one per character (UTF-8 continuation bytes don't count), four
    /// for a tab.
    static func width<C: Collection<UInt8>>(_ bytes: C) -> Int {
        var width = 0
        for byte in bytes where byte & 0xC0 != 0x80 { width += byte == 0x09 ? 4 : 1 }
        return width
    }

    /// How wide the last line of `bytes` is so far: the column a value written next starts at.
    static func column(atEndOf bytes: [UInt8]) -> Int {
        width(bytes[lineStart(in: bytes, before: bytes.count)...])
    }

    /// The line break a separator uses: `\r\n` when its last line feed follows a carriage
    /// return, else `\n`.
    static func newline<C: BidirectionalCollection<UInt8>>(endingLastLineOf bytes: C) -> [UInt8] {
        guard let last = bytes.lastIndex(of: 0x0A), last != bytes.startIndex else { return [0x0A] }
        return bytes[bytes.index(before: last)] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }

    /// What follows the last line feed of `bytes` (the indentation it leaves), or nil when it
    /// has none.
    static func textAfterLastNewline<C: BidirectionalCollection<UInt8>>(_ bytes: C) -> [UInt8]? {
        guard let last = bytes.lastIndex(of: 0x0A) else { return nil }
        return Array(bytes[bytes.index(after: last)...])
    }

    /// A separator between items in its usual form: the comma and what follows it, with only
    /// the last of several line breaks (`" ,\n\n  "` becomes `",\n  "`).
    static func normalizedSeparator<C: BidirectionalCollection<UInt8>>(_ separator: C) -> [UInt8] {
        guard let comma = separator.firstIndex(of: UInt8(ascii: ",")) else { return [UInt8(ascii: ",")] }
        let after = separator[separator.index(after: comma)...]
        if let indent = textAfterLastNewline(after) {
            return [UInt8(ascii: ",")] + newline(endingLastLineOf: after) + indent
        }
        return [UInt8(ascii: ",")] + Array(after)
    }

    /// `string` as UTF-8 bytes.
    static func bytes(_ string: String) -> [UInt8] { Array(string.utf8) }
}
