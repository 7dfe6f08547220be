/// Arithmetic over numbers read from the stores, computed on unboxed ints and doubles — never a
/// `PageValue` between steps, nothing thrown, no step counted one by one:
/// `$data.price * $data.qty * (1 - $data.discount)`, a 30-term sum (comparisons over the same
/// operands are `FusedComparison`).
///
/// The compiled tree of closures stays the general path: it checks types, counts a step per node
/// and reports each error at its node's range. A fused chain is a fast path in front of it that
/// handles only the usual case — every operand an int or a number, no overflow, no division by
/// zero, no result too large, enough steps left. It charges its steps at once. On anything else
/// (a string, null, an overflow, too few steps) it gives up and the general path runs from the
/// start, so results, errors, their messages and ranges are exactly the general path's. Giving
/// up leaves nothing behind because a chain only reads: member reads of the stores or lambda
/// parameters, and constants; no calls.
///
/// A left-deep chain `((a op b) op c) op d` is built as one closure per operator, each made for
/// its operator and for the kind of its operands (a read of `$data`, a constant, a nested chain),
/// so nothing known when the page was read is decided again at run time, and a closure's calls
/// always go to the same place. A right operand that is itself arithmetic
/// (`(1 - $data.discount)`) is a nested chain.
///
/// Steps: arithmetic doesn't short-circuit, so on success the general path spends exactly
/// `steps` — one per operator and one per member read. The fast path runs only when at least
/// that many are left, and spends them: the same total, bounded by the chain's size.
struct FusedArithmetic: Sendable {
    /// An operand's value on the fast path: an int or a number, unboxed.
    enum Number: Sendable {
        case int(Int64)
        case number(Double)

        @inline(__always)
        var double: Double {
            switch self {
            case .int(let x): return Double(x)
            case .number(let x): return x
            }
        }

        var pageValue: PageValue {
            switch self {
            case .int(let x): return .int(x)
            case .number(let x): return .number(x)
            }
        }
    }

    /// What an operator is applied to, as the compiler describes it.
    enum Operand: Sendable {
        /// `$data.price`, `x.qty`, `$global.user.age`: a member chain from a root.
        case read(Compiler.ChainRoot, [MemberRead])
        /// An int or number known at compile time.
        case constant(Number)
        /// A parenthesized or higher-precedence operation (`(1 - $data.discount)`).
        case chain(FusedArithmetic)

        /// The operand a constant can be, when it is an int or a number.
        init?(constant value: PageValue) {
            switch value {
            case .int(let x): self = .constant(.int(x))
            case .number(let x): self = .constant(.number(x))
            default: return nil
            }
        }

        /// What the general path spends evaluating it.
        var steps: Int {
            switch self {
            case .read(_, let reads): return reads.count
            case .constant: return 0
            case .chain(let chain): return chain.steps
            }
        }
    }

    /// A chain's value, or nil when the general path must compute it.
    typealias Compute = @Sendable (ExpressionScope, EvaluationState) -> Number?

    private let compute: Compute
    /// What the general path spends on the whole chain when it succeeds.
    let steps: Int

    /// `first op₁ operand₁ op₂ operand₂ …`, left to right, for `+ - * / %`.
    init(first: Operand, links: [ArithmeticRun.Link]) {
        var compute = FusedArithmetic.compute(first)
        var constant: Number? = nil
        if case .constant(let value) = first { constant = value }
        var steps = first.steps
        for link in links {
            compute = FusedArithmetic.combine(link.op, compute, constant, link.operand)
            constant = nil
            steps += link.operand.steps + 1
        }
        self.compute = compute
        self.steps = steps
    }

    /// The chain's value, or nil when the general path must compute it.
    @inline(__always)
    func value(_ scope: ExpressionScope, _ state: EvaluationState) -> Number? {
        compute(scope, state)
    }

    /// An operand on its own: a closure made for its kind.
    static func compute(_ operand: Operand) -> Compute {
        switch operand {
        case .constant(let number):
            return { _, _ in number }
        case .chain(let chain):
            return chain.compute
        case .read(let root, let reads):
            guard reads.count == 1, let read = reads.first else {
                return { scope, state in FusedArithmetic.number(root, reads, scope, state) }
            }
            switch root {
            case .variable(.data): return { scope, _ in read.number(of: scope.data) }
            case .variable(.global): return { scope, _ in read.number(of: scope.global) }
            case .variable(.item): return { scope, _ in read.number(of: scope.item) }
            case .variable(let variable): return { scope, _ in read.number(of: scope.read(variable)) }
            case .local(let slot): return { _, state in read.number(of: state.locals[slot]) }
            }
        }
    }

    /// `left op right`, where `left` is the chain so far (the constant it is, when it is one).
    private static func combine(_ op: BinaryOperator, _ left: @escaping Compute, _ constant: Number?, _ right: Operand) -> Compute {
        switch op {
        case .add: return combine(Add.self, left, constant, right)
        case .subtract: return combine(Subtract.self, left, constant, right)
        case .multiply: return combine(Multiply.self, left, constant, right)
        case .divide: return combine(Divide.self, left, constant, right)
        default: return combine(Remainder.self, left, constant, right)
        }
    }

