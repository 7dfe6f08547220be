/// How an expression that is one call of a function that isn't pure with literal arguments,
/// `text('title')`, runs: one object for the whole call, made by `CallShortcut`.
///
/// It runs as `Compiler.compileCall`'s evaluator does for the same call — one step for the call
/// and one per 64 bytes of text given, the function's body with the same invocation, the same
/// errors at the same range — with the arguments' values known once, when it is compiled, rather
/// than evaluated (and gathered into a new array) on every run. What it saves is compiling: the
/// general form is a closure per literal, an array of them, an array for lambdas and a closure
/// context around them; this is one object, and the evaluator's closure captures nothing else,
/// so the object is the closure's context.
final class LiteralCall: Sendable {
    let function: ExpressionFunction
    /// The arguments' values, in order.
    let arguments: [PageValue]
    /// The whole call, from the function's name to its `)`, for errors.
    let range: SourceRange
    let source: String
    /// The UTF-8 length of the text arguments: reading text counts steps.
    let textBytes: Int

    init(_ function: ExpressionFunction, _ arguments: [PageValue], range: SourceRange, source: String) {
        self.function = function
        self.arguments = arguments
        self.range = range
        self.source = source
        textBytes = Compiler.textBytes(of: arguments)
    }

    var evaluator: Compiler.Evaluator {
        { scope, state in try self.value(in: scope, &state) }
    }

    /// The call's value in `scope`: `Compiler.compileCall`'s steps, invocation and errors.
    func value(in scope: ExpressionScope, _ state: inout EvaluationState) throws -> PageValue {
        // NB: no lambdas: `CallShortcut` takes no function with a lambda at an argument's
        // position, and a position past the array reads as one without (`FunctionInvocation`).
        try Compiler.invoke(function.body, function.name, arguments, textBytes: textBytes, [], scope, &state, range, source)
    }
}
