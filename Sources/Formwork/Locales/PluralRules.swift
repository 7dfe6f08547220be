/// CLDR's cardinal plural rules: which form of a message a number takes in a language.
///
/// English has `one` (1) and `other`; Russian and Polish have `one`, `few`, `many` and `other`
/// (`1 товар`, `2 товара`, `5 товаров`, `1,5 товара`); Arabic has all six; Chinese and Japanese
/// have `other` only. The rules are CLDR 47's (`supplemental/plurals.json`), written out here for
/// the languages below; any other language is treated as having `one` for exactly 1 and `other`.
///
/// ```swift
/// PluralRules.category(of: "21", language: "ru")    // .one
/// PluralRules.category(of: "1.5", language: "ru")   // .other
/// PluralRules.category(of: "1.0", language: "en")   // .other (a visible decimal)
/// ```
public enum PluralCategory: String, Sendable, CaseIterable {
    /// Arabic's 0 (and Latvian's, Welsh's).
    case zero
    /// 1 in English and German; 1, 21, 31, … in Russian.
    case one
    /// Exactly 2 in Arabic, Hebrew and Welsh.
    case two
    /// 2–4, 22–24, … in Russian and Polish; 3–10 in Arabic.
    case few
    /// 5–20, 25–30, … in Russian; 5–21, 25–31, … in Polish; 11–99 in Arabic.
    case many
    /// Every other number; the one form every language has (and Chinese's only one).
    case other
}

/// CLDR 47's plural rules: which `PluralCategory` a number takes in a language, the rule a
/// plural text's forms are chosen by.
public enum PluralRules {
    /// The languages whose rules are written out here.
    public static let languages: [String] = ["ar", "cs", "de", "en", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt", "ru", "uk", "zh"]

    /// The forms `language` distinguishes, in CLDR's order.
    public static func categories(language: String) -> [PluralCategory] {
        switch language {
        case "zh", "ja", "ko": return [.other]
        case "ar": return [.zero, .one, .two, .few, .many, .other]
        case "ru", "uk", "pl", "cs": return [.one, .few, .many, .other]
        case "fr", "es", "it", "pt": return [.one, .many, .other]
        default: return [.one, .other]
        }
    }

    /// The form `number` (as written: `"1"`, `"1.0"`, `"-21"`) takes in `language`.
    public static func category(of number: String, language: String) -> PluralCategory {
        let n = Operands(number)
        switch language {
        case "zh", "ja", "ko":
            return .other
        case "en", "de", "nl":
            return n.i == 1 && n.v == 0 ? .one : .other
        case "it":
            if n.i == 1 && n.v == 0 { return .one }
            return n.isMillions ? .many : .other
        case "es":
            if n.isExactly(1) { return .one }
            return n.isMillions ? .many : .other
        case "fr", "pt":
            if n.i == 0 || n.i == 1 { return .one }
            return n.isMillions ? .many : .other
        case "ru", "uk":
            guard n.v == 0 else { return .other }
            if n.i % 10 == 1 && n.i % 100 != 11 { return .one }
            if (2...4).contains(n.i % 10) && !(12...14).contains(n.i % 100) { return .few }
            return .many
        case "pl":
            if n.i == 1 && n.v == 0 { return .one }
            guard n.v == 0 else { return .other }
            if (2...4).contains(n.i % 10) && !(12...14).contains(n.i % 100) { return .few }
            return .many
        case "cs":
            if n.i == 1 && n.v == 0 { return .one }
            if (2...4).contains(n.i) && n.v == 0 { return .few }
            return n.v != 0 ? .many : .other
        case "ar":
            guard n.f == 0 else { return .other }
            if n.isExactly(0) { return .zero }
            if n.isExactly(1) { return .one }
            if n.isExactly(2) { return .two }
            if (3...10).contains(n.i % 100) { return .few }
            if (11...99).contains(n.i % 100) { return .many }
            return .other
        default:
            return n.i == 1 && n.v == 0 ? .one : .other
        }
    }

    /// CLDR's operands: `i` the integer digits, `v` how many fraction digits are written, `f`
    /// those digits as a number. `i` keeps its last 9 digits (every rule reads at most `i % 1000000`)
    /// plus 10^9 when there were more.
    struct Operands {
        var i = 0
        var iIsLarge = false
        var v = 0
        var f = 0

        init(_ text: String) {
            var digits = Substring(text)
            if digits.hasPrefix("-") || digits.hasPrefix("+") { digits = digits.dropFirst() }
            let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let whole = parts.first ?? ""
            let significant = whole.drop { $0 == "0" }
            iIsLarge = significant.count > 9
            // NB: 10^9 added for a longer number keeps `i % 10`, `% 100` and `% 1000000` right and
            // makes `i = 1` false.
            i = (Int(significant.suffix(9)) ?? 0) + (iIsLarge ? 1_000_000_000 : 0)
            if parts.count > 1 {
                v = parts[1].count
                f = Int(parts[1].drop { $0 == "0" }.prefix(18)) ?? 0
            }
        }

        func isExactly(_ value: Int) -> Bool { i == value && f == 0 }
        /// `e = 0 and i != 0 and i % 1000000 = 0 and v = 0`.
        var isMillions: Bool { i != 0 && i % 1_000_000 == 0 && v == 0 }
    }
}
