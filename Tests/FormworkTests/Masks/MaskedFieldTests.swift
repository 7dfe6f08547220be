import Testing
import Formwork
import FormworkTesting

/// Masks in a live page, through the engine's typing path (`enterText`, `editText`,
/// `textForValue`): the field shows the masked text, the store gets the raw value; at level 1 a
/// mask is not applied; `check` says where a mask is wrong.
@MainActor
@Suite struct MaskedFieldTests {
    static let page = """
        {"page": "masked", "data": {"phone": "", "card": "", "amount": null},
         "components": [
           {"id": "text-field", "key": "phone", "attributes": {"title": "Phone", "value": {"expr": "$data.phone"}, "mask": {"phone": "RU"}}},
           {"id": "text-field", "key": "card", "attributes": {"title": "Card", "value": {"expr": "$data.card"}, "mask": "#### #### #### ####"},
            "validations": [{"id": "luhn"}]},
           {"id": "number-field", "key": "amount", "attributes": {"title": "Amount", "value": {"expr": "$data.amount"}, "mask": {"currency": "EUR"}}}
         ]}
        """

    func open(_ locale: String, behavior: BehaviorLevel = .v2) async throws -> (PageHarness, PageSession) {
        let registry = Registry.standard(behavior: behavior)
        let harness = PageHarness(registry: registry, languages: [locale])
        try await harness.open(try PageDocument.load(Array(Self.page.utf8), registry: registry, libraries: .empty))
        return (harness, try harness.current)
    }

    @Test(arguments: ["en", "de", "ru"])
    func typedTextGoesThroughTheMask(_ locale: String) async throws {
        let (harness, page) = try await open(locale)
        try await harness.enterText("+7 912 345-67-89", into: "phone")
        #expect(try harness.read("data.phone") == "+79123456789")
        #expect(page.textForValue(in: try harness.component("phone")) == "+7 (912) 345-67-89")
        #expect(try harness.read("component.phone.text") == "+7 (912) 345-67-89")
        try await harness.enterText("4111111111111111", into: "card")
        #expect(try harness.read("data.card") == "4111111111111111")
        #expect(try harness.read("component.card.text") == "4111 1111 1111 1111")
        let typed = ["en": "1234.5", "de": "1234,5", "ru": "1234,5"][locale] ?? ""
        let shown = ["en": "1,234.5", "de": "1.234,5", "ru": "1\u{00A0}234,5"][locale] ?? ""
        try await harness.enterText(typed, into: "amount")
        #expect(try harness.read("data.amount") == .number(1234.5))
        #expect(try harness.read("component.amount.text") == .string(shown))
    }

    /// Key by key, as the preview sends them: each edit's text, caret and the stored value.
    @Test func editsKeyByKeyStoreTheRawValue() async throws {
        let (harness, page) = try await open("ru")
        let phone = try harness.component("phone")
        var shown = MaskedText(text: "", caret: 0, raw: "")
        for key in "912" {
            shown = try await page.editText(MaskEdit(text: shown.text, selection: shown.caret..<shown.caret, replaced: shown.caret..<shown.caret, inserted: String(key)), in: phone)
        }
        #expect(shown == MaskedText(text: "+7 (912) ", caret: 9, raw: "+7912"))
        #expect(try harness.read("data.phone") == "+7912")
        shown = try await page.editText(MaskEdit(text: shown.text, selection: 9..<9, replaced: 8..<9, inserted: ""), in: phone)
        #expect(shown == MaskedText(text: "+7 (91", caret: 6, raw: "+791"))
        #expect(try harness.read("data.phone") == "+791")
        // A currency field keeps showing "12," while its value is 12.
        let amount = try harness.component("amount")
        shown = try await page.editText(MaskEdit(text: "", selection: 0..<0, replaced: 0..<0, inserted: "12,"), in: amount)
        #expect(shown.text == "12,")
        #expect(try harness.read("data.amount") == .int(12))
        #expect(page.textForValue(in: amount) == "12,")
    }

    /// At level 1 (an app that hasn't raised its level) the mask is not applied.
    @Test func levelOneTakesTextAsTyped() async throws {
        let (harness, _) = try await open("en", behavior: .v1)
        try await harness.enterText("+7 912 345-67-89", into: "phone")
        #expect(try harness.read("data.phone") == "+7 912 345-67-89")
    }

    @Test func luhnAndIbanRefuseWrongCheckDigitsInThePagesLanguage() async throws {
        let (harness, page) = try await open("de")
        try await harness.enterText("4111 1111 1111 1112", into: "card")
        _ = await page.validate()
        #expect(try harness.read("component.card.error") == "Geben Sie eine gültige Kartennummer ein")
        try await harness.enterText("4111 1111 1111 1111", into: "card")
        _ = await page.validate()
        #expect(try harness.read("component.card.error") == .null)
    }

    @Test(arguments: [
        (###"{"id": "text-field", "attributes": {"title": "Phone", "mask": {"phone": "XX"}}}"###, "components[0].attributes.mask: error: the attribute 'mask' of the component 'text-field': the phone country \"XX\" is not one the engine has a pattern for; it has BY, CA, ES, FR, GB, IN, KZ, PL, RU, UA, US (write a pattern for another)"),
        (###"{"id": "text-field", "attributes": {"title": "Phone", "mask": {"pattern": "AA-##", "slots": {"A": "letters"}}}}"###, "components[0].attributes.mask: error: the attribute 'mask' of the component 'text-field': the slot \"A\" takes \"letters\", which is not a slot kind; a slot takes digit, letter or any; did you mean \"letter\"?"),
        (###"{"id": "number-field", "attributes": {"title": "Amount", "mask": "##.##"}}"###, "components[0].attributes.mask: error: the attribute 'mask' of the component 'number-field': a number-field's mask is a currency, like {\"currency\": \"EUR\"}; a pattern or a phone mask goes on a text-field"),
        (###"{"id": "text-field", "attributes": {"title": "Phone", "mask": {"currency": "EUR"}}}"###, "components[0].attributes.mask: error: the attribute 'mask' of the component 'text-field': a currency mask goes on a number-field, whose value is a number; a text-field takes a pattern or a phone mask"),
        (###"{"id": "switch", "attributes": {"title": "Sure", "mask": "##"}}"###, "components[0].attributes.mask: error: the component 'switch' has no attribute 'mask'; it has title, value, hidden, enabled, validateOn, accessibility; a mask goes on a text-field (a pattern or a phone number) or a number-field (a currency)"),
    ])
    func checkSaysWhereAMaskIsWrong(_ component: String, _ message: String) throws {
        let registry = Registry.standard(behavior: .v2)
        let document = try PageDocument.load(Array("{\"page\": \"p\", \"components\": [\(component)]}".utf8), registry: registry, libraries: .empty)
        let found = document.check(registry: registry).filter { $0.severity == .error }.map(\.rendered)
        #expect(found == [message])
    }

    @Test func checkWarnsThatLevelOneDoesNotApplyAMask() throws {
        let document = try PageDocument.load(Array(###"{"page": "p", "components": [{"id": "text-field", "attributes": {"title": "Phone", "mask": "##"}}]}"###.utf8), registry: .standard, libraries: .empty)
        #expect(document.check(registry: .standard).map(\.rendered).contains { $0.hasPrefix("components[0].attributes.mask: warning: the engine applies 'mask' from behaviour level 2 on") })
    }
}
