import Testing
@testable import Formwork

/// `luhn` and `iban` against published test numbers: the card networks' test cards, and the IBAN
/// registry's example IBANs of several countries; one wrong digit or check digit fails.
@Suite struct ChecksumValidationTests {
    @Test(arguments: [
        ("4111 1111 1111 1111", true), ("4012888888881881", true),        // Visa
        ("5555 5555 5555 4444", true), ("5105-1051-0510-5100", true),     // Mastercard
        ("3782 822463 10005", true), ("371449635398431", true),           // American Express
        ("6011111111111117", true),                                       // Discover
        ("4111 1111 1111 1112", false), ("5555555555554445", false), ("378282246310006", false),
        ("1", false), ("4111a11111111111", false), ("", false),
    ])
    func luhn(_ number: String, _ valid: Bool) {
        #expect(ChecksumValidations.isLuhnValid(number) == valid, "\(number)")
    }

    @Test(arguments: [
        ("DE89 3704 0044 0532 0130 00", true), ("GB29 NWBK 6016 1331 9268 19", true), ("FR14 2004 1010 0505 0001 3M02 606", true),
        ("NL91ABNA0417164300", true), ("CH9300762011623852957", true), ("ES9121000418450200051332", true),
        ("IT60X0542811101000000123456", true), ("BE68539007547034", true), ("NO9386011117947", true),
        ("PL61109010140000071219812874", true), ("AT611904300234573201", true), ("de89 3704 0044 0532 0130 00", true),
        ("DE88 3704 0044 0532 0130 00", false), ("GB28NWBK60161331926819", false), ("DE8937040044053201300", false),
        ("NL91ABNA041716430", false), ("XX00", false), ("DE89-3704-0044-0532-0130-0!", false),
    ])
    func iban(_ number: String, _ valid: Bool) {
        #expect(ChecksumValidations.isIBANValid(number) == valid, "\(number)")
    }

    /// The messages, in the page's language or its nearest ancestor's, else English.
    @Test(arguments: [("de-AT", "Geben Sie eine gültige IBAN ein"), ("ru", "Введите правильный IBAN"), ("ja", "有効な IBAN を入力してください"), ("sw", "Enter a valid IBAN")])
    func ibanMessage(_ locale: String, _ message: String) {
        #expect(ChecksumValidations.message(\.iban, locale: locale) == message)
    }
}
