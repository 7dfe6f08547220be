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
    /// The deepest nesting of operators, calls, brackets and member accesses accepted.
    public static let maximumDepth = 256
    /// The longest source accepted, in UTF-8 bytes.
    public static let maximumLength = 20_000

    /// The text it was compiled from.
    public let source: String
    /// The store paths it reads, in order of first appearance, without paths already covered by
    /// an ancestor in the list. A dynamic index `$data.items[$data.i]` reads `$data.items` and `$data.i`.
    public let dependencies: [StorePath]
    /// The `$data` or `$global` path it writes back to when the whole expression is a plain path;
    /// nil for anything computed and for the read-only stores (`$param`, `$computed`, `$page`).
    /// This is what makes a binding two-way.
    public var assignablePath: StorePath? {
        guard let plainPath, plainPath.root.isWritable else { return nil }
        return plainPath
    }
    /// The value, when it is known without any scope (a literal, or constants folded together).
    public let constantValue: PageValue?
    /// Whether it was compiled from a template (`"Hi ${$data.name}"`) rather than an expression.
    public let isTemplate: Bool

    let plainPath: StorePath?
    /// The path below `$item` when the whole expression is a plain path into it (`$item.qty` is
    /// `[qty]`, `$item` itself `[]`): inside a list row, that element of the list, written back
    /// by a two-way binding when the list's items are a plain path.
    public let itemPath: [StorePath.Component]?
    private let evaluator: Compiler.Evaluator

    /// Compiles an expression such as `$data.price * $data.qty`.
    public init(_ source: String, functions: FunctionLibrary = .standard) throws(ExpressionError) {
        let bytes = try CompiledExpression.checkLength(source)
        var parser = try Parser(source: source, bytes: bytes, offset: 0, functions: functions)
        let tree = try parser.parseAll()
        self.init(source: source, tree: tree, isTemplate: false)
    }

    /// Compiles a template: text with `${expression}` parts, always producing a string.
    /// `"Total: ${fixed($data.total, 2)} €"`. To write a literal `${`, use `${'${'}`.
    public init(template source: String, functions: FunctionLibrary = .standard) throws(ExpressionError) {
        let bytes = try CompiledExpression.checkLength(source)
        var parts: [Expr] = []
        var literalStart = 0
        var i = 0
        var literal: [UInt8] = []
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "{") {
                if !literal.isEmpty {
                    let text = String(decoding: literal, as: UTF8.self)
                    parts.append(Expr(kind: .literal(.string(text)), range: SourceRange(start: literalStart, end: i)))
                    literal.removeAll()
                }
                var parser = try Parser(source: source, bytes: bytes, offset: i + 2, functions: functions)
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
            } else {
                literal.append(bytes[i])
                i += 1
            }
        }
        if !literal.isEmpty || parts.isEmpty {
            parts.append(Expr(kind: .literal(.string(String(decoding: literal, as: UTF8.self))), range: SourceRange(start: literalStart, end: bytes.count)))
        }
        let tree = Expr(kind: .template(parts), range: SourceRange(start: 0, end: bytes.count))
        self.init(source: source, tree: tree, isTemplate: true)
    }

    private init(source: String, tree: Expr, isTemplate: Bool) {
        self.source = source
        self.isTemplate = isTemplate
        let compiled = Compiler(source: source).compile(tree)
        evaluator = compiled.evaluator
        constantValue = compiled.constant
        plainPath = isTemplate ? nil : DependencyAnalysis.plainPath(tree)
        itemPath = isTemplate ? nil : DependencyAnalysis.itemPath(tree)
        dependencies = DependencyAnalysis.dependencies(of: tree)
    }

    private static func checkLength(_ source: String) throws(ExpressionError) -> [UInt8] {
        let bytes = Array(source.utf8)
        if bytes.count > maximumLength {
            throw ExpressionError(.limit, "the expression is \(bytes.count) bytes long; the limit is \(maximumLength)", range: SourceRange(start: 0, end: 0), source: String(source.prefix(200)))
        }
        return bytes
    }

    /// Runs the compiled expression against `scope`.
    public func evaluate(in scope: ExpressionScope) throws(ExpressionError) -> PageValue {
        var locals: [PageValue] = []
        do {
            return try evaluator(scope, &locals)
        } catch let error as ExpressionError {
            throw error
        } catch {
            throw Compiler.convert(error, SourceRange(start: 0, end: source.utf8.count), source)
        }
    }

    public var description: String { source }
}
