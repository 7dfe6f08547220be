import Foundation
import Testing
@testable import Formwork

/// `NumberInput` reads separators as text: a locale's decimal or group separator of more than one
/// Character (with a direction mark, say) is matched, never turned into one `Character` (which
/// traps). CLDR 47's modern locales have none, so the data is made here.
@Suite struct NumberInputSeparatorTests {
    /// (decimal, group, money's group, typed, value or nil when refused). Where money groups
    /// otherwise than numbers (de-AT: `1 234`, `€ 1.234,50`), a number field reads either group;
    /// a money group that is the decimal separator groups nothing.
    static let rows: [(decimal: String, group: String, moneyGroup: String?, typed: String, expected: PageValue?)] = [
        ("٫\u{200F}", "٬", nil, "1٬234٫\u{200F}5", .number(1234.5)),
        ("٫\u{200F}", "٬", nil, "1٬234٫5", .number(1234.5)),
        (",,", ".", nil, "1.234,,5", .number(1234.5)),
        (",,", ".", nil, "1.234,5", nil),
        (".", "::", nil, "1::234::567", .int(1_234_567)),
        (".", "::", nil, "1:234", nil),
        ("", "", nil, "12", .int(12)),
        (",", "\u{A0}", ".", "1 234,5", .number(1234.5)),
        (",", "\u{A0}", ".", "1.234,5", .number(1234.5)),
        (",", "\u{A0}", ".", "1.234.567", .int(1_234_567)),
        (",", "\u{A0}", ".", "1.5", nil),
        (",", "\u{A0}", ",", "1,5", .number(1.5)),
        (",", "\u{A0}", ",", "1,234", .number(1.234)),
    ]

    @Test(arguments: rows.indices)
    func multiCharacterSeparators(_ index: Int) {
        let row = Self.rows[index]
        let data = LocaleData.english(decimal: row.decimal, group: row.group, currencyGroup: row.moneyGroup)
        switch NumberInput.parse(row.typed, data: data, locale: "en") {
        case .success(let value): #expect(value == row.expected, "\(row.typed)")
        case .failure: #expect(row.expected == nil, "\(row.typed) was refused")
        }
    }
}
