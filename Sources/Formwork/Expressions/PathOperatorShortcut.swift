/// An expression that is one plain path compared with a literal, `$error.status == 401`, or one
/// plain path negated, `!$data.delivery`, recognised from its bytes in one pass: compiled without
/// the lexer's tokens, the parser's tree or the analyses' walks over it.
///
/// After plain paths and literal calls these are the commonest expressions of a real page (when
/// to show an error's message, a section, a button), and the tokens and the tree were most of
/// what compiling them cost.
///
/// It accepts only `PATH OP LITERAL`, where OP is one of `==`, `!=`, `<`, `<=`, `>`, `>=` and
/// LITERAL a literal `CallShortcut` takes (a string in quotes without a backslash, digits that fit
/// an int, `true`, `false`, `null`), with spaces around OP; and `!PATH`, with spaces after `!`.
/// PATH is a plain path as `PlainPathShortcut` reads it (`$name(.name)*`). Nothing before or
/// after; within the length and depth limits. Anything else — a negative or decimal number, an
/// escape, a second operator, brackets — and every error is left to the general path, so
/// diagnostics are the parser's. Inside a block the general path always runs (as for
/// `PlainPathShortcut`).
///
/// What it produces is what the general path produces for the same text: the path, the literal
/// and the operator are compiled by the compiler's own functions (`Compiler.memberChain`,
/// `Compiler.fusedComparison`, `Compiler.binary`, `Compiler.fused`, `Compiler.not`) from the same
/// pieces at the same ranges, so values, steps and errors are the same; the one dependency is the
/// path, and there are no calls, plain or item paths. `PathOperatorShortcutTests` compiles a
/// table of expressions both ways and compares them.
struct PathOperatorShortcut {
    enum Shape {
        /// `!PATH`, the `!` at this offset.
        case not(at: Int)
        /// `PATH op LITERAL`, the literal's value at its range.
        case comparison(BinaryOperator, PageValue, SourceRange)
    }

    let variable: ScopeVariable
    /// The member names, in order, each a `.key`.
    let components: [StorePath.Component]
    /// Where the path is.
    let pathRange: SourceRange
    let shape: Shape

    /// The expression `source` is, or nil when it isn't exactly one of the two shapes (or is over
    /// `limits`).
    init?(_ source: String, limits: PageLimits) {
        guard source.utf8.count <= limits.expressionBytes,
              let found = SourceBytes.read(source, { bytes -> PathOperatorShortcut? in
                  guard let first = bytes.first else { return nil }
                  if first == UInt8(ascii: "!") { return PathOperatorShortcut(negation: bytes, limits) }
                  return PlainPathShortcut.scan(bytes, from: 0).flatMap { PathOperatorShortcut(comparison: bytes, $0, limits) }
              }) else { return nil }
        self = found
    }

    private init(_ path: PlainPathShortcut.Found, _ components: [StorePath.Component], _ shape: Shape) {
        variable = path.variable
        self.components = components
        pathRange = SourceRange(start: path.start, end: path.end)
        self.shape = shape
    }

    /// The whole of `bytes` (its first byte a `!`) as `!PATH`, or nil.
    init?(negation bytes: SourceBytes.Buffer, _ limits: PageLimits) {
        guard bytes.first == UInt8(ascii: "!") else { return nil }
        let start = SourceBytes.skipSpaces(bytes, from: 1)
        guard let path = PlainPathShortcut.scan(bytes, from: start), path.end == bytes.count,
              PathOperatorShortcut.fits(path, limits) else { return nil }
        self.init(path, PlainPathShortcut.components(bytes, path), .not(at: 0))
    }

    /// The whole of `bytes` as `PATH op LITERAL`, where `path` is what `scan` found from its first
    /// byte, or nil.
    init?(comparison bytes: SourceBytes.Buffer, _ path: PlainPathShortcut.Found, _ limits: PageLimits) {
        guard path.start == 0, let found = PathOperatorShortcut.comparison(bytes, path, limits) else { return nil }
        self = found
    }

    private static func comparison(_ bytes: SourceBytes.Buffer, _ path: PlainPathShortcut.Found, _ limits: PageLimits) -> PathOperatorShortcut? {
        guard fits(path, limits) else { return nil }
        var i = SourceBytes.skipSpaces(bytes, from: path.end)
        guard i + 1 < bytes.count else { return nil }
        let op: BinaryOperator
        switch (bytes[i], bytes[i + 1]) {
        case (UInt8(ascii: "="), UInt8(ascii: "=")): op = .equal; i += 2
        case (UInt8(ascii: "!"), UInt8(ascii: "=")): op = .notEqual; i += 2
        case (UInt8(ascii: "<"), UInt8(ascii: "=")): op = .lessEqual; i += 2
        case (UInt8(ascii: ">"), UInt8(ascii: "=")): op = .greaterEqual; i += 2
        case (UInt8(ascii: "<"), _): op = .less; i += 1
        case (UInt8(ascii: ">"), _): op = .greater; i += 1
        default: return nil
        }
        i = SourceBytes.skipSpaces(bytes, from: i)
        guard let (value, end) = SourceBytes.literal(bytes, at: i), end == bytes.count else { return nil }
        return PathOperatorShortcut(path, PlainPathShortcut.components(bytes, path), .comparison(op, value, SourceRange(start: i, end: end)))
    }

    /// Whether the parser takes the path with an operator around it: NB: one level more than the
    /// tree needs, so what the shortcut takes is always well within the depth limit.
    private static func fits(_ path: PlainPathShortcut.Found, _ limits: PageLimits) -> Bool {
        path.keys + 3 <= limits.expressionDepth
    }

    /// The expression compiled as the general path compiles its tree, and its dependencies.
    func compiled(_ source: String) -> (compiled: Compiler.Compiled, dependencies: [StorePath]) {
        let path: Compiler.Compiled
        if components.isEmpty {
            path = Compiler.variable(variable)
        } else {
            let reads = PlainPathShortcut.memberReads(variable, components, from: pathRange.start, source)
            path = Compiler.memberChain(.variable(variable), reads, pathRange, source)
        }
        let dependencies = variable.storeRoot.map { [StorePath($0, components)] } ?? []
        switch shape {
        case .not(let start):
            let range = SourceRange(start: start, end: pathRange.end)
            if let shape = path.shape {
                return (Compiler.fused(.not(shape), general: Compiler.not(path.general.evaluator, range, source)), dependencies)
            }
            return (Compiler.Compiled(evaluator: Compiler.not(path.evaluator, range, source), constant: nil), dependencies)
        case .comparison(let op, let value, let literalRange):
            let range = SourceRange(start: pathRange.start, end: literalRange.end)
            let literal = Compiler.Compiled(constant: value)
            let compiled = Compiler.fusedComparison(op, path, literal, range, source)
                ?? Compiler.Compiled(evaluator: Compiler.binary(op, path, literal, range, source), constant: nil)
            return (compiled, dependencies)
        }
    }
}
