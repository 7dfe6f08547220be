import Foundation
import Testing
@testable import Formwork

/// One row of `DatePatternTests.expectations`: what `formatDate(instant, pattern)` writes in
/// `locale` at each of `DatePatternTests.instants`.
struct DatePatternRow: Sendable, CustomTestStringConvertible {
    let locale: String
    let pattern: String
    let expected: [String]

    var testDescription: String { "'\(pattern)' in \(locale)" }
}

/// Every pattern letter and width Grammar.md lists for formatDate, in every locale with tables,
/// against expectations written from CLDR by `scripts/cldr/generate-date-pattern-expectations.py`
/// (`Generated/DatePatternExpectations.swift`): the month letters at an instant in each of the
/// twelve months, the weekday letters on all seven weekdays. `M` and `E` must give the names a
/// date uses (`ноября`), `L` and `c` the names that stand alone (`ноябрь`).
@Suite struct DatePatternTests {
    @Test(arguments: expectations)
    func pattern(_ row: DatePatternRow) throws {
        let expression = try CompiledExpression("formatDate($param.at, $param.pattern, {locale: $param.locale, timeZone: 'UTC'})", functions: .standard)
        var written: [String] = []
        for instant in Self.instants {
            var scope = ExpressionScope(timeZone: TimeZone(identifier: "UTC")!)
            scope.param = .object(["at": .number(instant), "pattern": .string(row.pattern), "locale": .string(row.locale)])
            guard case .string(let text) = try expression.evaluate(in: scope) else {
                Issue.record("formatDate didn't give text for '\(row.pattern)' in \(row.locale)")
                return
            }
            written.append(text)
        }
        #expect(written == row.expected, "'\(row.pattern)' in \(row.locale)")
    }

    /// Every generated record has whole lists of names: twelve months, seven weekdays, two eras.
    @Test func everyLocaleWithTables() {
        #expect(Set(Self.expectations.map(\.locale)).isSubset(of: Set(LocaleData.coveredTags)))
        for tag in LocaleRecord.records.keys {
            let names = CalendarNames.forTag(tag)
            #expect(names.erasWide.allSatisfy { !$0.isEmpty } && names.erasWide.count == 2, "eras in \(tag)")
            for months in [names.monthsFormat, names.monthsStandAlone] {
                #expect([months.abbreviated, months.wide, months.narrow].allSatisfy { $0.count == 12 }, "months in \(tag)")
            }
            for weekdays in [names.weekdaysFormat, names.weekdaysStandAlone] {
                #expect([weekdays.abbreviated, weekdays.wide, weekdays.narrow, weekdays.short].allSatisfy { $0.count == 7 }, "weekdays in \(tag)")
            }
        }
    }

    /// A tag without names of its own takes its parent's, as it takes its parent's other tables;
    /// a language outside CLDR's modern coverage takes English's.
    @Test func parentsAndEnglish() throws {
        #expect(CalendarNames.forTag("ru-UA").monthsStandAlone.wide[10] == "ноябрь")
        #expect(CalendarNames.forTag("zh").weekdaysStandAlone.wide[0] == "星期日")
        #expect(CalendarNames.forTag("sv").monthsStandAlone.wide[10] == "november")
        #expect(CalendarNames.forTag("de-AT").monthsFormat.wide[0] == "Jänner")
        #expect(CalendarNames.forTag("de-CH-x-test").monthsFormat.wide[0] == "Januar")
        #expect(CalendarNames.forTag("tlh").monthsStandAlone.wide[10] == "November")
    }

    static let refused: [(pattern: String, message: String)] = [
        ("c", "formatDate(): the date pattern letter 'c' needs 3 to 6 letters (ccc, cccc, ccccc, cccccc) for the weekday's name; the weekday as a number isn't supported"),
        ("cc", "formatDate(): the date pattern letter 'c' needs 3 to 6 letters (ccc, cccc, ccccc, cccccc) for the weekday's name; the weekday as a number isn't supported"),
        ("LLLLLL", "formatDate(): the date pattern letter 'L' can be written at most 5 times in a row, not 6; see formatDate's pattern letters in the Grammar"),
        ("MMMMMM", "formatDate(): the date pattern letter 'M' can be written at most 5 times in a row, not 6; see formatDate's pattern letters in the Grammar"),
        ("EEEEEEE", "formatDate(): the date pattern letter 'E' can be written at most 6 times in a row, not 7; see formatDate's pattern letters in the Grammar"),
        ("ccccccc", "formatDate(): the date pattern letter 'c' can be written at most 6 times in a row, not 7; see formatDate's pattern letters in the Grammar"),
        ("Q", "formatDate(): the date pattern letter 'Q' isn't supported; use G, y, M, L, d, E, c, a, B, h, H, m, s, text in 'quotes', or a style: short, medium, long, full, time, datetime"),
    ]

    /// Letters and widths CLDR has but Formwork doesn't write are refused with a message, never guessed.
    @Test(arguments: refused.indices)
    func refusesWhatItCantWrite(_ index: Int) {
        let (pattern, message) = Self.refused[index]
        var scope = ExpressionScope(timeZone: TimeZone(identifier: "UTC")!)
        scope.locale = PageLocale(languages: ["ru"])
        do {
            let value = try CompiledExpression("formatDate(1700000000000, '\(pattern)')", functions: .standard).evaluate(in: scope)
            Issue.record("'\(pattern)' gave \(value) instead of an error")
        } catch {
            #expect("\(error)".contains(message), "'\(pattern)': \(error)")
        }
    }
}
