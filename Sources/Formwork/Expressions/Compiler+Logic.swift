extension Compiler {
    /// `!operand`.
    static func not(_ operand: @escaping Evaluator, _ range: SourceRange, _ source: String) -> Evaluator {
        { scope, state in
            let value = try operand(scope, &state)
            try Compiler.step(&state, range, source)
            return .bool(!value.isTruthy)
        }
    }

    /// `left && right`: false without evaluating the right when the left is falsy.
    static func and(_ left: @escaping Evaluator, _ right: @escaping Evaluator, _ range: SourceRange, _ source: String) -> Evaluator {
        { scope, state in
            try Compiler.step(&state, range, source)
            guard try left(scope, &state).isTruthy else { return .bool(false) }
            return .bool(try right(scope, &state).isTruthy)
        }
    }

    /// `left || right`: true without evaluating the right when the left is truthy.
    static func or(_ left: @escaping Evaluator, _ right: @escaping Evaluator, _ range: SourceRange, _ source: String) -> Evaluator {
        { scope, state in
            try Compiler.step(&state, range, source)
            if try left(scope, &state).isTruthy { return .bool(true) }
            return .bool(try right(scope, &state).isTruthy)
        }
    }

    /// `condition ? then : otherwise`, evaluating only the branch taken.
    static func conditional(_ condition: @escaping Evaluator, _ then: @escaping Evaluator, _ otherwise: @escaping Evaluator, _ range: SourceRange, _ source: String) -> Evaluator {
        { scope, state in
            try Compiler.step(&state, range, source)
            return try condition(scope, &state).isTruthy ? try then(scope, &state) : try otherwise(scope, &state)
        }
    }
}
