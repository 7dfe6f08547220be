import Foundation

/// `allowances.tsv`: the committed bar the conformance test holds Formwork to — which differences
/// from ICU are known and why, and how much of each function must agree exactly.
///
/// Each line is `function  locale  case  reason`; `*` in the first two columns matches any. The
/// case column is one of:
/// - `minimum:0.99` — at least this share of a covered locale's cases must agree exactly (cases a
///   `tag:` allows are left out; other allowed differences count as not agreeing), so allowances
///   can't hide a locale that drifted away; the last matching line wins;
/// - `tag:rounding` — cases the fixture tagged so (see the fixture writer);
/// - `fallback` — a locale the engine has no tables of its own for (its output is its parent's or
///   English's): reported, not failed;
/// - `replace:U+2019→U+0027` — Formwork's text, with every U+2019 written as U+0027, is ICU's:
///   one character that a CLDR version or ICU's host writes differently (a space, a separator);
/// - an input, `a | b | c` as the report prints it, where a column may be `*`: `* | full | *` is
///   every full date.
struct ConformanceAllowances: Sendable {
    struct Entry: Sendable {
        let function: String
        let locale: String
        let pattern: String
        let reason: String
        let line: Int

        func applies(to function: String, _ locale: String) -> Bool {
            (self.function == "*" || self.function == function) && (self.locale == "*" || self.locale == locale)
        }
    }

    let entries: [Entry]

    static func load(named name: String = "allowances.tsv") throws -> ConformanceAllowances {
        let text = try String(contentsOf: ConformanceCase.folder.appendingPathComponent(name), encoding: .utf8)
        var entries: [Entry] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty && !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 4, !columns[3].isEmpty else {
                throw FixtureProblem("\(name):\(index + 1): expected 4 tab-separated columns (function, locale, case, reason) with a reason, found \(columns.count)")
            }
            entries.append(Entry(function: columns[0], locale: columns[1], pattern: columns[2], reason: columns[3], line: index + 1))
        }
        return ConformanceAllowances(entries: entries)
    }

    /// The share of cases that must agree exactly for `function` in a covered locale (1 when none is given).
    func minimum(_ function: String, _ locale: String) -> Double {
        minimumEntry(function, locale).flatMap { Double($0.pattern.dropFirst("minimum:".count)) } ?? 1
    }

    /// The line that sets `minimum(_:_:)`, if one does.
    func minimumEntry(_ function: String, _ locale: String) -> Entry? {
        entries.last { $0.applies(to: function, locale) && $0.pattern.hasPrefix("minimum:") }
    }

    /// The lines about `function` in one locale that none of `used` is: each allows nothing now
    /// (every case it names agrees, or its locale has tables of its own, or agrees entirely).
    /// Lines about every function or every locale are left out: one function can't tell.
    func unused(_ function: String, used: Set<Int>) -> [Entry] {
        entries.filter { $0.function == function && $0.locale != "*" && !used.contains($0.line) }
    }

    /// The allowance for a locale served by another's tables, if there is one.
    func fallback(_ function: String, _ locale: String) -> Entry? {
        entries.first { $0.applies(to: function, locale) && $0.pattern == "fallback" }
    }

    /// The allowance a differing case falls under, if any.
    func allowance(for item: ConformanceCase, got: String) -> Entry? {
        entries.first { entry in
            guard entry.applies(to: item.function, item.locale) else { return false }
            if entry.pattern.hasPrefix("minimum:") || entry.pattern == "fallback" { return false }
            if entry.pattern.hasPrefix("tag:") { return item.tags.contains(String(entry.pattern.dropFirst(4))) }
            if entry.pattern.hasPrefix("replace:") {
                guard let (from, to) = Self.replacement(entry.pattern) else { return false }
                return String(String.UnicodeScalarView(got.unicodeScalars.map { $0 == from ? to : $0 })) == item.expected
            }
            let wanted = entry.pattern.components(separatedBy: " | ")
            let actual = [item.a, item.b, item.c]
            guard wanted.count <= 3 else { return false }
            return wanted.indices.allSatisfy { wanted[$0] == "*" || wanted[$0] == actual[$0] }
                && actual.indices.dropFirst(wanted.count).allSatisfy { actual[$0].isEmpty }
        }
    }

    /// The two characters of `replace:U+2019→U+0027`, or nil when the pattern isn't written so.
    static func replacement(_ pattern: String) -> (Unicode.Scalar, Unicode.Scalar)? {
        let sides = pattern.dropFirst("replace:".count).components(separatedBy: "→")
        let scalars = sides.compactMap { side -> Unicode.Scalar? in
            guard side.hasPrefix("U+"), let value = UInt32(side.dropFirst(2), radix: 16) else { return nil }
            return Unicode.Scalar(value)
        }
        return sides.count == 2 && scalars.count == 2 ? (scalars[0], scalars[1]) : nil
    }

    /// Whether two texts differ only in which of U+0020, U+00A0 and U+202F they write.
    static func spacesOnly(_ one: String, _ other: String) -> Bool {
        func plain(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.map { ["\u{a0}", "\u{202f}"].contains($0) ? " " : $0 }))
        }
        return one != other && plain(one) == plain(other)
    }
}
