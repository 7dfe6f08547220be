import Testing
import Formwork

/// The mask engine on its own (`InputMask.apply`): typing, deleting, pasting, where the caret goes
/// and what the store gets, for each kind of mask, in en, de and ru. A field's state is written as
/// its text with `|` at the caret.
@Suite struct MaskEditingTests {
    enum Action: Sendable, CustomStringConvertible {
        case type(String), paste(String), backspace, delete, selectAllAndType(String)
        var description: String {
            switch self {
            case .type(let s): return "type \(s)"
            case .paste(let s): return "paste \(s)"
            case .backspace: return "backspace"
            case .delete: return "delete"
            case .selectAllAndType(let s): return "select all, type \(s)"
            }
        }
    }

    struct Row: Sendable, CustomStringConvertible {
        let mask: PageValue
        let locale: String
        let before: String
        let action: Action
        let after: String
        let raw: PageValue
        var description: String { "\(mask.jsonText) \(locale) \"\(before)\" \(action)" }
    }

    static let phone: PageValue = .object(["phone": "RU"])
    static let card: PageValue = "#### #### #### ####"
    static let date: PageValue = "##.##.####"
    static let euro: PageValue = .object(["currency": "EUR"])
    static let nbsp = "\u{00A0}"

    static let rows: [Row] = [
        // A phone number by country: the calling code is the pattern's; the store gets +7 and the digits.
        Row(mask: phone, locale: "en", before: "|", action: .type("9"), after: "+7 (9|", raw: "+79"),
        Row(mask: phone, locale: "en", before: "+7 (91|", action: .type("2"), after: "+7 (912) |", raw: "+7912"),
        Row(mask: phone, locale: "de", before: "+7 (912) |", action: .backspace, after: "+7 (91|", raw: "+791"),
        Row(mask: phone, locale: "ru", before: "+7 (912) 3|", action: .backspace, after: "+7 (912) |", raw: "+7912"),
        Row(mask: phone, locale: "en", before: "|", action: .paste("+7 912 345-67-89"), after: "+7 (912) 345-67-89|", raw: "+79123456789"),
        Row(mask: phone, locale: "de", before: "|", action: .paste("79123456789"), after: "+7 (912) 345-67-89|", raw: "+79123456789"),
        Row(mask: phone, locale: "ru", before: "|", action: .paste("9123456789"), after: "+7 (912) 345-67-89|", raw: "+79123456789"),
        Row(mask: phone, locale: "en", before: "|", action: .paste("7771234567"), after: "+7 (777) 123-45-67|", raw: "+77771234567"),
        Row(mask: phone, locale: "en", before: "|", action: .type("7"), after: "+7 (7|", raw: "+77"),
        Row(mask: phone, locale: "en", before: "|", action: .type("a"), after: "|", raw: ""),
        Row(mask: phone, locale: "en", before: "+7 (9|12) ", action: .type("0"), after: "+7 (90|1) 2", raw: "+79012"),
        Row(mask: phone, locale: "en", before: "+7 (912) 345-67-89|", action: .type("1"), after: "+7 (912) 345-67-89|", raw: "+79123456789"),
        Row(mask: phone, locale: "en", before: "+7 (912|) 345-67-89", action: .delete, after: "+7 (912) |456-78-9", raw: "+7912456789"),
        Row(mask: phone, locale: "en", before: "+7 (912) 345-67-89|", action: .selectAllAndType("5"), after: "+7 (5|", raw: "+75"),
        Row(mask: phone, locale: "en", before: "+7 (9|", action: .backspace, after: "|", raw: ""),
        Row(mask: phone, locale: "en", before: "+7 (|912) ", action: .backspace, after: "+7 (|912) ", raw: "+7912"),
        // A card number.
        Row(mask: card, locale: "en", before: "|", action: .paste("4111 1111 1111 1111"), after: "4111 1111 1111 1111|", raw: "4111111111111111"),
        Row(mask: card, locale: "de", before: "4111|", action: .type("2"), after: "4111 2|", raw: "41112"),
        Row(mask: card, locale: "ru", before: "4111 |", action: .backspace, after: "411|", raw: "411"),
        Row(mask: card, locale: "en", before: "4111 1111 |1111 1111", action: .delete, after: "4111 1111 |1111 111", raw: "411111111111111"),
        Row(mask: card, locale: "en", before: "|", action: .paste("4111-1111-1111-1111-9999"), after: "4111 1111 1111 1111|", raw: "4111111111111111"),
        // A date.
        Row(mask: date, locale: "de", before: "|", action: .paste("14.11.2023"), after: "14.11.2023|", raw: "14112023"),
        Row(mask: date, locale: "ru", before: "14.1|", action: .type("1"), after: "14.11.|", raw: "1411"),
        Row(mask: date, locale: "en", before: "14.|", action: .type("."), after: "14.|", raw: "14"),
        Row(mask: date, locale: "en", before: "14.|", action: .type("x"), after: "14.|", raw: "14"),
        // Slots of the page's own, escapes, and literals wider than one UTF-16 unit.
        Row(mask: .object(["pattern": "XX-###", "slots": .object(["X": "letter"])]), locale: "en", before: "|", action: .paste("ab-123"), after: "ab-123|", raw: "ab123"),
        Row(mask: "@@## ****", locale: "en", before: "|", action: .paste("de89 x7Z9"), after: "de89 x7Z9|", raw: "de89x7Z9"),
        Row(mask: "\\#####", locale: "en", before: "|", action: .type("1"), after: "#1|", raw: "1"),
        Row(mask: "😀 ###", locale: "en", before: "😀 1|", action: .type("2"), after: "😀 12|", raw: "12"),
        // An amount: grouped the locale's way, the currency's decimals; the store gets a number.
        Row(mask: euro, locale: "en", before: "|", action: .paste("1234.5"), after: "1,234.5|", raw: .number(1234.5)),
        Row(mask: euro, locale: "de", before: "|", action: .paste("1234,5"), after: "1.234,5|", raw: .number(1234.5)),
        Row(mask: euro, locale: "ru", before: "|", action: .paste("1234,5"), after: "1\(nbsp)234,5|", raw: .number(1234.5)),
        Row(mask: euro, locale: "de", before: "1.23|4", action: .type("5"), after: "12.35|4", raw: .int(12354)),
        Row(mask: euro, locale: "en", before: "1,|234", action: .backspace, after: "|234", raw: .int(234)),
        Row(mask: euro, locale: "ru", before: "1|\(nbsp)234", action: .delete, after: "1|34", raw: .int(134)),
        Row(mask: euro, locale: "ru", before: "1\(nbsp)234|", action: .type(","), after: "1\(nbsp)234,|", raw: .int(1234)),
        Row(mask: euro, locale: "ru", before: "1\(nbsp)234|", action: .type("."), after: "1\(nbsp)234,|", raw: .int(1234)),
        Row(mask: euro, locale: "de", before: "12,34|", action: .type("5"), after: "12,34|", raw: .number(12.34)),
        Row(mask: euro, locale: "de", before: "|", action: .paste("1.234,56 €"), after: "1.234,56|", raw: .number(1234.56)),
        Row(mask: euro, locale: "en", before: "0|", action: .type("5"), after: "5|", raw: .int(5)),
        Row(mask: euro, locale: "en", before: "|", action: .type("."), after: "0.|", raw: .int(0)),
        Row(mask: euro, locale: "en", before: "5|", action: .backspace, after: "|", raw: .null),
        Row(mask: euro, locale: "de", before: "|", action: .type("x"), after: "|", raw: .null),
        Row(mask: .object(["currency": "JPY"]), locale: "en", before: "|", action: .paste("1234.5"), after: "1,234|", raw: .int(1234)),
        Row(mask: euro, locale: "es", before: "|", action: .paste("1234"), after: "1234|", raw: .int(1234)),
        Row(mask: euro, locale: "es", before: "|", action: .paste("12345"), after: "12.345|", raw: .int(12345)),
    ]

