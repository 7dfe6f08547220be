/// How an edit changes a currency mask's text, as DivKit's `currency` mask does: digits and one
/// decimal separator are kept, the integer part is grouped in the page's locale, decimals stop at
/// the currency's digits, anything else is dropped; deleting only a group separator deletes the
/// digit before it (backspace) or after it (delete). The caret stays after the same digits.
///
/// The groups are the locale's money pattern's (CLDR's generated tables): India's lakh and crore
/// group by three, then by two. Separators are matched as text, so one of several characters (or
/// with a direction mark) is read whole when typed or pasted.
///
/// ```
/// en: 1234.5 → "1,234.5"     de: 1234,5 → "1.234,5"     ru: 1234,5 → "1 234,5"
/// hi: 1234567 → "12,34,567"  de-CH: 1234567 → "1’234’567"  fr: 1234,5 → "1 234,5" (U+202F)
/// ```
struct CurrencyEditor: Sendable, Equatable {
    /// The locale's decimal separator as written, and without direction marks (what a person types).
    let decimal: String
    let typedDecimal: String
    /// The locale's group separator as written.
    let group: String
    /// What a person may type or paste for the group separator (any space where it is a space,
    /// `'` for `’`), each matched as text: a separator may be more than one character.
    let groups: [String]
    /// The characters separators are made of, for deleting "only separators".
    let separatorCharacters: Set<Character>
    /// The group sizes of the locale's money pattern: 3 and 3 in most (`1,234,567`); 3, then 2 in
    /// India's (`12,34,567`); 0 when the pattern doesn't group.
    let primaryGrouping: Int
    let secondaryGrouping: Int
    /// CLDR's minimum grouping digits.
    let minimumGrouping: Int
    /// Decimals the currency has (0 for JPY).
    let digits: Int

    /// The most integer digits: past 15 a double no longer holds every amount exactly.
    static let maximumIntegerDigits = 15

    init(locale: String, digits: Int) {
        self.init(data: LocaleData.forTag(locale).data, digits: digits)
    }

    /// The editor for a locale's data (tests hand it separators CLDR may have).
    init(data: LocaleData, digits: Int) {
        // NB: money's separators (fr-CH writes `1 234.50 CHF` but `0,5`; de-AT `€ 1.234,50` but
        // `1 234`); the number group is read too, as a number field reads money's.
        let plainDecimal = data.currencyDecimal.filter { !NumberInput.bidiMarks.contains($0) }
        decimal = plainDecimal.isEmpty ? "." : data.currencyDecimal
        typedDecimal = plainDecimal.isEmpty ? "." : plainDecimal
        group = data.currencyGroup
        let typed = NumberInput.typedGroupSeparators(group: data.currencyGroup, other: data.group, decimal: typedDecimal)
        // NB: longest first, so `::` is read before `:` and a separator with its direction mark before the bare one.
        groups = ([data.currencyGroup] + typed).filter { !$0.isEmpty }.reduce(into: [String]()) { list, item in
            if !list.contains(item) { list.append(item) }
        }.sorted { $0.count > $1.count }
        separatorCharacters = Set(groups.joined()).union(NumberInput.bidiMarks)
        let sizes = CurrencyEditor.groupSizes(of: data.currencyPattern)
        primaryGrouping = sizes.primary
        secondaryGrouping = sizes.secondary
        minimumGrouping = data.minimumGrouping
        self.digits = digits
    }

    /// The group sizes a CLDR pattern's commas give: `#,##0.00 ¤` → (3, 3), `¤#,##,##0.00` → (3, 2),
    /// `#0.00` → (0, 0).
    static func groupSizes(of pattern: String) -> (primary: Int, secondary: Int) {
        let chosen = pattern.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let start = chosen.firstIndex(where: { "#0".contains($0) }),
              let end = chosen.lastIndex(where: { "#0.,".contains($0) }) else { return (0, 0) }
        return NumberFormat.groupSizes(ofDigits: chosen[start...end])
    }

    /// A piece of typed text: a digit, the decimal separator, or nothing (a group separator, a
    /// currency sign, a letter), with how many characters it spans.
    private enum Mark: Equatable { case digit(Character), decimal, none }

