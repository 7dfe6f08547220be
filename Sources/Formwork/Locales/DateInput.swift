import Foundation

/// Dates as a person in a locale types them into a `date-field`, read back into the one value the
/// store keeps (`yyyy-MM-dd`), from the same `LocaleData` patterns `DateFormat` writes with.
///
/// ```swift
/// DateInput.parse("14.11.2023", locale: "de")      // .success("2023-11-14")   (medium)
/// DateInput.parse("14.11.23", locale: "de")        // .success("2023-11-14")   (short)
/// DateInput.parse("2023年11月14日", locale: "zh-Hans") // .success("2023-11-14")
/// DateInput.parse("Nov 14, 2023", locale: "en")    // .success("2023-11-14")
/// DateInput.parse("2023-11-14", locale: "ar")      // .success("2023-11-14")   (ISO, in every locale)
/// DateInput.text(.string("2023-11-14"), locale: "de") // "14.11.2023"
/// ```
///
/// The locale's short, medium and long dates are read; month names in any case, with or without
/// their abbreviation's dot; one or two digits for a day or month. A two-digit year is 2000–2068
/// for `00`–`68` and 1969–1999 for `69`–`99` (POSIX's rule), so the answer never depends on today.
enum DateInput {
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    /// `yyyy-MM-dd` for what `text` means in `locale`; `.null` for empty text.
    static func parse(_ text: String, locale: String) -> Result<PageValue, InputProblem> {
        let data = LocaleData.forTag(locale).data
        let typed = Array(text.filter { !NumberInput.bidiMarks.contains($0) }.trimmingCharacters(in: .whitespacesAndNewlines))
        if typed.isEmpty { return .success(.null) }
        let names = CalendarNames.forTag(locale)
        let patterns = ["yyyy-MM-dd", data.dateShort, data.dateMedium, data.dateLong, data.dateFull]
        for pattern in patterns {
            if let (year, month, day) = match(typed, fields(pattern.filter { !NumberInput.bidiMarks.contains($0) }), names), isDay(year, month, day) {
                return .success(.string(iso(year, month, day)))
            }
        }
        return .failure(.date(locale: locale))
    }

    /// The text a `date-field` shows for its `yyyy-MM-dd` value in `locale`: the medium date
    /// (`14.11.2023`, `Nov 14, 2023`, `2023年11月14日`); any other value as it is.
    static func text(_ value: PageValue, locale: String) -> String {
        guard case .string(let iso) = value else { return value.isNull ? "" : value.displayText }
        guard let (year, month, day) = match(Array(iso), fields("yyyy-MM-dd"), CalendarNames.forTag("en")), isDay(year, month, day) else { return iso }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return iso }
        return (try? DateFormat.format(milliseconds: date.timeIntervalSince1970 * 1000, style: "medium", locale: locale, timeZone: utc)) ?? iso
    }

    // MARK: - Matching

    private enum Field: Equatable {
        case literal(String)
        case letter(Character, Int)
    }

    /// `d. MMM y` → [d×1, ". ", M×3, " ", y×1]; quoted text is literal.
    private static func fields(_ pattern: String) -> [Field] {
        var out: [Field] = []
        var literal = ""
        let chars = Array(pattern)
        var index = 0
        func flush() { if !literal.isEmpty { out.append(.literal(literal)); literal = "" } }
        while index < chars.count {
            let c = chars[index]
            if c == "'" {
                index += 1
                while index < chars.count, chars[index] != "'" { literal.append(chars[index]); index += 1 }
                index += 1
                continue
            }
            guard c.isASCII, c.isLetter else { literal.append(c); index += 1; continue }
            flush()
            var width = 1
            while index + width < chars.count, chars[index + width] == c { width += 1 }
            out.append(.letter(c, width))
            index += width
        }
        flush()
        return out
    }

    /// The year, month and day `typed` gives when it follows `fields`, or nil.
    private static func match(_ typed: [Character], _ fields: [Field], _ names: CalendarNames) -> (Int, Int, Int)? {
        var at = 0
        var year: Int?, month: Int?, day: Int?
        func skipSpaces() { while at < typed.count, typed[at].isWhitespace { at += 1 } }
        func digits(max: Int) -> (value: Int, count: Int)? {
            var count = 0, value = 0
            while at < typed.count, count < max, let digit = typed[at].wholeNumberValue, typed[at].isASCII {
                value = value * 10 + digit
                count += 1
                at += 1
            }
            return count == 0 ? nil : (value, count)
        }
        func name(_ names: [String]) -> Int? {
            // Longest first, so "Juni" isn't read as "Jun"; a trailing dot is optional either way.
            let candidates = names.enumerated().flatMap { item in
                [item.element, item.element.hasSuffix(".") ? String(item.element.dropLast()) : item.element].map { (item.offset, Array($0.lowercased())) }
            }.sorted { $0.1.count > $1.1.count }
            let rest = typed[at...].map { Character($0.lowercased()) }
            for (index, candidate) in candidates where !candidate.isEmpty && rest.starts(with: candidate) {
                at += candidate.count
                if at < typed.count, typed[at] == ".", names[index].hasSuffix(".") { at += 1 }
                return index
            }
            return nil
        }
        for field in fields {
            switch field {
            case .literal(let text):
                for c in text {
                    if c.isWhitespace { skipSpaces(); continue }
                    skipSpaces()
                    guard at < typed.count, typed[at].lowercased() == c.lowercased() else {
                        // A dot after an abbreviation the person left out (`14. Nov 2023`) is fine.
                        if c == "." { continue }
                        return nil
                    }
                    at += 1
                }
            case .letter("y", _):
                skipSpaces()
                guard let (value, count) = digits(max: 4), count == 2 || count == 4 else { return nil }
                year = count == 2 ? (value <= 68 ? 2000 + value : 1900 + value) : value
            case .letter("M", let width), .letter("L", let width):
                skipSpaces()
                if width <= 2 {
                    guard let (value, _) = digits(max: 2) else { return nil }
                    month = value
                } else {
                    guard let index = name(names.monthsFormat.wide + names.monthsFormat.abbreviated) else { return nil }
                    month = index % 12 + 1
                }
            case .letter("d", _):
                skipSpaces()
                guard let (value, _) = digits(max: 2) else { return nil }
                day = value
            case .letter("E", _):
                skipSpaces()
                guard name(names.weekdaysFormat.wide + names.weekdaysFormat.abbreviated) != nil else { return nil }
            default:
                return nil
            }
        }
        skipSpaces()
        guard at == typed.count, let year, let month, let day else { return nil }
        return (year, month, day)
    }

    private static func isDay(_ year: Int, _ month: Int, _ day: Int) -> Bool {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    private static func iso(_ year: Int, _ month: Int, _ day: Int) -> String {
        func pad(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
