import Foundation
import Testing
import Formwork

/// Grammar.md's `mask-examples` (2.20): each line `MASK | LOCALE | TYPED ⇒ SHOWN | STORED`, as
/// JSON, is what typing TYPED into an empty field with MASK shows and stores.
@Suite struct MaskGrammarTests {
    struct Example: Sendable, CustomStringConvertible {
        let line: Int
        let text: String
        var description: String { "Grammar.md:\(line): \(text)" }
    }

    static let examples: [Example] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let grammar = (try? String(contentsOf: root.appendingPathComponent("Grammar.md"), encoding: .utf8)) ?? ""
        var found: [Example] = []
        var inside = false
        for (index, line) in grammar.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "```mask-examples" { inside = true } else if inside, trimmed == "```" { inside = false } else if inside, !trimmed.isEmpty {
                found.append(Example(line: index + 1, text: line))
            }
        }
        return found
    }()

    @Test func grammarHasMaskExamples() {
        #expect(Self.examples.count >= 10)
    }

    @Test(arguments: examples)
    func theExampleShowsAndStoresWhatItSays(_ example: Example) throws {
        let sides = example.text.components(separatedBy: "⇒")
        try #require(sides.count == 2, "\(example)")
        let left = sides[0].components(separatedBy: " | "), right = sides[1].components(separatedBy: " | ")
        try #require(left.count == 3 && right.count == 2, "\(example)")
        let json = { (text: String) throws in try PageValue(json: text.trimmingCharacters(in: .whitespaces)) }
        let mask = try InputMask(try json(left[0]), locale: try json(left[1]).stringValue ?? "")
        let shown = mask.apply(.replacingAll(of: "", with: try json(left[2]).stringValue ?? ""))
        #expect(PageValue.string(shown.text) == (try json(right[0])), "\(example)")
        #expect(shown.raw == (try json(right[1])), "\(example)")
    }
}
