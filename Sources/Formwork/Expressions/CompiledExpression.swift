/// An expression (or a template) parsed, checked and compiled once, then evaluated many times.
///
/// Compiling reports every syntax error, unknown variable, unknown function and wrong arity;
/// evaluation reports only what depends on the values (types, division by zero, overflow).
///
/// ```swift
/// let total = try CompiledExpression("$data.price * $data.qty")
/// total.dependencies     // [$data.price, $data.qty]
/// total.assignablePath   // nil: a computed value binds one way
/// try total.evaluate(in: ExpressionScope(data: ["price": 12.5, "qty": 2]))   // 25.0
///
/// try CompiledExpression("$data.name * 2").evaluate(in: ExpressionScope(data: ["name": "Tofu"]))
/// // error: cannot apply '*' to string and int
/// //   $data.name * 2
/// //   ^~~~~~~~~~~~~~
/// ```
public struct CompiledExpression: Sendable, CustomStringConvertible {
    /// The deepest nesting of operators, calls, brackets and member accesses accepted by default
    /// (`PageLimits.standard.expressionDepth`).
    public static var maximumDepth: Int { PageLimits.standard.expressionDepth }
    /// The longest source accepted by default, in UTF-8 bytes (`PageLimits.standard.expressionBytes`).
    public static var maximumLength: Int { PageLimits.standard.expressionBytes }

    /// The text it was compiled from.
    public var source: String { storage.source }
    /// The store paths it reads, in order of first appearance, without paths already covered by
    /// an ancestor in the list. A dynamic index `$data.items[$data.i]` reads `$data.items` and `$data.i`.
    public var dependencies: [StorePath] { storage.dependencies }
    /// The `$data` or `$global` path it writes back to when the whole expression is a plain path;
    /// nil for anything computed and for the read-only stores (`$param`, `$computed`, `$page`).
    /// This is what makes a binding two-way.
    public var assignablePath: StorePath? {
        guard let plainPath, plainPath.root.isWritable else { return nil }
        return plainPath
    }
    /// The value, when it is known without any scope (a literal, or constants folded together).
    public var constantValue: PageValue? { storage.constantValue }
    /// The function calls it makes, outermost first, with what is known of their arguments.
    public var calls: [FunctionCallSite] { storage.calls }
    /// Whether it was compiled from a template (`"Hi ${$data.name}"`) rather than an expression.
    public var isTemplate: Bool { storage.isTemplate }
    /// Whether it reads a block instance's `$state`.
    var readsBlockState: Bool { storage.readsBlockState }

    var plainPath: StorePath? { storage.plainPath }
    /// The path below `$item` when the whole expression is a plain path into it (`$item.qty` is
    /// `[qty]`, `$item` itself `[]`): inside a list row, that element of the list, written back
    /// by a two-way binding when the list's items are a plain path.
    public var itemPath: [StorePath.Component]? { storage.itemPath }

    /// What was compiled, shared by copies: a page holds one expression per attribute, copied into
    /// its nodes and bindings, so a copy is one reference.
    private final class Storage: Sendable {
        let source: String
        let dependencies: [StorePath]
        let constantValue: PageValue?
        let calls: [FunctionCallSite]
        let isTemplate: Bool
        let plainPath: StorePath?
        let itemPath: [StorePath.Component]?
        let evaluator: Compiler.Evaluator
        let readsBlockState: Bool

        init(source: String, dependencies: [StorePath], constantValue: PageValue?, calls: [FunctionCallSite], isTemplate: Bool, plainPath: StorePath?, itemPath: [StorePath.Component]?, evaluator: @escaping Compiler.Evaluator) {
            self.source = source
            self.dependencies = dependencies
            self.constantValue = constantValue
            self.calls = calls
            self.isTemplate = isTemplate
            self.plainPath = plainPath
            self.itemPath = itemPath
            self.evaluator = evaluator
            readsBlockState = dependencies.contains { $0.root == .state }
        }
    }

    private let storage: Storage

    /// Compiles an expression such as `$data.price * $data.qty`, within `limits` (its length and
    /// nesting, and what constant folding may spend). `functions` are those calls may name: the
    /// app's (`engine.registry.functions`), or `.standard` for the built-ins only.
    public init(_ source: String, functions: FunctionLibrary, limits: PageLimits = .standard) throws(ExpressionError) {
        if let shortcut = ExpressionShortcut(source, functions: functions, limits: limits) {
            // NB: only a call of a pure function is folded: the budget is made only for one.
            self.init(source: source, shortcut: shortcut) { FoldingBudget(limits: limits) }
            return
        }
        let tree = try CompiledExpression.parse(source, isTemplate: false, functions: functions, limits: limits, block: nil)
        self.init(source: source, tree: tree, isTemplate: false, folding: FoldingBudget(limits: limits))
    }

