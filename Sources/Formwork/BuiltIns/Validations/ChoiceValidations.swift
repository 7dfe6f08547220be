/// `count` (behaviour level 2): how many elements an array may have, for `checkboxes` ("choose
/// 1 to 3"). Like the other validations but `required`, it lets an empty value pass.
enum ChoiceValidations {
    static let all: [ValidationType] = [
        ValidationType("count", attributes: [AttributeSpec("min", .int), AttributeSpec("max", .int)],
                       summary: "how many elements an array has, like the options chosen in checkboxes") { context in
            guard case .array(let elements) = context.value, !elements.isEmpty else { return nil }
            let min = try context.value("min").intValue, max = try context.value("max").intValue
            if let min, elements.count < min { return "Choose at least \(min)" }
            if let max, elements.count > max { return "Choose at most \(max)" }
            return nil
        },
    ]
}
