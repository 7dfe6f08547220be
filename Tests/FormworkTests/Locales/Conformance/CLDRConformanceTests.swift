import Foundation
import Formwork
import Testing

/// Formwork's locale functions against an independent implementation: ICU, through node's `Intl`.
///
/// `icu-cases.tsv` holds what ICU writes for tens of thousands of generated inputs — numbers,
/// percentages, money, dates in every style and the patterns Intl can write alone, plural
/// categories, relative times — in CLDR's modern-coverage languages and common regional variants
/// (`node scripts/cldr/write-conformance-fixture.mjs` writes it). For each function and locale the
/// test counts the cases Formwork writes exactly as ICU does, and fails when
/// - a case differs and no line of `allowances.tsv` allows it (a new disagreement), or
/// - fewer cases agree exactly than the function's `minimum` there, or
/// - a line of `allowances.tsv` about one function and locale allows nothing any more.
/// A locale whose output is exactly its parent's or English's has no tables of its own; while
/// `allowances.tsv` has a `fallback` line for it, it is reported and not failed.
///
/// The report (printed, and attached to a failure) has a line per function and locale that
/// doesn't agree entirely, and the first differing cases as a table: input, ICU, Formwork.
/// Invisible characters are written as `\u{202f}` and the like.
@Suite struct CLDRConformanceTests {
    static let fixture = Result { try ConformanceCase.loadFixture() }
    static let allowances = Result { try ConformanceAllowances.load() }
    static let functions = ["formatNumber", "formatPercent", "formatMoney", "formatDate", "plural", "formatRelative"]

    @Test(arguments: functions)
    func agreesWithICU(_ function: String) throws {
        let fixture = try Self.fixture.get()
        let allowances = try Self.allowances.get()
        let engine = try ConformanceEngine(function: function)
        let cases = fixture.cases.filter { $0.function == function }
        try #require(cases.count >= 1_000, "the fixture has only \(cases.count) cases of \(function); write it again")
        var byLocale: [String: [ConformanceCase]] = [:]
        var order: [String] = []
        for item in cases {
            if byLocale[item.locale] == nil { order.append(item.locale) }
            byLocale[item.locale, default: []].append(item)
        }

        var report: [String] = []
        var failures: [String] = []
        var fallbackLocales: [String] = []
        var agreeing = 0, allowed = 0
        var used = Set<Int>()
        for locale in order {
            let items = byLocale[locale] ?? []
            var result = LocaleResult(function: function, locale: locale, total: items.count)
            var outputs: [String] = []
            for item in items {
                let got = engine.output(item, locale: locale)
                outputs.append(got)
                if got == item.expected { result.agree += 1; continue }
                if let entry = allowances.allowance(for: item, got: got) {
                    used.insert(entry.line)
                    result.allowed["line \(entry.line)", default: 0] += 1
                    if entry.pattern.hasPrefix("tag:") { result.tagged += 1 }
                } else {
                    result.differing.append((item, got))
                }
            }
            agreeing += result.agree
            allowed += result.allowed.values.reduce(0, +)
            if result.agree + result.tagged == result.total { continue }
            let minimum = allowances.minimum(function, locale)
            if let entry = allowances.minimumEntry(function, locale) { used.insert(entry.line) }
            let fails = !result.differing.isEmpty || result.share < minimum
            // A locale without tables of its own writes exactly what its parent or English writes.
            let servedBy = ConformanceEngine.fallbacks(of: locale).first { tag in
                items.indices.allSatisfy { engine.output(items[$0], locale: tag) == outputs[$0] }
            }
            if let servedBy, let entry = allowances.fallback(function, locale) {
                used.insert(entry.line)
                fallbackLocales.append("\(locale) (as \(servedBy): \(result.agree)/\(result.total))")
                continue
            }
            report.append(result.summary(minimum: minimum, servedBy: servedBy))
            if fails { failures.append(result.summary(minimum: minimum, servedBy: servedBy)) }
        }
        let header = "\(function) against \(fixture.source.prefix(while: { $0 != ";" })): \(agreeing) of \(cases.count) cases agree exactly, \(allowed) differ as allowances.tsv allows, in \(order.count) locales"
        var text = [header] + report
        if !fallbackLocales.isEmpty {
            text.append("\(fallbackLocales.count) locales have no tables of their own for \(function) (reported, not failed, while allowances.tsv has a fallback line): " + fallbackLocales.joined(separator: ", "))
        }
        print(text.joined(separator: "\n"))
        // NB: a line that allows nothing would hide the next difference in its cases (a merge can
        // bring back one a fix removed): it must go.
        for entry in allowances.unused(function, used: used) {
            Issue.record(Comment(rawValue: "allowances.tsv:\(entry.line) (\(entry.function) \(entry.locale) \(entry.pattern)) allows nothing now: every case it covers agrees with ICU; remove the line"))
        }
        if !failures.isEmpty {
            Issue.record(Comment(rawValue: "\(function) disagrees with ICU in \(failures.count) locale(s) beyond allowances.tsv:\n" + failures.joined(separator: "\n")))
        }
    }

