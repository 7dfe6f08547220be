import Foundation

/// The built-in choice inputs (behaviour level 2): `rating`, `radio`, `checkboxes`, `slider` and
/// `segmented`. Each is an input like `select` (a `title`, a two-way `value`, `onChange`), and
/// each says what it makes of a value it is given (`ComponentValueCoercion`), so a person, a
/// host or a flow can't store a rating above its `max` or a choice that isn't among its options.
///
/// ```
/// set stars 7       ⇒  error: 'stars' takes 1 to 5 stars, not 7
/// set size Large    ⇒  $data.size = "l"   (an option's title gives its value)
/// set toppings Ham  ⇒  toggles Ham in $data.toppings
/// ```
enum ChoiceComponents {
    static let options = AttributeSpec("options", .array, summary: "strings, or objects with title and value", text: .members(["title"]))

    static let all: [ComponentType] = [
        BuiltInComponents.input("rating", value: .number, extra: [
            AttributeSpec("max", .int, default: 5, summary: "how many stars (or points), 1 to 10", check: { value in
                guard let max = value.intValue else { return nil }
                return (1...10).contains(max) ? nil : "a rating has 1 to 10 stars, not \(max)"
            }),
            AttributeSpec("halfSteps", .bool, default: false, summary: "whether half a star may be chosen (3.5)"),
        ], summary: "a number of stars from 1 to max; null when not rated", coercion: rating),
        BuiltInComponents.input("radio", value: .any, extra: [options],
                                summary: "one of a few options, all shown; the value is the chosen option's value", coercion: oneOption),
        BuiltInComponents.input("segmented", value: .any, extra: [options],
                                summary: "one of a few options shown as joined buttons; the value is the chosen option's value", coercion: oneOption),
        BuiltInComponents.input("checkboxes", value: .array, extra: [options],
                                summary: "any number of options; the value is the array of the chosen options' values, in the options' order", coercion: someOptions),
        BuiltInComponents.input("slider", value: .number, extra: [
            AttributeSpec("min", .number, default: 0), AttributeSpec("max", .number, default: 100),
            AttributeSpec("step", .number, default: 1, summary: "the distance between two values; a value in between is moved to the nearest step", check: { value in
                guard let step = value.doubleValue else { return nil }
                return step > 0 ? nil : "a slider's step is more than 0, not \(value.displayText)"
            }),
            AttributeSpec("valueLabel", .string, summary: "the text shown with the slider, like ${$data.volume} %; the value itself when not given", text: .whole),
        ], summary: "a number from min to max in steps", coercion: slider),
    ]

    // MARK: - Coercions

    /// A rating: a whole number (or a half, with `halfSteps`) from 1 (½) to `max`.
    static let rating: ComponentValueCoercion = { value, attributes throws(ComponentValueRefusal) in
        if value.isNull { return .null }
        let max = Double(attributes["max"]?.intValue ?? 5), half = attributes["halfSteps"]?.isTruthy == true
        let unit = half ? "a whole or half number of stars" : "a whole number of stars"
        let lowest = half ? "½" : "1"
        guard let stars = value.doubleValue else {
            throw ComponentValueRefusal("takes \(unit) from \(lowest) to \(PageValue.format(max)), not \(value.typeName) \(value.preview())")
        }
        guard stars <= max else { throw ComponentValueRefusal("takes \(lowest) to \(PageValue.format(max)) stars, not \(PageValue.format(stars))") }
        guard stars >= (half ? 0.5 : 1) else { throw ComponentValueRefusal("takes \(lowest) to \(PageValue.format(max)) stars, not \(PageValue.format(stars)); set null for no rating") }
        let steps = half ? stars * 2 : stars
        guard steps.rounded() == steps else { throw ComponentValueRefusal("takes \(unit), not \(PageValue.format(stars))") }
        return stars.rounded() == stars ? .int(Int64(stars)) : .number(stars)
    }