    /// An amount grouped as each locale writes money (CLDR's generated tables): India's lakh and
    /// crore (`12,34,567`: three, then twos), Switzerland's `’`, France's narrow no-break space,
    /// Arabic's; separators typed or pasted as the person's keyboard has them.
    static let nnbsp = "\u{202F}"
    static let localeRows: [Row] = [
        Row(mask: .object(["currency": "INR"]), locale: "hi", before: "|", action: .paste("1234567"), after: "12,34,567|", raw: .int(1_234_567)),
        Row(mask: .object(["currency": "INR"]), locale: "hi", before: "|", action: .paste("1234"), after: "1,234|", raw: .int(1234)),
        Row(mask: .object(["currency": "INR"]), locale: "hi", before: "12,34,567|", action: .type("8"), after: "1,23,45,678|", raw: .int(12_345_678)),
        Row(mask: .object(["currency": "INR"]), locale: "hi", before: "12,|34,567", action: .backspace, after: "1|,34,567", raw: .int(134_567)),
        Row(mask: .object(["currency": "INR"]), locale: "en-IN", before: "|", action: .paste("₹12,34,567.5"), after: "12,34,567.5|", raw: .number(1_234_567.5)),
        Row(mask: .object(["currency": "INR"]), locale: "hi", before: "1,23,45,6|78", action: .type("9"), after: "12,34,56,9|78", raw: .int(123_456_978)),
        Row(mask: .object(["currency": "CHF"]), locale: "de-CH", before: "|", action: .paste("1'234'567.5"), after: "1’234’567.5|", raw: .number(1_234_567.5)),
        Row(mask: .object(["currency": "CHF"]), locale: "de-CH", before: "1’2|34", action: .type("0"), after: "12’0|34", raw: .int(12034)),
        Row(mask: .object(["currency": "CHF"]), locale: "de-CH", before: "1’|234", action: .backspace, after: "|234", raw: .int(234)),
        Row(mask: euro, locale: "fr", before: "|", action: .paste("1 234 567,89"), after: "1\(nnbsp)234\(nnbsp)567,89|", raw: .number(1_234_567.89)),
        Row(mask: euro, locale: "fr", before: "1\(nnbsp)23|4", action: .type("5"), after: "12\(nnbsp)35|4", raw: .int(12354)),
        Row(mask: euro, locale: "fr", before: "1|\(nnbsp)234", action: .delete, after: "1|34", raw: .int(134)),
        Row(mask: .object(["currency": "SAR"]), locale: "ar", before: "|", action: .paste("1234567.5"), after: "1,234,567.5|", raw: .number(1_234_567.5)),
        Row(mask: euro, locale: "en", before: "|", action: .paste("1234567"), after: "1,234,567|", raw: .int(1_234_567)),
        // Money's own separators: fr-CH writes `1 234.50 CHF` (its numbers `1 234,5`), de-AT `€ 1.234,50`
        // (its numbers `1 234`); the number group is read too.
        Row(mask: .object(["currency": "CHF"]), locale: "fr-CH", before: "|", action: .paste("1234567.5"), after: "1\(nnbsp)234\(nnbsp)567.5|", raw: .number(1_234_567.5)),
        Row(mask: .object(["currency": "CHF"]), locale: "fr-CH", before: "|", action: .paste("1234,5"), after: "1\(nnbsp)234.5|", raw: .number(1234.5)),
        Row(mask: euro, locale: "de-AT", before: "|", action: .paste("1234567,5"), after: "1.234.567,5|", raw: .number(1_234_567.5)),
        Row(mask: euro, locale: "de-AT", before: "|", action: .paste("1 234,5"), after: "1.234,5|", raw: .number(1234.5)),
    ]

