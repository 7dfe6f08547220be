/// Text found in text the one way every text function finds it (Grammar.md 1.6): by whole
/// characters — Swift's `Character`, what a person counts as one, so `\r\n` and `e` + U+0301 are one
/// each — compared under canonical equivalence. A part of a character never matches on its own, and
/// every Unicode scalar, U+0000 included, is text like any other.
///
/// ```swift
/// TextSearch("xx\u{0}x").parts(separatedBy: "x\u{0}")   // ["x", "x"]
/// TextSearch("xxxxxxx").ranges(of: "x\u{0}")            // []
/// TextSearch("a\r\nb").ranges(of: "\n")                 // []: "\r\n" is one character
/// ```
///
/// NB: written on the standard library rather than Foundation. On Linux, Foundation's search
/// (`contains`, `replacingOccurrences(of:with:)`) read a NUL at the end of a needle as matching
/// nothing — `'xxxxxxx'` "contained" `'x\u0000'` — and when the text ended with the rest of the
/// needle, the match ran past its end and replacing it trapped (SIGILL in
/// `NSMutableString.replaceOccurrences`). It also matched parts of characters (`'\n'` inside
/// `'\r\n'`, an accent inside `'é'`), against Grammar.md 1.6.
struct TextSearch {
    let text: String

    init(_ text: String) { self.text = text }

    /// Where `needle` occurs, left to right and never overlapping; at most `limit` of them. None
    /// for an empty needle.
    func ranges(of needle: String, limit: Int = .max) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        guard limit > 0 else { return found }
        forEachRange(of: needle) { range in
            found.append(range)
            return found.count < limit
        }
        return found
    }

    /// Calls `body` with each place `needle` occurs, left to right and never overlapping, until it
    /// returns false. Nothing for an empty needle. In time proportional to the two lengths
    /// (Knuth–Morris–Pratt over characters), so a long needle over a long text can't take
    /// quadratic time, and in memory proportional to the needle: the text is read, never copied.
    func forEachRange(of needle: String, _ body: (Range<String.Index>) throws -> Bool) rethrows {
        let pattern = Array(needle)
        guard !pattern.isEmpty else { return }
        // fallback[i]: the length of the longest proper prefix of pattern[...i] that is also its suffix.
        var fallback = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for i in pattern.indices.dropFirst() {
            while length > 0 && pattern[i] != pattern[length] { length = fallback[length - 1] }
            if pattern[i] == pattern[length] { length += 1 }
            fallback[i] = length
        }
        // Where each of the last `pattern.count` characters starts, so a match knows its start.
        var starts = [String.Index](repeating: text.startIndex, count: pattern.count)
        var matched = 0, seen = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            starts[seen % pattern.count] = index
            seen += 1
            while matched > 0 && character != pattern[matched] { matched = fallback[matched - 1] }
            if character == pattern[matched] { matched += 1 }
            if matched == pattern.count {
                guard try body(starts[(seen - pattern.count) % pattern.count]..<next) else { return }
                matched = 0
            }
            index = next
        }
    }

    /// Whether `text` begins with `prefix`, character by character (an empty prefix: always).
    static func hasPrefix(_ text: String, _ prefix: String) -> Bool { text.starts(with: Array(prefix)) }

    /// Whether `text` ends with `suffix`, character by character (an empty suffix: always).
    static func hasSuffix(_ text: String, _ suffix: String) -> Bool { text.reversed().starts(with: suffix.reversed()) }

    /// Calls `body` with each part of the text between the occurrences of `separator`, in order
    /// (the whole text when it has none).
    func forEachPart(separatedBy separator: String, _ body: (Substring) throws -> Void) rethrows {
        var start = text.startIndex
        try forEachRange(of: separator) { range in
            try body(text[start..<range.lowerBound])
            start = range.upperBound
            return true
        }
        try body(text[start...])
    }

    /// The parts of the text between the occurrences of `separator` (the whole text when it has none).
    func parts(separatedBy separator: String) -> [Substring] {
        var parts: [Substring] = []
        forEachPart(separatedBy: separator) { parts.append($0) }
        return parts
    }

    /// The UTF-8 size of the text with every `target` replaced by `replacement`: what building it
    /// will take, known before it is built (and without keeping the matches).
    func replacedSize(_ target: String, by replacement: String) -> Int {
        var size = text.utf8.count
        let added = replacement.utf8.count
        forEachRange(of: target) { range in
            size += added - text.utf8[range].count
            return true
        }
        return size
    }

    /// The text with every `target` replaced by `replacement`.
    func replacing(_ target: String, with replacement: String) -> String {
        var result = ""
        var start = text.startIndex
        forEachRange(of: target) { range in
            result += text[start..<range.lowerBound]
            result += replacement
            start = range.upperBound
            return true
        }
        result += text[start...]
        return result
    }
}
