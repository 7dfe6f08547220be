import Foundation
import Testing
@testable import Formwork

/// `NumberInput` reads separators as text: a locale's decimal or group separator of more than one
/// Character (with a direction mark, say) is matched, never turned into one `Character` (which
/// traps). CLDR 47's modern locales have none, so the data is made here.
@Suite struct NumberInputSeparatorTests {
    /// `en`'s data with other separators.
    static func data(decimal: String, group: String) -> LocaleData {
        let en = LocaleData.forTag("en").data
        return LocaleData(
            decimal: decimal, group: group, percentSign: en.percentSign, minusSign: en.minusSign,
            minimumGrouping: en.minimumGrouping, decimalPattern: en.decimalPattern, percentPattern: en.percentPattern,
            currencyPattern: en.currencyPattern, currencyPatternBesideLetters: en.currencyPatternBesideLetters,
            currencySymbols: en.currencySymbols, currencyDecimal: decimal, currencyGroup: group, am: en.am, pm: en.pm, dateFull: en.dateFull, dateLong: en.dateLong,
            dateMedium: en.dateMedium, dateShort: en.dateShort, timeMedium: en.timeMedium, timeShort: en.timeShort,
            dateTime: en.dateTime)
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
}
