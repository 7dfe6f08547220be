import Foundation
import Testing
@testable import Formwork

/// The formatting functions across the locales with tables, pinned to exact strings: the tables
/// are Formwork's own (CLDR 47), so these hold on Linux and Apple platforms alike. `\u{a0}` is a
/// no-break space, `\u{202f}` a narrow one, `\u{200e}`/`\u{200f}` direction marks.
@Suite struct LocaleFormattingTests {
    static let rows: [(expression: String, locale: String, expected: String)] = [
        // formatNumber: grouping, decimal mark, at most 3 decimals
        ("formatNumber(1234567.891)", "en", "1,234,567.891"),
        ("formatNumber(1234567.891)", "de", "1.234.567,891"),
        ("formatNumber(1234567.891)", "de-CH", "1’234’567.891"),
        ("formatNumber(1234567.891)", "fr", "1\u{202f}234\u{202f}567,891"),
        ("formatNumber(1234567.891)", "es", "1.234.567,891"),
        ("formatNumber(1234567.891)", "ru", "1\u{a0}234\u{a0}567,891"),
        ("formatNumber(1234567.891)", "pl", "1\u{a0}234\u{a0}567,891"),
        ("formatNumber(1234567.891)", "ar", "1,234,567.891"),
        ("formatNumber(1234567.891)", "zh-Hans", "1,234,567.891"),
        ("formatNumber(1234567.891)", "ja", "1,234,567.891"),
        ("formatNumber(-1234.5)", "ar", "\u{200e}-1,234.5"),
        ("formatNumber(1234)", "es", "1234"),
        ("formatNumber(12345)", "es", "12.345"),
        ("formatNumber(-0.0001)", "en", "0"),
        ("formatNumber(7, {digits: 2})", "de", "7,00"),
        // formatPercent
        ("formatPercent(0.256)", "en", "26%"),
        ("formatPercent(0.256)", "de", "26\u{a0}%"),
        ("formatPercent(0.256)", "fr", "26\u{a0}%"),
        ("formatPercent(0.256)", "pl", "26%"),
        ("formatPercent(0.256)", "ar", "26\u{200e}%\u{200e}"),
        ("formatPercent(1)", "zh-Hans", "100%"),
        // formatMoney: symbol, placement, the currency's decimals
        ("formatMoney(1234.5, 'CNY')", "zh-Hans", "¥1,234.50"),
        ("formatMoney(1234.5, 'CNY')", "en", "CN¥1,234.50"),
        ("formatMoney(1234.5, 'EUR')", "de", "1.234,50\u{a0}€"),
        ("formatMoney(1234.5, 'EUR')", "fr", "1\u{202f}234,50\u{a0}€"),
        ("formatMoney(1234.5, 'EUR')", "de-CH", "EUR\u{a0}1’234.50"),
        ("formatMoney(-1234.5, 'CHF')", "de-CH", "CHF-1’234.50"),
        ("formatMoney(1234.5, 'CHF')", "en", "CHF\u{a0}1,234.50"),
        ("formatMoney(1234.5, 'USD')", "en", "$1,234.50"),
        ("formatMoney(-1234.5, 'USD')", "en", "-$1,234.50"),
        ("formatMoney(1234.5, 'RUB')", "ru", "1\u{a0}234,50\u{a0}₽"),
        ("formatMoney(1234.5, 'PLN')", "pl", "1234,50\u{a0}zł"),
        ("formatMoney(1234.5, 'USD')", "ar", "\u{200f}1,234.50\u{a0}US$"),
        ("formatMoney(1234, 'JPY')", "ja", "￥1,234"),
        ("formatMoney(1234.5, 'EUR', {display: 'code'})", "de", "1.234,50\u{a0}EUR"),
        ("formatMoney(1.5, 'XYZ')", "en", "XYZ\u{a0}1.50"),
        // formatDate: styles and patterns, UTC
        ("formatDate(1700000000000, 'short')", "en", "11/14/23"),
        ("formatDate(1700000000000, 'medium')", "en", "Nov 14, 2023"),
        ("formatDate(1700000000000, 'long')", "de", "14. November 2023"),
        ("formatDate(1700000000000, 'full')", "fr", "mardi 14 novembre 2023"),
        ("formatDate(1700000000000, 'medium')", "es", "14 nov 2023"),
        ("formatDate(1700000000000, 'long')", "ru", "14 ноября 2023\u{202f}г."),
        ("formatDate(1700000000000, 'short')", "pl", "14.11.2023"),
        ("formatDate(1700000000000, 'long')", "ar", "14 نوفمبر 2023"),
        ("formatDate(1700000000000, 'full')", "zh-Hans", "2023年11月14日星期二"),
        ("formatDate(1700000000000, 'medium')", "ja", "2023/11/14"),
        ("formatDate(1700000000000, 'time')", "en", "10:13\u{202f}PM"),
        ("formatDate(1700000000000, 'time')", "zh-Hans", "22:13"),
        ("formatDate(1700000000000, 'datetime')", "de", "14.11.2023, 22:13"),
        ("formatDate(1700000000000, 'h:mm a')", "ar", "10:13 م"),
        ("formatDate(1700000000000, \"d 'de' MMMM\")", "es", "14 de noviembre"),
    ]

    @Test(arguments: rows.indices)
    func formats(_ row: Int) throws {
        let (expression, locale, expected) = Self.rows[row]
        var scope = ExpressionScope(timeZone: TimeZone(identifier: "UTC")!)
        scope.locale = PageLocale(languages: [locale])
        #expect(try CompiledExpression(expression, functions: .standard).evaluate(in: scope) == .string(expected), "\(expression) in \(locale)")
    }

    /// A tag without tables of its own uses its parent's, and a language without any uses English.
    @Test func parentsAndEnglish() {
        #expect(LocaleData.forTag("de-AT").tag == "de")
        #expect(LocaleData.forTag("zh-CN").tag == "zh-Hans")
        #expect(LocaleData.forTag("zh").tag == "zh-Hans")
        #expect(LocaleData.forTag("sv-SE").tag == "en")
    }

    @Test func tags() {
        #expect(LocaleTag.canonical("zh_hans_cn") == "zh-Hans-CN")
        #expect(LocaleTag.canonical("english") == nil)
        #expect(LocaleTag.fallbackChain("de-CH") == ["de-CH", "de"])
        #expect(LocaleTag.fallbackChain("zh-TW") == ["zh-Hant-TW", "zh-Hant", "zh"])
        #expect(LocaleTag.lookupOrder(preferred: ["de-CH", "fr"], defaultLocale: "en") == ["de-CH", "de", "fr", "en"])
        #expect(LocaleTag.direction("ar-EG") == "rtl")
        #expect(LocaleTag.direction("he") == "rtl")
        #expect(LocaleTag.direction("az-Arab") == "rtl")
        #expect(LocaleTag.direction("zh-Hans") == "ltr")
    }
}
