/// Arithmetic over numbers read from the stores, run as one loop instead of a closure per node:
/// `$data.price * $data.qty * (1 - $data.discount)`, a 30-term sum, `$data.qty > 0`.
///
/// The compiled tree of closures stays the general path: it checks types, counts a step per node
/// and reports each error at its node's range. A fused chain is a fast path in front of it that
/// handles only the usual case — every operand an int or a number, no overflow, no division by
/// zero, no result too large, enough steps left. It reads operands without boxing them into
/// `PageValue` and charges its steps at once. On anything else (a string, null, an overflow, too
/// few steps) it gives up and the general path runs from the start, so results, errors, their
/// messages and ranges are exactly the general path's. Giving up leaves nothing behind because a
/// chain only reads: member reads of the stores or lambda parameters, and constants; no calls.
///
/// A left-deep chain `((a op b) op c) op d` is kept flat — its first operand, then each operator
/// with its right operand — so a long sum is a loop. A right operand that is itself arithmetic
/// (`(1 - $data.discount)`) is a nested chain.
///
/// Steps: arithmetic doesn't short-circuit, so on success the general path spends exactly
/// `steps` — one per operator and one per member read. The fast path runs only when at least
/// that many are left, and spends them: the same total, bounded by the chain's size.
final class FusedArithmetic: Sendable {
    /// An operand's value on the fast path: an int or a number, unboxed.
    enum Number {
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

    /// An operand as the fast path reads it: plain data and unretained references, so going
    /// through a chain copies no reference-counted value. `FusedArithmetic.operands` keeps each
    /// referenced object alive.
    struct Term: Sendable {
        enum Kind {
            case data, global, item, variable, local, path, constant, chain
        }
        var kind: Kind
        var op: BinaryOperator = .add
        var variable: ScopeVariable = .data
        var slot = 0
        var number: Number = .int(0)
        var read: Unmanaged<MemberRead>?
        var chain: Unmanaged<FusedArithmetic>?

        init(_ operand: Operand, op: BinaryOperator) {
            self.op = op
            switch operand {
            case .constant(let value):
                kind = .constant
                number = value
            case .chain(let nested):
                kind = .chain
                chain = Unmanaged.passUnretained(nested)
            case .read(let root, let reads):
                read = reads.first.map { Unmanaged.passUnretained($0) }
                switch root {
                case _ where reads.count != 1: kind = .path
                case .variable(.data): kind = .data
                case .variable(.global): kind = .global
                case .variable(.item): kind = .item
                case .variable(let v):
                    kind = .variable
                    variable = v
                case .local(let s):
                    kind = .local
                    slot = s
                }
            }
        }

        /// Its value, or nil when it isn't an int or a number (or a chain can't be computed fast).
        @inline(__always)
        func value(_ scope: ExpressionScope, _ state: EvaluationState, _ owner: FusedArithmetic, _ index: Int) -> Number? {
            switch kind {
            case .constant: return number
            case .data: return read.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.number(of: scope.data) }
            case .global: return read.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.number(of: scope.global) }
            case .item: return read.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.number(of: scope.item) }
            case .variable: return read.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.number(of: scope.read(variable)) }
            case .local: return read.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.number(of: state.locals[slot]) }
            case .chain: return chain.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.value(scope, state) }
            case .path: return owner.pathNumber(index, scope, state)
            }
        }
        /// A one-key read's value as the general path gives it (null for a missing key or a
        /// null base), or nil where the general path would fail (`FusedLogic`'s operands).
        @inline(__always)
        func pageValue(_ scope: ExpressionScope, _ state: EvaluationState) -> PageValue? {
            let read = self.read.unsafelyUnwrapped
            switch kind {
            case .data: return read._withUnsafeGuaranteedRef { try? $0.value(of: scope.data) }
            case .global: return read._withUnsafeGuaranteedRef { try? $0.value(of: scope.global) }
            case .item: return read._withUnsafeGuaranteedRef { try? $0.value(of: scope.item) }
            case .variable: return read._withUnsafeGuaranteedRef { try? $0.value(of: scope.read(variable)) }
            case .local: return read._withUnsafeGuaranteedRef { try? $0.value(of: state.locals[slot]) }
            case .constant, .chain, .path: return nil
            }
        }
    }

    /// The operands as the compiler gave them (first, then each link's), holding their objects.
    let operands: [Operand]
    /// The same, with the operator before each (the first's is unused), for the fast path.
    let terms: [Term]
    /// What the general path spends on the whole chain when it succeeds.
    let steps: Int

    init(first: Operand, links: [(BinaryOperator, Operand)]) {
        operands = [first] + links.map(\.1)
        terms = [Term(first, op: .add)] + links.map { Term($0.1, op: $0.0) }
        steps = links.reduce(first.steps) { $0 + $1.1.steps + 1 }
    }

    /// The value of the operand at `index`, a member chain of several keys.
    private func pathNumber(_ index: Int, _ scope: ExpressionScope, _ state: EvaluationState) -> Number? {
        guard case .read(let root, let reads) = operands[index] else { return nil }
        return FusedArithmetic.number(root, reads, scope, state)
    }

    /// The chain's value, or nil when the general path must compute it.
    func value(_ scope: ExpressionScope, _ state: EvaluationState) -> Number? {
        terms.withUnsafeBufferPointer { terms in
            guard var total = terms[0].value(scope, state, self, 0) else { return nil }
            for index in 1..<terms.count {
                let term = terms[index]
                guard let operand = term.value(scope, state, self, index), let result = FusedArithmetic.apply(term.op, total, operand) else { return nil }
                total = result
            }
            return total
        }
    }

    /// For a chain of two operands joined by `<`, `<=`, `>` or `>=`: the comparison, or nil
    /// when the general path must make it.
    func comparison(_ scope: ExpressionScope, _ state: EvaluationState) -> Bool? {
        terms.withUnsafeBufferPointer { terms in
            guard let x = terms[0].value(scope, state, self, 0), let y = terms[1].value(scope, state, self, 1) else { return nil }
            return FusedArithmetic.compare(terms[1].op, x, y)
        }
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

    /// `a op b` for `<`, `<=`, `>`, `>=`, as `Operators.compare` decides it for numbers.
    @inline(__always)
    static func compare(_ op: BinaryOperator, _ a: Number, _ b: Number) -> Bool {
        let order: Int
        switch (a, b) {
        case (.int(let x), .int(let y)): order = x < y ? -1 : x == y ? 0 : 1
        case (.int(let x), .number(let y)):
            guard let o = Operators.exactOrder(x, y) else { return false }
            order = o
        case (.number(let x), .int(let y)):
            guard let o = Operators.exactOrder(y, x) else { return false }
            order = -o
        case (.number(let x), .number(let y)):
            if x.isNaN || y.isNaN { return false }
            order = x < y ? -1 : x == y ? 0 : 1
        }
        switch op {
        case .less: return order < 0
        case .lessEqual: return order <= 0
        case .greater: return order > 0
        default: return order >= 0
        }
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