    /// Compiles `source` through the parser, never the plain-path shortcut: for the tests that
    /// compare the two.
    init(generalPath source: String, functions: FunctionLibrary, limits: PageLimits = .standard) throws(ExpressionError) {
        let tree = try CompiledExpression.parse(source, isTemplate: false, functions: functions, limits: limits, block: nil)
        self.init(source: source, tree: tree, isTemplate: false, folding: FoldingBudget(limits: limits))
    }

    /// Compiles a template: text with `${expression}` parts, always producing a string.
    /// `"Total: ${fixed($data.total, 2)} €"`. To write a literal `${`, use `${'${'}`. `functions`
    /// as for `init(_:functions:limits:)`.
    public init(template source: String, functions: FunctionLibrary, limits: PageLimits = .standard) throws(ExpressionError) {
        try self.init(template: source, functions: functions, limits: limits, folding: FoldingBudget(limits: limits))
    }

    /// Compiles an expression that may call only the built-in functions.
    @available(*, deprecated, message: "name the functions: CompiledExpression(source, functions: engine.registry.functions), or functions: .standard for the built-ins only")
    public init(_ source: String, limits: PageLimits = .standard) throws(ExpressionError) {
        try self.init(source, functions: .standard, limits: limits)
    }

    /// Compiles a template that may call only the built-in functions.
    @available(*, deprecated, message: "name the functions: CompiledExpression(template: source, functions: engine.registry.functions), or functions: .standard for the built-ins only")
    public init(template source: String, limits: PageLimits = .standard) throws(ExpressionError) {
        try self.init(template: source, functions: .standard, limits: limits)
    }

    /// An expression whose constant folding spends `folding`, shared with other expressions;
    /// inside a block's components, `block` says what `$attr` and `$state` mean.
    init(_ source: String, functions: FunctionLibrary, limits: PageLimits, folding: FoldingBudget, block: BlockExpressionScope? = nil) throws(ExpressionError) {
        if block == nil, let shortcut = ExpressionShortcut(source, functions: functions, limits: limits) {
            self.init(source: source, shortcut: shortcut) { folding }
            return
        }
        let tree = try CompiledExpression.parse(source, isTemplate: false, functions: functions, limits: limits, block: block)
        self.init(source: source, tree: tree, isTemplate: false, folding: folding)
    }

    /// A template whose constant folding spends `folding`, shared with other expressions.
    init(template source: String, functions: FunctionLibrary, limits: PageLimits, folding: FoldingBudget, block: BlockExpressionScope? = nil) throws(ExpressionError) {
        let tree = try CompiledExpression.parse(source, isTemplate: true, functions: functions, limits: limits, block: block)
        self.init(source: source, tree: tree, isTemplate: true, folding: folding)
    }

