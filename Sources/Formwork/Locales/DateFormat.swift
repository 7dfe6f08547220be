import Foundation

/// Dates and times written in a locale's language and order, from `LocaleData`.
///
/// A style names the locale's own pattern — `short` (`14.11.23`), `medium` (`14.11.2023`), `long`
/// (`14. November 2023`), `full` (`Dienstag, 14. November 2023`), `time` (`22:13`) and `datetime`
/// (medium date and time) in `de` — and anything else is a Unicode date pattern
/// (`d MMMM y, HH:mm`) whose names come from the locale.
///
/// ```swift
/// try DateFormat.format(milliseconds: 1_700_000_000_000, style: "long", locale: "de", timeZone: utc)   // "14. November 2023"
/// ```
enum DateFormat {
    static let styles = ["short", "medium", "long", "full", "time", "datetime"]

    static func format(milliseconds: Double, style: String, locale: String, timeZone: TimeZone) throws(LocaleProblem) -> String {
        let data = LocaleData.forTag(locale).data
        let pattern: String
        switch style {
        case "short": pattern = data.dateShort
        case "medium": pattern = data.dateMedium
        case "long": pattern = data.dateLong
        case "full": pattern = data.dateFull
        case "time": pattern = data.timeShort
        case "datetime": pattern = data.dateTime.replacingOccurrences(of: "{1}", with: data.dateMedium).replacingOccurrences(of: "{0}", with: data.timeShort)
        default: pattern = style
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let date = Date(timeIntervalSince1970: milliseconds / 1000)
        let parts = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute, .second], from: date)
        return try fill(pattern, parts, data)
    }

    /// Replaces each run of a pattern letter; text in single quotes is kept (`''` is a quote).
    private static func fill(_ pattern: String, _ parts: DateComponents, _ data: LocaleData) throws(LocaleProblem) -> String {
        let chars = Array(pattern)
        var out = ""
        var index = 0
        while index < chars.count {
            let c = chars[index]
            if c == "'" {
                if index + 1 < chars.count, chars[index + 1] == "'" { out.append("'"); index += 2; continue }
                index += 1
                while index < chars.count {
                    if chars[index] == "'" {
                        if index + 1 < chars.count, chars[index + 1] == "'" { out.append("'"); index += 2; continue }
                        break
                    }
                    out.append(chars[index])
                    index += 1
                }
                index += 1
                continue
            }
            guard c.isASCII, c.isLetter else { out.append(c); index += 1; continue }
            var width = 1
            while index + width < chars.count, chars[index + width] == c { width += 1 }
            index += width
            out += try field(c, width, parts, data)
        }
        return out
    }

    private static func field(_ letter: Character, _ width: Int, _ parts: DateComponents, _ data: LocaleData) throws(LocaleProblem) -> String {
        func padded(_ n: Int, _ w: Int) -> String {
            let digits = String(n)
            return digits.count >= w ? digits : String(repeating: "0", count: w - digits.count) + digits
        }
        let year = parts.year ?? 1970, month = parts.month ?? 1, day = parts.day ?? 1
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0, second = parts.second ?? 0
        let weekday = (parts.weekday ?? 1) - 1
        switch letter {
        case "y": return width == 2 ? padded(year % 100, 2) : padded(year, width)
        case "M", "L":
            switch width {
            case 1, 2: return padded(month, width)
            case 3: return data.monthsShort[month - 1]
            default: return data.monthsWide[month - 1]
            }
        case "d": return padded(day, width)
        case "E": return width >= 4 ? data.weekdaysWide[weekday] : data.weekdaysShort[weekday]
        case "a": return hour < 12 ? data.am : data.pm
        case "h": return padded(hour % 12 == 0 ? 12 : hour % 12, width)
        case "H": return padded(hour, width)
        case "m": return padded(minute, width)
        case "s": return padded(second, width)
        default:
            throw LocaleProblem("the date pattern letter '\(letter)' isn't supported; use y, M, L, d, E, a, h, H, m, s, text in 'quotes', or a style: " + styles.joined(separator: ", "))
        }
    }
}
