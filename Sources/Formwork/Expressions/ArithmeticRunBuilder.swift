/// Builds the node of a left-deep run of `+ - * / %` from its operands, left to right: the
/// compiler's own loop (`Compiler.compileArithmetic`, from the tree) and the one
/// `ArithmeticShortcut` feeds from the source's bytes, so both make the same node from the same
/// operands.
///
/// The operands so far are a run being fused: its first operand and the links after it. A
/// constant folds with a constant first operand; an operand that fuses (a member read, a number
/// constant, arithmetic over those) becomes a link; any other ends the run, which becomes its
/// left side. `finish()` puts one `FusedArithmetic` fast path in front of one `ArithmeticRun`,
/// both built from the same links.
struct ArithmeticRunBuilder {
    /// An operand before it is compiled: a member chain stays its reads until something needs its
    /// closure (a run of one, or a side of an operator that doesn't fuse).
    enum Node {
        case read(Compiler.ChainRoot, [MemberRead], SourceRange)
        case compiled(Compiler.Compiled)

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

        func compiled(_ source: String) -> Compiler.Compiled {
            switch self {
            case .read(let root, let reads, let range): return Compiler.memberChain(root, reads, range, source)
            case .compiled(let node): return node
            }
        }
    }

    private var first: Node
    private var links: [ArithmeticRun.Link] = []
    private let source: String

    /// A run starting at `first`, of about `capacity` links.
    init(first: Node, source: String, capacity: Int) {
        self.first = first
        self.source = source
        links.reserveCapacity(capacity)
    }

    /// `op right` after the operands so far, at the range of the operator's node (from the run's
    /// start to `right`'s end). `fold` makes the node of an operator over two constants (the
    /// compiler's `folded`, within the page's folding budget).
    mutating func append(_ op: BinaryOperator, _ right: Node, _ range: SourceRange, fold: (@escaping Compiler.Evaluator) -> Compiler.Compiled) {
        if links.isEmpty, case .compiled(let left) = first, left.constant != nil, case .compiled(let right) = right, right.constant != nil {
            first = .compiled(fold(Compiler.binary(op, left, right, range, source)))
            return
        }
        if links.isEmpty ? first.operand != nil : true, let operand = right.operand {
            links.append(ArithmeticRun.Link(op: op, operand: operand, term: right.term, range: range))
            return
        }
        let left = finish()
        first = .compiled(Compiler.Compiled(evaluator: Compiler.binary(op, left, right.compiled(source), range, source), constant: nil))
        links = []
    }

    /// The run as a node: a fused fast path in front of its `ArithmeticRun`; the first operand
    /// itself when there are no links.
    func finish() -> Compiler.Compiled {
        guard !links.isEmpty, let operand = first.operand else { return first.compiled(source) }
        let chain = FusedArithmetic(first: operand, links: links)
        let steps = chain.steps
        let run = ArithmeticRun(first: first.term, links: links, source: source)
        let general: Compiler.Evaluator = { scope, state in try run.evaluate(scope, &state) }
        let evaluator: Compiler.Evaluator = { scope, state in
            if state.steps >= steps, let value = chain.value(scope, state) {
                state.spend(steps)
                return value.pageValue
            }
            return try run.evaluate(scope, &state)
        }
        return Compiler.Compiled(evaluator: evaluator, constant: nil, operand: .chain(chain), unfused: general)
    }
}
