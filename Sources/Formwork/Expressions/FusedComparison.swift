/// `a < b`, `a <= b`, `a > b` or `a >= b` over the operands `FusedArithmetic` fuses (member
/// reads, number constants, arithmetic chains), answered on unboxed numbers: `$data.qty > 0`.
///
/// A fast path in front of the general closure, like `FusedArithmetic`: nil when an operand
/// isn't an int or a number, and the general path decides. On success it spends what the general
/// path would: one step for the operator and each operand's own.
struct FusedComparison: Sendable {
    /// The answer, or nil when the general path must make it.
    typealias Test = @Sendable (ExpressionScope, EvaluationState) -> Bool?

    private let test: Test
    /// What the general path spends on the comparison when it succeeds.
    let steps: Int

    /// `a op b` for `<`, `<=`, `>` or `>=`.
    init(_ op: BinaryOperator, _ a: FusedArithmetic.Operand, _ b: FusedArithmetic.Operand) {
        switch op {
        case .less: test = FusedComparison.test(Less.self, a, b)
        case .lessEqual: test = FusedComparison.test(LessEqual.self, a, b)
        case .greater: test = FusedComparison.test(Greater.self, a, b)
        default: test = FusedComparison.test(GreaterEqual.self, a, b)
        }
        steps = a.steps + b.steps + 1
    }

    /// The answer, or nil when the general path must make it.
    @inline(__always)
    func holds(_ scope: ExpressionScope, _ state: EvaluationState) -> Bool? {
        test(scope, state)
    }

    /// One closure per comparison and per kind of operands: a constant on either side (as in
    /// `$data.qty > 0`) is held, not called for.
    private static func test<Order: FusedOrder>(_: Order.Type, _ a: FusedArithmetic.Operand, _ b: FusedArithmetic.Operand) -> Test {
        if case .constant(let c) = b {
            // NB: a one-key read of a variable against a constant (`$data.qty > 0`) — the usual
            // comparison — reads in the test's own closure: one closure, not two.
            if case .read(.variable(let variable), let reads) = a, reads.count == 1, let read = reads.first {
                switch variable {
                case .data: return { scope, _ in read.number(of: scope.data).map { Order.holds($0, c) } }
                case .item: return { scope, _ in read.number(of: scope.item).map { Order.holds($0, c) } }
                default: return { scope, _ in read.number(of: scope.read(variable)).map { Order.holds($0, c) } }
                }
            }
            let x = FusedArithmetic.compute(a)
            return { scope, state in x(scope, state).map { Order.holds($0, c) } }
        }
        let y = FusedArithmetic.compute(b)
        if case .constant(let c) = a {
            return { scope, state in y(scope, state).map { Order.holds(c, $0) } }
        }
        let x = FusedArithmetic.compute(a)
        return { scope, state in
            guard let p = x(scope, state), let q = y(scope, state) else { return nil }
            return Order.holds(p, q)
        }
    }

    /// `a op b` for `<`, `<=`, `>`, `>=`, as `Operators.compare` decides it for numbers.
    @inline(__always)
    private static func compare(_ op: BinaryOperator, _ a: FusedArithmetic.Number, _ b: FusedArithmetic.Number) -> Bool {
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

    private enum Less: FusedOrder {
        @inline(__always) static func holds(_ a: FusedArithmetic.Number, _ b: FusedArithmetic.Number) -> Bool { FusedComparison.compare(.less, a, b) }
    }

    private enum LessEqual: FusedOrder {
        @inline(__always) static func holds(_ a: FusedArithmetic.Number, _ b: FusedArithmetic.Number) -> Bool { FusedComparison.compare(.lessEqual, a, b) }
    }

    private enum Greater: FusedOrder {
        @inline(__always) static func holds(_ a: FusedArithmetic.Number, _ b: FusedArithmetic.Number) -> Bool { FusedComparison.compare(.greater, a, b) }
    }

    private enum GreaterEqual: FusedOrder {
        @inline(__always) static func holds(_ a: FusedArithmetic.Number, _ b: FusedArithmetic.Number) -> Bool { FusedComparison.compare(.greaterEqual, a, b) }
    }
}

/// One comparison of a fused test, so each comparison's closure is compiled for it.
private protocol FusedOrder: Sendable {
    static func holds(_ a: FusedArithmetic.Number, _ b: FusedArithmetic.Number) -> Bool
}