    /// The fixture is read whole and every line has a function the test knows: a line of a new
    /// function, or a fixture cut short, is a failure rather than cases silently skipped.
    @Test func fixtureIsComplete() throws {
        let fixture = try Self.fixture.get()
        #expect(fixture.source.contains("ICU") && fixture.source.contains("CLDR"), "the fixture's first line names node, ICU and CLDR: \(fixture.source)")
        let unknown = Set(fixture.cases.map(\.function)).subtracting(Self.functions)
        #expect(unknown.isEmpty, "functions the test doesn't compare: \(unknown.sorted())")
        for function in Self.functions {
            let locales = Set(fixture.cases.filter { $0.function == function }.map(\.locale))
            #expect(locales.count >= 100, "\(function): \(locales.count) locales")
        }
    }

    /// The allowance matcher itself: a case pattern with `*`, a tag, a replaced character.
    @Test func allowancesMatchWhatTheySay() {
        let allowances = ConformanceAllowances(entries: [
            .init(function: "formatDate", locale: "de", pattern: "* | full | *", reason: "full", line: 1),
            .init(function: "*", locale: "*", pattern: "tag:rounding", reason: "rounding", line: 2),
            .init(function: "formatNumber", locale: "de-CH", pattern: "replace:U+2019→U+0027", reason: "apostrophe", line: 3),
        ])
        func item(_ function: String, _ locale: String, _ a: String, _ b: String, _ c: String, _ expected: String, _ tags: [String] = []) -> ConformanceCase {
            ConformanceCase(function: function, locale: locale, a: a, b: b, c: c, expected: expected, tags: tags, line: 0)
        }
        #expect(allowances.allowance(for: item("formatDate", "de", "0", "full", "UTC", "x"), got: "y")?.reason == "full")
        #expect(allowances.allowance(for: item("formatDate", "de", "0", "long", "UTC", "x"), got: "y") == nil)
        #expect(allowances.allowance(for: item("formatDate", "fr", "0", "full", "UTC", "x"), got: "y") == nil)
        #expect(allowances.allowance(for: item("formatMoney", "ja", "1.005", "USD", "code", "x", ["rounding"]), got: "y")?.reason == "rounding")
        #expect(allowances.allowance(for: item("formatNumber", "de-CH", "1234", "", "", "1'234"), got: "1’234")?.reason == "apostrophe")
        #expect(allowances.allowance(for: item("formatNumber", "de-CH", "1234", "", "", "1'234"), got: "1.234") == nil)
        #expect(allowances.allowance(for: item("formatNumber", "de", "1234", "", "", "1'234"), got: "1’234") == nil)
    }
}

/// One function in one locale: how many cases agree, which allowances covered how many, which differ.
struct LocaleResult {
    let function: String
    let locale: String
    let total: Int
    var agree = 0
    /// Cases allowed by a tag (`rounding`): not locale data, so left out of the share that must agree.
    var tagged = 0
    var allowed: [String: Int] = [:]
    var differing: [(item: ConformanceCase, got: String)] = []

    /// A line of counts, then the first few differing cases as a table (input, ICU, Formwork).
    /// The share of cases that agree exactly, leaving out those a tag allows.
    var share: Double { total - tagged == 0 ? 1 : Double(agree) / Double(total - tagged) }

    func summary(minimum: Double, servedBy: String?, shown: Int = Int(ProcessInfo.processInfo.environment["CONFORMANCE_SHOWN"] ?? "") ?? 6) -> String {
        var lines = ["  \(function) \(locale): \(agree)/\(total - tagged) agree (\(String(format: "%.1f", share * 100))%, minimum \(String(format: "%.1f", minimum * 100))%)"
            + (allowed.isEmpty ? "" : ", allowed by allowances.tsv " + allowed.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
            + (differing.isEmpty ? "" : ", \(differing.count) differ")
            + (servedBy.map { " — writes exactly what \($0) writes: no tables of its own" } ?? "")]
        let spaces = differing.filter { ConformanceAllowances.spacesOnly($0.item.expected, $0.got) }.count
        if spaces > 0 { lines[0] += " (\(spaces) only in which space is written)" }
        guard !differing.isEmpty else { return lines[0] }
        let rows = differing.prefix(shown).map { [$0.item.input, Self.visible($0.item.expected), Self.visible($0.got)] }
        let header = ["input", "ICU", "Formwork"]
        let widths = (0..<3).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        for row in [header] + rows {
            lines.append("    " + row.indices.map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  "))
        }
        if differing.count > shown { lines.append("    … and \(differing.count - shown) more") }
        return lines.joined(separator: "\n")
    }

    /// `text` with invisible and look-alike characters spelled out: `1\u{202f}234`.
    static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xA0, 0x202F, 0x2009, 0x200B, 0x200E, 0x200F, 0x061C, 0x2007: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