    /// The syntax tree of an expression or a template, every name resolved; a block's use parses
    /// the expressions it gives its attributes this way, to put them in place of `$attr.NAME`.
    static func parse(_ source: String, isTemplate: Bool, functions: FunctionLibrary, limits: PageLimits, block: BlockExpressionScope?) throws(ExpressionError) -> Expr {
        let bytes = try CompiledExpression.checkLength(source, limits)
        guard isTemplate else {
            var parser = try Parser(source: source, bytes: bytes, offset: 0, functions: functions, maximumDepth: limits.expressionDepth, block: block)
            return try parser.parseAll()
        }
        // NB: literal text is taken from `bytes` as a run between parts, not collected byte by byte.
        var parts: [Expr] = []
        parts.reserveCapacity(4)
        var literalStart = 0
        var i = 0
        func literalPart(upTo end: Int) -> Expr {
            Expr(kind: .literal(.string(String(decoding: bytes[literalStart..<end], as: UTF8.self))), range: SourceRange(start: literalStart, end: end))
        }
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "{") else {
                i += 1
                continue
            }
            if literalStart < i { parts.append(literalPart(upTo: i)) }
            var parser = try Parser(source: source, bytes: bytes, offset: i + 2, functions: functions, maximumDepth: limits.expressionDepth, block: block)
            if case .punctuation(.rightBrace) = parser.current.kind {
                throw ExpressionError(.syntax, "'${}' is empty; put an expression inside, as in ${$data.name}", range: SourceRange(start: i, end: parser.current.range.end), source: source)
            }
            let expr = try parser.parseEmbedded()
            guard case .punctuation(.rightBrace) = parser.current.kind else {
                let found = parser.current
                let message = found.kind == .end ? "'${' is not closed; add '}' after the expression" : "expected '}' to close '${' but found \(found.display)"
                throw ExpressionError(.syntax, message, range: found.kind == .end ? SourceRange(start: i, end: i + 2) : found.range, source: source)
            }
            parts.append(expr)
            i = parser.current.range.end
            literalStart = i
        }
        if literalStart < bytes.count || parts.isEmpty { parts.append(literalPart(upTo: bytes.count)) }
        return Expr(kind: .template(parts), range: SourceRange(start: 0, end: bytes.count))
    }

    init(source: String, tree: Expr, isTemplate: Bool, folding: FoldingBudget) {
        // NB: the compile walk collects the paths read and the calls made as it goes.
        let compiler = Compiler(source: source, folding: folding)
        let compiled = compiler.compile(tree)
        // NB: a plain path is its own one dependency (and the two share their components).
        let plainPath = isTemplate ? nil : DependencyAnalysis.plainPath(tree)
        storage = Storage(
            source: source, dependencies: plainPath.map { [$0] } ?? DependencyAnalysis.withoutCovered(compiler.findings.reads), constantValue: compiled.constant,
            calls: compiler.findings.calls, isTemplate: isTemplate, plainPath: plainPath,
            itemPath: isTemplate ? nil : DependencyAnalysis.itemPath(tree),
            evaluator: compiled.evaluator)
    }

    /// An expression of one of the shapes `ExpressionShortcut` recognises; `folding` gives the
    /// budget a call of a pure function spends.
    private init(source: String, shortcut: ExpressionShortcut, folding: () -> FoldingBudget) {
        switch shortcut {
        case .path(let path): self.init(source: source, path: path)
        case .pathOperator(let shortcut): self.init(source: source, computed: shortcut.compiled(source))
        case .call(let call): self.init(source: source, call: call, folding: folding)
        case .arithmetic(let run): self.init(source: source, computed: run.compiled(source))
        }
    }

    /// A plain path recognised by `PlainPathShortcut`: what `init(source:tree:isTemplate:folding:)`
    /// makes of its tree, without the tree.
    private init(source: String, path: PlainPathShortcut) {
        let plainPath = path.plainPath
        storage = Storage(
            source: source, dependencies: plainPath.map { [$0] } ?? [], constantValue: nil,
            calls: [], isTemplate: false, plainPath: plainPath, itemPath: path.itemPath,
            evaluator: path.evaluator(source))
    }

    /// A path compared with a literal or negated (`PathOperatorShortcut`), or a run of arithmetic
    /// over paths and whole numbers (`ArithmeticShortcut`), compiled by the shortcut: what
    /// `init(source:tree:isTemplate:folding:)` makes of its tree (nothing to fold, no calls, no
    /// plain or item path), without the tree.
    private init(source: String, computed shortcut: (compiled: Compiler.Compiled, dependencies: [StorePath])) {
        let (compiled, dependencies) = shortcut
        storage = Storage(
            source: source, dependencies: dependencies, constantValue: nil,
            calls: [], isTemplate: false, plainPath: nil, itemPath: nil,
            evaluator: compiled.evaluator)
    }

    /// A call with literal arguments recognised by `CallShortcut`: what
    /// `init(source:tree:isTemplate:folding:)` makes of its tree (a pure function folded with
    /// the budget `folding` gives), without the tree.
    private init(source: String, call: CallShortcut, folding: () -> FoldingBudget) {
        let (compiled, calls) = call.compiled(source, folding: folding)
        storage = Storage(
            source: source, dependencies: [], constantValue: compiled.constant,
            calls: calls, isTemplate: false, plainPath: nil, itemPath: nil,
            evaluator: compiled.evaluator)
    }

    private static func checkLength(_ source: String, _ limits: PageLimits) throws(ExpressionError) -> [UInt8] {
        let length = source.utf8.count
        if length > limits.expressionBytes {
            throw ExpressionError(.limit, "the expression is \(length) bytes long; the limit is \(limits.expressionBytes)", range: SourceRange(start: 0, end: 0), source: String(source.prefix(200)))
        }
        return Array(source.utf8)
    }

    /// Runs the compiled expression against `scope`, within `scope.limits`: the work and the
    /// memory of the evaluation (`evaluationSteps`, `evaluationBytes`), and the depth and size of
    /// the value it gives (`valueDepth`, `valueBytes`). Going over one is a `.limit` error.
    public func evaluate(in scope: ExpressionScope) throws(ExpressionError) -> PageValue {
        // NB: the two numbers, not the whole PageLimits: this runs for every binding update.
        var state = EvaluationState(steps: scope.limits.evaluationSteps, bytes: scope.limits.evaluationBytes)
        let value: PageValue
        do {
            value = try storage.evaluator(scope, &state)
        } catch let error as ExpressionError {
            throw error
        } catch {
            throw Compiler.convert(error, wholeRange, source)
        }
        // NB: arrays share their elements, so a value built as [x, x] inside [y, y] … may be far
        // larger than what building it cost; measure it (the walk stops at the limits) before it
        // reaches a store, an attribute or the screen.
        if state.builtContainer, let problem = value.sizeProblem(scope.limits, what: "the value of this expression") {
            throw ExpressionError(.limit, problem, range: wholeRange, source: source)
        }
        return value
    }

    private var wholeRange: SourceRange { SourceRange(start: 0, end: source.utf8.count) }

    /// The source text.
    public var description: String { source }
}
