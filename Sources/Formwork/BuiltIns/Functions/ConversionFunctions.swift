/// `number int string`.
enum ConversionFunctions {
    /// Reads decimal text (`12`, `-4.5`, `.5`, `1e3`, white space around allowed, as `trim()`
    /// removes it); an int when it has no fraction or exponent and fits. Hex, `nan`, `inf`,
    /// thousands separators and digits other than 0–9 are refused.
    static func parseNumber(_ text: String, _ name: String) throws -> PageValue {
        let trimmed = TextRules.trimmed(text)
        guard isDecimal(trimmed) else { throw FunctionFailure("\(name)(): '\(text)' is not a number", kind: .conversion) }
        if let i = Int64(trimmed) { return .int(i) }
        if let d = Double(trimmed), d.isFinite { return .number(d) }
        throw FunctionFailure("\(name)(): '\(text)' is too large", kind: .overflow)
    }

    /// Decimal text cut toward zero, exactly: the digits themselves are cut, never a double
    /// (`'123456789012345678.9'` is 123456789012345678, `'0.99999999999999999999'` is 0).
    static func truncatedInt(_ text: String) throws -> Int64 {
        let trimmed = TextRules.trimmed(text)
        guard isDecimal(trimmed), let exact = ExactDecimal(text: trimmed.utf8[...]) else {
            throw FunctionFailure("int(): '\(text)' is not a number", kind: .conversion)
        }
        guard let int = exact.truncatedInt64 else {
            throw FunctionFailure("int(): '\(text)' is outside the 64-bit integer range", kind: .overflow)
        }
        return int
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    static func isDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
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
            default: throw FunctionFailure("number() can't convert \(Wording.withArticle(args[0].typeName)) to a number", kind: .conversion)
            }
        },
        ExpressionFunction("int", arity: 1...1) { args in
            let value = args[0]
            switch value {
            case .string(let text): return .int(try truncatedInt(text))
            case .null: return .null
            case .int: return value
            case .bool(let b): return .int(b ? 1 : 0)
            case .number(let d):
                let truncated = d.rounded(.towardZero)
                guard let int = Int64(exactly: truncated) else { throw FunctionFailure("int(): \(PageValue.format(d)) is outside the 64-bit integer range", kind: .overflow) }
                return .int(int)
            default: throw FunctionFailure("int() can't convert \(Wording.withArticle(value.typeName)) to an int", kind: .conversion)
            }
        },
        // NB: `text` counts the JSON it writes for an array or object, and writes only as much as the budget allows.
        ExpressionFunction("string", arity: 1...1) { call in .string(try call.text(call.arguments[0])) },
    ]
}
