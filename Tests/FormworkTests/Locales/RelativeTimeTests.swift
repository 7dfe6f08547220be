import Foundation
import Testing
@testable import Formwork

/// `formatRelative` across the locales with tables, against a fixed clock: CLDR 47's words, the
/// plural form the count takes in each language, the unit chosen by size, and the errors.
@Suite struct RelativeTimeTests {
    static let now: Int64 = 1_700_000_000_000
    static let minute: Int64 = 60_000, hour: Int64 = 3_600_000, day: Int64 = 86_400_000

    static let rows: [(offset: Int64, options: String, locale: String, expected: String)] = [
        (3 * day, "", "en", "in 3 days"),
        (-1 * day, "", "en", "1 day ago"),
        (-2 * hour, "", "de", "vor 2 Stunden"),
        (1 * hour, "", "de", "in 1 Stunde"),
        (-3 * day, "", "zh-Hans", "3天前"),
        (5 * minute, "", "zh-CN", "5分钟后"),
        (-3 * day, "", "ja", "3 日前"),
        // Russian and Polish: one, few, many.
        (-1 * minute, "", "ru", "1 минуту назад"),
        (-3 * minute, "", "ru", "3 минуты назад"),
        (-5 * minute, "", "ru", "5 минут назад"),
        (-21 * minute, "", "ru", "21 минуту назад"),
        (2 * hour, "", "pl", "za 2 godziny"),
        (5 * hour, "", "pl", "za 5 godzin"),
        (-1 * hour, "", "pl", "1 godzinę temu"),
        // Arabic: its own words for one and two.
        (1 * day, "", "ar", "خلال يوم واحد"),
        (2 * day, "", "ar", "خلال يومين"),
        (-3 * day, "", "ar", "قبل 3 أيام"),
        (2 * hour, "", "fr", "dans 2 heures"),
        (-2 * hour, "", "de-CH", "vor 2 Stunden"),
        (-2 * hour, "", "sv", "för 2 timmar sedan"),
        // Languages the generated tables added, from Babel 2.18 (CLDR 47), equal to node's
        // Intl.RelativeTimeFormat (CLDR 48) for these.
        (-3 * day, "", "it", "3 giorni fa"),
        (-3 * day, "", "ko", "3일 전"),
        (-3 * day, "", "tr", "3 gün önce"),
        (-3 * day, "", "hi", "3 दिन पहले"),
        (-3 * day, "", "pt-BR", "há 3 dias"),
        (-3 * day, "", "nl", "3 dagen geleden"),
        (-3 * day, "", "sv", "för 3 dagar sedan"),
        (-3 * day, "", "pl", "3 dni temu"),
        (-3 * day, "", "es-MX", "hace 3 días"),
        (-3 * day, "", "fr-CA", "il y a 3 jours"),
        (-3 * day, "", "uk", "3 дні тому"),
        (-3 * day, "", "he", "לפני 3 ימים"),
        (-3 * day, "", "th", "3 วันที่ผ่านมา"),
        // The unit chosen by size: weeks under 30 days, months of 30 days, years of 365.
        (-21 * day, "", "en", "3 weeks ago"),
        (60 * day, "", "en", "in 2 months"),
        (-400 * day, "", "en", "1 year ago"),
        (59 * 1000, "", "en", "in 59 seconds"),
        (59_600, "", "en", "in 1 minute"),
        (0, "", "en", "now"),
        (400, "", "de", "jetzt"),
        (0, "", "zh-Hans", "现在"),
        // A unit given: that unit, whatever the size; the count with the locale's grouping.
        (-90 * day, "{unit: 'day'}", "en", "90 days ago"),
        (0, "{unit: 'day'}", "en", "in 0 days"),
        (1500 * day, "{unit: 'day'}", "de", "in 1.500 Tagen"),
        (-36 * hour, "{unit: 'day'}", "en", "2 days ago"),
        (-2 * hour, "{locale: 'ru'}", "en", "2 часа назад"),
    ]

    @Test(arguments: rows.indices)
    func formats(_ row: Int) throws {
        let (offset, options, locale, expected) = Self.rows[row]
        var scope = ExpressionScope(timeZone: TimeZone(identifier: "UTC")!)
        scope.clock = FixedClock(milliseconds: Self.now)
        scope.locale = PageLocale(languages: [locale])
        let expression = "formatRelative(\(Self.now + offset)\(options.isEmpty ? "" : ", " + options))"
        #expect(try CompiledExpression(expression, functions: .standard).evaluate(in: scope) == .string(expected), "\(expression) in \(locale)")
    }

    @Test func errorsSayWhatToWrite() throws {
        var scope = ExpressionScope(timeZone: TimeZone(identifier: "UTC")!)
        scope.clock = FixedClock(milliseconds: Self.now)
        for (expression, message) in [
            ("formatRelative(0, {unit: 'fortnight'})", "formatRelative(): 'fortnight' isn't a unit; use one of second, minute, hour, day, week, month, year"),
            ("formatRelative('soon')", "formatRelative() expects a number as argument 1, got string"),
            ("formatRelative(0, {units: 'day'})", "formatRelative() has no option 'units'; did you mean 'unit'?"),
        ] {
            #expect(throws: (any Error).self, "\(expression)") { try CompiledExpression(expression, functions: .standard).evaluate(in: scope) }
            do {
                _ = try CompiledExpression(expression, functions: .standard).evaluate(in: scope)
            } catch {
                #expect("\(error)".contains(message), "\(expression): \(error)")
            }
        }
    }

    /// Every modern locale has relative-time patterns for every unit, with `other`, and a word for now.
    @Test func everyLocaleHasEveryUnit() {
        for tag in LocaleData.coveredTags {
            let table = RelativeTime.tables(for: tag).table
            #expect(!table.now.isEmpty, "\(tag) now")
            for unit in RelativeTime.units {
                #expect(table.units[unit]?.future["other"] != nil && table.units[unit]?.past["other"] != nil, "\(tag) \(unit)")
            }
        }
    }
}
