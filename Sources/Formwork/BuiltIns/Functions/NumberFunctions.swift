import Foundation

/// `round floor ceil abs min max sum avg fixed`.
enum NumberFunctions {
    typealias B = BuiltInFunctions

    /// Rounds half away from zero at `digits` decimals; negative `digits` round to tens, hundreds, ….
    static func round(_ value: Double, digits: Int) -> Double {
        if digits == 0 { return value.rounded(.toNearestOrAwayFromZero) }
        if digits < 0 {
            let scale = pow(10, -Double(digits))  // NB: not Double(-digits), which traps for Int.min
            // NB: past 1e308 every finite value rounds to 0 (and inf / inf would be NaN).
            guard scale.isFinite else { return 0 }
            let rounded = (value / scale).rounded(.toNearestOrAwayFromZero) * scale
            return rounded.isFinite ? rounded : value
        }
        let scale = pow(10, Double(digits))
        let scaled = value * scale
        guard scaled.isFinite else { return value }
        // NB: nudge by one ulp so 1.005 (stored as 1.00499…) rounds like the decimal a person wrote.
        let nudged = scaled + (scaled.sign == .minus ? -scaled.ulp : scaled.ulp)
        return nudged.rounded(.toNearestOrAwayFromZero) / scale
    }

    /// An int rounded half away from zero to `digits` (negative: tens, hundreds, …), exactly.
    static func roundInt(_ value: Int64, digits: Int) throws -> PageValue {
        guard digits < 0 else { return .int(value) }
        let overflow = FunctionFailure("round(): the result is outside the 64-bit integer range", kind: .overflow)
        guard digits > -19 else {
            // NB: 10^19 doesn't fit; values from 5·10^18 would round to it, the rest to 0.
            if digits == -19, value.magnitude >= 5_000_000_000_000_000_000 { throw overflow }
            return .int(0)
        }
        var scale: Int64 = 1
        for _ in 0 ..< -digits { scale *= 10 }
        var quotient = value / scale
        let remainder = value % scale
        if remainder.magnitude * 2 >= scale.magnitude { quotient += value < 0 ? -1 : 1 }
        let (result, overflowed) = quotient.multipliedReportingOverflow(by: scale)
        if overflowed { throw overflow }
        return .int(result)
    }

    private static func extremum(_ name: String, _ args: [PageValue], _ better: (PageValue, PageValue) throws -> Bool) throws -> PageValue {
        let values: [PageValue]
        if args.count == 1, case .array(let items) = args[0] { values = items } else { values = args }
        guard var best = values.first else { return .null }
        for value in values {
            guard value.doubleValue != nil || value.stringValue != nil else {
                throw FunctionFailure("\(name)() compares numbers or strings, got \(value.typeName)", kind: .type)
            }
            guard (value.stringValue == nil) == (best.stringValue == nil) else {
                throw FunctionFailure("\(name)() can't compare \(best.typeName) with \(value.typeName)", kind: .type)
            }
            if try better(value, best) { best = value }
        }
        return best
    }

    static func total(_ items: [PageValue], _ name: String) throws -> PageValue {
        var intSum: Int64 = 0
        var doubleSum = 0.0
        var allInts = true
        for item in items {
            switch item {
            case .int(let i) where allInts:
                let (next, overflow) = intSum.addingReportingOverflow(i)
                if overflow { throw FunctionFailure("\(name)(): the total is outside the 64-bit integer range", kind: .overflow) }
                intSum = next
            case .int(let i): doubleSum += Double(i)
            case .number(let d):
                if allInts { doubleSum = Double(intSum); allInts = false }
                doubleSum += d
            case .null: continue
            default: throw FunctionFailure("\(name)() adds numbers, but the array holds \(item.typeName == "array" ? "an array" : "a " + item.typeName)", kind: .type)
            }
        }
        if allInts { return .int(intSum) }
        guard doubleSum.isFinite else { throw FunctionFailure("\(name)(): the total is too large to represent", kind: .overflow) }
        return .number(doubleSum)
    }

    /// How many elements the arrays among `args` hold: the steps a function visiting them takes.
    private static func elementCount(_ args: [PageValue]) -> Int {
        args.reduce(0) { count, arg in count + (arg.arrayValue?.count ?? 0) }
    }

    static let all: [ExpressionFunction] = [
        ExpressionFunction("round", arity: 1...2) { args in
            let digits = args.count > 1 ? try B.int(args[1], "round", 2) : 0
            if case .int(let int) = args[0] { return try roundInt(int, digits: digits) }
            let rounded = round(try B.double(args[0], "round"), digits: digits)
            return digits <= 0 ? B.integral(rounded) : .number(rounded)
        },
        ExpressionFunction("floor", arity: 1...1) { args in
            if case .int = args[0] { return args[0] }
            return B.integral(try B.double(args[0], "floor").rounded(.down))
        },
        ExpressionFunction("ceil", arity: 1...1) { args in
            if case .int = args[0] { return args[0] }
            return B.integral(try B.double(args[0], "ceil").rounded(.up))
        },
        ExpressionFunction("abs", arity: 1...1) { args in
            switch args[0] {
            case .int(let i):
                guard i != Int64.min else { throw FunctionFailure("abs(\(i)) is outside the 64-bit integer range", kind: .overflow) }
                return .int(Swift.abs(i))
            case .number(let d): return .number(Swift.abs(d))
            default: throw FunctionFailure("abs() expects a number, got \(args[0].typeName)", kind: .type)
            }
        },
        ExpressionFunction("min", arity: 1...Int.max) { call in
            try call.charge(steps: elementCount(call.arguments))
            return try extremum("min", call.arguments) { try Operators.compare(.less, $0, $1) }
        },
        ExpressionFunction("max", arity: 1...Int.max) { call in
            try call.charge(steps: elementCount(call.arguments))
            return try extremum("max", call.arguments) { try Operators.compare(.greater, $0, $1) }
        },
        ExpressionFunction("sum", arity: 1...1) { call in
            let args = call.arguments
            try call.charge(steps: elementCount(args))
            if case .null = args[0] { return .int(0) }
            return try total(try B.array(args[0], "sum"), "sum")
        },
        ExpressionFunction("avg", arity: 1...1) { call in
            let args = call.arguments
            try call.charge(steps: elementCount(args))
            if case .null = args[0] { return .null }
            let items = try B.array(args[0], "avg").filter { !$0.isNull }
            guard !items.isEmpty else { return .null }
            guard let sum = try total(items, "avg").doubleValue else { return .null }
            return .number(sum / Double(items.count))
        },
        ExpressionFunction("fixed", arity: 2...2) { args in
            let value = try B.double(args[0], "fixed")
            let digits = try B.int(args[1], "fixed", 2)
            guard (0...15).contains(digits) else { throw FunctionFailure("fixed(): digits must be between 0 and 15, got \(digits)", kind: .type) }
            let rounded = round(value, digits: digits)
            var text = String(format: "%.\(digits)f", rounded)
            if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { text.removeFirst() }
            return .string(text)
        },
    ]
}
