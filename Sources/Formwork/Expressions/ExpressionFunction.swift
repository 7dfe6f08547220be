/// A function callable from expressions: a name, how many arguments it takes, and a Swift closure.
///
/// Built-in functions are registered exactly like a host's. The simple form takes evaluated values:
///
/// ```swift
/// let vat = ExpressionFunction("vat", arity: 1...1) { args in
///     guard let amount = args[0].doubleValue else { throw FunctionFailure("vat() expects a number") }
///     return .number(amount * 0.2)
/// }
/// var functions = FunctionLibrary.standard
/// functions.register(vat)
/// try CompiledExpression("vat(100)", functions: functions).evaluate(in: ExpressionScope())   // 20
/// ```
///
/// A function that takes a lambda (`map(xs, x => x * 2)`) names the argument positions that are
/// lambdas and calls them through `FunctionInvocation.call(_:_:)`.
///
/// A `FunctionSignature` (optional) names the parameters, their types and the result's, so
/// `formwork check` can check argument types and the registry description can list them:
///
/// ```swift
/// ExpressionFunction("vat", signature: FunctionSignature([.value("amount", .number)], result: [.number])) { args in … }
/// ```
public struct ExpressionFunction: Sendable {
    /// The name a call uses: `vat` for `vat($data.price)`.
    public let name: String
    /// How many arguments a call may pass; `Int.max` as the upper bound for "any number".
    public let arity: ClosedRange<Int>
    /// Argument positions that must be lambdas, with the most parameters each lambda may declare.
    public let lambdaParameters: [Int: Int]
    /// Whether the result depends only on the arguments, so calls with constant arguments are
    /// folded at compile time. `now()` is not pure.
    public let isPure: Bool
    /// Parameter and result types, for `check`, the registry description and docs; nil when the
    /// function doesn't describe them (its calls are then only checked for arity).
    public let signature: FunctionSignature?
    let body: @Sendable (inout FunctionInvocation) throws -> PageValue

    /// A function that may take lambdas and read the scope (clock, time zone).
    public init(
        _ name: String, arity: ClosedRange<Int>, lambdaParameters: [Int: Int] = [:], isPure: Bool = true,
        signature: FunctionSignature? = nil, body: @escaping @Sendable (inout FunctionInvocation) throws -> PageValue
    ) {
        self.name = name
        self.arity = arity
        self.lambdaParameters = lambdaParameters
        self.isPure = isPure
        self.signature = signature
        self.body = body
    }

    /// A pure function of its evaluated arguments. The text or array it returns counts against the
    /// evaluation's `evaluationBytes` once it is built; a function that could build something much
    /// larger than its arguments should take a `FunctionInvocation` and `charge` before building.
    public init(_ name: String, arity: ClosedRange<Int>, signature: FunctionSignature? = nil, body: @escaping @Sendable ([PageValue]) throws -> PageValue) {
        self.init(name, arity: arity, signature: signature) { (invocation: inout FunctionInvocation) in
            let result = try body(invocation.arguments)
            try invocation.state.chargeResult(result)
            return result
        }
    }

    /// A function of its evaluated arguments whose arity and lambda positions come from its signature.
    public init(_ name: String, signature: FunctionSignature, isPure: Bool = true, body: @escaping @Sendable ([PageValue]) throws -> PageValue) {
        self.init(name, arity: signature.arity, lambdaParameters: signature.lambdaPositions, isPure: isPure, signature: signature) { (invocation: inout FunctionInvocation) in
            let result = try body(invocation.arguments)
            try invocation.state.chargeResult(result)
            return result
        }
    }

    /// The same function with `signature` attached (its arity stays as it is).
    public func described(by signature: FunctionSignature?) -> ExpressionFunction {
        ExpressionFunction(name, arity: arity, lambdaParameters: lambdaParameters, isPure: isPure, signature: signature, body: body)
    }

