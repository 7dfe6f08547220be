extension Compiler {
    /// A call: its value arguments evaluated in order, its lambdas compiled to closures over the
    /// evaluation's state, the function run with a `FunctionInvocation` that lends it that state.
    /// A pure function whose arguments are all constant is folded.
    func compileCall(_ function: ExpressionFunction, _ arguments: [Expr.Argument], _ range: SourceRange) -> Compiled {
        let source = self.source
        // NB: before the arguments, which may hold calls of their own: outermost first.
        findings.calls.append(CallAnalysis.site(function, arguments, range))
        // NB: while every argument so far is a constant (`text('send')`, `fixed(2.5, 2)`), only
        // its value is kept: a folded call needs no closure per argument, nor any for lambdas.
        var constants: [PageValue] = []
        var valueEvaluators: [Stored] = []
        var lambdas: [StoredLambda?] = []
        var allConstant = true
        for (position, argument) in arguments.enumerated() {
            switch argument {
            case .value(let expr):
                let compiled = compileNode(expr)
                if allConstant, let value = compiled.constant {
                    constants.append(value)
                    continue
                }
                if allConstant {
                    allConstant = false
                    valueEvaluators = Compiler.stored(constants)
                }
                valueEvaluators.append(Stored(run: compiled.evaluator))
            case .lambda(let count, let firstSlot, let body):
                if allConstant {
                    allConstant = false
                    valueEvaluators = Compiler.stored(constants)
                }
                valueEvaluators.append(Stored(run: { _, _ in .null }))
                let bodyEval = compileNode(body).evaluator
                let bodyRange = body.range
                // NB: made only for a call that has a lambda; `FunctionInvocation.call` treats a
                // position past the end as one without a lambda.
                if lambdas.isEmpty { lambdas = Array(repeating: nil, count: arguments.count) }
                lambdas[position] = StoredLambda(run: { scope, state, first, second in
                    try Compiler.step(&state, bodyRange, source)
                    // NB: parameters live at fixed slots; trim anything a failed call left behind.
                    if state.locals.count != firstSlot {
                        if state.locals.count > firstSlot { state.locals.removeLast(state.locals.count - firstSlot) }
                        while state.locals.count < firstSlot { state.locals.append(.null) }
                    }
                    state.locals.append(first)
                    if count > 1 { state.locals.append(second) }
                    defer {
                        state.locals.removeLast()
                        if count > 1 { state.locals.removeLast() }
                    }
                    return try bodyEval(scope, &state)
                })
            }
        }
        let body = function.body
        let name = function.name
        let capturedLambdas = lambdas
        if allConstant {
            let values = constants
            let evaluator: Evaluator = { scope, state in
                try Compiler.invoke(body, name, values, capturedLambdas, scope, &state, range, source)
            }
            return function.isPure ? folded(evaluator) : Compiled(evaluator: evaluator, constant: nil)
        }
        let argumentEvaluators = valueEvaluators
        let evaluator: Evaluator = { scope, state in
            var values: [PageValue] = []
            values.reserveCapacity(argumentEvaluators.count)
            for evaluator in argumentEvaluators { values.append(try evaluator.run(scope, &state)) }
            return try Compiler.invoke(body, name, values, capturedLambdas, scope, &state, range, source)
        }
        return Compiled(evaluator: evaluator, constant: nil)
    }

    /// Constant arguments as evaluators, for a call that turns out to have others.
    private static func stored(_ constants: [PageValue]) -> [Stored] {
        var stored: [Stored] = []
        stored.reserveCapacity(constants.count + 1)
        for value in constants { stored.append(Stored(run: { _, _ in value })) }
        return stored
    }

    /// Runs `body` on the evaluated arguments: the call's step and the reading of its text
    /// arguments counted first, the evaluation's state lent to it.
    @inline(__always)
    private static func invoke(_ body: @escaping @Sendable (inout FunctionInvocation) throws -> PageValue, _ name: String, _ values: [PageValue], _ lambdas: [StoredLambda?], _ scope: ExpressionScope, _ state: inout EvaluationState, _ range: SourceRange, _ source: String) throws -> PageValue {
        try invoke(body, name, values, textBytes: textBytes(of: values), lambdas, scope, &state, range, source)
    }

    /// The UTF-8 length of the text among `values`: reading text counts steps.
    static func textBytes(of values: [PageValue]) -> Int {
        var textBytes = 0
        for value in values { if case .string(let text) = value { textBytes &+= text.utf8.count } }
        return textBytes
    }

    /// `invoke` with the text's length known already (`LiteralCall` counts it once, when compiled).
    @inline(__always)
    static func invoke(_ body: @escaping @Sendable (inout FunctionInvocation) throws -> PageValue, _ name: String, _ values: [PageValue], textBytes: Int, _ lambdas: [StoredLambda?], _ scope: ExpressionScope, _ state: inout EvaluationState, _ range: SourceRange, _ source: String) throws -> PageValue {
        // A call is a step, and reading text takes time in proportion to its length.
        do {
            try state.step()
            try state.read(textBytes: textBytes)
        } catch { throw Compiler.convert(error, range, source) }
        var invocation = FunctionInvocation(arguments: values, scope: scope, lambdas: lambdas, state: .placeholder)
        swap(&invocation.state, &state)
        defer { swap(&invocation.state, &state) }
        do {
            let result = try body(&invocation)
            switch result {
            case .array, .object: invocation.state.noteContainer()
            default: break
            }
            return result
        } catch let error as ExpressionError {
            throw error
        } catch {
            throw Compiler.convert(error, range, source, function: name)
        }
    }
}
