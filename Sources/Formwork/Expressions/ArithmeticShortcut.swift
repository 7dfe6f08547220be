/// An expression that is arithmetic over plain paths and whole numbers, `$item.price * $item.qty`,
/// `$computed.subtotal + $computed.tax`, `$data.a0 + $data.a1 + … + $data.a29`, recognised from
/// its bytes in one pass: compiled without the lexer's tokens, the parser's tree or the analyses'
/// walks over it.
///
/// A form's totals are such runs, and so is the 30-term sum `formwork bench expressions` and the
/// DivKit comparison compile; through the parser each term cost its tokens, its tree nodes and
/// its dependency, about 9,000 instructions.
///
/// It accepts only `PATH (OP OPERAND)+`: PATH a plain path as `PlainPathShortcut` reads it
/// (`$name(.name)*`) starting the expression; OP one of `+ - * / %`, spaces around it or not;
/// OPERAND a plain path or digits that fit an int. The operators must not bind tighter further
/// on (no `*`, `/` or `%` after a `+` or `-`), so the parser's tree is one left-deep run: `a * 2 + b`
/// is taken, `a + b * 2` is not. Nothing before or after; within the length and depth limits.
/// Anything else — parentheses, a decimal or negative number, a string, a call, any other
/// operator — and every error is left to the general path, so diagnostics are the parser's.
/// Inside a block the general path always runs (as for `PlainPathShortcut`).
///
/// What it produces is what the general path produces for the same text: the operands are the
/// nodes the compiler makes of the same pieces at the same ranges, and the run is built by the
/// compiler's own `ArithmeticRunBuilder`, so values, steps and errors are the same; the
/// dependencies are the paths read, in order, without repeats or paths covered by another
/// (`DependencyAnalysis.withoutCovered`, as the general path); there are no calls, plain or item
/// paths. `ArithmeticShortcutTests` compiles a table of expressions both ways and compares them.
struct ArithmeticShortcut {
    /// An operand: a plain path (its variable and member names) or a whole number.
    enum Operand {
        case path(ScopeVariable, [StorePath.Component])
        case int(Int64)
    }

    struct Link {
        let op: BinaryOperator
        let operand: Operand
        let range: SourceRange
    }

    let first: Operand
    let firstRange: SourceRange
    let links: [Link]

    /// The expression `source` is, or nil when it isn't exactly such a run (or is over `limits`).
    init?(_ source: String, limits: PageLimits) {
        guard source.utf8.count <= limits.expressionBytes,
              let found = SourceBytes.read(source, { bytes -> ArithmeticShortcut? in
                  PlainPathShortcut.scan(bytes, from: 0).flatMap { ArithmeticShortcut(bytes, $0, limits) }
              }) else { return nil }
        self = found
    }

    /// The whole of `bytes` as a run whose first operand is `path`, found by `scan` from its
    /// first byte, or nil. NB: the whole run is checked before anything is built: most
    /// expressions that start with a path and go on aren't one.
    init?(_ bytes: SourceBytes.Buffer, _ path: PlainPathShortcut.Found, _ limits: PageLimits) {
        guard path.start == 0, let count = ArithmeticShortcut.check(bytes, path, limits) else { return nil }
        first = .path(path.variable, PlainPathShortcut.components(bytes, path))
        firstRange = SourceRange(start: path.start, end: path.end)
        var links: [Link] = []
        links.reserveCapacity(count)
        var i = path.end
        while let (op, at) = ArithmeticShortcut.operatorAfter(bytes, i) {
            let start = SourceBytes.skipSpaces(bytes, from: at)
            if let operand = PlainPathShortcut.scan(bytes, from: start) {
                links.append(Link(op: op, operand: .path(operand.variable, PlainPathShortcut.components(bytes, operand)), range: SourceRange(start: start, end: operand.end)))
                i = operand.end
            } else if let (value, end) = SourceBytes.literal(bytes, at: start), case .int(let number) = value {
                links.append(Link(op: op, operand: .int(number), range: SourceRange(start: start, end: end)))
                i = end
            } else {
                return nil
            }
        }
        self.links = links
    }

