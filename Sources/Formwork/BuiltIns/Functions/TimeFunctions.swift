import Foundation

/// `now date`. `now()` reads the scope's clock, so tests inject a `FixedClock`.
enum TimeFunctions {
    static let all: [ExpressionFunction] = [
        ExpressionFunction("now", arity: 0...0, isPure: false) { call in
            .int(call.scope.clock.nowMilliseconds())
        },
        // NB: not pure: without a zone argument it uses the evaluation scope's time zone, so it must
        // not be folded at compile time with whatever zone the compiling machine has.
        ExpressionFunction("date", arity: 2...3, isPure: false) { call in
            let args = call.arguments
            let ms = try BuiltInFunctions.double(args[0], "date")
            // NB: the range JavaScript dates have (±100,000,000 days); past it formatters print "".
            guard ms.magnitude <= 8.64e15 else {
                throw FunctionFailure("date(): \(PageValue.format(ms)) ms is outside the range of dates (±8640000000000000)")
            }
            let pattern = try BuiltInFunctions.string(args[1], "date", 2)
            var zone = call.scope.timeZone
            if args.count == 3 {
                let name = try BuiltInFunctions.string(args[2], "date", 3)
                guard let named = BuiltInFunctions.timeZone(named: name) else {
                    throw FunctionFailure("date(): unknown time zone '\(name)'; use a name such as 'UTC' or 'Asia/Shanghai'")
                }
                zone = named
            }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = zone
            formatter.dateFormat = pattern
            return .string(formatter.string(from: Date(timeIntervalSince1970: ms / 1000)))
        },
    ]
}
