/// `round floor ceil abs min max sum avg fixed`.
enum NumberFunctions {
    typealias B = BuiltInFunctions

    /// Rounds half away from zero at `digits` decimals (negative: tens, hundreds, …), exactly:
    /// the double's own decimal value is rounded, once, and the result is the double nearest to it.
    /// So `round(2.345, 2)` is 2.35 (2.345 is stored as 2.34500000000000019…) but `round(1.005, 2)`
    /// is 1.0 (1.005 is stored as 1.00499999999999989…).
    static func round(_ value: Double, digits: Int) -> Double {
        guard value.isFinite else { return value }
        return ExactDecimal(value).rounded(decimals: clamped(digits)).doubleValue
    }

    /// `digits` brought into the range where it can change a double: every double is a multiple of
    /// 10^-1074 and below 10^309, so rounding at more decimals changes nothing and at fewer gives 0.
    private static func clamped(_ digits: Int) -> Int { min(max(digits, -400), 1100) }

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

    /// The exact total of the numbers in `items`, nulls skipped, and whether they were all ints.
    static func exactTotal(_ items: [PageValue], _ name: String) throws -> (sum: ExactSum, allInts: Bool) {
        var sum = ExactSum()
        var allInts = true
        for item in items {
            switch item {
            case .int(let i): sum.add(i)
            case .number(let d):
                guard d.isFinite else { throw FunctionFailure("\(name)(): the total is too large to represent", kind: .overflow) }
                sum.add(d)
                allInts = false
            case .null: continue
            default: throw FunctionFailure("\(name)() adds numbers, but the array holds \(Wording.withArticle(item.typeName))", kind: .type)
            }
        }
        return (sum, allInts)
    }

    /// `x` as text with exactly `digits` decimals, rounded half away from zero from its exact value;
    /// an int is written out digit for digit.
    static func fixed(_ value: PageValue, digits: Int) throws -> String {
        switch value {
        case .int(let int):
            let text = String(int)
            return digits > 0 ? text + "." + String(repeating: "0", count: digits) : text
        default:
            let double = try B.double(value, "fixed")
            guard double.isFinite else { return PageValue.format(double) }
            return ExactDecimal(double).rounded(decimals: digits).text(decimals: digits)
        }
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
            // NB: rounding up can pass the largest double: round(1.7976931348623157e308, -308).
            guard rounded.isFinite else { throw FunctionFailure("round(): the result is too large to represent", kind: .overflow) }
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
            // NB: exact, rounded once: [0.1, 0.2, 0.3] totals 0.6, and [max, 1, -1] is max.
            let (sum, allInts) = try exactTotal(try B.array(args[0], "sum"), "sum")
            if allInts {
                guard let int = sum.int() else { throw FunctionFailure("sum(): the total is outside the 64-bit integer range", kind: .overflow) }
                return .int(int)
            }
            let total = sum.double()
            guard total.isFinite else { throw FunctionFailure("sum(): the total is too large to represent", kind: .overflow) }
            return .number(total)
        },
        ExpressionFunction("avg", arity: 1...1) { call in
            let args = call.arguments
            try call.charge(steps: elementCount(args))
            if case .null = args[0] { return .null }
            let items = try B.array(args[0], "avg").filter { !$0.isNull }
            guard !items.isEmpty else { return .null }
            // NB: the exact total divided exactly, rounded once; the mean of finite numbers is finite.
            return .number(try exactTotal(items, "avg").sum.double(dividedBy: items.count))
        },
        ExpressionFunction("fixed", arity: 2...2) { args in
            let digits = try B.int(args[1], "fixed", 2)
            guard (0...15).contains(digits) else { throw FunctionFailure("fixed(): digits must be between 0 and 15, got \(digits)", kind: .type) }
            return .string(try fixed(args[0], digits: digits))
        },
    ]
}