    /// How many links follow `path` when the whole of `bytes` is a run within `limits`; nil when
    /// it isn't one. Nothing is built.
    private static func check(_ bytes: SourceBytes.Buffer, _ path: PlainPathShortcut.Found, _ limits: PageLimits) -> Int? {
        // NB: the height of the parser's tree: a path is its variable's node and one per member;
        // each operator one above the higher of its sides. `Parser.checked` refuses a node higher
        // than the depth limit; one level is kept spare, as `PathOperatorShortcut` does.
        var height = path.keys + 1
        var count = 0
        var additive = false
        var i = path.end
        while i < bytes.count {
            guard let (op, at) = operatorAfter(bytes, i) else { return nil }
            switch op {
            case .add, .subtract: additive = true
            default: if additive { return nil }
            }
            let start = SourceBytes.skipSpaces(bytes, from: at)
            let operandHeight: Int
            if let operand = PlainPathShortcut.scan(bytes, from: start) {
                operandHeight = operand.keys + 1
                i = operand.end
            } else if let end = digitsEnd(bytes, start) {
                operandHeight = 1
                i = end
            } else {
                return nil
            }
            height = max(height, operandHeight) + 1
            count += 1
        }
        guard count > 0, height + 1 <= limits.expressionDepth else { return nil }
        return count
    }

    /// The arithmetic operator after the spaces at `start`, and the offset after it; nil at the
    /// end or at anything else.
    private static func operatorAfter(_ bytes: SourceBytes.Buffer, _ start: Int) -> (BinaryOperator, Int)? {
        let i = SourceBytes.skipSpaces(bytes, from: start)
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "+"): return (.add, i + 1)
        case UInt8(ascii: "-"): return (.subtract, i + 1)
        case UInt8(ascii: "*"): return (.multiply, i + 1)
        case UInt8(ascii: "/"): return (.divide, i + 1)
        case UInt8(ascii: "%"): return (.remainder, i + 1)
        default: return nil
        }
    }

    /// Where the whole number at `start` ends, when it is digits that fit an int and nothing
    /// of a longer token follows (`1.5`, `1e3`, `2px` are the parser's).
    private static func digitsEnd(_ bytes: SourceBytes.Buffer, _ start: Int) -> Int? {
        guard start < bytes.count, bytes[start] >= UInt8(ascii: "0"), bytes[start] <= UInt8(ascii: "9"),
              let (_, end) = SourceBytes.literal(bytes, at: start) else { return nil }
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") || Lexer.isIdentifierPart(bytes[end]) { return nil }
        return end
    }

    /// The expression compiled as the general path compiles its tree, and its dependencies.
    func compiled(_ source: String) -> (compiled: Compiler.Compiled, dependencies: [StorePath]) {
        var reads: [StorePath] = []
        reads.reserveCapacity(links.count + 1)
        var run = ArithmeticRunBuilder(first: ArithmeticShortcut.node(first, firstRange, source, &reads), source: source, capacity: links.count)
        for link in links {
            let right = ArithmeticShortcut.node(link.operand, link.range, source, &reads)
            // NB: the operator's node spans the run from its start to this operand's end. Nothing
            // folds: the run starts with a path, never a constant.
            run.append(link.op, right, SourceRange(start: firstRange.start, end: link.range.end)) { Compiler.Compiled(evaluator: $0, constant: nil) }
        }
        return (run.finish(), DependencyAnalysis.withoutCovered(reads))
    }

    /// The node the compiler makes of `operand` at `range`, its store path noted in `reads` as
    /// the compile walk notes it.
    private static func node(_ operand: Operand, _ range: SourceRange, _ source: String, _ reads: inout [StorePath]) -> ArithmeticRunBuilder.Node {
        switch operand {
        case .int(let value):
            return .compiled(Compiler.Compiled(constant: .int(value)))
        case .path(let variable, let components):
            if let root = variable.storeRoot { reads.append(StorePath(root, components)) }
            if components.isEmpty { return .compiled(Compiler.variable(variable)) }
            return .read(.variable(variable), PlainPathShortcut.memberReads(variable, components, from: range.start, source), range)
        }
    }
}
