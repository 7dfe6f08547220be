/// `&&`, `||`, `!` and `?:` over what `FusedArithmetic` reads — member reads, constants,
/// arithmetic chains and comparisons — run without boxing each operand's truth into a
/// `PageValue` and without a closure per operand: `$data.qty > 0 && $data.enabled ? $data.price : 0`
/// is three closures (the evaluator, `?:`, `&&`), each testing its operands in place.
///
/// Like `FusedArithmetic`, it is a fast path in front of the compiled closures: it only reads
/// (no calls, nothing written), so whenever an operand is unusual — a read that would fail, an
/// arithmetic chain that gives up — it gives up too, and the general path runs from the start
/// and gives the values, errors and ranges it always did.
///
/// Steps: a node spends, on the path taken, what the general path spends there: one for each
/// `&&`, `||`, `!` and `?:`, and each operand's own. The run counts what it spends as it goes;
/// it starts only when the steps of the whole node (more than any one path needs) are left, so
/// it never runs out part-way.
final class FusedLogic: Sendable {
    /// A node as the compiler describes it, when it can be fused.
    indirect enum Shape: Sendable {
        /// A member read, a number constant or an arithmetic chain.
        case operand(FusedArithmetic.Operand)
        /// Two operands joined by `<`, `<=`, `>` or `>=`.
        case comparison(FusedArithmetic)
        /// Any other constant (text, a bool, null).
        case constant(PageValue)
        case and(Shape, Shape)
        case or(Shape, Shape)
        case not(Shape)
        case conditional(Shape, Shape, Shape)

        /// The steps of every operand and operator in it: at least what any one path spends.
        var steps: Int {
            switch self {
            case .operand(let operand): return operand.steps
            case .comparison(let comparison): return comparison.steps
            case .constant: return 0
            case .and(let a, let b), .or(let a, let b): return 1 + a.steps + b.steps
            case .not(let a): return 1 + a.steps
            case .conditional(let a, let b, let c): return 1 + a.steps + b.steps + c.steps
            }
        }
    }

    /// A fused node's truth, adding the steps it spends; nil when the general path must decide.
    typealias Test = @Sendable (ExpressionScope, EvaluationState, inout Int) -> Bool?
    /// A fused node's value, adding the steps it spends; nil when the general path must compute it.
    typealias Produce = @Sendable (ExpressionScope, EvaluationState, inout Int) -> PageValue?

    /// An operand of a fused node. Operands that are `&&`, `||`, `!` or `?:` themselves are
    /// closures; the others are tested where they are used, by a switch in the closure of the
    /// node using them.
    enum Piece: Sendable {
        /// A member read of one key (see `FusedArithmetic.Term`).
        case read(FusedArithmetic.Term)
        /// A member read of several keys.
        case path(Compiler.ChainRoot, [MemberRead])
        case chain(FusedArithmetic)
        case comparison(FusedArithmetic)
        case constant(PageValue)
        case test(Test)
        case produce(Produce)

        @inline(__always)
        func truth(_ scope: ExpressionScope, _ state: EvaluationState, _ spent: inout Int) -> Bool? {
            switch self {
            case .read(let term):
                spent += 1
                return term.pageValue(scope, state)?.isTruthy
            case .path(let root, let reads):
                spent += reads.count
                return FusedArithmetic.value(root, reads, scope, state)?.isTruthy
            case .chain(let chain):
                spent += chain.steps
                return chain.value(scope, state)?.pageValue.isTruthy
            case .comparison(let comparison):
                spent += comparison.steps
                return comparison.comparison(scope, state)
            case .constant(let value):
                return value.isTruthy
            case .test(let test):
                return test(scope, state, &spent)
            case .produce(let produce):
                return produce(scope, state, &spent)?.isTruthy
            }
        }

        @inline(__always)
        func value(_ scope: ExpressionScope, _ state: EvaluationState, _ spent: inout Int) -> PageValue? {
            switch self {
            case .read(let term):
                spent += 1
                return term.pageValue(scope, state)
            case .path(let root, let reads):
                spent += reads.count
                return FusedArithmetic.value(root, reads, scope, state)
            case .chain(let chain):
                spent += chain.steps
                return chain.value(scope, state)?.pageValue
            case .comparison(let comparison):
                spent += comparison.steps
                return comparison.comparison(scope, state).map(PageValue.bool)
            case .constant(let value):
                return value
            case .test(let test):
                return test(scope, state, &spent).map(PageValue.bool)
            case .produce(let produce):
                return produce(scope, state, &spent)
            }
        }
    }

    /// The node.
    private let root: Piece
    /// The operands the pieces refer to without retaining them (`FusedArithmetic.Term`).
    private let operands: [FusedArithmetic.Operand]
    /// The steps of the whole node: at least what any one run spends.
    let steps: Int

    init(_ shape: Shape) {
        var operands: [FusedArithmetic.Operand] = []
        root = FusedLogic.piece(shape, &operands)
        self.operands = operands
        steps = shape.steps
    }

    private static func piece(_ shape: Shape, _ operands: inout [FusedArithmetic.Operand]) -> Piece {
        switch shape {
        case .operand(let operand):
            switch operand {
            case .constant(let number): return .constant(number.pageValue)
            case .chain(let chain): return .chain(chain)
            case .read(let root, let reads):
                guard reads.count == 1 else { return .path(root, reads) }
                operands.append(operand)
                return .read(FusedArithmetic.Term(operand, op: .add))
            }
        case .comparison(let comparison):
            return .comparison(comparison)
        case .constant(let value):
            return .constant(value)
        case .and(let left, let right):
            let a = piece(left, &operands), b = piece(right, &operands)
            return .test { scope, state, spent in
                spent += 1
                guard let x = a.truth(scope, state, &spent) else { return nil }
                return x ? b.truth(scope, state, &spent) : false
            }
        case .or(let left, let right):
            let a = piece(left, &operands), b = piece(right, &operands)
            return .test { scope, state, spent in
                spent += 1
                guard let x = a.truth(scope, state, &spent) else { return nil }
                return x ? true : b.truth(scope, state, &spent)
            }
        case .not(let operand):
            let a = piece(operand, &operands)
            return .test { scope, state, spent in
                spent += 1
                return a.truth(scope, state, &spent).map { !$0 }
            }
        case .conditional(let condition, let then, let otherwise):
            let c = piece(condition, &operands), t = piece(then, &operands), e = piece(otherwise, &operands)
            return .produce { scope, state, spent in
                spent += 1
                guard let x = c.truth(scope, state, &spent) else { return nil }
                return x ? t.value(scope, state, &spent) : e.value(scope, state, &spent)
            }
        }
    }

    /// The value and the steps the general path would spend on it, or nil when the general
    /// path must compute it.
    @inline(__always)
    func run(_ scope: ExpressionScope, _ state: EvaluationState) -> (value: PageValue, steps: Int)? {
        var spent = 0
        guard let value = root.value(scope, state, &spent) else { return nil }
        return (value, spent)
    }
}
