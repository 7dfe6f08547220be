/// What `check` says about a `mask`: a literal mask that doesn't read, one on an input that can't
/// take its kind, and one on a component that has no mask.
///
/// ```
/// components[1].attributes.mask: error: the attribute 'mask' of the component 'number-field': a number-field's mask is a currency, like {"currency": "EUR"}; a pattern or a phone mask goes on a text-field
/// ```
enum MaskCheck {
    /// The `mask` attribute of an input whose value is `number` (a currency mask) or text.
    static func attribute(number: Bool) -> AttributeSpec {
        AttributeSpec("mask", .any, summary: number
                      ? "a currency mask, like {\"currency\": \"EUR\"}: the field groups the amount in the page's locale (behaviour level 2)"
                      : "a pattern like \"+7 (###) ###-##-##\" (# a digit, @ a letter, * either, \\ before a literal) or {\"phone\": \"RU\"}: the field shows the masked text, the store gets the raw value (behaviour level 2)",
                      check: { problem($0, number: number) })
    }

    /// Why the literal `value` is no mask for the input (nil when it is one).
    static func problem(_ value: PageValue, number: Bool) -> String? {
        let mask: InputMask
        do { mask = try InputMask(value, locale: "en") } catch { return error.message }
        if number, !mask.storesNumber {
            return "a number-field's mask is a currency, like {\"currency\": \"EUR\"}; a pattern or a phone mask goes on a text-field"
        }
        if !number, mask.storesNumber {
            return "a currency mask goes on a number-field, whose value is a number; a text-field takes a pattern or a phone mask"
        }
        return nil
    }

    /// Added to "has no attribute 'mask'" for a component without one.
    static let elsewhere = "; a mask goes on a text-field (a pattern or a phone number) or a number-field (a currency)"

    /// The warning for a mask on a page opened at behaviour level 1, where the engine doesn't apply it.
    static let belowLevel = "the engine applies 'mask' from behaviour level 2 on; at level 1 the field takes text as typed and the store gets it unmasked: state level 2 in the app's registry (Registry.standard(behavior: .v2)) once the app is tested with it"
}
