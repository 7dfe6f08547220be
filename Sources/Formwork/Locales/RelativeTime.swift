import Foundation

/// A time said relative to now in a locale's words — `in 3 days`, `vor 2 Stunden`, `3天前` — from
/// CLDR's relative-time patterns (generated into `Generated/LocaleRecords+CLDR.swift`, read by
/// `LocaleRecord`), with the plural form the count takes.
///
/// ```swift
/// try RelativeTime.format(milliseconds: now + 3 * 86_400_000, now: now, unit: nil, locale: "en")   // "in 3 days"
/// try RelativeTime.format(milliseconds: now - 7_200_000, now: now, unit: nil, locale: "de")        // "vor 2 Stunden"
/// try RelativeTime.format(milliseconds: now - 3 * 86_400_000, now: now, unit: nil, locale: "zh-Hans") // "3天前"
/// ```
///
/// Without a unit, the largest that fits is used: seconds under a minute, minutes under an hour,
/// hours under a day, days under a week, weeks under 30 days, months (of 30 days) under 365 days,
/// then years (of 365 days). The count is rounded half away from zero; a count of 0 without a
/// unit is the locale's word for now.
enum RelativeTime {
    /// One locale's patterns: unit → future and past patterns by plural form (`{0}` is the count).
    struct Table: Sendable {
        let now: String
        let units: [String: (future: [String: String], past: [String: String])]
    }

    static let units = ["second", "minute", "hour", "day", "week", "month", "year"]

    /// Seconds in each unit; a month is 30 days and a year 365.
    static let seconds: [String: Double] = ["second": 1, "minute": 60, "hour": 3_600, "day": 86_400, "week": 604_800, "month": 2_592_000, "year": 31_536_000]

    static func format(milliseconds: Double, now: Double, unit: String?, locale: String) throws(LocaleProblem) -> String {
        let table = tables(for: locale).table
        let difference = (milliseconds - now) / 1000
        let magnitude = difference.magnitude
        let chosen: String
        if let unit {
            guard seconds[unit] != nil else { throw LocaleProblem("'\(unit)' isn't a unit; use one of " + units.joined(separator: ", ")) }
            chosen = unit
        } else {
            let limits: [(String, Double)] = [("second", 60), ("minute", 3_600), ("hour", 86_400), ("day", 604_800), ("week", 2_592_000), ("month", 31_536_000)]
            chosen = limits.first { magnitude.rounded() < $0.1 }?.0 ?? "year"
        }
        let count = (magnitude / (seconds[chosen] ?? 1)).rounded(.toNearestOrAwayFromZero)
        if count == 0 && unit == nil { return table.now }
        guard let patterns = table.units[chosen] else { return table.now }
        let forms = difference < 0 && count > 0 ? patterns.past : patterns.future
        let whole: PageValue = count < 9.2e18 ? .int(Int64(count)) : .number(count)
        let category = PluralRules.category(of: NumberText.plain(whole), language: locale)   // the whole tag: pt-PT counts 0 as other, pt as one
        let pattern = forms[category.rawValue] ?? forms["other"] ?? "{0}"
        return pattern.replacingOccurrences(of: "{0}", with: NumberFormat.decimal(whole, digits: nil, locale: locale))
    }

    /// The patterns for `tag`, or its nearest ancestor's, or English's.
    static func tables(for tag: String) -> (tag: String, table: Table) {
        let resolved = LocaleRecord.resolved(tag)
        return (resolved.tag, resolved.relative)
    }
}

extension RelativeTime.Table {
    /// The patterns of one resolved record.
    init(_ record: LocaleRecord) {
        now = record.text(.now)
        var units: [String: (future: [String: String], past: [String: String])] = [:]
        for (offset, unit) in RelativeTime.units.enumerated() {
            let index = LocaleRecord.Field.relativeStart.rawValue + 2 * offset
            units[unit] = (record.pairs(at: index), record.pairs(at: index + 1))
        }
        self.units = units
    }
}
