/// `number int string`.
enum ConversionFunctions {
    static func parseNumber(_ text: String, _ name: String) throws -> PageValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let i = Int64(trimmed) { return .int(i) }
        if let d = Double(trimmed), d.isFinite, trimmed.lowercased() != "nan", !trimmed.lowercased().contains("inf") { return .number(d) }
        throw FunctionFailure("\(name)(): '\(text)' is not a number", kind: .conversion)
    }

    static let all: [ExpressionFunction] = [
        ExpressionFunction("number", arity: 1...1) { args in
            switch args[0] {
            case .null: return .null
            case .int(let i): return .number(Double(i))
            case .number: return args[0]
            case .string(let s):
                let parsed = try parseNumber(s, "number")
                return parsed.doubleValue.map { .number($0) } ?? parsed
            case .bool(let b): return .number(b ? 1 : 0)
            default: throw FunctionFailure("number() can't convert \(args[0].typeName == "array" ? "an array" : "an object") to a number", kind: .conversion)
            }
        },
        ExpressionFunction("int", arity: 1...1) { args in
            var value = args[0]
            if case .string(let s) = value { value = try parseNumber(s, "int") }
            switch value {
            case .null: return .null
            case .int: return value
            case .bool(let b): return .int(b ? 1 : 0)
            case .number(let d):
                let truncated = d.rounded(.towardZero)
                guard abs(truncated) < 9.2e18 else { throw FunctionFailure("int(): \(PageValue.format(d)) is outside the 64-bit integer range", kind: .overflow) }
                return .int(Int64(truncated))
            default: throw FunctionFailure("int() can't convert \(value.typeName == "array" ? "an array" : "an object") to an int", kind: .conversion)
            }
        },
        ExpressionFunction("string", arity: 1...1) { args in .string(args[0].displayText) },
    ]
}
