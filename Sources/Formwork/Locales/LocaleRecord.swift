import Foundation

/// One locale's CLDR data, read from the compact records that
/// `scripts/cldr/generate-locale-tables.py` writes into `Generated/LocaleRecords+CLDR.swift`.
///
/// A record is one string: its fields separated by U+001F in the order of `Field`; a list field
/// (twelve month names, seven weekday names, two eras, currency pairs, plural forms) has its items
/// separated by U+001E, and a pair's key and value by U+001D. A regional or script variant is
/// stored only when it differs from its parent, and then a field that is the parent's is U+001A.
/// Resolving a tag walks CLDR's parent chain (`es-MX` → `es-419` → `es`, `en-GB` → `en-001` →
/// `en`) and takes each field from the nearest record that has it; currency symbols are merged
/// pair by pair.
///
/// NB: the records are strings rather than Swift values because a dictionary literal of hundreds
/// of structs type-checks slowly and makes a large binary; a record is parsed the first time its
/// locale is used and kept (`LocaleRecord.resolved(_:)`).
///
/// ```swift
/// LocaleRecord.chain("es-MX")            // ["es-MX", "es-419", "es"]
/// LocaleRecord.resolved("de-AT").tag     // "de-AT" (it writes Jänner), while "de-DE" gives "de"
/// ```
struct LocaleRecord: Sendable {
    /// The fields of a record, in order.
    enum Field: Int, CaseIterable {
        case decimal, group, percentSign, minusSign, minimumGrouping
        case decimalPattern, percentPattern, currencyPattern, currencyPatternBesideLetters, currencySymbols
        /// CLDR's currencyDecimal and currencyGroup: the separators in money (fr-CH writes `0.50 CHF`
        /// but `0,5`, de-AT `€ 1.234,50` but `1 234,5`); the decimal and group where CLDR has none.
        case currencyDecimal, currencyGroup
        case am, pm, dateFull, dateLong, dateMedium, dateShort, timeMedium, timeShort, dateTime
        case monthsFormatAbbreviated, monthsFormatWide, monthsFormatNarrow
        case monthsStandAloneAbbreviated, monthsStandAloneWide, monthsStandAloneNarrow
        case weekdaysFormatAbbreviated, weekdaysFormatWide, weekdaysFormatNarrow, weekdaysFormatShort
        case weekdaysStandAloneAbbreviated, weekdaysStandAloneWide, weekdaysStandAloneNarrow, weekdaysStandAloneShort
        case erasAbbreviated, erasWide, erasNarrow
        /// CLDR's flexible day periods (letter `B`): `FROM-BEFORE␝name` items, hours 0–24.
        case dayPeriods
        case now
        /// Then, for each of `RelativeTime.units`, the future and the past patterns by plural form.
        case relativeStart
    }

    static let fieldCount = Field.relativeStart.rawValue + 2 * RelativeTime.units.count
    static let fieldSeparator: Character = "\u{1F}"
    static let itemSeparator: Character = "\u{1E}"
    static let pairSeparator: Character = "\u{1D}"
    static let inherit = "\u{1A}"

    /// The tag whose record was found first (the locale's own, or an ancestor's, or `en`).
    let tag: String
    let fields: [String]
    let currencySymbols: [String: String]

    /// What the record holds, read once when the locale is first used.
    struct Resolved: Sendable {
        let tag: String
        let data: LocaleData
        let names: CalendarNames
        let relative: RelativeTime.Table
    }

    func text(_ field: Field) -> String { fields[field.rawValue] }

    /// A list field's items; `count` of them, padded with empty strings if the data has fewer.
    func list(_ field: Field, count: Int) -> [String] {
        list(at: field.rawValue, count: count)
    }

    func list(at index: Int, count: Int) -> [String] {
        var items = fields[index].split(separator: Self.itemSeparator, omittingEmptySubsequences: false).map(String.init)
        if items.count < count { items += Array(repeating: "", count: count - items.count) }
        return items
    }

    /// A list of `key␝value` items as a dictionary.
    func pairs(at index: Int) -> [String: String] {
        Self.pairs(fields[index])
    }

    static func pairs(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for item in text.split(separator: itemSeparator) {
            let parts = item.split(separator: pairSeparator, maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 { out[String(parts[0])] = String(parts[1]) }
        }
        return out
    }

    // MARK: - Resolving a tag

    /// `tag` and its CLDR ancestors, most specific first: the tag shortened one subtag at a time,
    /// except where CLDR names another parent (`es-MX` → `es-419`). Chinese without a script gets
    /// its region's (`zh-TW` → `zh-Hant-TW`), as in `LocaleTag.fallbackChain`.
    static func chain(_ tag: String) -> [String] {
        guard var current = LocaleTag.fallbackChain(tag).first else { return [] }
        var out: [String] = []
        while out.count < 8 {
            out.append(current)
            if let parent = parents[current] {
                if parent == "root" { break }
                current = parent
            } else if let dash = current.lastIndex(of: "-") {
                current = String(current[..<dash])
            } else {
                break
            }
        }
        return out
    }

    /// The data for `tag`: the fields of the nearest records along its chain, or English's.
    static func resolved(_ tag: String) -> Resolved {
        let found = chain(tag).filter { records[$0] != nil }
        let stored = found.isEmpty ? ["en"] : found
        return cache.value(for: stored[0]) {
            let record = build(stored)
            return Resolved(tag: record.tag, data: LocaleData(record), names: CalendarNames(record), relative: RelativeTime.Table(record))
        }
    }

    private static func build(_ stored: [String]) -> LocaleRecord {
        let split = stored.map { tag in
            (records[tag] ?? "").split(separator: fieldSeparator, omittingEmptySubsequences: false)
        }
        var fields: [String] = []
        fields.reserveCapacity(fieldCount)
        for index in 0..<fieldCount {
            let value = split.lazy.compactMap { $0.indices.contains(index) && $0[index] != inherit ? $0[index] : nil }.first
            fields.append(value.map(String.init) ?? "")
        }
        var symbols: [String: String] = [:]
        for record in split.reversed() where record.indices.contains(Field.currencySymbols.rawValue) {
            let text = record[Field.currencySymbols.rawValue]
            if text != inherit { symbols.merge(pairs(String(text))) { _, new in new } }
        }
        return LocaleRecord(tag: stored[0], fields: fields, currencySymbols: symbols)
    }

    private static let cache = LocaleRecordCache()
}

/// Records parsed so far, by the tag they were found under; at most one per stored locale.
private final class LocaleRecordCache: @unchecked Sendable {
    // NB: NSLock rather than Mutex: Synchronization needs macOS 15 / iOS 18, and the package
    // supports older systems. Every access is inside the lock.
    private let lock = NSLock()
    private var values: [String: LocaleRecord.Resolved] = [:]

    func value(for tag: String, build: () -> LocaleRecord.Resolved) -> LocaleRecord.Resolved {
        lock.lock()
        defer { lock.unlock() }
        if let found = values[tag] { return found }
        let made = build()
        values[tag] = made
        return made
    }
}
