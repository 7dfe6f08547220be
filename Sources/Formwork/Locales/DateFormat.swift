import Foundation

/// Dates and times written in a locale's language and order, from `LocaleData`.
///
/// A style names the locale's own pattern — `short` (`14.11.23`), `medium` (`14.11.2023`), `long`
/// (`14. November 2023`), `full` (`Dienstag, 14. November 2023`), `time` (`22:13`) and `datetime`
/// (`14.11.2023, 22:13`: the medium date and the time joined by CLDR's atTime pattern, as ICU joins
/// a date style and a time style; `14.11.2023 klo 22.13` in `fi`) in `de` — and anything else is a Unicode date pattern
/// (`d MMMM y, HH:mm`) whose names come from the locale. `M` and `E` write a month's or weekday's
/// name as it stands inside a date, `L` and `c` as it stands alone (`LLLL y` → `ноябрь 2023` in
/// `ru`, where `MMMM y` gives `ноября 2023`): see `CalendarNames`. `G` writes the era (`AD`,
/// `GGGG` → `Anno Domini`).
///
/// ```swift
/// try DateFormat.format(milliseconds: 1_700_000_000_000, style: "long", locale: "de", timeZone: utc)   // "14. November 2023"
/// ```
enum DateFormat {
    static let styles = ["short", "medium", "long", "full", "time", "datetime"]

    static func format(milliseconds: Double, style: String, locale: String, timeZone: TimeZone) throws(LocaleProblem) -> String {
        let data = LocaleData.forTag(locale).data
        let names = CalendarNames.forTag(locale)
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
        let parts = calendar.dateComponents([.era, .year, .month, .day, .weekday, .hour, .minute, .second], from: date)
        return try fill(pattern, parts, data, names)
    }

    /// Replaces each run of a pattern letter; text in single quotes is kept (`''` is a quote).
    private static func fill(_ pattern: String, _ parts: DateComponents, _ data: LocaleData, _ names: CalendarNames) throws(LocaleProblem) -> String {
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
            out += try field(c, width, parts, data, names)
        }
        return out
    }

    private static func field(_ letter: Character, _ width: Int, _ parts: DateComponents, _ data: LocaleData, _ names: CalendarNames) throws(LocaleProblem) -> String {
        func padded(_ n: Int, _ w: Int) -> String {
            let digits = String(n)
            return digits.count >= w ? digits : String(repeating: "0", count: w - digits.count) + digits
        }
        func tooLong(_ most: Int) -> LocaleProblem {
            LocaleProblem("the date pattern letter '\(letter)' can be written at most \(most) times in a row, not \(width); see formatDate's pattern letters in the Grammar")
        }
        let year = parts.year ?? 1970, month = parts.month ?? 1, day = parts.day ?? 1
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0, second = parts.second ?? 0
        let weekday = (parts.weekday ?? 1) - 1
        switch letter {
        case "G":
            // NB: CLDR's G, GG and GGG are all the abbreviated era (`AD`), GGGG the wide one
            // (`Anno Domini`), GGGGG the narrow one (`A`).
            let era = parts.era == 0 ? 0 : 1
            switch width {
            case 1, 2, 3: return names.erasAbbreviated[era]
            case 4: return names.erasWide[era]
            case 5: return names.erasNarrow[era]
            default: throw tooLong(5)
            }
        case "y": return width == 2 ? padded(year % 100, 2) : padded(year, width)
        case "M", "L":
            // NB: `M` is the month inside a date (`14 ноября`), `L` the month on its own (`ноябрь`).
            let months = letter == "M" ? names.monthsFormat : names.monthsStandAlone
            switch width {
            case 1, 2: return padded(month, width)
            case 3: return months.abbreviated[month - 1]
            case 4: return months.wide[month - 1]
            case 5: return months.narrow[month - 1]
            default: throw tooLong(5)
            }
        case "d": return padded(day, width)
        case "E", "c":
            // NB: `E` is the weekday inside a date, `c` the weekday on its own. CLDR's `c` and `cc`
            // are a number counted from the locale's first day of the week, which Formwork doesn't
            // keep: they are refused rather than guessed.
            if letter == "c", width < 3 {
                throw LocaleProblem("the date pattern letter 'c' needs 3 to 6 letters (ccc, cccc, ccccc, cccccc) for the weekday's name; the weekday as a number isn't supported")
            }
            let weekdays = letter == "E" ? names.weekdaysFormat : names.weekdaysStandAlone
            switch width {
            case 1, 2, 3: return weekdays.abbreviated[weekday]
            case 4: return weekdays.wide[weekday]
            case 5: return weekdays.narrow[weekday]
            case 6: return weekdays.short[weekday]
            default: throw tooLong(6)
            }
        case "a": return hour < 12 ? data.am : data.pm
        case "B":
            // NB: CLDR's flexible day period (`凌晨`, `in the evening`), abbreviated; zh-Hant's
            // times use it. Midnight and noon, which CLDR gives only for 00:00 and 12:00 exactly,
            // are read as the span they fall in.
            guard width <= 3 else { throw tooLong(3) }
            return names.dayPeriod(hour: hour) ?? (hour < 12 ? data.am : data.pm)
        case "h": return padded(hour % 12 == 0 ? 12 : hour % 12, width)
        case "H": return padded(hour, width)
        case "m": return padded(minute, width)
        case "s": return padded(second, width)
        default:
            throw LocaleProblem("the date pattern letter '\(letter)' isn't supported; use G, y, M, L, d, E, c, a, B, h, H, m, s, text in 'quotes', or a style: " + styles.joined(separator: ", "))
        }
    }
}
