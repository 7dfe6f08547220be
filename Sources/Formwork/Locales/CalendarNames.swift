/// A locale's Gregorian month and weekday names, in both of CLDR's contexts: `format` for a name
/// inside a date (`14 ноября 2023`, pattern letters `M` and `E`) and `stand-alone` for a name on
/// its own (`ноябрь 2023`, a month heading; letters `L` and `c`).
///
/// The two differ in many languages — Russian and Polish decline a month inside a date (`ноября`,
/// `listopada`) but not on its own (`ноябрь`, `listopad`), and German abbreviates `März` inside a
/// date but `Mär` alone — and agree in others, such as English. The names are CLDR's, written
/// into `Generated/LocaleRecords+CLDR.swift` by `scripts/cldr/generate-locale-tables.py`, with
/// the era names (`BC`/`AD`, pattern letter `G`).
///
/// ```swift
/// CalendarNames.forTag("ru").monthsFormat.wide[10]       // "ноября"
/// CalendarNames.forTag("ru").monthsStandAlone.wide[10]   // "ноябрь"
/// ```
struct CalendarNames: Sendable {
    /// Twelve names each, January first.
    struct MonthNames: Sendable {
        let abbreviated: [String]
        let wide: [String]
        let narrow: [String]
    }

    /// Seven names each, Sunday first (as `Calendar`'s `weekday` counts).
    struct WeekdayNames: Sendable {
        let abbreviated: [String]
        let wide: [String]
        let narrow: [String]
        let short: [String]
    }

    let monthsFormat: MonthNames
    let monthsStandAlone: MonthNames
    let weekdaysFormat: WeekdayNames
    let weekdaysStandAlone: WeekdayNames
    /// Before and after year 1 (`BC`, `AD`): two names each.
    let erasAbbreviated: [String]
    let erasWide: [String]
    let erasNarrow: [String]
    /// CLDR's flexible day periods (`in the morning`, `凌晨`), each for the hours `from..<before`
    /// (a span past midnight, like 21–4, wraps).
    let dayPeriods: [(from: Int, before: Int, name: String)]

    /// The flexible day period `hour` (0–23) falls in, or nil when the locale has none.
    func dayPeriod(hour: Int) -> String? {
        dayPeriods.first { span in
            span.from <= span.before ? (span.from..<span.before).contains(hour) : (hour >= span.from || hour < span.before)
        }?.name
    }

    /// The names for `tag`, or its nearest ancestor's, or English's — the same choice
    /// `LocaleData.forTag` makes, as both read the same records.
    static func forTag(_ tag: String) -> CalendarNames {
        LocaleRecord.resolved(tag).names
    }
}

extension CalendarNames {
    /// The names of one resolved record.
    init(_ record: LocaleRecord) {
        monthsFormat = MonthNames(
            abbreviated: record.list(.monthsFormatAbbreviated, count: 12),
            wide: record.list(.monthsFormatWide, count: 12),
            narrow: record.list(.monthsFormatNarrow, count: 12))
        monthsStandAlone = MonthNames(
            abbreviated: record.list(.monthsStandAloneAbbreviated, count: 12),
            wide: record.list(.monthsStandAloneWide, count: 12),
            narrow: record.list(.monthsStandAloneNarrow, count: 12))
        weekdaysFormat = WeekdayNames(
            abbreviated: record.list(.weekdaysFormatAbbreviated, count: 7),
            wide: record.list(.weekdaysFormatWide, count: 7),
            narrow: record.list(.weekdaysFormatNarrow, count: 7),
            short: record.list(.weekdaysFormatShort, count: 7))
        weekdaysStandAlone = WeekdayNames(
            abbreviated: record.list(.weekdaysStandAloneAbbreviated, count: 7),
            wide: record.list(.weekdaysStandAloneWide, count: 7),
            narrow: record.list(.weekdaysStandAloneNarrow, count: 7),
            short: record.list(.weekdaysStandAloneShort, count: 7))
        erasAbbreviated = record.list(.erasAbbreviated, count: 2)
        erasWide = record.list(.erasWide, count: 2)
        erasNarrow = record.list(.erasNarrow, count: 2)
        dayPeriods = record.pairs(at: LocaleRecord.Field.dayPeriods.rawValue).compactMap { key, name in
            let hours = key.split(separator: "-").compactMap { Int($0) }
            return hours.count == 2 ? (from: hours[0], before: hours[1], name: name) : nil
        }.sorted { $0.from < $1.from }
    }
}
