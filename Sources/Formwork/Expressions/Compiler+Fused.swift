extension Compiler {
    /// A left-deep run of `+ - * / %` (`$data.a0 + $data.a1 + … + $data.a29`), compiled in one
    /// pass: the operands left to right, and one `FusedArithmetic` for the longest runs of
    /// operands that fuse, in front of one `ArithmeticRun` as their general path — both built when
    /// a run ends, from the same links, so compiling a long sum costs in proportion to its length
    /// and makes no closure per operator or per member read.
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
        // The run being fused: its first operand (or, with no links yet, the node so far) and
        // the links after it.
        var first = runNode(node)
        var links: [ArithmeticRun.Link] = []
        links.reserveCapacity(levels)
        for (op, rightExpr, range) in spine.reversed() {
            let right = runNode(rightExpr)
            if links.isEmpty, case .compiled(let left) = first, left.constant != nil, case .compiled(let right) = right, right.constant != nil {
                first = .compiled(folded(Compiler.binary(op, left, right, range, source)))
                continue
            }
            if links.isEmpty ? first.operand != nil : true, let operand = right.operand {
                links.append(ArithmeticRun.Link(op: op, operand: operand, term: right.term, range: range))
                continue
            }
            let left = fusedRun(first, links)
            first = .compiled(Compiled(evaluator: Compiler.binary(op, left, right.compiled(source), range, source), constant: nil))
            links = []
        }
        return fusedRun(first, links)
    }

    /// A node of an arithmetic run before it is compiled: a member chain stays its reads until
    /// something needs its closure (a run of one, or a side of an operator that doesn't fuse).
    private enum RunNode {
        case read(ChainRoot, [MemberRead], SourceRange)
        case compiled(Compiled)

        var operand: FusedArithmetic.Operand? {
            switch self {
            case .read(let root, let reads, _): return .read(root, reads)
            case .compiled(let node): return node.operand
            }
        }

        var term: ArithmeticRun.Term {
            switch self {
            case .read(let root, let reads, _): return .read(root, reads)
            case .compiled(let node):
                if let value = node.constant { return .value(value) }
                return .node(node.general.evaluator)
            }
        }

        func compiled(_ source: String) -> Compiled {
            switch self {
            case .read(let root, let reads, let range): return Compiler.memberChain(root, reads, range, source)
            case .compiled(let node): return node
            }
        }
    }

    private func runNode(_ expr: Expr) -> RunNode {
        if case .member = expr.kind, let (root, reads) = memberChain(expr) { return .read(root, reads, expr.range) }
        return .compiled(compileNode(expr))
    }

    /// The run `first links…` as a node: a fused fast path in front of its `ArithmeticRun`;
    /// `first` itself when there are no links.
    private func fusedRun(_ first: RunNode, _ links: [ArithmeticRun.Link]) -> Compiled {
        guard !links.isEmpty, let operand = first.operand else { return first.compiled(source) }
        let chain = FusedArithmetic(first: operand, links: links)
        let steps = chain.steps
        let run = ArithmeticRun(first: first.term, links: links, source: source)
        let general: Evaluator = { scope, state in try run.evaluate(scope, &state) }
        let evaluator: Evaluator = { scope, state in
            if state.steps >= steps, let value = chain.value(scope, state) {
                state.spend(steps)
                return value.pageValue
            }
            return try run.evaluate(scope, &state)
        }
        return Compiled(evaluator: evaluator, constant: nil, operand: .chain(chain), unfused: general)
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
