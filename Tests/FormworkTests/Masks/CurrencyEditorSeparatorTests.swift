import Testing
@testable import Formwork

/// `CurrencyEditor` reads separators as text: a locale's decimal or group separator of more than one
/// Character (or with a direction mark) is written whole, read whole when typed or pasted, and
/// deleted as the group separator it is. CLDR 47's modern locales have none (their group sizes and
/// one-character separators are `MaskEditingTests.localeRows`), so the data is made here, as
/// `NumberInputSeparatorTests` makes it.
@Suite struct CurrencyEditorSeparatorTests {
    /// `en`'s data with other separators and money pattern.
    static func data(decimal: String, group: String, pattern: String = "¤#,##0.00") -> LocaleData {
        LocaleData.english(decimal: decimal, group: group, currencyPattern: pattern)
    }

    enum Key: Sendable { case type(String), backspace, delete }

    /// (decimal, group, field before with `|` at the caret, key, field after, value).
    static let rows: [(String, String, String, Key, String, PageValue)] = [
        (",,", "::", "|", .type("1::234,,5"), "1::234,,5|", .number(1234.5)),
        (",,", "::", "|", .type("1234567"), "1::234::567|", .int(1_234_567)),
        (",,", "::", "1::2|34", .type("5"), "12::5|34", .int(12534)),
        (",,", "::", "1::234|", .type(","), "1::234,,|", .int(1234)),
        (",,", "::", "1::|234", .backspace, "|234", .int(234)),
        (",,", "::", "1|::234", .delete, "1|34", .int(134)),
        ("٫\u{200F}", "٬", "|", .type("1٬234٫\u{200F}5"), "1٬234٫\u{200F}5|", .number(1234.5)),
        ("٫\u{200F}", "٬", "|", .type("1234٫5"), "1٬234٫\u{200F}5|", .number(1234.5)),
    ]

    @Test(arguments: rows.indices)
    func multiCharacterSeparators(_ index: Int) {
        let (decimal, group, before, key, after, raw) = Self.rows[index]
        let editor = CurrencyEditor(data: Self.data(decimal: decimal, group: group), digits: 2)
        let parts = before.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let text = Array(parts[0] + parts[1])
        let caret = parts[0].count
        let result: (text: [Character], caret: Int, raw: PageValue)
        switch key {
        case .type(let typed):
            result = editor.apply(text: text, selection: caret..<caret, replaced: caret..<caret, inserted: Array(typed))
        case .backspace:
            result = editor.apply(text: text, selection: caret..<caret, replaced: (caret - 1)..<caret, inserted: [])
        case .delete:
            result = editor.apply(text: text, selection: caret..<caret, replaced: caret..<(caret + 1), inserted: [])
        }
        let shown = String(result.text.prefix(result.caret)) + "|" + String(result.text.dropFirst(result.caret))
        #expect(shown == after, "\(before) \(key)")
        #expect(result.raw == raw, "\(before) \(key)")
    }

    /// The group sizes a money pattern gives.
    @Test(arguments: [("¤#,##0.00", 3, 3), ("¤#,##,##0.00", 3, 2), ("#,##0.00\u{A0}¤", 3, 3), ("¤0.00", 0, 0), ("\u{200F}#,##0.00\u{A0}¤;\u{200F}-#,##0.00\u{A0}¤", 3, 3)])
    func groupSizes(_ pattern: String, _ primary: Int, _ secondary: Int) {
        let sizes = CurrencyEditor.groupSizes(of: pattern)
        #expect(sizes.primary == primary && sizes.secondary == secondary, "\(pattern)")
        let editor = CurrencyEditor(data: Self.data(decimal: ".", group: ",", pattern: pattern), digits: 2)
        let expected = primary == 0 ? "1234567" : secondary == 2 ? "12,34,567" : "1,234,567"
        #expect(String(editor.apply(text: [], selection: 0..<0, replaced: 0..<0, inserted: Array("1234567")).text) == expected, "\(pattern)")
    }
}
