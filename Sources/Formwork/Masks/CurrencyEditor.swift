/// How an edit changes a currency mask's text, as DivKit's `currency` mask does: digits and one
/// decimal separator are kept, the integer part is grouped in the page's locale, decimals stop at
/// the currency's digits, anything else is dropped; deleting only a group separator deletes the
/// digit before it (backspace) or after it (delete). The caret stays after the same digits.
///
/// ```
/// en: 1234.5 → "1,234.5"     de: 1234,5 → "1.234,5"     ru: 1234,5 → "1 234,5"
/// ```
struct CurrencyEditor: Sendable, Equatable {
    /// The locale's decimal separator.
    let decimal: Character
    /// The locale's group separator as written.
    let group: String
    /// What a person may type for the group separator (any space where it is a space).
    let groups: Set<Character>
    /// CLDR's minimum grouping digits.
    let minimumGrouping: Int
    /// Decimals the currency has (0 for JPY).
    let digits: Int

    /// The most integer digits: past 15 a double no longer holds every amount exactly.
    static let maximumIntegerDigits = 15

    init(locale: String, digits: Int) {
        let data = LocaleData.forTag(locale).data
        decimal = data.decimal.first ?? "."
        group = data.group
        // NB: this editor reads one character at a time; a separator of several characters (none in
        // CLDR 47's modern locales once direction marks are dropped) is left out rather than split.
        groups = Set(NumberInput.groupSeparators(data.group).compactMap { $0.count == 1 ? $0.first : nil })
        minimumGrouping = data.minimumGrouping
        self.digits = digits
    }

    /// A typed character's meaning: a digit, the decimal separator, or nothing.
    private enum Mark: Equatable { case digit(Character), decimal, none }

    private func mark(_ c: Character) -> Mark {
        if c.isASCII, c.isNumber { return .digit(c) }
        if c == decimal { return .decimal }
        // NB: the other of `.` and `,` is a decimal separator too where it isn't the group one,
        // so a person used to another locale's keyboard still gets decimals.
        if (c == "." || c == ",") && !groups.contains(c) { return .decimal }
        return .none
    }

    func apply(text: [Character], selection: Range<Int>, replaced: Range<Int>, inserted: [Character]) -> (text: [Character], caret: Int, raw: PageValue) {
        var replaced = replaced
        let removed = text[replaced]
        if inserted.isEmpty, !removed.isEmpty, removed.allSatisfy({ mark($0) == .none }) {
            // Only group separators deleted: delete the digit beside them instead.
            if selection.isEmpty, selection.lowerBound == replaced.lowerBound {
                var end = replaced.upperBound
                while end < text.count, mark(text[end]) == .none { end += 1 }
                replaced = replaced.lowerBound..<min(text.count, end + 1)
            } else {
                var start = replaced.lowerBound
                while start > 0, mark(text[start - 1]) == .none { start -= 1 }
                replaced = max(0, start - 1)..<replaced.upperBound
            }
        }
        let whole = Array(text[..<replaced.lowerBound]) + inserted + Array(text[replaced.upperBound...])
        let caretIn = replaced.lowerBound + inserted.count
        var integer: [Character] = [], fraction: [Character] = []
        var hasDecimal = false
        var keptBeforeCaret = 0
        for (index, c) in whole.enumerated() {
            var kept = 0
            switch mark(c) {
            case .digit(let d):
                if hasDecimal {
                    if fraction.count < digits { fraction.append(d); kept = 1 }
                } else if integer == ["0"] {
                    integer = [d]   // a leading zero gives way to the digit typed after it
                } else if integer.count < CurrencyEditor.maximumIntegerDigits {
                    integer.append(d)
                    kept = 1
                }
            case .decimal:
                // NB: an amount without decimals (JPY) ends at the decimal separator: what follows is dropped.
                if !hasDecimal, digits == 0 {
                    hasDecimal = true
                } else if !hasDecimal {
                    hasDecimal = true
                    kept = 1
                    if integer.isEmpty {
                        integer = ["0"]
                        kept = 2
                    }
                }
            case .none: break
            }
            if index < caretIn { keptBeforeCaret += kept }
        }
        let (shown, significant) = format(integer: integer, fraction: fraction, hasDecimal: hasDecimal && digits > 0)
        // The caret goes after as many digits (and decimal separator) as were before it.
        var caret = 0
        if keptBeforeCaret > 0 {
            caret = significant.count >= keptBeforeCaret ? significant[keptBeforeCaret - 1] + 1 : shown.count
        }
        return (shown, min(caret, shown.count), value(integer: integer, fraction: fraction))
    }

    /// The text for an amount already stored: its digits, at most the currency's decimals.
    func text(for value: PageValue) -> String {
        guard value.isNumber else { return "" }
        var plain = NumberText.rounded(value, digits: nil, maximum: digits)
        if plain.hasPrefix("-") { plain.removeFirst() }
        let parts = plain.split(separator: ".", maxSplits: 1)
        let integer = Array(parts.first.map(String.init) ?? "0")
        let fraction = parts.count > 1 ? Array(String(parts[1])) : []
        return String(format(integer: integer, fraction: fraction, hasDecimal: !fraction.isEmpty).text)
    }

    /// The grouped text and the offsets of its digits and decimal separator.
    private func format(integer: [Character], fraction: [Character], hasDecimal: Bool) -> (text: [Character], significant: [Int]) {
        var text: [Character] = []
        var significant: [Int] = []
        let grouped = integer.count >= 3 + minimumGrouping
        for (index, d) in integer.enumerated() {
            let left = integer.count - index
            if grouped, index > 0, left % 3 == 0 { text.append(contentsOf: group) }
            significant.append(text.count)
            text.append(d)
        }
        if hasDecimal {
            significant.append(text.count)
            text.append(decimal)
            for d in fraction {
                significant.append(text.count)
                text.append(d)
            }
        }
        return (text, significant)
    }

    /// The amount: an int without decimals, a number with them, null for an empty field.
    private func value(integer: [Character], fraction: [Character]) -> PageValue {
        if integer.isEmpty && fraction.isEmpty { return .null }
        let whole = integer.isEmpty ? "0" : String(integer)
        if fraction.isEmpty || fraction.allSatisfy({ $0 == "0" }) { return Int64(whole).map(PageValue.int) ?? .null }
        return Double(whole + "." + String(fraction)).map(PageValue.number) ?? .null
    }
}
