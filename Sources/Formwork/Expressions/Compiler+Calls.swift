extension Compiler {
    /// A call: its value arguments evaluated in order, its lambdas compiled to closures over the
    /// evaluation's state, the function run with a `FunctionInvocation` that lends it that state.
    /// A pure function whose arguments are all constant is folded.
    func compileCall(_ function: ExpressionFunction, _ arguments: [Expr.Argument], _ range: SourceRange) -> Compiled {
        let source = self.source
        // NB: before the arguments, which may hold calls of their own: outermost first.
        findings.calls.append(CallAnalysis.site(function, arguments, range))
        var valueEvaluators: [Stored] = []
        var lambdas: [StoredLambda?] = Array(repeating: nil, count: arguments.count)
        var allConstant = true
        for (position, argument) in arguments.enumerated() {
            switch argument {
            case .value(let expr):
                let compiled = compileNode(expr)
                if compiled.constant == nil { allConstant = false }
                valueEvaluators.append(Stored(run: compiled.evaluator))
            case .lambda(let count, let firstSlot, let body):
                allConstant = false
                valueEvaluators.append(Stored(run: { _, _ in .null }))
                let bodyEval = compileNode(body).evaluator
                let bodyRange = body.range
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
        let argumentEvaluators = valueEvaluators
        let evaluator: Evaluator = { scope, state in
            var values: [PageValue] = []
            values.reserveCapacity(argumentEvaluators.count)
            for evaluator in argumentEvaluators { values.append(try evaluator.run(scope, &state)) }
            // A call is a step, and reading text takes time in proportion to its length.
            var textBytes = 0
            for value in values { if case .string(let text) = value { textBytes &+= text.utf8.count } }
            do {
                try state.step()
                try state.read(textBytes: textBytes)
            } catch { throw Compiler.convert(error, range, source) }
            var invocation = FunctionInvocation(arguments: values, scope: scope, lambdas: capturedLambdas, state: .placeholder)
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
        return allConstant && function.isPure ? folded(evaluator) : Compiled(evaluator: evaluator, constant: nil)
    }
}
