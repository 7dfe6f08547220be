/// An expression that is one call of a known function with literal arguments, `text('title')`,
/// recognised from its bytes in one pass: compiled without the lexer's tokens, the parser or the
/// analyses' walks over a tree.
///
/// After plain paths, such calls are most of a real page's expressions (a label's
/// `text('settings.title')`, a `formatMoney(0, 'EUR')` placeholder), so what the general path
/// spends on them — the tokens, the tree, the separate dependency and call walks — is much of what
/// compiling a page's expressions costs.
///
/// It accepts only `NAME(LITERAL, …)`: a function `functions` knows (not `true`, `false` or
/// `null`), then arguments that are each a string in `'…'` or `"…"` without a backslash, a run of
/// digits that fits an int, `true`, `false` or `null`, as many as the function's arity allows and
/// none where it takes a lambda, with spaces anywhere between, within the length and depth limits.
/// Anything else — a `-1`, `1.5`, an escape, a nested call, an operator, a member after the call,
/// a wrong arity, an unknown name, and every error — is left to the general path, so diagnostics
/// are the parser's. Inside a block the general path always runs (as for `PlainPathShortcut`).
///
/// What it produces is what the general path produces for the same text: the evaluator is built
/// by the compiler's own `compileCall` from the same literal nodes (so a pure function is folded
/// the same way, spending the same budget), the call site is described by `CallAnalysis`'s own
/// rules, and there are no dependencies, plain or item paths. `CallShortcutTests` compiles a
/// table of expressions both ways and compares them.
struct CallShortcut {
    let function: ExpressionFunction
    /// Each argument's value.
    let values: [PageValue]
    /// Where each argument is (the literal with its quotes).
    let ranges: [SourceRange]
    /// The whole call, from the function's name to its `)`.
    let range: SourceRange

    /// The call `source` is, or nil when it isn't exactly one such call (or is over `limits`).
    init?(_ source: String, functions: FunctionLibrary, limits: PageLimits) {
        guard source.utf8.count <= limits.expressionBytes,
              let found = SourceBytes.read(source, { bytes in CallShortcut(bytes, functions, limits) }) else { return nil }
        self = found
    }

    /// The whole of `bytes` as such a call, or nil.
    init?(_ bytes: SourceBytes.Buffer, _ functions: FunctionLibrary, _ limits: PageLimits) {
        guard limits.expressionDepth >= 2, let found = CallShortcut.read(bytes, functions) else { return nil }
        self = found
    }

    private init(function: ExpressionFunction, values: [PageValue], ranges: [SourceRange], range: SourceRange) {
        self.function = function
        self.values = values
        self.ranges = ranges
        self.range = range
    }

    private static func read(_ bytes: SourceBytes.Buffer, _ functions: FunctionLibrary) -> CallShortcut? {
        // NB: the first and last bytes before anything else, read from the buffer (not through
        // the string's view, which costs more than the check): most expressions that get here
        // (an operator after a path, a template's text) fail them.
        guard let first = bytes.first, Lexer.isIdentifierStart(first) || SourceBytes.isSpace(first),
              let last = bytes.last, last == UInt8(ascii: ")") || SourceBytes.isSpace(last) else { return nil }
        var i = SourceBytes.skipSpaces(bytes, from: 0)
        let nameStart = i
        guard i < bytes.count, Lexer.isIdentifierStart(bytes[i]) else { return nil }
        while i < bytes.count, Lexer.isIdentifierPart(bytes[i]) { i += 1 }
        // NB: the parser reads these three as literals before it looks for a call.
        switch SourceBytes.packed(bytes, nameStart, i) {
        case PackedName.true, PackedName.false, PackedName.null: return nil
        default: break
        }
        let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
        guard let function = functions[name] else { return nil }
        i = SourceBytes.skipSpaces(bytes, from: i)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "(") else { return nil }
        i = SourceBytes.skipSpaces(bytes, from: i + 1)
        var values: [PageValue] = []
        var ranges: [SourceRange] = []
        if i < bytes.count, bytes[i] == UInt8(ascii: ")") {
            // no arguments
        } else {
            // NB: room for the commonest calls' arguments at once, not grown one by one.
            values.reserveCapacity(2)
            ranges.reserveCapacity(2)
            let takesLambdas = !function.lambdaParameters.isEmpty
            while true {
                guard !takesLambdas || function.lambdaParameters[values.count] == nil,
                      let (value, end) = SourceBytes.literal(bytes, at: i) else { return nil }
                values.append(value)
                ranges.append(SourceRange(start: i, end: end))
                i = SourceBytes.skipSpaces(bytes, from: end)
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ",") {
                    i = SourceBytes.skipSpaces(bytes, from: i + 1)
                    continue
                }
                guard bytes[i] == UInt8(ascii: ")") else { return nil }
                break
            }
        }
        let end = i + 1
        guard SourceBytes.skipSpaces(bytes, from: end) == bytes.count, function.arity.contains(values.count) else { return nil }
        return CallShortcut(function: function, values: values, ranges: ranges, range: SourceRange(start: nameStart, end: end))
    }

    /// The call compiled as the general path compiles its tree, and the call site the compiler
    /// records for it. A pure function goes through `Compiler.compileCall`, which folds it
    /// spending `folding()`; any other runs as one `LiteralCall`, with nothing to fold and no
    /// budget taken.
    func compiled(_ source: String, folding: () -> FoldingBudget) -> (compiled: Compiler.Compiled, calls: [FunctionCallSite]) {
        guard function.isPure else {
            let site = FunctionCallSite(name: function.name, range: range, argumentTypes: CallShortcut.types(of: values), argumentRanges: ranges)
            let call = LiteralCall(function, values, range: range, source: source)
            return (Compiler.Compiled(evaluator: call.evaluator, constant: nil), [site])
        }
        let compiler = Compiler(source: source, folding: folding())
        let compiled = compiler.compileCall(function, literals, range)
        return (compiled, compiler.findings.calls)
    }

    /// The static types of literal arguments, as `CallAnalysis.staticType(of:)` gives them. NB:
    /// one string argument — a label's `text('key')`, most calls of a page — shares one array
    /// rather than making its own.
    static func types(of values: [PageValue]) -> [AttributeType?] {
        if values.count == 1, case .string = values[0] { return oneString }
        return values.map { CallAnalysis.staticType(of: $0) }
    }

    private static let oneString: [AttributeType?] = [.string]

    private var literals: [Expr.Argument] {
        zip(values, ranges).map { .value(Expr(kind: .literal($0), range: $1)) }
    }
}
