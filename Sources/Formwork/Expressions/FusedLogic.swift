/// `&&`, `||`, `!` and `?:` over what `FusedArithmetic` reads — member reads, constants,
/// arithmetic chains and comparisons — run as closures that pass truths as plain `Bool`s, never
/// boxed into a `PageValue`, and don't throw: `$data.qty > 0 && $data.enabled ? $data.price : 0`
/// tests the comparison and the read without building a value for either.
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
struct FusedLogic: Sendable {
    /// A node as the compiler describes it, when it can be fused.
    ///
    /// NB: only the cases that hold a shape are `indirect`: a leaf is stored in place, not boxed.
    enum Shape: Sendable {
        /// A member read, a number constant or an arithmetic chain.
        case operand(FusedArithmetic.Operand)
        /// Two operands joined by `<`, `<=`, `>` or `>=`.
        case comparison(FusedComparison)
        /// Any other constant (text, a bool, null, an array, an object).
        case constant(PageValue)
        indirect case and(Shape, Shape)
        indirect case or(Shape, Shape)
        indirect case not(Shape)
        indirect case conditional(Shape, Shape, Shape)

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

    /// The node.
    private let root: Produce
    /// The steps of the whole node: at least what any one run spends.
    let steps: Int

    init(_ shape: Shape) {
        root = FusedLogic.value(shape)
        steps = shape.steps
    }

    // NB: a node is compiled as a truth (the condition of `?:`, an operand of `&&`, `||`, `!`)
    // or as a value (the root, a branch of `?:`), each a closure made for the node's kind — a
    // read of `$data`, a comparison, an `&&` — so nothing is decided at run time that was known
    // when the page was read, and each closure's calls always go to the same place. Only the
    // form the parent uses is built (both were, and one was thrown away).

    /// The node as a truth.
    private static func truth(_ shape: Shape) -> Test {
        switch shape {
        case .operand(.constant(let number)):
            let truth = number.pageValue.isTruthy
            return { _, _, _ in truth }
        case .constant(let value):
            let truth = value.isTruthy
            return { _, _, _ in truth }
        case .operand(.chain(let chain)):
            let steps = chain.steps
            return { scope, state, spent in
                spent += steps
                return chain.value(scope, state)?.pageValue.isTruthy
            }
        case .operand(.read(let root, let reads)):
            return readTruth(root, reads)
        case .comparison(let comparison):
            let steps = comparison.steps
            return { scope, state, spent in
                spent += steps
                return comparison.holds(scope, state)
            }
        case .and(let left, let right):
            let a = truth(left), b = truth(right)
            return { scope, state, spent in
                spent += 1
                guard let x = a(scope, state, &spent) else { return nil }
                return x ? b(scope, state, &spent) : false
            }
        case .or(let left, let right):
            let a = truth(left), b = truth(right)
            return { scope, state, spent in
                spent += 1
                guard let x = a(scope, state, &spent) else { return nil }
                return x ? true : b(scope, state, &spent)
            }
        case .not(let operand):
            let a = truth(operand)
            return { scope, state, spent in
                spent += 1
                return a(scope, state, &spent).map { !$0 }
            }
        case .conditional(let condition, let then, let otherwise):
            let c = truth(condition), thenTruth = truth(then), elseTruth = truth(otherwise)
            return { scope, state, spent in
                spent += 1
                guard let x = c(scope, state, &spent) else { return nil }
                return x ? thenTruth(scope, state, &spent) : elseTruth(scope, state, &spent)
            }
        }
    }

    /// The node as a value.
    private static func value(_ shape: Shape) -> Produce {
        switch shape {
        case .operand(.constant(let number)):
            let value = number.pageValue
            return { _, _, _ in value }
        case .constant(let value):
            return { _, _, _ in value }
        case .operand(.chain(let chain)):
            let steps = chain.steps
            return { scope, state, spent in
                spent += steps
                return chain.value(scope, state)?.pageValue
            }
        case .operand(.read(let root, let reads)):
            return readValue(root, reads)
        case .comparison(let comparison):
            let steps = comparison.steps
            return { scope, state, spent in
                spent += steps
                return comparison.holds(scope, state).map(PageValue.bool)
            }
        // A node whose value is its truth, made in one closure rather than one around its truth's.
        case .and(let left, let right):
            let a = truth(left), b = truth(right)
            return { scope, state, spent in
                spent += 1
                guard let x = a(scope, state, &spent) else { return nil }
                return x ? b(scope, state, &spent).map(PageValue.bool) : .bool(false)
            }
        case .or(let left, let right):
            let a = truth(left), b = truth(right)
            return { scope, state, spent in
                spent += 1
                guard let x = a(scope, state, &spent) else { return nil }
                return x ? .bool(true) : b(scope, state, &spent).map(PageValue.bool)
            }
        case .not(let operand):
            let a = truth(operand)
            return { scope, state, spent in
                spent += 1
                return a(scope, state, &spent).map { .bool(!$0) }
            }
        case .conditional(let condition, let then, let otherwise):
            let c = truth(condition), thenValue = value(then), elseValue = value(otherwise)
            return { scope, state, spent in
                spent += 1
                guard let x = c(scope, state, &spent) else { return nil }
                return x ? thenValue(scope, state, &spent) : elseValue(scope, state, &spent)
            }
        }
    }

    /// A member read's truth, as the general path gives it (a missing key or a null base reads
    /// null), or nil where the general path would fail. The one-key reads of `$data`, `$global`
    /// and `$item` — nearly all of them — read the store directly.
    private static func readTruth(_ root: Compiler.ChainRoot, _ reads: [MemberRead]) -> Test {
        if reads.count == 1, let read = reads.first {
            switch root {
            case .variable(.data):
                return { scope, _, spent in
                    spent += 1
                    return (try? read.value(of: scope.data))?.isTruthy
                }
            case .variable(.global):
                return { scope, _, spent in
                    spent += 1
                    return (try? read.value(of: scope.global))?.isTruthy
                }
            case .variable(.item):
                return { scope, _, spent in
                    spent += 1
                    return (try? read.value(of: scope.item))?.isTruthy
                }
            default:
                break
            }
        }
        let steps = reads.count
        return { scope, state, spent in
            spent += steps
            return FusedArithmetic.value(root, reads, scope, state)?.isTruthy
        }
    }

    /// A member read's value, as `readTruth(_:_:)` reads it.
    private static func readValue(_ root: Compiler.ChainRoot, _ reads: [MemberRead]) -> Produce {
        if reads.count == 1, let read = reads.first {
            switch root {
            case .variable(.data):
                return { scope, _, spent in
                    spent += 1
                    return try? read.value(of: scope.data)
                }
            case .variable(.global):
                return { scope, _, spent in
                    spent += 1
                    return try? read.value(of: scope.global)
                }
            case .variable(.item):
                return { scope, _, spent in
                    spent += 1
                    return try? read.value(of: scope.item)
                }
            default:
                break
            }
        }
        let steps = reads.count
        return { scope, state, spent in
            spent += steps
            return FusedArithmetic.value(root, reads, scope, state)
        }
    }

    /// The value and the steps the general path would spend on it, or nil when the general
    /// path must compute it.
    @inline(__always)
    func run(_ scope: ExpressionScope, _ state: EvaluationState) -> (value: PageValue, steps: Int)? {
        var spent = 0
        guard let value = root(scope, state, &spent) else { return nil }
        return (value, spent)
    }
}
