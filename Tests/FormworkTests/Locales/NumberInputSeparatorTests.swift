import Foundation
import Testing
@testable import Formwork

/// `NumberInput` reads separators as text: a locale's decimal or group separator of more than one
/// Character (with a direction mark, say) is matched, never turned into one `Character` (which
/// traps). CLDR 47's modern locales have none, so the data is made here.
@Suite struct NumberInputSeparatorTests {
    /// `en`'s data with other separators.
    static func data(decimal: String, group: String) -> LocaleData {
        LocaleData.english(decimal: decimal, group: group)
    }

    static let rows: [(decimal: String, group: String, typed: String, expected: PageValue?)] = [
        ("٫\u{200F}", "٬", "1٬234٫\u{200F}5", .number(1234.5)),
        ("٫\u{200F}", "٬", "1٬234٫5", .number(1234.5)),
        (",,", ".", "1.234,,5", .number(1234.5)),
        (",,", ".", "1.234,5", nil),
        (".", "::", "1::234::567", .int(1_234_567)),
        (".", "::", "1:234", nil),
        ("", "", "12", .int(12)),
    ]

    @Test(arguments: rows.indices)
    func multiCharacterSeparators(_ index: Int) {
        let row = Self.rows[index]
        let result = NumberInput.parse(row.typed, data: Self.data(decimal: row.decimal, group: row.group), locale: "en")
        switch result {
        case .success(let value): #expect(value == row.expected, "\(row.typed)")
        case .failure: #expect(row.expected == nil, "\(row.typed) was refused")
        }
    }

    /// Where money groups otherwise than numbers (de-AT: `1 234`, `€ 1.234,50`), a number field
    /// reads either group; a money group that is the decimal separator groups nothing.
    static let moneyGroupRows: [(group: String, currencyGroup: String, typed: String, expected: PageValue?)] = [
        ("\u{A0}", ".", "1 234,5", .number(1234.5)),
        ("\u{A0}", ".", "1.234,5", .number(1234.5)),
        ("\u{A0}", ".", "1.234.567", .int(1_234_567)),
        ("\u{A0}", ".", "1.5", nil),
        ("\u{A0}", ",", "1,5", .number(1.5)),
        ("\u{A0}", ",", "1,234", .number(1.234)),
    ]

    @Test(arguments: moneyGroupRows.indices)
    func moneyGroupIsReadToo(_ index: Int) {
        let row = Self.moneyGroupRows[index]
        let data = LocaleData.english(decimal: ",", group: row.group, currencyGroup: row.currencyGroup)
        switch NumberInput.parse(row.typed, data: data, locale: "en") {
        case .success(let value): #expect(value == row.expected, "\(row.typed)")
        case .failure: #expect(row.expected == nil, "\(row.typed) was refused")
        }
    }
}