    @Test(arguments: localeRows.indices)
    func anAmountGroupsAsTheLocaleWritesMoney(_ index: Int) throws {
        let row = Self.localeRows[index]
        let (mask, shown) = try Self.check(row)
        // What the store gets shows the same way again.
        #expect(mask.text(for: shown.raw) == row.after.replacingOccurrences(of: "|", with: ""), "\(row)")
    }

    /// The edit `action` makes on a field showing `state` (`|` at the caret).
    static func edit(_ state: String, _ action: Action) -> MaskEdit {
        let parts = state.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let text = String(parts[0]) + String(parts.count > 1 ? parts[1] : "")
        let caret = parts[0].utf16.count
        let previous = parts[0].last.map { $0.utf16.count } ?? 0
        let next = parts.count > 1 ? (parts[1].first.map { $0.utf16.count } ?? 0) : 0
        switch action {
        case .type(let s), .paste(let s):
            return MaskEdit(text: text, selection: caret..<caret, replaced: caret..<caret, inserted: s)
        case .backspace:
            return MaskEdit(text: text, selection: caret..<caret, replaced: (caret - previous)..<caret, inserted: "")
        case .delete:
            return MaskEdit(text: text, selection: caret..<caret, replaced: caret..<(caret + next), inserted: "")
        case .selectAllAndType(let s):
            let end = text.utf16.count
            return MaskEdit(text: text, selection: 0..<end, replaced: 0..<end, inserted: s)
        }
    }

