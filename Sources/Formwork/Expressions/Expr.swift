/// The syntax tree of an expression, produced by `Parser` and consumed by `Compiler` and the
/// dependency analysis. Names are already resolved: variables to `ScopeVariable`, lambda
/// parameters to slots, function names to their `ExpressionFunction`.
struct Expr: Sendable {
    /// NB: only the cases that hold a node directly are `indirect` (a box each); leaves (a
    /// literal, a variable, a lambda parameter) and lists are stored in the node itself, so a
    /// `$data.price` is one box rather than two.
    enum Kind: Sendable {
        case literal(PageValue)
        case variable(ScopeVariable)
        /// A lambda parameter, by slot in the evaluation's local stack.
        case local(slot: Int, name: String)
        indirect case member(Expr, String)
        indirect case index(Expr, Expr)
        indirect case unary(UnaryOperator, Expr)
        indirect case binary(BinaryOperator, Expr, Expr)
        indirect case and(Expr, Expr)
        indirect case or(Expr, Expr)
        indirect case coalesce(Expr, Expr)
        indirect case conditional(Expr, Expr, Expr)
        case array([Expr])
        case object([(key: String, value: Expr)])
        indirect case call(ExpressionFunction, [Argument])
        /// Template parts joined as display text.
        case template([Expr])
    }

    enum Argument: Sendable {
        case value(Expr)
        /// `x => body` or `(x, i) => body`: parameters occupy slots `firstSlot..<firstSlot+parameterCount`.
        case lambda(parameterCount: Int, firstSlot: Int, body: Expr)
    }

    let kind: Kind
    let range: SourceRange
    /// The depth of the tree below and including this node; the parser refuses trees deeper
    /// than `PageLimits.expressionDepth` so no later pass can overflow the stack.
    let height: Int

    init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
        var below = 0
        Expr.forEachChild(of: kind) { below = max(below, $0.height) }
        height = below + 1
    }

    /// Calls `body` with each node directly below, in source order — operands, elements, member
    /// values, a call's arguments and its lambdas' bodies — without building an array: the one
    /// walk every analysis of the tree goes through.
    func forEachChild(_ body: (Expr) -> Void) {
        Expr.forEachChild(of: kind, body)
    }

    private static func forEachChild(of kind: Kind, _ body: (Expr) -> Void) {
        switch kind {
        case .literal, .variable, .local:
            return
        case .member(let e, _), .unary(_, let e):
            body(e)
        case .index(let a, let b), .binary(_, let a, let b), .and(let a, let b), .or(let a, let b), .coalesce(let a, let b):
            body(a)
            body(b)
        case .conditional(let a, let b, let c):
            body(a)
            body(b)
            body(c)
        case .array(let items), .template(let items):
            for item in items { body(item) }
        case .object(let members):
            for member in members { body(member.value) }
        case .call(_, let arguments):
            for argument in arguments {
                switch argument {
                case .value(let e): body(e)
                case .lambda(_, _, let lambdaBody): body(lambdaBody)
                }
            }
        }
    }
}

enum UnaryOperator: String, Sendable {
    case not = "!"
    case negate = "-"
}

enum BinaryOperator: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
    case equal = "==", notEqual = "!="
    case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
}
