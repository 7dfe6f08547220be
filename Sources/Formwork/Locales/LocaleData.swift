/// What Formwork needs to write numbers, money and dates in one locale: CLDR's symbols, patterns
/// and day-period names, transcribed into `LocaleData+CLDR.swift`. Month and weekday names are
/// `CalendarNames`, generated from CLDR into `Generated/CalendarNames+CLDR.swift`.
///
/// NB: the tables are our own rather than Foundation's, because Foundation's locale data differs
/// between Apple platforms and swift-corelibs-foundation (and between ICU versions): a page must
/// show the same text everywhere, and tests must compare exact strings. A locale without tables
/// of its own uses its parent's (`de-AT` → `de`), and a language we have no tables for uses `en`.
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
    /// The pattern used when the symbol ends (or starts) with a letter next to the digits: `CHF 12.50`.
    let currencyPatternBesideLetters: String
    let currencySymbols: [String: String]
    let am: String
    let pm: String
    let dateFull: String
    let dateLong: String
    let dateMedium: String
    let dateShort: String
    let timeMedium: String
    let timeShort: String
    /// `{1}` is the date, `{0}` the time.
    let dateTime: String

    /// The tags with tables of their own, for messages and docs.
    static var coveredTags: [String] { tables.keys.sorted() }

    /// The tables for `tag`, or its nearest ancestor's, or English's.
    static func forTag(_ tag: String) -> (tag: String, data: LocaleData) {
        for candidate in LocaleTag.fallbackChain(tag) {
            if let data = tables[candidate] { return (candidate, data) }
        }
        return ("en", tables["en"]!)
    }

    /// How many decimals an amount of `currency` has (ISO 4217 via CLDR): 0 for JPY, 3 for KWD, else 2.
    static func digits(ofCurrency currency: String) -> Int { currencyDigits[currency] ?? 2 }
}