    /// The result written as a state: its text with `|` at its caret.
    static func state(_ shown: MaskedText) -> String {
        let units = Array(shown.text.utf16)
        let caret = min(shown.caret, units.count)
        let before = String(decoding: units[..<caret], as: UTF16.self)
        let after = String(decoding: units[caret...], as: UTF16.self)
        return before + "|" + after
    }

    @Test(arguments: rows.indices)
    func anEditGivesTheMaskedTextCaretAndRawValue(_ index: Int) throws {
        _ = try Self.check(Self.rows[index])
    }

    /// Makes `row`'s edit and expects its text, caret and raw value; the mask and what it shows.
    static func check(_ row: Row) throws -> (InputMask, MaskedText) {
        let mask = try InputMask(row.mask, locale: row.locale)
        let shown = mask.apply(edit(row.before, row.action))
        #expect(state(shown) == row.after, "\(row)")
        #expect(shown.raw == row.raw, "\(row)")
        return (mask, shown)
    }

    /// Typing a whole phone number key by key ends where pasting it does.
    @Test func typingKeyByKeyAndPastingAgree() throws {
        let mask = try InputMask(Self.phone, locale: "en")
        var state = "|"
        for key in "9123456789" {
            let shown = mask.apply(Self.edit(state, .type(String(key))))
            state = Self.state(shown)
        }
        #expect(state == "+7 (912) 345-67-89|")
        let pasted = mask.apply(Self.edit("|", .paste("+7 (912) 345-67-89")))
        #expect(Self.state(pasted) == state)
    }

    /// A stored value shows as the mask writes it, and reads back to the same value.
    @Test(arguments: [
        (phone, "en", PageValue.string("+79123456789"), "+7 (912) 345-67-89"),
        (card, "en", "4111111111111111", "4111 1111 1111 1111"),
        (date, "de", "14112023", "14.11.2023"),
        (euro, "en", .number(1234.5), "1,234.5"),
        (euro, "de", .number(1234.5), "1.234,5"),
        (euro, "ru", .int(1_234_567), "1\u{00A0}234\u{00A0}567"),
        (euro, "de", .null, ""),
    ])
    func aStoredValueShowsMasked(_ mask: PageValue, _ locale: String, _ raw: PageValue, _ text: String) throws {
        let input = try InputMask(mask, locale: locale)
        #expect(input.text(for: raw) == text)
        #expect(input.apply(.replacingAll(of: "", with: text)).raw == raw)
    }

    /// Masks that don't read say what to write instead.
    @Test(arguments: [
        (PageValue.string("+7 (...) ...-..-.."), "the pattern \"+7 (...) ...-..-..\" has no slots; write # for a digit, @ for a letter, * for either, like \"##.##.####\""),
        ("###\\", "the pattern \"###\\\" ends with a backslash, which escapes nothing; write \\\\ for a backslash the field shows"),
        (.object(["phone": "XX"]), "the phone country \"XX\" is not one the engine has a pattern for; it has BY, CA, ES, FR, GB, IN, KZ, PL, RU, UA, US (write a pattern for another)"),
        (.object(["phone": "RUS"]), "the phone country \"RUS\" is not one the engine has a pattern for; it has BY, CA, ES, FR, GB, IN, KZ, PL, RU, UA, US; did you mean \"RU\"? (write a pattern for another)"),
        (.object(["pattern": "XX-###", "slots": .object(["X": "leter"])]), "the slot \"X\" takes \"leter\", which is not a slot kind; a slot takes digit, letter or any; did you mean \"letter\"?"),
        (.object(["pattern": "##", "slots": .object(["#": "letter"])]), "\"#\" is already a slot character of every pattern (# a digit, @ a letter, * either); name another character"),
        (.object(["currency": "euro"]), "the currency is an ISO 4217 code of three capital letters, like \"EUR\"; got \"euro\""),
        (.object(["phone": "RU", "pattern": "##"]), "a pattern mask has no \"phone\"; it has \"pattern\" and \"slots\""),
        (.object(["format": "##"]), "a mask object has one of \"pattern\", \"phone\" or \"currency\", like {\"phone\": \"RU\"}; this one has \"format\""),
        (.int(5), "a mask is a pattern like \"+7 (###) ###-##-##\" or an object like {\"phone\": \"RU\"} or {\"currency\": \"EUR\"}; got an int"),
    ])
    func aMaskThatDoesNotReadSaysWhy(_ mask: PageValue, _ message: String) {
        let error = #expect(throws: MaskProblem.self) { try InputMask(mask, locale: "en") }
        #expect(error?.message == message)
    }
}
