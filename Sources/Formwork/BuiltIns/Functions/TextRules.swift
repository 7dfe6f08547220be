/// The Unicode rules text functions share, written against the Swift standard library so they
/// give the same answer on every platform (Foundation's character sets differ between Apple
/// platforms and Linux).
enum TextRules {
    /// `text` without the characters at either end that are entirely white space — Unicode's
    /// `White_Space` property: spaces (including no-break and ideographic ones), tabs, line and
    /// paragraph breaks. Whole characters are removed, so a space carrying an accent stays.
    static func trimmed(_ text: String) -> String {
        func isBlank(_ character: Character) -> Bool { character.unicodeScalars.allSatisfy(\.properties.isWhitespace) }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(text[first...last])
    }

    /// `text` in small letters by Unicode's full, language-independent mappings, including the
    /// one that depends on context: a capital sigma at the end of a word becomes 'ς', elsewhere
    /// 'σ' (`ΟΔΟΣ` → `οδος`).
    static func lowercased(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains("\u{03A3}") else { return text.lowercased() }
        var result = ""
        var run = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            guard scalar == "\u{03A3}" else { run.append(scalar); continue }
            result += String(run).lowercased()
            run.removeAll()
            result += isFinalSigma(at: index, in: scalars) ? "ς" : "σ"
        }
        return result + String(run).lowercased()
    }

    /// Unicode's `Final_Sigma` condition: a cased letter comes before (case-ignorable characters such
    /// as accents and apostrophes may sit between), and none comes after.
    private static func isFinalSigma(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        func casedNeighbour(_ positions: some Sequence<Int>) -> Bool {
            for position in positions {
                let properties = scalars[position].properties
                // NB: a letter both cased and case-ignorable (U+0345) may serve as the cased one.
                if properties.isCased { return true }
                if !properties.isCaseIgnorable { return false }
            }
            return false
        }
        return casedNeighbour((0..<index).reversed()) && !casedNeighbour((index + 1)..<scalars.count)
    }

    /// `text` in capitals by Unicode's full, language-independent mappings (`ß` → `SS`).
    static func uppercased(_ text: String) -> String { text.uppercased() }
}
