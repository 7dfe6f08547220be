/// `required`, `length`, `range`, `regex`, `email`, `expression`, `server`. All but `required`
/// let empty values pass, so they combine with `required` instead of repeating it.
enum BuiltInValidations {
    private static func isEmpty(_ value: PageValue) -> Bool {
        switch value {
        case .null: return true
        case .string(let s): return TextRules.trimmed(s).isEmpty
        case .array(let a): return a.isEmpty
        case .object(let o): return o.isEmpty
        default: return false
        }
    }

    /// Whether `pattern` matches all of `text`, exactly as `matches()` decides (`PageRegex`). A
    /// match past `regexSteps` fails the validation with kind "limit" rather than passing or
    /// failing the value.
    static func fullMatch(_ text: String, _ pattern: String, limits: PageLimits) throws -> Bool {
        do throws(PageRegex.Failure) {
            return try PageRegex(pattern, mode: .whole).matches(text, steps: limits.regexSteps)
        } catch {
            throw ActionFailure(kind: error.isLimit ? "limit" : "validation", message: error.description)
        }
    }

    static let all: [ValidationType] = [
        ValidationType("required", summary: "the value must not be empty (null, blank text, [] or {})") { context in
            isEmpty(context.value) ? "This field is required" : nil
        },
        ValidationType("length", attributes: [AttributeSpec("min", .int), AttributeSpec("max", .int)], summary: "text length in characters") { context in
            guard case .string(let text) = context.value, !text.isEmpty else { return nil }
            let min = try context.value("min").intValue, max = try context.value("max").intValue
            if let min, text.count < min { return "Enter at least \(min) character\(min == 1 ? "" : "s")" }
            if let max, text.count > max { return "Enter at most \(max) character\(max == 1 ? "" : "s")" }
            return nil
        },
        ValidationType("range", attributes: [AttributeSpec("min", .number), AttributeSpec("max", .number)], summary: "a number between min and max, inclusive") { context in
            if context.value.isNull { return nil }
            guard let number = context.value.doubleValue else { return "Enter a number" }
            let min = try context.value("min").doubleValue, max = try context.value("max").doubleValue
            if let min, number < min { return "Must be at least \(PageValue.format(min))" }
            if let max, number > max { return "Must be at most \(PageValue.format(max))" }
            return nil
        },
        ValidationType("regex", attributes: [AttributeSpec("pattern", .string, required: true)], summary: "the whole text matches the pattern") { context in
            guard case .string(let text) = context.value, !text.isEmpty else { return nil }
            return try fullMatch(text, try context.string("pattern") ?? "", limits: context.session.engine.limits) ? nil : "The format is not valid"
        },
        ValidationType("email", summary: "an email address (spaces around it are ignored)") { context in
            // Spaces around the address (a keyboard's autocompletion adds one) are ignored, as
            // `required` ignores them; pages send trim($data.email).
            guard case .string(let raw) = context.value else { return nil }
            let text = TextRules.trimmed(raw)
            if text.isEmpty { return nil }
            return try fullMatch(text, "[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}", limits: context.session.engine.limits) ? nil : "Enter a valid email address"
        },
        ValidationType("expression", attributes: [AttributeSpec("condition", .bool, required: true, summary: "true when the value is valid; sees $value and $data")],
                       summary: "any condition") { context in
            try context.bool("condition") ? nil : "This value is not valid"
        },
        ValidationType("server", attributes: RequestActions.attributes,
                       summary: "asks the server, like api (the url usually reads $value): 2xx accepts the value, 400, 404, 409 or 422 refuses it with the answer's message",
                       isAsync: true) { context in
            if isEmpty(context.value) { return nil }
            let answer = try await RequestActions.exchange(context)
            if (200..<300).contains(answer.status) { return nil }
            // NB: only answers that judge the value refuse it; a 401, a 500 or a network failure
            // means it couldn't be checked ("This value can't be checked.", and the host is told).
            guard refusals.contains(answer.status) else { throw answer.failure }
            return answer.body["message"]?.stringValue ?? answer.body["error"]?.stringValue ?? "This value is not accepted"
        },
    ]

    /// The statuses with which a server refuses a value it was asked about (`server`).
    static let refusals: Set<Int> = [400, 404, 409, 422]
}
