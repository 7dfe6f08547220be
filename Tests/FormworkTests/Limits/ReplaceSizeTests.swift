import Testing
@testable import Formwork

/// `replace` charges the size of its answer before building it, from the matches `TextSearch`
/// finds; the fast search (Knuth–Morris–Pratt over characters) agrees with the obvious one.
@Suite("Limits: the size replace charges")
struct ReplaceSizeTests {
    /// The obvious search: at each character, does the needle start here? Left to right, skipping a match.
    static func naiveRanges(_ needle: [Character], _ text: [Character]) -> [Range<Int>] {
        guard !needle.isEmpty else { return [] }
        var found: [Range<Int>] = []
        var position = 0
        while position + needle.count <= text.count {
            if Array(text[position..<(position + needle.count)]) == needle {
                found.append(position..<(position + needle.count))
                position += needle.count
            } else {
                position += 1
            }
        }
        return found
    }

    @Test("replace finds its matches as the obvious search does, and charges exactly what it builds")
    func countingMatches() {
        var random = SplitMix(seed: 42)
        // NB: NUL, a mark that combines with the letter before, CR and LF (together one character).
        let alphabet: [String] = ["a", "b", "\u{0}", "\u{301}", "\r", "\n", "é"]
        func pick() -> String { alphabet[Int(random.next() % UInt64(alphabet.count))] }
        for _ in 0..<500 {
            let text = (0..<Int(random.next() % 40)).map { _ in pick() }.joined()
            let target = (0..<(1 + Int(random.next() % 3))).map { _ in pick() }.joined()
            let search = TextSearch(text)
            let found = search.ranges(of: target)
            let positions = found.map { text.distance(from: text.startIndex, to: $0.lowerBound)..<text.distance(from: text.startIndex, to: $0.upperBound) }
            #expect(positions == Self.naiveRanges(Array(target), Array(text)), "\(target.unicodeScalars.map(\.value)) in \(text.unicodeScalars.map(\.value))")
            #expect(search.replacedSize(target, by: "xyzw") == search.replacing(target, with: "xyzw").utf8.count)
        }
    }
}
