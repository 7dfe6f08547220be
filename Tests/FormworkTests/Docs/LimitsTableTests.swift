import Foundation
import Testing
import Formwork

/// Grammar.md's "Limits" table is exactly what `PageLimits.standard` enforces.
@Suite("Grammar.md, part 4: limits")
struct LimitsTableTests {
    static let grammarPath: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Grammar.md").path

    @Test func grammarTableMatchesTheCode() throws {
        let text = try String(contentsOfFile: Self.grammarPath, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- limits:begin -->\n"))
        let end = try #require(text.range(of: "<!-- limits:end -->", range: begin.upperBound..<text.endIndex))
        let table = text[begin.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(table == PageLimits.standard.markdownTable, "Grammar.md's limits table is out of date; paste PageLimits.standard.markdownTable between the markers:\n\(PageLimits.standard.markdownTable)")
    }

    @Test func everyBudgetIsPositive() {
        for row in PageLimits.standard.rows {
            #expect(!row.value.hasPrefix("0") && !row.value.hasPrefix("-"), "\(row.name) = \(row.value)")
        }
    }
}
