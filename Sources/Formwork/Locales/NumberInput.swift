/// Numbers as a person in a locale types them into a `number-field`, read back into one value,
/// with the same separators `NumberFormat` writes (`LocaleData` is the one source for both).
///
/// ```swift
/// NumberInput.parse("1.234,5", locale: "de")       // .success(.number(1234.5))
/// NumberInput.parse("1 234,5", locale: "ru")       // .success(.number(1234.5))   (any space groups)
/// NumberInput.parse("1’234.5", locale: "de-CH")    // .success(.number(1234.5))   (' works too)
/// NumberInput.parse("1.234,5", locale: "de-AT")    // .success(.number(1234.5))   (money's `.` groups too)
/// NumberInput.parse("1.5", locale: "de")           // .failure: "type a number as 1.234,5 …"
/// NumberInput.text(.number(1234.5), locale: "de")   // "1234,5"
/// ```
///
/// NB: grouping is checked, not skipped: `1.5` in German is neither 1.5 nor 15 but a mistake,
/// and saying so beats storing a number ten times off. A group separator must stand between
/// groups of three digits; the decimal separator is the locale's only.
enum NumberInput {
    /// The value `text` means in `locale`: an int when it has no decimals and fits, else a number;
    /// `.null` for empty text (the field was cleared).
    static func parse(_ text: String, locale: String) -> Result<PageValue, InputProblem> {
        parse(text, data: LocaleData.forTag(locale).data, locale: locale)
    }

    /// `parse(_:locale:)` with the locale's data given: tests hand it separators CLDR may have.
    static func parse(_ text: String, data: LocaleData, locale: String) -> Result<PageValue, InputProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).filter { !bidiMarks.contains($0) }
        if trimmed.isEmpty { return .success(.null) }
        let problem = InputProblem.number(locale: locale)
        var chars = Substring(trimmed)
        var negative = false
        let minusSigns: [Character] = ["-", "\u{2212}"] + data.minusSign.filter { !bidiMarks.contains($0) }
        if let first = chars.first, minusSigns.contains(first) {
            negative = true
            chars = chars.dropFirst()
        } else if chars.first == "+" {
            chars = chars.dropFirst()
        }
        // NB: separators are matched as strings: CLDR has multi-character ones (and a
        // Character(…) of one would trap), and bidi marks around them are typed or not.
        let decimal = data.decimal.filter { !bidiMarks.contains($0) }
        let groups = typedGroupSeparators(group: data.group, other: data.currencyGroup, decimal: decimal)
        var integerGroups: [String] = [""]
        var fraction: String?
        var rest = chars
        while let c = rest.first {
            if c.isASCII, c.isNumber {
                if fraction != nil { fraction?.append(c) } else { integerGroups[integerGroups.count - 1].append(c) }
                rest = rest.dropFirst()
            } else if !decimal.isEmpty, rest.hasPrefix(decimal), fraction == nil {
                fraction = ""
                rest = rest.dropFirst(decimal.count)
            } else if let group = groups.first(where: { !$0.isEmpty && rest.hasPrefix($0) }), fraction == nil {
                integerGroups.append("")
                rest = rest.dropFirst(group.count)
            } else {
                return .failure(problem)
            }
        }
        // Groups after the first have three digits; the first has one to three.
        if integerGroups.count > 1 {
            guard (1...3).contains(integerGroups[0].count), integerGroups.dropFirst().allSatisfy({ $0.count == 3 }) else { return .failure(problem) }
        }
        let integer = integerGroups.joined()
        if integer.isEmpty && (fraction ?? "").isEmpty { return .failure(problem) }
        if fraction == "" && integer.isEmpty { return .failure(problem) }
        let sign = negative ? "-" : ""
        if fraction == nil || fraction == "", let whole = Int64(sign + integer) { return .success(.int(whole)) }
        guard let number = Double(sign + (integer.isEmpty ? "0" : integer) + "." + (fraction ?? "0")), number.isFinite else { return .failure(problem) }
        return .success(.number(number))
    }

    /// The text a `number-field` shows for `value` in `locale`: every digit the value has, the
    /// locale's decimal separator and minus sign, no grouping (so it reads back as it is).
    static func text(_ value: PageValue, locale: String) -> String {
        guard value.isNumber else { return value.isNull ? "" : value.displayText }
        let data = LocaleData.forTag(locale).data
        var plain = NumberText.plain(value)
        var sign = ""
        if plain.hasPrefix("-") {
            plain.removeFirst()
            sign = data.minusSign
        }
        return sign + plain.replacingOccurrences(of: ".", with: data.decimal)
    }

    /// What a person may type for the locale's group separator: a space-like separator takes any
    /// space; the Swiss `’` takes the typewriter `'` too. Longest first, so a longer one wins.
    static func groupSeparators(_ group: String) -> [String] {
        let mark = group.filter { !bidiMarks.contains($0) }
        guard let first = mark.first else { return [] }
        if mark.count == 1, first.isWhitespace { return [" ", "\u{00A0}", "\u{202F}", "\u{2009}"] }
        if mark == "’" { return ["’", "'"] }
        return [mark]
    }

    /// What a person may type for a group separator in a locale whose numbers and money group
    /// differently (`de-AT`: `1 234` but `€ 1.234`): either, the first one's first, unless the
    /// other is the decimal separator. Longest first within each.
    static func typedGroupSeparators(group: String, other: String, decimal: String) -> [String] {
        var separators = groupSeparators(group)
        let otherMark = other.filter { !bidiMarks.contains($0) }
        if !otherMark.isEmpty, otherMark != decimal.filter({ !bidiMarks.contains($0) }) {
            separators += groupSeparators(other).filter { !separators.contains($0) }
        }
        return separators
    }

    /// Direction marks CLDR puts around Arabic signs; a person's typing may or may not carry them.
    static let bidiMarks: Set<Character> = ["\u{200E}", "\u{200F}", "\u{061C}"]
}

