/// `luhn` (card numbers) and `iban` (bank accounts): check digits a person mistypes, caught before
/// the form is sent, with the message in the page's language. Both let an empty value pass, and
/// ignore the spaces and hyphens a mask or a person puts between groups.
///
/// ```swift
/// ChecksumValidations.isLuhnValid("4111 1111 1111 1111")       // true  (Visa's test number)
/// ChecksumValidations.isIBANValid("DE89 3704 0044 0532 0130 00") // true
/// ChecksumValidations.isIBANValid("DE88 3704 0044 0532 0130 00") // false (check digits)
/// ```
enum ChecksumValidations {
    static let all: [ValidationType] = [
        ValidationType("luhn", summary: "a card number whose last digit is its Luhn check digit (spaces and hyphens ignored)") { context in
            guard let text = text(of: context.value) else { return nil }
            return isLuhnValid(text) ? nil : message(\.card, locale: context.session.locale)
        },
        ValidationType("iban", summary: "an IBAN of the country's length with valid check digits (spaces ignored, any case)") { context in
            guard let text = text(of: context.value) else { return nil }
            return isIBANValid(text) ? nil : message(\.iban, locale: context.session.locale)
        },
    ]

    /// The value as text to check; nil for an empty one, which passes.
    private static func text(of value: PageValue) -> String? {
        switch value {
        case .string(let s): return TextRules.trimmed(s).isEmpty ? nil : s
        case .int(let i): return String(i)
        case .null: return nil
        default: return value.displayText
        }
    }

    /// Whether `text` is digits (spaces and hyphens between them ignored) whose Luhn sum is a
    /// multiple of 10; fewer than two digits never are.
    static func isLuhnValid(_ text: String) -> Bool {
        let kept = text.filter { $0 != " " && $0 != "-" }
        guard kept.count >= 2, kept.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        var sum = 0
        for (index, c) in kept.reversed().enumerated() {
            guard var digit = c.wholeNumberValue else { return false }
            if index % 2 == 1 {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
        }
        return sum % 10 == 0
    }

    /// Whether `text` is an IBAN: two letters of a country, two check digits, then letters and
    /// digits, as long as the IBAN registry says for the country (15 to 34 for a country it
    /// doesn't list), with the number it spells ≡ 1 mod 97 (ISO 13616).
    static func isIBANValid(_ text: String) -> Bool {
        let kept = Array(text.filter { $0 != " " && $0 != "-" }.uppercased())
        guard kept.count >= 15, kept.count <= 34, kept.allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLetter) }),
              kept[0].isLetter, kept[1].isLetter, kept[2].isNumber, kept[3].isNumber else { return false }
        if let length = ibanLengths[String(kept[0...1])], length != kept.count { return false }
        var remainder = 0
        for c in kept[4...] + kept[..<4] {
            if let digit = c.wholeNumberValue {
                remainder = (remainder * 10 + digit) % 97
            } else if let ascii = c.asciiValue {
                remainder = (remainder * 100 + Int(ascii) - 55) % 97   // A = 10 … Z = 35
            }
        }
        return remainder == 1
    }

    /// IBAN lengths by country, from the SWIFT IBAN registry.
    static let ibanLengths: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29, "BY": 28,
        "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18,
        "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22,
        "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20,
        "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15,
        "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SC": 31, "SE": 24, "SI": 19,
        "SK": 24, "SM": 27, "ST": 25, "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
    ]

    /// The message in `locale`'s language, or its nearest ancestor's, or English.
    static func message(_ which: KeyPath<(card: String, iban: String), String>, locale: String) -> String {
        for tag in LocaleTag.fallbackChain(locale) {
            if let found = wordings[tag] { return found[keyPath: which] }
        }
        return (wordings["en"] ?? ("Enter a valid card number", "Enter a valid IBAN"))[keyPath: which]
    }

    /// One pair per language the engine has messages for (as `InputProblem`'s).
    private static let wordings: [String: (card: String, iban: String)] = [
        "en": ("Enter a valid card number", "Enter a valid IBAN"),
        "de": ("Geben Sie eine gültige Kartennummer ein", "Geben Sie eine gültige IBAN ein"),
        "fr": ("Saisissez un numéro de carte valide", "Saisissez un IBAN valide"),
        "es": ("Introduce un número de tarjeta válido", "Introduce un IBAN válido"),
        "ru": ("Введите правильный номер карты", "Введите правильный IBAN"),
        "pl": ("Wpisz poprawny numer karty", "Wpisz poprawny numer IBAN"),
        "ar": ("أدخل رقم بطاقة صالحًا", "أدخل رقم IBAN صالحًا"),
        "zh-Hans": ("请输入有效的卡号", "请输入有效的 IBAN"),
        "ja": ("有効なカード番号を入力してください", "有効な IBAN を入力してください"),
    ]
}