    /// `radio`, `segmented`: an option's value, or its title.
    static let oneOption: ComponentValueCoercion = { value, attributes throws(ComponentValueRefusal) in
        if value.isNull { return .null }
        let choices = choices(attributes)
        guard let chosen = option(value, in: choices) else { throw ComponentValueRefusal(notAmong(value, choices)) }
        return chosen.value
    }

    /// `checkboxes`: an array of options (values or titles), kept in the options' order without
    /// repeats; one option alone toggles it in the current value.
    static let someOptions: ComponentValueCoercion = { value, attributes throws(ComponentValueRefusal) in
        if value.isNull { return .null }
        let choices = choices(attributes)
        var chosen: [PageValue]
        if case .array(let elements) = value {
            chosen = []
            for element in elements {
                guard let option = option(element, in: choices) else { throw ComponentValueRefusal(notAmong(element, choices)) }
                chosen.append(option.value)
            }
        } else {
            guard let option = option(value, in: choices) else { throw ComponentValueRefusal(notAmong(value, choices)) }
            chosen = attributes["value"]?.arrayValue ?? []
            if chosen.contains(option.value) { chosen.removeAll { $0 == option.value } } else { chosen.append(option.value) }
        }
        // NB: the options' order, so the stored array doesn't depend on the order of the clicks.
        let ordered = choices.map(\.value).filter { chosen.contains($0) }
        return .array(ordered.enumerated().filter { item in !ordered[..<item.offset].contains(item.element) }.map(\.element))
    }

    /// A slider: a number from `min` to `max`, moved to the nearest step.
    static let slider: ComponentValueCoercion = { value, attributes throws(ComponentValueRefusal) in
        if value.isNull { return .null }
        let low = attributes["min"]?.doubleValue ?? 0, high = attributes["max"]?.doubleValue ?? 100
        let step = attributes["step"]?.doubleValue.flatMap { $0 > 0 ? $0 : nil } ?? 1
        let range = "\(PageValue.format(low)) to \(PageValue.format(high))"
        guard let number = value.doubleValue else { throw ComponentValueRefusal("takes a number from \(range), not \(value.typeName) \(value.preview())") }
        guard number >= low, number <= high else { throw ComponentValueRefusal("takes a number from \(range), not \(PageValue.format(number))") }
        // NB: rounded to a billionth, so steps of 0.1 give 0.3, not 0.30000000000000004.
        let snapped = ((low + ((number - low) / step).rounded() * step) * 1e9).rounded() / 1e9
        let inRange = Swift.min(Swift.max(snapped, low), high)
        return inRange.rounded() == inRange && abs(inRange) < 9e15 ? .int(Int64(inRange)) : .number(inRange)
    }

    // MARK: - Options

    /// The options of `attributes`, as `select` reads them: strings, or `{title, value}`.
    static func choices(_ attributes: PageAttributes) -> [PickerOption] {
        (attributes["options"]?.arrayValue ?? []).map(PickerOption.init)
    }

    /// The option whose value is `value`, else the one whose title is the text `value`.
    static func option(_ value: PageValue, in choices: [PickerOption]) -> PickerOption? {
        if let byValue = choices.first(where: { $0.value == value }) { return byValue }
        guard case .string(let text) = value else { return nil }
        return choices.first { $0.title == text }
    }

    /// "has no option "purple"; its options are "red" (Red), "green" (Green)".
    static func notAmong(_ value: PageValue, _ choices: [PickerOption]) -> String {
        if choices.isEmpty { return "has no options, so it can't take \(value.preview())" }
        let listed = choices.prefix(12).map { option in
            option.title == option.value.displayText ? option.value.jsonText : "\(option.value.jsonText) (\(option.title))"
        }.joined(separator: ", ") + (choices.count > 12 ? ", …" : "")
        return "has no option \(value.preview()); its options are \(listed)"
    }
}
