extension Compiler {
    /// A left-deep run of `+ - * / %` (`$data.a0 + $data.a1 + … + $data.a29`), compiled in one
    /// pass: the operands left to right, through `ArithmeticRunBuilder` — one `FusedArithmetic`
    /// for the longest runs of operands that fuse, in front of one `ArithmeticRun` as their
    /// general path, so compiling a long sum costs in proportion to its length and makes no
    /// closure per operator or per member read.
    ///
    /// Each level still folds when both its sides are constant, and a level whose right side
    /// doesn't fuse (a call, a string) ends the run: the run so far is its left side.
    func compileArithmetic(_ expr: Expr) -> Compiled {
        // NB: the levels counted first, so the spine is one allocation, not one per doubling.
        var levels = 0
        var node = expr
        while case .binary(let op, let left, _) = node.kind, op.isArithmetic {
            levels += 1
            node = left
        }
        var spine: [(op: BinaryOperator, right: Expr, range: SourceRange)] = []
        spine.reserveCapacity(levels)
        node = expr
        while case .binary(let op, let left, let right) = node.kind, op.isArithmetic {
            spine.append((op, right, node.range))
            node = left
        }
        var run = ArithmeticRunBuilder(first: runNode(node), source: source, capacity: levels)
        for (op, right, range) in spine.reversed() {
            run.append(op, runNode(right), range) { folded($0) }
        }
        return run.finish()
    }

    private func runNode(_ expr: Expr) -> ArithmeticRunBuilder.Node {
        if case .member = expr.kind, let (root, reads) = memberChain(expr) { return .read(root, reads, expr.range) }
        return .compiled(compileNode(expr))
    }

    /// `left op right` for a comparison with a fused fast path in front of the general one, when
    /// both sides are member reads, number constants or arithmetic over those (see
    /// `FusedArithmetic`); nil when they aren't, or for `==` and `!=`.
    ///
    /// The general path behind it is built from the children without their own fast paths, so
    /// when the fast path gives up the work is done once more, not once per level.
    static func fusedComparison(_ op: BinaryOperator, _ left: Compiled, _ right: Compiled, _ range: SourceRange, _ source: String) -> Compiled? {
        guard let a = left.operand, let b = right.operand else { return nil }
        switch op {
        case .less, .lessEqual, .greater, .greaterEqual:
            let general = binary(op, left.general, right.general, range, source)
            // NB: `ordered` spends nothing beyond the operator's step for numbers.
            let comparison = FusedComparison(op, a, b)
            let steps = comparison.steps
            let evaluator: Evaluator = { scope, state in
                if state.steps >= steps, let value = comparison.holds(scope, state) {
                    state.spend(steps)
                    return .bool(value)
                }
                return try general(scope, &state)
            }
            return Compiled(evaluator: evaluator, constant: nil, unfused: general, logic: .comparison(comparison))
        default:
            // NB: `==` and `!=` aren't fused: `state.equal` counts a step of its own, and equality
            // covers every type.
            return nil
        }
    }

    /// `&&`, `||`, `!` or `?:` over nodes that all have a shape, as one `FusedLogic` in front of
    /// `general`, the node compiled from its children's general paths.
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

extension BinaryOperator {
    /// `+ - * / %`: the operators a `FusedArithmetic` chain joins.
    var isArithmetic: Bool {
        switch self {
        case .add, .subtract, .multiply, .divide, .remainder: return true
        default: return false
        }
    }
}
