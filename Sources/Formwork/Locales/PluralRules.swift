/// CLDR's cardinal plural rules: which form of a message a number takes in a language.
///
/// English has `one` (1) and `other`; Russian and Polish have `one`, `few`, `many` and `other`
/// (`1 товар`, `2 товара`, `5 товаров`, `1,5 товара`); Arabic has all six; Chinese and Japanese
/// have `other` only. The rules are CLDR 47's (`supplemental/plurals.json`), generated for every
/// language CLDR has; any other language is treated as having `one` for exactly 1 and `other`.
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
/// plural text's forms are chosen by. The rules are generated for every language CLDR has
/// (`Generated/PluralRules+CLDR.swift`, by `scripts/cldr/generate-locale-tables.py`); a language
/// CLDR doesn't have is treated as having `one` for exactly 1 and `other`.
public enum PluralRules {
    /// The languages CLDR has rules for.
    public static let languages: [String] = generatedLanguages

    /// The forms `language` distinguishes, in CLDR's order.
    public static func categories(language: String) -> [PluralCategory] {
        rule(for: language)?.categories ?? [.one, .other]
    }

    /// The form `number` (as written: `"1"`, `"1.0"`, `"-21"`, `"1.2e6"`) takes in `language`.
    public static func category(of number: String, language: String) -> PluralCategory {
        let operands = Operands(number)
        guard let rule = rule(for: language)?.rule else {
            return operands.i == 1 && operands.v == 0 ? .one : .other
        }
        return rule(operands)
    }

    /// The rule of `tag` (`pt-PT` has its own) or of its language (`de-AT` → `de`).
    private static func rule(for tag: String) -> (rule: @Sendable (Operands) -> PluralCategory, categories: [PluralCategory])? {
        for candidate in LocaleTag.fallbackChain(tag) {
            if let found = generatedRule(language: candidate) { return found }
        }
        return generatedRule(language: tag)
    }

    /// Whether `value` is a whole number within `range` (CLDR's `in` on a decimal operand).
    static func isWhole(_ value: Double, in range: ClosedRange<Int>) -> Bool {
        value == value.rounded(.towardZero) && value >= Double(range.lowerBound) && value <= Double(range.upperBound)
    }

    /// CLDR's operands (UTS #35, "Plural Operand Meanings") of a number as written: `n` its
    /// absolute value, `i` the integer digits, `v` how many fraction digits are written and `w`
    /// how many without trailing zeros, `f` and `t` those digits as a number (with and without
    /// trailing zeros), `e` the exponent of a compact or scientific form (`1.2e6`, `1.2c6`).
    ///
    /// NB: `i` keeps its last 9 digits (every rule reads at most `i % 1000000`) plus 10^9 when
    /// there were more, which keeps `i % 10`, `% 100` and `% 1000000` right and makes `i = 1`
    /// false; `n` is built from that `i`, and `f`, `t` keep the first 18 fraction digits.
    struct Operands {
        var n: Double = 0
        var i = 0
        var v = 0
        var w = 0
        var f = 0
        var t = 0
        var e = 0

        init(_ text: String) {
            var digits = Substring(text)
            if digits.hasPrefix("-") || digits.hasPrefix("+") { digits = digits.dropFirst() }
            if let mark = digits.firstIndex(where: { $0 == "e" || $0 == "E" || $0 == "c" }),
               let exponent = Int(digits[digits.index(after: mark)...].drop { $0 == "+" }), (0...30).contains(exponent) {
                e = exponent
                digits = Self.shifted(digits[..<mark], by: exponent)
            }
            let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let whole = parts.first ?? ""
            let significant = whole.drop { $0 == "0" }
            let isLarge = significant.count > 9
            i = (Int(significant.suffix(9)) ?? 0) + (isLarge ? 1_000_000_000 : 0)
            var fraction: Double = 0
            if parts.count > 1 {
                let written = parts[1].prefix(18)
                let trimmed = written.reversed().drop { $0 == "0" }.reversed()
                v = parts[1].count
                w = trimmed.count
                f = Int(written) ?? 0
                t = Int(String(trimmed)) ?? 0
                fraction = Double("0." + written) ?? 0
            }
            n = Double(i) + fraction
        }

        /// `1.2` moved `by` places: `1200000` for 6.
        private static func shifted(_ mantissa: Substring, by places: Int) -> Substring {
            let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            var whole = String(parts.first ?? "")
            var fraction = parts.count > 1 ? String(parts[1]) : ""
            for _ in 0..<places {
                whole.append(fraction.first ?? "0")
                if !fraction.isEmpty { fraction.removeFirst() }
            }
            return Substring(fraction.isEmpty ? whole : whole + "." + fraction)
        }
    }
}
