/// A locale's Gregorian month and weekday names, in both of CLDR's contexts: `format` for a name
/// inside a date (`14 ноября 2023`, pattern letters `M` and `E`) and `stand-alone` for a name on
/// its own (`ноябрь 2023`, a month heading; letters `L` and `c`).
///
/// The two differ in many languages — Russian and Polish decline a month inside a date (`ноября`,
/// `listopada`) but not on its own (`ноябрь`, `listopad`), and German abbreviates `März` inside a
/// date but `Mär` alone — and agree in others, such as English. The names are CLDR's, written
/// into `Generated/CalendarNames+CLDR.swift` by `scripts/cldr/generate-calendar-names.py`.
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

    /// The names for `tag`, or its nearest ancestor's, or English's — the same choice
    /// `LocaleData.forTag` makes, as both have tables for the same tags.
    static func forTag(_ tag: String) -> CalendarNames {
        for candidate in LocaleTag.fallbackChain(tag) {
            if let names = tables[candidate] { return names }
        }
        return tables["en"]!
    }
}
