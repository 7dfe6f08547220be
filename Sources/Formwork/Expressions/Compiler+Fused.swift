extension Compiler {
    /// `left op right` with a fused fast path in front of the general one, when both sides are
    /// member reads, number constants or arithmetic over those (see `FusedArithmetic`); nil when
    /// they aren't, or for an operator that isn't fused.
    ///
    /// The general path behind it is built from the children without their own fast paths, so
    /// when the fast path gives up the work is done once more, not once per level.
    static func fused(_ op: BinaryOperator, _ left: Compiled, _ right: Compiled, _ range: SourceRange, _ source: String) -> Compiled? {
        guard let a = left.operand, let b = right.operand else { return nil }
        let general = binary(op, left.general, right.general, range, source)
        switch op {
        case .add, .subtract, .multiply, .divide, .remainder:
            let chain = FusedArithmetic.chain(op, a, b)
            let steps = chain.steps
            let evaluator: Evaluator = { scope, state in
                if state.steps >= steps, let value = chain.value(scope, state) {
                    state.spend(steps)
                    return value.pageValue
                }
                return try general(scope, &state)
            }
            return Compiled(evaluator: evaluator, constant: nil, operand: .chain(chain), unfused: general)
        case .less, .lessEqual, .greater, .greaterEqual:
            // NB: `ordered` spends nothing beyond the operator's step for numbers.
            let comparison = FusedArithmetic(first: a, links: [(op, b)])
            let steps = comparison.steps
            let evaluator: Evaluator = { scope, state in
                if state.steps >= steps, let value = comparison.comparison(scope, state) {
                    state.spend(steps)
                    return .bool(value)
                }
                return try general(scope, &state)
            }
            return Compiled(evaluator: evaluator, constant: nil, unfused: general, logic: .comparison(comparison))
        case .equal, .notEqual:
            // NB: not fused: `state.equal` counts a step of its own, and equality covers every type.
            return nil
        }
    }

    /// `&&`, `||`, `!` or `?:` over nodes that all have a shape, as one `FusedLogic` program in
    /// front of `general`, the node compiled from its children's general paths.
    static func fused(_ shape: FusedLogic.Shape, general: @escaping Evaluator) -> Compiled {
        let program = FusedLogic(shape)
        let steps = program.steps
        let evaluator: Evaluator = { scope, state in
            if state.steps >= steps, let run = program.run(scope, state) {
                state.spend(run.steps)
                return run.value
            }
            return try general(scope, &state)
        }
        return Compiled(evaluator: evaluator, constant: nil, unfused: general, logic: shape)
    }
}