    private func mark(_ text: [Character], at index: Int) -> (mark: Mark, length: Int) {
        let c = text[index]
        if c.isASCII, c.isNumber { return (.digit(c), 1) }
        for separator in [decimal, typedDecimal] where text.starts(with: separator, at: index) { return (.decimal, separator.count) }
        if let separator = groups.first(where: { text.starts(with: $0, at: index) }) { return (.none, separator.count) }
        // NB: the other of `.` and `,` is a decimal separator too where it isn't a group one,
        // so a person used to another locale's keyboard still gets decimals.
        if (c == "." || c == ","), !separatorCharacters.contains(c) { return (.decimal, 1) }
        return (.none, 1)
    }

    /// Whether deleting `c` alone deletes nothing of the amount: it is part of a separator.
    private func isSeparator(_ c: Character) -> Bool {
        !(c.isASCII && c.isNumber) && !typedDecimal.contains(c) && (separatorCharacters.contains(c) || !(c == "." || c == ","))
    }

    func apply(text: [Character], selection: Range<Int>, replaced: Range<Int>, inserted: [Character]) -> (text: [Character], caret: Int, raw: PageValue) {
        var replaced = replaced
        let removed = text[replaced]
        if inserted.isEmpty, !removed.isEmpty, removed.allSatisfy(isSeparator) {
            // Only group separators deleted: delete the digit beside them instead.
            if selection.isEmpty, selection.lowerBound == replaced.lowerBound {
                var end = replaced.upperBound
                while end < text.count, isSeparator(text[end]) { end += 1 }
                replaced = replaced.lowerBound..<min(text.count, end + 1)
            } else {
                var start = replaced.lowerBound
                while start > 0, isSeparator(text[start - 1]) { start -= 1 }
                replaced = max(0, start - 1)..<replaced.upperBound
            }
        }
        let whole = Array(text[..<replaced.lowerBound]) + inserted + Array(text[replaced.upperBound...])
        let caretIn = replaced.lowerBound + inserted.count
        var integer: [Character] = [], fraction: [Character] = []
        var hasDecimal = false
        var keptBeforeCaret = 0
        var index = 0
        while index < whole.count {
            let (piece, length) = mark(whole, at: index)
            var kept = 0
            switch piece {
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
            index += length
        }
        let (shown, ends) = format(integer: integer, fraction: fraction, hasDecimal: hasDecimal && digits > 0)
        // The caret goes after as many digits (and decimal separator) as were before it.
        var caret = 0
        if keptBeforeCaret > 0 {
            caret = ends.count >= keptBeforeCaret ? ends[keptBeforeCaret - 1] : shown.count
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

    /// The grouped text and, for each digit and the decimal separator, the offset just after it.
    private func format(integer: [Character], fraction: [Character], hasDecimal: Bool) -> (text: [Character], ends: [Int]) {
        var text: [Character] = []
        var ends: [Int] = []
        let grouped = primaryGrouping > 0 && integer.count >= primaryGrouping + minimumGrouping
        for (index, d) in integer.enumerated() {
            if grouped, index > 0, startsGroup(digitsLeft: integer.count - index) { text.append(contentsOf: group) }
            text.append(d)
            ends.append(text.count)
        }
        if hasDecimal {
            text.append(contentsOf: decimal)
            ends.append(text.count)
            for d in fraction {
                text.append(d)
                ends.append(text.count)
            }
        }
        return (text, ends)
    }

    /// Whether a group separator goes before the digit with `digitsLeft` digits from it to the
    /// end of the integer part: after the primary group, then every secondary one.
    private func startsGroup(digitsLeft left: Int) -> Bool {
        if left == primaryGrouping { return true }
        guard left > primaryGrouping, secondaryGrouping > 0 else { return false }
        return (left - primaryGrouping) % secondaryGrouping == 0
    }

    /// The amount: an int without decimals, a number with them, null for an empty field.
    private func value(integer: [Character], fraction: [Character]) -> PageValue {
        if integer.isEmpty && fraction.isEmpty { return .null }
        let whole = integer.isEmpty ? "0" : String(integer)
        if fraction.isEmpty || fraction.allSatisfy({ $0 == "0" }) { return Int64(whole).map(PageValue.int) ?? .null }
        return Double(whole + "." + String(fraction)).map(PageValue.number) ?? .null
    }
}

private extension Array where Element == Character {
    /// Whether `text` is found at `index`.
    func starts(with text: String, at index: Int) -> Bool {
        guard !text.isEmpty else { return false }
        var at = index
        for c in text {
            guard at < count, self[at] == c else { return false }
            at += 1
        }
        return true
    }
}
