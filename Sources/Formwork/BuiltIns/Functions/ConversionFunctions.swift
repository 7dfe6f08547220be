/// `number int string`.
enum ConversionFunctions {
    /// Reads decimal text (`12`, `-4.5`, `.5`, `1e3`, surrounding spaces allowed); an int when it
    /// has no fraction or exponent and fits. Hex, `nan`, `inf` and thousands separators are refused.
    static func parseNumber(_ text: String, _ name: String) throws -> PageValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard isDecimal(trimmed) else { throw FunctionFailure("\(name)(): '\(text)' is not a number", kind: .conversion) }
        if let i = Int64(trimmed) { return .int(i) }
        if let d = Double(trimmed), d.isFinite { return .number(d) }
        throw FunctionFailure("\(name)(): '\(text)' is too large", kind: .overflow)
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
                guard let int = Int64(exactly: truncated) else { throw FunctionFailure("int(): \(PageValue.format(d)) is outside the 64-bit integer range", kind: .overflow) }
                return .int(int)
            default: throw FunctionFailure("int() can't convert \(value.typeName == "array" ? "an array" : "an object") to an int", kind: .conversion)
            }
        },
        // NB: `text` counts the JSON it writes for an array or object, and writes only as much as the budget allows.
        ExpressionFunction("string", arity: 1...1) { call in .string(try call.text(call.arguments[0])) },
    ]
}
