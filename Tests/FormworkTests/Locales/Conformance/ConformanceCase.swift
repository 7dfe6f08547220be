import Foundation

/// One line of `icu-cases.tsv`: an input to a locale function and what ICU writes for it, as
/// `scripts/cldr/write-conformance-fixture.mjs` wrote it.
///
/// The columns are `function  locale  a  b  c  expected  tags`; what `a`, `b` and `c` hold depends
/// on the function (the script's header says). `tags` name why a case may differ for a reason that
/// isn't locale data (`rounding`, `native-digits`); `allowances.tsv` says which are allowed.
struct ConformanceCase: Sendable {
    let function: String
    let locale: String
    let a: String
    let b: String
    let c: String
    let expected: String
    let tags: [String]
    /// The fixture's line number, for messages.
    let line: Int

    /// The inputs as one text, `a | b | c` without empty trailing columns, as reports print them
    /// and allowances match them.
    var input: String {
        var parts = [a, b, c]
        while parts.count > 1, parts.last == "" { parts.removeLast() }
        return parts.joined(separator: " | ")
    }

    /// The fixture: its first line (which names node, ICU and CLDR) and its cases.
    struct Fixture: Sendable {
        let source: String
        let cases: [ConformanceCase]
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// Reads `icu-cases.tsv` beside this file; a malformed line is an error naming its number.
    static func loadFixture(named name: String = "icu-cases.tsv") throws -> Fixture {
        // NB: split as bytes, not Characters: 46,000 lines, read in a debug build.
        let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
        var source = ""
        var cases: [ConformanceCase] = []
        cases.reserveCapacity(50_000)
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            if line.first == UInt8(ascii: "#") {
                if source.isEmpty { source = String(decoding: line.dropFirst(2), as: UTF8.self) }
                continue
            }
            let columns = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard columns.count == 7 else {
                throw FixtureProblem("\(name):\(index + 1): expected 7 tab-separated columns (function, locale, a, b, c, expected, tags), found \(columns.count); write the file again with node scripts/cldr/write-conformance-fixture.mjs")
            }
            cases.append(ConformanceCase(function: columns[0], locale: columns[1], a: columns[2], b: columns[3], c: columns[4],
                                         expected: columns[5], tags: columns[6].isEmpty ? [] : columns[6].components(separatedBy: ","), line: index + 1))
        }
        return Fixture(source: source, cases: cases)
    }
}

/// A fixture or allowances file that can't be read.
struct FixtureProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
