import Foundation

// The rules that turn a value into something else, kept in one place:
//
// | value            | truthy | display text                          |
// |------------------|--------|---------------------------------------|
// | null             | no     | "" (empty)                            |
// | false / true     | = value| "false" / "true"                      |
// | int              | ≠ 0    | decimal digits                        |
// | number           | ≠ 0.0  | ≤ 15 significant digits, shortest;    |
// |                  |        | plain from 1e-6 up to 1e21, else 1e+21|
// | string           | ≠ ""   | itself                                |
// | array / object   | always | compact JSON                          |
//
// Equality is structural with no coercion, except that an int equals a number of the same value.

extension PageValue {
    /// Whether the value counts as true in a condition. Falsy: null, false, 0, 0.0 and "".
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let b): return b
        case .int(let i): return i != 0
        case .number(let d): return d != 0 && !d.isNaN
        case .string(let s): return !s.isEmpty
        case .array, .object: return true
        }
    }

    /// The text shown when the value is joined to a string, put in a template or passed to `string()`.
    ///
    /// ```
    /// PageValue.number(0.1 + 0.2).displayText   // "0.3"
    /// PageValue.number(3).displayText           // "3"
    /// PageValue.null.displayText                // ""
    /// ```
    public var displayText: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .number(let d): return PageValue.format(d)
        case .string(let s): return s
        case .array, .object: return jsonText
        }
    }

    /// Formats a number with at most 15 significant digits, in its shortest form, and without a
    /// fraction when it is integral: `0.30000000000000004` → `0.3`, `3.0` → `3`.
    ///
    /// Like JavaScript, magnitudes from 1e-6 up to (not including) 1e21 are written out in full
    /// (`0.000001`, `100000000000000000000`); smaller and larger ones use an exponent (`1e-7`, `1.5e+21`).
    public static func format(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number == 0 { return "0" }
        if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
        // NB: "%.14e" rounds to 15 significant digits: "-1.23450000000000e+21".
        let scientific = String(format: "%.14e", number)
        guard let e = scientific.firstIndex(of: "e"), let exponent = Int(scientific[scientific.index(after: e)...]) else {
            return scientific
        }
        var digits = scientific[..<e].filter { $0.isNumber }
        while digits.count > 1, digits.last == "0" { digits.removeLast() }
        let sign = number < 0 ? "-" : ""
        if exponent >= 21 || exponent < -6 {
            let fraction = digits.dropFirst()
            return sign + String(digits.prefix(1)) + (fraction.isEmpty ? "" : "." + fraction) + "e" + (exponent < 0 ? "-" : "+") + String(abs(exponent))
        }
        if exponent < 0 {
            return sign + "0." + String(repeating: "0", count: -exponent - 1) + digits
        }
        if digits.count <= exponent + 1 {
            return sign + digits + String(repeating: "0", count: exponent + 1 - digits.count)
        }
        return sign + digits.prefix(exponent + 1) + "." + digits.dropFirst(exponent + 1)
    }
}

extension PageValue: Equatable {
    /// Deep structural equality; an int and a number are equal when they hold the same value.
    public static func == (lhs: PageValue, rhs: PageValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.int(let a), .number(let b)), (.number(let b), .int(let a)): return Double(a) == b && Double(exactly: a) != nil
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }
}

extension PageValue: CustomStringConvertible {
    /// The value as compact JSON.
    public var description: String { jsonText }
}
