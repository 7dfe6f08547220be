/// The general path of a fused run of `+ - * / %` (`$data.a0 + $data.a1 + … + $data.a29`): the
/// run's first operand and its links, evaluated left to right by one loop, where the compiler
/// used to make a closure per operator and another per member read.
///
/// It does exactly what those closures did, in the same order: the left side, then the right
/// side, then the operator's step, then the operator (`Operators.apply`), an operator's error
/// reported at its own node's range; a member read counts its steps and reports its errors as
/// `Compiler.memberChain`'s closure does. The fused fast path (`FusedArithmetic`) stays in front;
/// this runs when it gives up (a string, null, an overflow, too few steps).
///
/// NB: the links are the ones the fast path is built from, so a member read in a run costs its
/// `MemberRead`s and nothing else at compile time; `ArithmeticRunTests` holds this path equal to
/// the closures it replaces — values, errors with their ranges, steps spent — on a table.
struct ArithmeticRun: Sendable {
    /// What an operand is to the general path.
    enum Term: Sendable {
        /// A member chain from a root, read as `Compiler.memberChain`'s closure reads it.
        case read(Compiler.ChainRoot, [MemberRead])
        /// A value known at compile time.
        case value(PageValue)
        /// Any other node: its general path (without its own fast path).
        case node(Compiler.Evaluator)
    }

    /// `op operand` after what comes before it, at the operator's node `range`.
    struct Link: Sendable {
        let op: BinaryOperator
        /// What the fast path reads.
        let operand: FusedArithmetic.Operand
        /// What the general path evaluates.
        let term: Term
        let range: SourceRange
    }

    let first: Term
    let links: [Link]
    let source: String

    /// The run's value as the unfused closures computed it.
    func evaluate(_ scope: ExpressionScope, _ state: inout EvaluationState) throws -> PageValue {
        var value = try ArithmeticRun.value(of: first, scope, &state, source)
        for link in links {
            let right = try ArithmeticRun.value(of: link.term, scope, &state, source)
            do {
                try state.step()
                value = try Operators.apply(link.op, value, right, &state)
            } catch { throw Compiler.convert(error, link.range, source) }
        }
        return value
    }

    @inline(__always)
    private static func value(of term: Term, _ scope: ExpressionScope, _ state: inout EvaluationState, _ source: String) throws -> PageValue {
        switch term {
        case .value(let value):
            return value
        case .node(let evaluator):
            return try evaluator(scope, &state)
        case .read(let root, let reads):
            // NB: as `Compiler.memberChain`: every read's step at once, at the whole chain's
            // range (the last read's); then the reads, each failing at its own range.
            guard let last = reads.last else { return .null }
            try Compiler.step(&state, last.range, source, count: reads.count)
            return try Compiler.read(root, reads, scope, &state)
        }
    }
}