    /// How the arity reads in a message: "1 argument", "2 or 3 arguments", "at least 1 argument".
    var arityText: String {
        func plural(_ n: Int) -> String { n == 1 ? "1 argument" : "\(n) arguments" }
        if arity.lowerBound == arity.upperBound { return plural(arity.lowerBound) }
        if arity.upperBound == Int.max { return "at least " + plural(arity.lowerBound) }
        if arity.upperBound == arity.lowerBound + 1 { return "\(arity.lowerBound) or " + plural(arity.upperBound) }
        return "\(arity.lowerBound) to " + plural(arity.upperBound)
    }
}

/// A failure a function reports, such as a bad argument type. The engine adds where the call is.
public struct FunctionFailure: Error, Sendable {
    /// What kind of failure: `$error.kind` shows it to pages.
    public enum Kind: Sendable {
        /// An argument of the wrong type: `formatNumber('12')`.
        case type
        /// Text that isn't the number or date it should be: `number('abc')`.
        case conversion
        /// An int result outside 64 bits, or a number too large to represent.
        case overflow
        /// `/` or `%` by zero.
        case divisionByZero
        /// Any other failure of the function's own: a bad regular expression, an unknown time zone.
        case other
        /// A budget of `PageLimits` ran out (see `FunctionInvocation.charge`), or a regular expression's `regexSteps`.
        case limit
    }

    /// What kind of failure.
    public let kind: Kind
    /// What went wrong, for the page's author.
    public let message: String

    /// A failure saying `message`.
    public init(_ message: String, kind: Kind = .other) {
        self.kind = kind
        self.message = message
    }
}

/// One call of a function: the evaluated arguments, the lambdas, the scope, and the budgets of the
/// evaluation it is part of.
///
/// The call itself is one step of `PageLimits.evaluationSteps`, plus one per 64 bytes of text in
/// its arguments, and each lambda call one more. A function that visits many elements or builds
/// large text or arrays says so with `charge` **before** it does, so a page can't make it run for
/// minutes or take gigabytes:
///
/// ```swift
/// ExpressionFunction("repeat", arity: 2...2) { call in
///     let text = call.arguments[0].stringValue ?? ""
///     let times = max(0, Int(call.arguments[1].intValue ?? 0))
///     try call.charge(steps: times, bytes: text.utf8.count * times)   // fails with a limit error if too much
///     return .string(String(repeating: text, count: times))
/// }
/// ```
public struct FunctionInvocation {
    /// Evaluated arguments; a lambda's position holds null.
    public let arguments: [PageValue]
    /// The scope the call runs in (for the clock and time zone).
    public let scope: ExpressionScope
    /// By argument position; nil where the argument is a value. NB: an array, not a dictionary:
    /// `call` runs once per element of a `map`, and hashing the position showed in profiles.
    let lambdas: [Compiler.StoredLambda?]
    /// The evaluation's lambda parameters and budgets, lent to the call.
    var state: EvaluationState

    /// Calls the lambda at argument position `position` with up to two arguments (extra ones are
    /// ignored when the lambda declares fewer parameters).
    public mutating func call(_ position: Int, _ first: PageValue, _ second: PageValue = .null) throws -> PageValue {
        guard lambdas.indices.contains(position), let lambda = lambdas[position] else {
            throw FunctionFailure("argument \(position + 1) must be a lambda such as x => x * 2", kind: .type)
        }
        return try lambda.run(scope, &state, first, second)
    }

    /// Counts work the function is about to do against the evaluation's budgets: `steps` (one per
    /// element visited) and `bytes` (of text built; an array element or object member counts 16).
    /// Throws a `limit` failure, naming the budget, when the evaluation would go over one.
    public mutating func charge(steps: Int = 0, bytes: Int = 0) throws(FunctionFailure) {
        if steps != 0 { try state.step(steps) }
        if bytes != 0 { try state.charge(bytes: bytes) }
    }

    /// Counts an array (or object) of `count` elements about to be built.
    mutating func charge(elements count: Int) throws(FunctionFailure) {
        try state.charge(elements: count)
    }

    /// The text of `value` as templates show it, counted against the budgets as it is built.
    mutating func text(_ value: PageValue) throws(FunctionFailure) -> String {
        try state.text(value)
    }

    /// `a == b`, counted against the budgets.
    mutating func equal(_ a: PageValue, _ b: PageValue) throws(FunctionFailure) -> Bool {
        try state.equal(a, b)
    }
}
