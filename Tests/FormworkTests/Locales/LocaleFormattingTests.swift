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
        // Languages the generated CLDR 47 tables added (they wrote English before): a number, money in
        // the language's own currency, a percentage, a long date. Written from Babel 2.18 (CLDR 47)
        // and checked with node's Intl (ICU 78, CLDR 48); where they differ, Formwork follows CLDR 47's
        // rules Babel leaves out: minimumGroupingDigits 2 (it, pl, pt-PT: `1234,50`), the currency
        // symbol spaced from the digits when it ends in a letter (id: `Rp 1.234,50`), rounding half
        // away from zero (ko, vi: `₩1,235`); th's long date is Gregorian (`ค.ศ. 2023`) where ICU
        // uses the Buddhist calendar, and de-AT groups with `.` in CLDR 47 (a space in CLDR 48).
        ("formatNumber(1234567.891)", "it", "1.234.567,891"),
        ("formatMoney(1234.5, 'EUR')", "it", "1234,50\u{a0}€"),
        ("formatPercent(0.256)", "it", "26%"),
        ("formatDate(1700000000000, 'long')", "it", "14 novembre 2023"),
        ("formatNumber(1234567.891)", "ko", "1,234,567.891"),
        ("formatMoney(1234.5, 'KRW')", "ko", "₩1,235"),
        ("formatDate(1700000000000, 'long')", "ko", "2023년 11월 14일"),
        ("formatNumber(1234567.891)", "tr", "1.234.567,891"),
        ("formatMoney(1234.5, 'TRY')", "tr", "₺1.234,50"),
        ("formatPercent(0.256)", "tr", "%26"),
        ("formatDate(1700000000000, 'long')", "tr", "14 Kasım 2023"),
        ("formatNumber(1234567.891)", "hi", "12,34,567.891"),
        ("formatMoney(1234.5, 'INR')", "hi", "₹1,234.50"),
        ("formatDate(1700000000000, 'long')", "hi", "14 नवंबर 2023"),
        ("formatNumber(1234567.891)", "pt-BR", "1.234.567,891"),
        ("formatMoney(1234.5, 'BRL')", "pt-BR", "R$\u{a0}1.234,50"),
        ("formatDate(1700000000000, 'long')", "pt-BR", "14 de novembro de 2023"),
        ("formatNumber(1234567.891)", "nl", "1.234.567,891"),
        ("formatMoney(1234.5, 'EUR')", "nl", "€\u{a0}1.234,50"),
        ("formatDate(1700000000000, 'long')", "nl", "14 november 2023"),
        ("formatNumber(1234567.891)", "sv", "1\u{a0}234\u{a0}567,891"),
        ("formatMoney(1234.5, 'SEK')", "sv", "1\u{a0}234,50\u{a0}kr"),
        ("formatPercent(0.256)", "sv", "26\u{a0}%"),
        ("formatDate(1700000000000, 'long')", "sv", "14 november 2023"),
        ("formatMoney(1234.5, 'EGP')", "ar", "\u{200f}1,234.50\u{a0}ج.م.\u{200f}"),
        ("formatNumber(1234567.891)", "pt-PT", "1\u{a0}234\u{a0}567,891"),
        ("formatMoney(1234.5, 'EUR')", "pt-PT", "1234,50\u{a0}€"),
        ("formatMoney(1234.5, 'MXN')", "es-MX", "$1,234.50"),
        ("formatNumber(1234567.891)", "es-MX", "1,234,567.891"),
        ("formatNumber(1234567.891)", "en-IN", "12,34,567.891"),
        ("formatDate(1700000000000, 'long')", "en-IN", "14 November 2023"),
        ("formatMoney(1234.5, 'CAD')", "fr-CA", "1\u{a0}234,50\u{a0}$"),
        ("formatMoney(1234.5, 'EUR')", "de-AT", "€\u{a0}1.234,50"),
        // Money with a lettered symbol or a code keeps the locale's pattern, with U+00A0 between
        // the letters and the digits (CLDR's currencySpacing, as ICU writes): the symbol's place,
        // India's grouping, a negative pattern of its own; the currency separators (fr-CH, de-AT).
        ("formatMoney(1, 'CHF', {display: 'code'})", "km", "1.00\u{a0}CHF"),
        ("formatMoney(1234567.891, 'KRW', {display: 'code'})", "hi", "KRW\u{a0}12,34,568"),
        ("formatMoney(1234567.891, 'RUB')", "en-IN", "RUB\u{a0}12,34,567.89"),
        ("formatMoney(-4.3, 'RUB', {display: 'code'})", "lo", "RUB-4,30"),
        ("formatMoney(4.3, 'RUB', {display: 'code'})", "lo", "RUB\u{a0}4,30"),
        ("formatMoney(1234.5, 'CHF')", "fr-CH", "1\u{202f}234.50\u{a0}CHF"),
        ("formatNumber(1234.5)", "fr-CH", "1\u{202f}234,5"),
        ("formatNumber(1234.5)", "de-AT", "1\u{a0}234,5"),
        ("formatMoney(999, 'RUB')", "yo", "₽999.00"),
        ("formatNumber(1234567.891)", "uk", "1\u{a0}234\u{a0}567,891"),
        ("formatMoney(1234.5, 'UAH')", "uk", "1\u{a0}234,50\u{a0}₴"),
        ("formatDate(1700000000000, 'long')", "uk", "14 листопада 2023\u{202f}р."),
        ("formatMoney(1234.5, 'ILS')", "he", "\u{200f}1,234.50\u{a0}\u{200f}₪"),
        ("formatDate(1700000000000, 'long')", "he", "14 בנובמבר 2023"),
        ("formatMoney(1234.5, 'VND')", "vi", "1.235\u{a0}₫"),
        ("formatDate(1700000000000, 'long')", "vi", "14 tháng 11, 2023"),
        ("formatMoney(1234.5, 'THB')", "th", "฿1,234.50"),
        ("formatDate(1700000000000, 'long')", "th", "14 พฤศจิกายน ค.ศ. 2023"),
        ("formatMoney(1234.5, 'IDR')", "id", "Rp\u{a0}1.234,50"),
        ("formatDate(1700000000000, 'GGGG y')", "en", "Anno Domini 2023"),
        ("formatDate(-62198755200000, 'G y')", "en", "BC 2"),
        ("formatDate(1700000000000, 'time')", "zh-Hant", "晚上10:13"),
        ("formatDate(1699920000000, 'time')", "zh-Hant", "凌晨12:00"),
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
        // datetime joins the date and the time with CLDR's atTime pattern for medium dates, as ICU
        // does for a date style with a time style (the plain dateTimeFormat is `{1} {0}` in these)
        ("formatDate(1700000000000, 'datetime')", "da", "14. nov. 2023, 22.13"),
        ("formatDate(1700000000000, 'datetime')", "fi", "14.11.2023 klo 22.13"),
        ("formatDate(1700000000000, 'datetime')", "pt", "14 de nov. de 2023, 22:13"),
        ("formatDate(1700000000000, 'datetime')", "bs", "14. nov 2023. u 22:13"),
        ("formatDate(1700000000000, 'datetime')", "mk", "14.11.2023\u{202f}г., во 22:13"),
        ("formatDate(1700000000000, 'datetime')", "id", "14 Nov 2023, 22.13"),
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

    /// A tag without a record of its own uses its nearest ancestor's along CLDR's chain (CLDR's
    /// explicit parents first: `es-MX` → `es-419` → `es`), and a language outside CLDR's modern
    /// coverage uses English. (`zh-Hans` is the same as `zh`, so only `zh` is stored.)
    @Test func parentsAndEnglish() {
        #expect(LocaleData.forTag("de-AT").tag == "de-AT")
        #expect(LocaleData.forTag("de-DE").tag == "de")
        #expect(LocaleData.forTag("zh-CN").tag == "zh")
        #expect(LocaleData.forTag("zh-TW").tag == "zh-Hant")
        #expect(LocaleData.forTag("sv-SE").tag == "sv")
        #expect(LocaleData.forTag("tlh").tag == "en")
        #expect(LocaleRecord.chain("es-MX") == ["es-MX", "es-419", "es"])
        #expect(LocaleRecord.chain("en-GB") == ["en-GB", "en-001", "en"])
        #expect(LocaleRecord.chain("zh-HK") == ["zh-Hant-HK", "zh-Hant", "zh"])
        #expect(LocaleData.coveredTags.contains("it") && LocaleData.coveredTags.contains("pt-PT"))
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
