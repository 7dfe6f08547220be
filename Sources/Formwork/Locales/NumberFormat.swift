/// Numbers, percentages and money written the way a locale writes them, from `LocaleData`.
///
/// ```swift
/// NumberFormat.decimal(.number(1234.5), digits: 2, locale: "de")         // "1.234,50"
/// NumberFormat.money(.number(1234.5), currency: "EUR", locale: "de")     // "1.234,50 €"
/// NumberFormat.money(.number(1234.5), currency: "CNY", locale: "zh-Hans") // "¥1,234.50"
/// NumberFormat.percent(.number(0.25), digits: nil, locale: "fr")         // "25 %"
/// ```
///
/// Rounding is `fixed()`'s: half away from zero, from the double's exact decimal value.
enum NumberFormat {
    /// `value` with `digits` decimals exactly, or (nil) with at most 3 and no trailing zeros.
    static func decimal(_ value: PageValue, digits: Int?, locale: String) -> String {
        let data = LocaleData.forTag(locale).data
        return apply(pattern: data.decimalPattern, digits: NumberText.rounded(value, digits: digits, maximum: 3), data: data, symbol: nil)
    }

    /// `value` × 100 with the locale's percent sign; `digits` decimals (0 when nil).
    static func percent(_ value: PageValue, digits: Int?, locale: String) -> String {
        let data = LocaleData.forTag(locale).data
        let scaled: PageValue
        switch value {
        case .int(let i) where i.magnitude < Int64.max.magnitude / 100: scaled = .int(i * 100)
        default: scaled = .number((value.doubleValue ?? 0) * 100)
        }
        return apply(pattern: data.percentPattern, digits: NumberText.rounded(scaled, digits: digits ?? 0, maximum: 0), data: data, symbol: nil)
    }

    /// `value` as an amount of `currency` (an ISO 4217 code): the currency's own decimals unless
    /// `digits` is given, its symbol in the locale (or its code), placed where the locale puts it.
    static func money(_ value: PageValue, currency: String, digits: Int? = nil, code: Bool = false, locale: String) -> String {
        let data = LocaleData.forTag(locale).data
        let symbol = code ? currency : (data.currencySymbols[currency] ?? currency)
        var pattern = data.currencyPattern
        // NB: CLDR's alphaNextToNumber: `CHF 12.50`, not `CHF12.50`, where the symbol touches the digits.
        let positive = pattern.split(separator: ";").first.map(String.init) ?? pattern
        if let mark = positive.firstIndex(of: "¤") {
            let touchesAfter = positive.index(after: mark) < positive.endIndex && "#0".contains(positive[positive.index(after: mark)])
            let touchesBefore = mark > positive.startIndex && "#0".contains(positive[positive.index(before: mark)])
            if (touchesAfter && symbol.last?.isLetter == true) || (touchesBefore && symbol.first?.isLetter == true) {
                pattern = data.currencyPatternBesideLetters
            }
        }
        let decimals = digits ?? LocaleData.digits(ofCurrency: currency)
        return apply(pattern: pattern, digits: NumberText.rounded(value, digits: decimals, maximum: decimals), data: data, symbol: symbol)
    }

    /// Fills a CLDR pattern (`#,##0.00 ¤`, `¤#,##0.00;¤-#,##0.00`) with plain digits (`-1234.50`);
    /// money (a `symbol`) takes the locale's currency separators.
    private static func apply(pattern: String, digits: String, data: LocaleData, symbol: String?) -> String {
        let negative = digits.hasPrefix("-")
        let unsigned = negative ? String(digits.dropFirst()) : digits
        let halves = pattern.split(separator: ";", maxSplits: 1).map(String.init)
        var chosen = halves[0]
        var prefixMinus = negative
        if negative, halves.count > 1 {
            chosen = halves[1]
            prefixMinus = false
        }
        guard let start = chosen.firstIndex(where: { "#0".contains($0) }),
              let end = chosen.lastIndex(where: { "#0.,".contains($0) }) else { return digits }
        let prefix = chosen[..<start], suffix = chosen[chosen.index(after: end)...]
        let parts = unsigned.split(separator: ".", maxSplits: 1).map(String.init)
        var integer = parts[0]
        let (primary, secondary) = groupSizes(ofDigits: chosen[start...end])
        if primary > 0, integer.count >= primary + data.minimumGrouping {
            var grouped = [String(integer.suffix(primary))]
            integer = String(integer.dropLast(primary))
            while integer.count > secondary {
                grouped.insert(String(integer.suffix(secondary)), at: 0)
                integer = String(integer.dropLast(secondary))
            }
            if !integer.isEmpty { grouped.insert(integer, at: 0) }
            integer = grouped.joined(separator: symbol == nil ? data.group : data.currencyGroup)
        }
        var number = integer
        if parts.count > 1 { number += (symbol == nil ? data.decimal : data.currencyDecimal) + parts[1] }
        func fill(_ affix: Substring) -> String {
            var out = ""
            for c in affix {
                switch c {
                case "¤": out += symbol ?? ""
                case "%": out += data.percentSign
                case "-": out += data.minusSign
                default: out.append(c)
                }
            }
            return out
        }
        return (prefixMinus ? data.minusSign : "") + fill(prefix) + number + fill(suffix)
    }

    /// The group sizes a pattern's digits (`#,##0.00`) give: `#,##0` groups by 3, India's
    /// `#,##,##0` by 3 then 2 (`12,34,567`); without a comma, (0, 0): no grouping.
    static func groupSizes(ofDigits digits: Substring) -> (primary: Int, secondary: Int) {
        let sizes = (digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .split(separator: ",", omittingEmptySubsequences: false).map(\.count)
        let primary = sizes.count > 1 ? sizes[sizes.count - 1] : 0
        let secondary = sizes.count > 2 && sizes[sizes.count - 2] > 0 ? sizes[sizes.count - 2] : primary
        return (primary, secondary)
    }
}

/// Plain decimal text of numbers: what plural rules read and the formatters group.
enum NumberText {
    /// The number as written plainly (`1`, `1.5`, `-21`): an int's digits, a number's display text.
    static func plain(_ value: PageValue) -> String {
        switch value {
        case .int(let i): return String(i)
        default: return value.displayText
        }
    }

    /// `value` with `digits` decimals, or (nil) rounded to `maximum` and without trailing zeros;
    /// a negative value that rounds to zero loses its sign.
    static func rounded(_ value: PageValue, digits: Int?, maximum: Int) -> String {
        var text = (try? NumberFunctions.fixed(value, digits: digits ?? maximum)) ?? value.displayText
        if digits == nil, text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text.hasPrefix("-"), !text.contains(where: { ("1"..."9").contains($0) }) { text.removeFirst() }
        return text
    }
}

extension PageValue {
    /// Whether the value is an int or a number.
    var isNumber: Bool {
        switch self {
        case .int, .number: return true
        default: return false
        }
    }
}
