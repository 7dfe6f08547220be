/// A text field's mask, read from its `mask` attribute: what the field shows while a person types
/// and what the store gets. One implementation serves the engine's typing, `formwork run`, flows
/// and the preview in a browser.
///
/// - a pattern, `"+7 (###) ###-##-##"` or `{"pattern": "@@## ####", "slots": {"X": "letter"}}`
///   (`MaskPattern`): the store gets the slots' characters, `9123456789`;
/// - a phone number by country, `{"phone": "RU"}` (`PhoneMasks`): the store gets the number as
///   `+79123456789`;
/// - an amount, `{"currency": "EUR"}` on a `number-field`: grouped in the page's locale with the
///   currency's decimals; the store gets a number.
///
/// ```swift
/// let phone = try InputMask(.object(["phone": "RU"]), locale: "en")
/// phone.apply(.replacingAll(of: "", with: "+7 912 345-67-89"))
/// // MaskedText(text: "+7 (912) 345-67-89", caret: 18, raw: "+79123456789")
/// let euros = try InputMask(.object(["currency": "EUR"]), locale: "de")
/// euros.apply(.replacingAll(of: "", with: "1234,5"))
/// // MaskedText(text: "1.234,5", caret: 7, raw: 1234.5)
/// ```
public struct InputMask: Sendable, Equatable {
    /// The kinds of mask.
    public enum Kind: Sendable, Equatable {
        /// A fixed pattern; the store gets the slots' characters.
        case pattern(MaskPattern)
        /// A phone number of `country`: a pattern after the calling code; the store gets `+` and digits.
        case phone(country: String, code: String, pattern: MaskPattern)
        /// An amount of `currency` (ISO 4217) in the page's locale; the store gets a number.
        case currency(String)
    }

    /// What the mask is.
    public let kind: Kind
    private let amounts: CurrencyEditor?

    /// The mask a page's `mask` attribute means in `locale`.
    ///
    /// - Throws: `MaskProblem` naming what to write instead.
    public init(_ value: PageValue, locale: String) throws(MaskProblem) {
        switch value {
        case .string(let pattern):
            kind = .pattern(try MaskPattern(pattern))
            amounts = nil
        case .object(let object):
            let keys = object.keys.sorted()
            guard keys.count >= 1, let main = ["pattern", "phone", "currency"].first(where: { object[$0] != nil }) else {
                throw MaskProblem("a mask object has one of \"pattern\", \"phone\" or \"currency\", like {\"phone\": \"RU\"}; this one has " + (keys.isEmpty ? "none" : keys.map { "\"\($0)\"" }.joined(separator: ", ")))
            }
            let allowed: Set<String> = main == "pattern" ? ["pattern", "slots"] : [main]
            if let extra = keys.first(where: { !allowed.contains($0) }) {
                throw MaskProblem("a \(main) mask has no \"\(extra)\"; it has " + allowed.sorted().map { "\"\($0)\"" }.joined(separator: " and "))
            }
            switch main {
            case "pattern":
                guard let pattern = object["pattern"]?.stringValue else { throw MaskProblem("\"pattern\" is text, like \"##.##.####\"") }
                var slots: [String: MaskSlot] = [:]
                if let written = object["slots"] {
                    guard let table = written.objectValue else { throw MaskProblem("\"slots\" is an object of characters and what they take, like {\"X\": \"letter\"}") }
                    for key in table.keys.sorted() {
                        let name = table[key]?.stringValue ?? ""
                        guard let slot = MaskSlot(rawValue: name) else {
                            let near = Suggestions.nearest(to: name, in: MaskSlot.allCases.map(\.rawValue)).map { "; did you mean \"\($0)\"?" } ?? ""
                            throw MaskProblem("the slot \"\(key)\" takes \"\(name)\", which is not a slot kind; a slot takes digit, letter or any\(near)")
                        }
                        slots[key] = slot
                    }
                }
                kind = .pattern(try MaskPattern(pattern, slots: slots))
                amounts = nil
            case "phone":
                let country = object["phone"]?.stringValue ?? ""
                guard let entry = PhoneMasks.table[country] else {
                    let near = Suggestions.nearest(to: country.uppercased(), in: PhoneMasks.countries).map { "; did you mean \"\($0)\"?" } ?? ""
                    throw MaskProblem("the phone country \(PageValue.string(country).jsonText) is not one the engine has a pattern for; it has " + PhoneMasks.countries.joined(separator: ", ") + near + " (write a pattern for another)")
                }
                kind = .phone(country: country, code: entry.code, pattern: try MaskPattern(entry.pattern))
                amounts = nil
            default:
                let code = object["currency"]?.stringValue ?? ""
                guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                    throw MaskProblem("the currency is an ISO 4217 code of three capital letters, like \"EUR\"; got \(object["currency"]?.jsonText ?? "none")")
                }
                kind = .currency(code)
                amounts = CurrencyEditor(locale: locale, digits: LocaleData.digits(ofCurrency: code))
            }
        default:
            throw MaskProblem("a mask is a pattern like \"+7 (###) ###-##-##\" or an object like {\"phone\": \"RU\"} or {\"currency\": \"EUR\"}; got \(Wording.withArticle(value.typeName))")
        }
    }

    /// Whether the store gets a number (a currency mask, for a `number-field`) rather than text.
    public var storesNumber: Bool {
        if case .currency = kind { return true }
        return false
    }

    /// What the field shows, where its caret goes and what the store gets after `edit`.
    public func apply(_ edit: MaskEdit) -> MaskedText {
        let chars = Array(edit.text)
        let selection = TextOffsets.characterRange(edit.selection, in: chars)
        let replaced = TextOffsets.characterRange(edit.replaced, in: chars)
        let inserted = Array(edit.inserted)
        switch kind {
        case .pattern(let pattern), .phone(_, _, let pattern):
            let (text, caret, raw) = PatternEditor.apply(pattern, text: chars, selection: selection, replaced: replaced, inserted: inserted)
            return MaskedText(text: String(text), caret: TextOffsets.utf16Offset(caret, in: text), raw: rawValue(raw))
        case .currency:
            guard let amounts else { return MaskedText(text: edit.text, caret: edit.selection.upperBound, raw: .null) }
            let (text, caret, raw) = amounts.apply(text: chars, selection: selection, replaced: replaced, inserted: inserted)
            return MaskedText(text: String(text), caret: TextOffsets.utf16Offset(caret, in: text), raw: raw)
        }
    }

    /// The masked text for a stored value: `+7 (912) 345-67-89` for `+79123456789`.
    public func text(for raw: PageValue) -> String {
        switch kind {
        case .pattern(let pattern):
            return raw.isNull ? "" : pattern.format(raw: raw.displayText)
        case .phone(_, let code, let pattern):
            guard !raw.isNull else { return "" }
            var digits = Substring(raw.displayText)
            if digits.hasPrefix("+" + code) { digits = digits.dropFirst(code.count + 1) }
            return pattern.format(raw: String(digits))
        case .currency:
            return amounts?.text(for: raw) ?? ""
        }
    }

    /// The store's value for a pattern's raw characters.
    private func rawValue(_ raw: [Character]) -> PageValue {
        if case .phone(_, let code, _) = kind { return .string(raw.isEmpty ? "" : "+" + code + String(raw)) }
        return .string(String(raw))
    }
}
