/// What Formwork needs to write numbers, money and dates in one locale: CLDR's symbols, patterns
/// and day-period names, generated from CLDR 47 into `Generated/LocaleRecords+CLDR.swift` by
/// `scripts/cldr/generate-locale-tables.py` and read by `LocaleRecord`. Month, weekday and era
/// names are `CalendarNames`, from the same records.
///
/// NB: the tables are our own rather than Foundation's, because Foundation's locale data differs
/// between Apple platforms and swift-corelibs-foundation (and between ICU versions): a page must
/// show the same text everywhere, and tests must compare exact strings. A locale without tables
/// of its own uses its parent's along CLDR's chain (`es-MX` → `es-419` → `es`, `de-DE` → `de`), and a
/// language outside CLDR's modern coverage uses `en`.
struct LocaleData: Sendable {
    let decimal: String
    let group: String
    let percentSign: String
    let minusSign: String
    /// CLDR's `minimumGroupingDigits`: 2 in Spanish and Polish, which write `1000` but `10 000`.
    let minimumGrouping: Int
    let decimalPattern: String
    let percentPattern: String
    /// `¤` marks the currency symbol; `;` separates a pattern for negative amounts, when there is one.
    let currencyPattern: String
    /// The pattern used when the symbol ends (or starts) with a letter next to the digits: the
    /// currency pattern with U+00A0 between them, as ICU writes (CLDR's currencySpacing):
    /// `CHF 12.50`, hi `KRW 12,34,568`, km `1.00 CHF`.
    let currencyPatternBesideLetters: String
    let currencySymbols: [String: String]
    /// The decimal and group separators in money: `decimal` and `group` except where CLDR says
    /// otherwise (fr-CH writes `0.00 EUR` but `0,5`; de-AT `€ 1.234,00` but `1 234`).
    let currencyDecimal: String
    let currencyGroup: String
    let am: String
    let pm: String
    let dateFull: String
    let dateLong: String
    let dateMedium: String
    let dateShort: String
    let timeMedium: String
    let timeShort: String
    /// How `datetime` joins the medium date `{1}` and the time `{0}`: CLDR's atTime pattern for
    /// medium dates (`{1}, {0}` in `da`, `{1} 'klo' {0}` in `fi`), which ICU uses for a date style
    /// with a time style.
    let dateTime: String

    /// CLDR's modern-coverage locales, each formatting in its own way, for messages and docs.
    static var coveredTags: [String] { LocaleRecord.modernTags }

    /// The tables for `tag`: the tag whose record was found (its own, or its nearest ancestor's,
    /// or English's) and the data.
    static func forTag(_ tag: String) -> (tag: String, data: LocaleData) {
        let resolved = LocaleRecord.resolved(tag)
        return (resolved.tag, resolved.data)
    }

    /// How many decimals an amount of `currency` has (ISO 4217 via CLDR): 0 for JPY, 3 for KWD, else 2.
    static func digits(ofCurrency currency: String) -> Int { LocaleRecord.currencyDigits[currency] ?? 2 }
}

extension LocaleData {
    /// The data of one resolved record.
    init(_ record: LocaleRecord) {
        decimal = record.text(.decimal)
        group = record.text(.group)
        percentSign = record.text(.percentSign)
        minusSign = record.text(.minusSign)
        minimumGrouping = Int(record.text(.minimumGrouping)) ?? 1
        decimalPattern = record.text(.decimalPattern)
        percentPattern = record.text(.percentPattern)
        currencyPattern = record.text(.currencyPattern)
        currencyPatternBesideLetters = record.text(.currencyPatternBesideLetters)
        currencySymbols = record.currencySymbols
        currencyDecimal = record.text(.currencyDecimal)
        currencyGroup = record.text(.currencyGroup)
        am = record.text(.am)
        pm = record.text(.pm)
        dateFull = record.text(.dateFull)
        dateLong = record.text(.dateLong)
        dateMedium = record.text(.dateMedium)
        dateShort = record.text(.dateShort)
        timeMedium = record.text(.timeMedium)
        timeShort = record.text(.timeShort)
        dateTime = record.text(.dateTime)
    }
}
