/// A range in an expression's source, as UTF-8 byte offsets. Line and column are computed only
/// when an error is printed (`SourceLocation`), never while scanning.
public struct SourceRange: Sendable, Hashable {
    /// The first byte, from 0.
    public var start: Int
    /// The byte after the last (never before `start`).
    public var end: Int

    /// The bytes from `start` up to `end`; an `end` before `start` is taken as `start`.
    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// The smallest range that covers both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }
}

/// A human position in a source text: 1-based line and column (columns count characters).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// The column, from 1, in characters.
    public let column: Int

    /// The position at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The location of UTF-8 offset `offset` in `source`.
    public init(offset: Int, in source: String) {
        var line = 1
        var lineStart = source.utf8.startIndex
        let utf8 = source.utf8
        let end = utf8.index(utf8.startIndex, offsetBy: min(max(0, offset), utf8.count))
        var i = utf8.startIndex
        while i < end {
            if utf8[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        let prefix = Substring(source.utf8[lineStart..<end])
        self.init(line: line, column: prefix.count + 1)
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
