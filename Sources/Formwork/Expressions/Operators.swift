import Foundation

/// The meaning of each operator, in one place. Every function throws `FunctionFailure`; the
/// compiler adds the source range. Operators that build text or arrays, or compare whole values,
/// count their work in the evaluation's `state`.
enum Operators {
    static func apply(_ op: BinaryOperator, _ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue {
        switch op {
        case .add: return try add(a, b, &state)
        case .subtract, .multiply, .remainder: return try arithmetic(op, a, b)
        case .divide: return try divide(a, b)
        case .equal: return .bool(try state.equal(a, b))
        case .notEqual: return .bool(!(try state.equal(a, b)))
        case .less, .lessEqual, .greater, .greaterEqual: return try ordered(op, a, b, &state)
        }
    }

    /// `a < b`, `a <= b`, `a > b`, `a >= b`; comparing text counts the text read.
    @inline(__always)
    static func ordered(_ op: BinaryOperator, _ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue {
        if case .string(let x) = a, case .string(let y) = b { try state.read(textBytes: min(x.utf8.count, y.utf8.count)) }
        return .bool(try compare(op, a, b))
    }

    static func mismatch(_ op: String, _ a: PageValue, _ b: PageValue) -> FunctionFailure {
        FunctionFailure("cannot apply '\(op)' to \(a.typeName) and \(b.typeName)", kind: .type)
    }

    @inline(__always)
    static func add(_ a: PageValue, _ b: PageValue, _ state: inout EvaluationState) throws -> PageValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            let (sum, overflow) = x.addingReportingOverflow(y)
            if overflow { throw FunctionFailure("the result of \(x) + \(y) is outside the 64-bit integer range", kind: .overflow) }
            return .int(sum)
        case (.string(let x), .string(let y)):
            try state.charge(bytes: x.utf8.count + y.utf8.count)
            return .string(x + y)
        case (.string(let x), _):
            let text = try state.text(b)
            try state.charge(bytes: x.utf8.count + text.utf8.count)
            return .string(x + text)
        case (_, .string(let y)):
            let text = try state.text(a)
            try state.charge(bytes: text.utf8.count + y.utf8.count)
            return .string(text + y)
        case (.array(let x), .array(let y)):
            try state.charge(elements: x.count + y.count)
            return .array(x + y)
        default:
            guard let x = a.doubleValue, let y = b.doubleValue else { throw mismatch("+", a, b) }
            return try finite(x + y, "+")
        }
    }

    @inline(__always)
    static func arithmetic(_ op: BinaryOperator, _ a: PageValue, _ b: PageValue) throws -> PageValue {
        if case .int(let x) = a, case .int(let y) = b {
            let result: (partialValue: Int64, overflow: Bool)
            switch op {
            case .subtract: result = x.subtractingReportingOverflow(y)
            case .multiply: result = x.multipliedReportingOverflow(by: y)
            default:
                if y == 0 { throw FunctionFailure("modulo by zero", kind: .divisionByZero) }
                // NB: Int64.min % -1 is 0; Swift reports it as an overflow because the quotient overflows.
                result = y == -1 ? (0, false) : x.remainderReportingOverflow(dividingBy: y)
            }
            if result.overflow {
                throw FunctionFailure("the result of \(x) \(op.rawValue) \(y) is outside the 64-bit integer range", kind: .overflow)
            }
            return .int(result.partialValue)
        }
        guard let x = a.doubleValue, let y = b.doubleValue else { throw mismatch(op.rawValue, a, b) }
        switch op {
        case .subtract: return try finite(x - y, "-")
        case .multiply: return try finite(x * y, "*")
        default:
            if y == 0 { throw FunctionFailure("modulo by zero", kind: .divisionByZero) }
            return try finite(x.truncatingRemainder(dividingBy: y), "%")
        }
    }

    static func divide(_ a: PageValue, _ b: PageValue) throws -> PageValue {
        guard let x = a.doubleValue, let y = b.doubleValue else { throw mismatch("/", a, b) }
        if y == 0 { throw FunctionFailure("division by zero", kind: .divisionByZero) }
        return try finite(x / y, "/")
    }

    @inline(__always)
    static func finite(_ value: Double, _ op: String) throws -> PageValue {
        guard value.isFinite else { throw FunctionFailure("the result of '\(op)' is too large to represent", kind: .overflow) }
        return .number(value)
    }

    @inline(__always)
    static func compare(_ op: BinaryOperator, _ a: PageValue, _ b: PageValue) throws -> Bool {
        let order: Int
        switch (a, b) {
        case (.int(let x), .int(let y)): order = x < y ? -1 : x == y ? 0 : 1
        case (.string(let x), .string(let y)): order = x < y ? -1 : x == y ? 0 : 1
        case (.int(let x), .number(let y)):
            guard let o = exactOrder(x, y) else { return false }
            order = o
        case (.number(let x), .int(let y)):
            guard let o = exactOrder(y, x) else { return false }
            order = -o
        case (.number(let x), .number(let y)):
            if x.isNaN || y.isNaN { return false }
            order = x < y ? -1 : x == y ? 0 : 1
        default:
            throw mismatch(op.rawValue, a, b)
        }
        switch op {
        case .less: return order < 0
        case .lessEqual: return order <= 0
        case .greater: return order > 0
        default: return order >= 0
        }
    }

    /// Compares an int with a number exactly, even where a Double can't hold the int
    /// (9007199254740993 > 9007199254740992.0). Nil when the number is NaN.
    static func exactOrder(_ x: Int64, _ y: Double) -> Int? {
        if y.isNaN { return nil }
        if y >= 9_223_372_036_854_775_808.0 { return -1 }
        if y < -9_223_372_036_854_775_808.0 { return 1 }
        let whole = y.rounded(.down)  // in Int64's range now
        let w = Int64(whole)
        if x != w { return x < w ? -1 : 1 }
        return whole < y ? -1 : 0
    }

    static func negate(_ a: PageValue) throws -> PageValue {
        switch a {
        case .int(let x):
            let (result, overflow) = Int64(0).subtractingReportingOverflow(x)
            if overflow { throw FunctionFailure("-(\(x)) is outside the 64-bit integer range", kind: .overflow) }
            return .int(result)
        case .number(let x): return .number(-x)
        default: throw FunctionFailure("cannot apply '-' to \(a.typeName)", kind: .type)
        }
    }

    /// `base.name`: null on null or a missing key; a type error on anything but an object.
    @inline(__always)
    static func member(_ base: PageValue, _ name: String) throws -> PageValue {
        switch base {
        case .object(let object): return object[name] ?? .null
        case .null: return .null
        default: throw FunctionFailure("cannot read '.\(name)' of \(base.typeName); only objects have members", kind: .type)
        }
    }

    /// `base[index]`: array by int (null when out of range), object by string.
    static func index(_ base: PageValue, _ index: PageValue) throws -> PageValue {
        switch (base, index) {
        case (.array(let array), _):
            guard let i = index.intValue else {
                throw FunctionFailure("an array index must be an int, not \(index.typeName)", kind: .type)
            }
            return i >= 0 && i < Int64(array.count) ? array[Int(i)] : .null
        case (.object(let object), .string(let key)): return object[key] ?? .null
        case (.object, _): throw FunctionFailure("an object index must be a string, not \(index.typeName)", kind: .type)
        case (.null, _): return .null
        default: throw FunctionFailure("cannot index into \(base.typeName) with [...]; only arrays and objects can be indexed", kind: .type)
        }
    }
}
