import Foundation
import Testing
@testable import Formwork

/// `replace` charges the size of its answer before building it, from a count of its matches
/// made without building anything; the count agrees with the obvious one.
@Suite("Limits: the size replace charges")
struct ReplaceSizeTests {
    @Test("replace counts its matches before it builds, as Foundation finds them")
    func countingMatches() {
        var random = SplitMix(seed: 42)
        for _ in 0..<500 {
            let text = String((0..<Int(random.next() % 60)).map { _ in Character(["a", "b", "c"][Int(random.next() % 3)]) })
            let target = String((0..<(1 + Int(random.next() % 3))).map { _ in Character(["a", "b"][Int(random.next() % 2)]) })
            let expected = text.components(separatedBy: target).count - 1
            #expect(TextFunctions.occurrences(of: Array(target.utf8), in: text.utf8) == expected, "\(target) in \(text)")
            #expect(TextFunctions.replacedSize(text, target, "xyzw") >= text.replacingOccurrences(of: target, with: "xyzw").utf8.count)
        }
    }
}