/// Why typed text isn't a value: the message a person sees under the field, in their language.
public struct InputProblem: Error, Sendable, Equatable {
    /// Written for the person typing, with an example in their locale's own writing.
    public let message: String

    init(_ message: String) { self.message = message }

    /// `Geben Sie eine Zahl ein, z. B. 1.234,5` in `de`.
    static func number(locale: String) -> InputProblem {
        let example = NumberFormat.decimal(.number(1234.5), digits: 1, locale: locale)
        return InputProblem(wording(locale).number.replacingOccurrences(of: "{example}", with: example))
    }

    /// `Geben Sie ein Datum ein, z. B. 14.11.2023` in `de`.
    static func date(locale: String) -> InputProblem {
        let example = (try? DateFormat.format(milliseconds: 1_700_000_000_000, style: "medium", locale: locale, timeZone: DateInput.utc)) ?? "2023-11-14"
        return InputProblem(wording(locale).date.replacingOccurrences(of: "{example}", with: example))
    }

    /// The messages for the locale, or its nearest ancestor's, or English.
    private static func wording(_ locale: String) -> (number: String, date: String) {
        for tag in LocaleTag.fallbackChain(locale) {
            if let found = wordings[tag] { return found }
        }
        return wordings["en"] ?? ("{example}", "{example}")
    }

    /// One pair per language `LocaleData` has tables for.
    private static let wordings: [String: (number: String, date: String)] = [
        "en": ("Enter a number like {example}", "Enter a date like {example}"),
        "de": ("Geben Sie eine Zahl ein, z. B. {example}", "Geben Sie ein Datum ein, z. B. {example}"),
        "fr": ("Saisissez un nombre, par exemple {example}", "Saisissez une date, par exemple {example}"),
        "es": ("Introduce un número, por ejemplo {example}", "Introduce una fecha, por ejemplo {example}"),
        "ru": ("Введите число, например {example}", "Введите дату, например {example}"),
        "pl": ("Wpisz liczbę, np. {example}", "Wpisz datę, np. {example}"),
        "ar": ("أدخل رقمًا مثل {example}", "أدخل تاريخًا مثل {example}"),
        "zh-Hans": ("请输入数字，例如 {example}", "请输入日期，例如 {example}"),
        "ja": ("数値を入力してください（例: {example}）", "日付を入力してください（例: {example}）"),
    ]
}