    /// One closure per operator and per kind of operands: a constant on either side is held,
    /// not called for.
    private static func combine<Operation: FusedOperation>(_: Operation.Type, _ left: @escaping Compute, _ constant: Number?, _ right: Operand) -> Compute {
        if case .constant(let b) = right {
            return { scope, state in
                guard let a = left(scope, state) else { return nil }
                return Operation.apply(a, b)
            }
        }
        // NB: a one-key read of `$data` or `$item` on the right — nearly every link of a sum — is
        // read in the link's own closure: one closure per link, not two, and one call fewer.
        if constant == nil, case .read(.variable(let variable), let reads) = right, reads.count == 1, let read = reads.first {
            switch variable {
            case .data:
                return { scope, state in
                    guard let a = left(scope, state), let b = read.number(of: scope.data) else { return nil }
                    return Operation.apply(a, b)
                }
            case .item:
                return { scope, state in
                    guard let a = left(scope, state), let b = read.number(of: scope.item) else { return nil }
                    return Operation.apply(a, b)
                }
            default:
                break
            }
        }
        let next = compute(right)
        if let a = constant {
            return { scope, state in
                guard let b = next(scope, state) else { return nil }
                return Operation.apply(a, b)
            }
        }
        return { scope, state in
            guard let a = left(scope, state), let b = next(scope, state) else { return nil }
            return Operation.apply(a, b)
        }
    }

    private enum Add: FusedOperation {
        @inline(__always) static func apply(_ a: Number, _ b: Number) -> Number? { FusedArithmetic.apply(.add, a, b) }
    }

    private enum Subtract: FusedOperation {
        @inline(__always) static func apply(_ a: Number, _ b: Number) -> Number? { FusedArithmetic.apply(.subtract, a, b) }
    }

    private enum Multiply: FusedOperation {
        @inline(__always) static func apply(_ a: Number, _ b: Number) -> Number? { FusedArithmetic.apply(.multiply, a, b) }
    }

    private enum Divide: FusedOperation {
        @inline(__always) static func apply(_ a: Number, _ b: Number) -> Number? { FusedArithmetic.apply(.divide, a, b) }
    }

    private enum Remainder: FusedOperation {
        @inline(__always) static func apply(_ a: Number, _ b: Number) -> Number? { FusedArithmetic.apply(.remainder, a, b) }
    }

    /// `a op b` as `Operators` computes it when it succeeds; nil where it would fail.
    @inline(__always)
    static func apply(_ op: BinaryOperator, _ a: Number, _ b: Number) -> Number? {
        if case .int(let x) = a, case .int(let y) = b, op != .divide {
            let result: (partialValue: Int64, overflow: Bool)
            switch op {
            case .add: result = x.addingReportingOverflow(y)
            case .subtract: result = x.subtractingReportingOverflow(y)
            case .multiply: result = x.multipliedReportingOverflow(by: y)
            default:
                if y == 0 { return nil }
                result = y == -1 ? (0, false) : x.remainderReportingOverflow(dividingBy: y)
            }
            return result.overflow ? nil : .int(result.partialValue)
        }
        let x = a.double, y = b.double
        let result: Double
        switch op {
        case .add: result = x + y
        case .subtract: result = x - y
        case .multiply: result = x * y
        case .divide:
            if y == 0 { return nil }
            result = x / y
        default:
            if y == 0 { return nil }
            result = x.truncatingRemainder(dividingBy: y)
        }
        return result.isFinite ? .number(result) : nil
    }

    /// A member chain of more than one key, as a number.
    private static func number(_ root: Compiler.ChainRoot, _ reads: [MemberRead], _ scope: ExpressionScope, _ state: EvaluationState) -> Number? {
        switch value(root, reads, scope, state) {
        case .int(let x): return .int(x)
        case .number(let x): return .number(x)
        default: return nil
        }
    }

    /// A member chain's value as the general path gives it, or nil where that would fail.
    static func value(_ root: Compiler.ChainRoot, _ reads: [MemberRead], _ scope: ExpressionScope, _ state: EvaluationState) -> PageValue? {
        var value: PageValue?
        switch root {
        case .variable(let variable): value = try? reads[0].value(of: variable, in: scope)
        case .local(let slot): value = try? reads[0].value(of: state.locals[slot])
        }
        for read in reads.dropFirst() {
            guard let base = value else { return nil }
            value = try? read.value(of: base)
        }
        return value
    }
}

/// One arithmetic operator of a fused chain, so each operator's closure is compiled for it.
private protocol FusedOperation: Sendable {
    static func apply(_ a: FusedArithmetic.Number, _ b: FusedArithmetic.Number) -> FusedArithmetic.Number?
}
