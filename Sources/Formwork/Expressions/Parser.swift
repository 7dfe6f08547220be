/// A Pratt parser over `Lexer` tokens, with one precedence table.
///
/// Precedence, lowest first: `? :` (right-assoc) · `??` · `||` · `&&` · `== !=` · `< <= > >=` ·
/// `+ -` · `* / %` · unary `! -` · postfix `.name`, `[expr]`, `f(args)`.
struct Parser {
    private var lexer: Lexer
    private var token: Token
    private let functions: FunctionLibrary
    private var depth = 0
    /// `PageLimits.expressionDepth`.
    private let maximumDepth: Int
    /// Lambda parameters in scope, innermost last; the position is the local slot.
    private var locals: [String] = []
    /// Inside a block's components: what `$attr` and `$state` mean (nil elsewhere).
    private let block: BlockExpressionScope?

    init(source: String, bytes: [UInt8], offset: Int, functions: FunctionLibrary, maximumDepth: Int, block: BlockExpressionScope? = nil) throws(ExpressionError) {
        lexer = Lexer(source: source, bytes: bytes, offset: offset)
        token = try lexer.next()
        self.functions = functions
        self.maximumDepth = maximumDepth
        self.block = block
    }

    var source: String { lexer.source }
    var current: Token { token }

    // MARK: - Entry points

    /// Parses a whole expression and requires the end of the text after it.
    mutating func parseAll() throws(ExpressionError) -> Expr {
        if case .end = token.kind {
            throw error(.syntax, "the expression is empty", token.range)
        }
        let expr = try parseExpression(0)
        guard case .end = token.kind else {
            throw error(.syntax, "unexpected \(token.display) after the end of the expression; is an operator missing?", token.range)
        }
        return expr
    }

    /// Parses one expression and stops in front of the token that ends it (for templates).
    mutating func parseEmbedded() throws(ExpressionError) -> Expr {
        try parseExpression(0)
    }

    // MARK: - Precedence table

    /// Binding power of an infix token; higher binds tighter.
    private static func infixPower(_ p: Token.Punctuation) -> Int? {
        switch p {
        case .question: return 1
        case .coalesce: return 2
        case .or: return 3
        case .and: return 4
        case .equal, .notEqual: return 5
        case .less, .lessEqual, .greater, .greaterEqual: return 6
        case .plus, .minus: return 7
        case .star, .slash, .percent: return 8
        default: return nil
        }
    }

    private static let unaryPower = 9

    private static func binaryOperator(_ p: Token.Punctuation) -> BinaryOperator? {
        switch p {
        case .plus: return .add
        case .minus: return .subtract
        case .star: return .multiply
        case .slash: return .divide
        case .percent: return .remainder
        case .equal: return .equal
        case .notEqual: return .notEqual
        case .less: return .less
        case .lessEqual: return .lessEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterEqual
        default: return nil
        }
    }

    // MARK: - Expressions

    private mutating func parseExpression(_ minPower: Int) throws(ExpressionError) -> Expr {
        depth += 1
        defer { depth -= 1 }
        if depth > maximumDepth {
            throw error(.limit, "the expression is nested more than \(maximumDepth) levels deep; split it into smaller parts", token.range)
        }
        var left = try parsePrefix()
        while case .punctuation(let p) = token.kind, let power = Parser.infixPower(p), power >= minPower {
            try advance()
            switch p {
            case .question:
                let then = try parseExpression(0)
                try expect(.colon, "expected ':' to give the 'else' value of '? :'")
                let otherwise = try parseExpression(power)
                left = try checked(Expr(kind: .conditional(left, then, otherwise), range: left.range.union(otherwise.range)))
            case .coalesce, .or, .and:
                let right = try parseExpression(power + 1)
                let range = left.range.union(right.range)
                let kind: Expr.Kind = p == .coalesce ? .coalesce(left, right) : p == .or ? .or(left, right) : .and(left, right)
                left = try checked(Expr(kind: kind, range: range))
            default:
                guard let op = Parser.binaryOperator(p) else { break }
                let right = try parseExpression(power + 1)
                left = try checked(Expr(kind: .binary(op, left, right), range: left.range.union(right.range)))
            }
        }
        return left
    }

    private mutating func parsePrefix() throws(ExpressionError) -> Expr {
        let start = token
        switch start.kind {
        case .punctuation(.bang), .punctuation(.minus):
            try advance()
            if case .punctuation(.minus) = start.kind, case .bigInt(let text) = token.kind, text == "9223372036854775808" {
                let range = start.range.union(token.range)
                try advance()
                return try parsePostfix(Expr(kind: .literal(.int(Int64.min)), range: range))
            }
            let operand = try parseExpression(Parser.unaryPower)
            let op: UnaryOperator = start.kind == .punctuation(.bang) ? .not : .negate
            return Expr(kind: .unary(op, operand), range: start.range.union(operand.range))
        default:
            return try parsePostfix(try parsePrimary())
        }
    }

    private mutating func parsePrimary() throws(ExpressionError) -> Expr {
        let start = token
        switch start.kind {
        case .int(let value):
            try advance()
            return Expr(kind: .literal(.int(value)), range: start.range)
        case .bigInt(let text):
            throw error(.overflow, "the integer \(text) is outside the 64-bit range; write it as \(text).0 for a number", start.range)
        case .number(let value):
            try advance()
            return Expr(kind: .literal(.number(value)), range: start.range)
        case .string(let value):
            try advance()
            return Expr(kind: .literal(.string(value)), range: start.range)
        case .variable("attr"):
            return try parseBlockAttribute(start)
        case .variable(let name):
            guard let variable = lexer.variable(at: start.range) else {
                // NB: $state and $attr are offered only inside a block's components, where they mean something.
                let known = ScopeVariable.allCases.filter { block != nil || $0 != .state }.map(\.rawValue) + (block != nil ? ["attr"] : [])
                let suggestion = Suggestions.nearest(to: name, in: known)
                let hint = suggestion.map { "; did you mean $\($0)?" } ?? "; the variables are " + known.map { "$" + $0 }.joined(separator: ", ")
                throw error(.unknownVariable, "unknown variable '$\(name)'" + hint, start.range)
            }
            try advance()
            if variable == .state, let block {
                // NB: each instance keeps its state under its own name: `$state.open` is
                // `$state["shipping"].open`. Elsewhere `$state` is refused by the page decoder.
                return Expr(kind: .member(Expr(kind: .variable(.state), range: start.range), block.instance), range: start.range)
            }
            if let block, BlockExpressionScope.isPageStore(variable) {
                throw error(.unknownVariable, "a block can't read $\(name): it sees the page only through its attributes; declare an attribute of '\(block.blockID)' and have the page pass $\(name)… to it, then read $attr.NAME", start.range)
            }
            return Expr(kind: .variable(variable), range: start.range)
        case .identifier(let name):
            return try parseName(name, start)
        case .punctuation(.leftParen):
            try advance()
            let inner = try parseExpression(0)
            let close = token
            try expect(.rightParen, "expected ')' to close '('")
            return Expr(kind: inner.kind, range: start.range.union(close.range))
        case .punctuation(.leftBracket):
            return try parseArray(start)
        case .punctuation(.leftBrace):
            return try parseObject(start)
        case .punctuation(.arrow):
            throw error(.syntax, "a lambda (x => …) can only be passed to a function such as map or filter", start.range)
        case .end:
            throw error(.syntax, "the expression ends too early; expected a value", start.range)
        default:
            throw error(.syntax, "expected a value but found \(start.display)", start.range)
        }
    }

    /// `$attr.NAME` (or `$attr["NAME"]`): the use's own tree for that attribute, put in place.
    private mutating func parseBlockAttribute(_ start: Token) throws(ExpressionError) -> Expr {
        guard let block else {
            throw error(.unknownVariable, "$attr reads a block's attributes; it is known only inside a block's components", start.range)
        }
        try advance()
        let name: String
        var end = token.range
        switch token.kind {
        case .punctuation(.dot):
            try advance()
            guard case .identifier(let member) = token.kind else {
                throw error(.syntax, "expected an attribute name after '$attr.' but found \(token.display)", token.range)
            }
            name = member
            end = token.range
            try advance()
        case .punctuation(.leftBracket):
            try advance()
            guard case .string(let member) = token.kind else {
                throw error(.syntax, "write $attr.NAME or $attr[\"NAME\"] with the name written out; $attr can't be indexed by a computed name", token.range)
            }
            name = member
            try advance()
            end = token.range
            try expect(.rightBracket, "expected ']' after the attribute's name")
        default:
            throw error(.syntax, "$attr is read one attribute at a time, as in $attr.\(block.declared.first ?? "title")", start.range)
        }
        let range = start.range.union(end)
        guard let tree = block.attributes[name] else {
            let hint = Suggestions.nearest(to: name, in: block.declared).map { "; did you mean $attr.\($0)?" }
                ?? (block.declared.isEmpty ? "; it declares none" : "; its attributes are " + block.declared.joined(separator: ", "))
            throw error(.unknownVariable, "the block '\(block.blockID)' has no attribute '\(name)'" + hint, range)
        }
        if block.insideOwnRows, tree.reads(.item) || tree.reads(.index) {
            throw error(.unknownVariable, "the page gives '\(name)' as an expression reading $item or $index, but here, inside a list of the block '\(block.blockID)', those are that list's; pass the value some other way, like a plain path into $data", range)
        }
        return try checked(tree.placed(at: range, slotOffset: locals.count))
    }

    private mutating func parseName(_ name: String, _ start: Token) throws(ExpressionError) -> Expr {
        try advance()
        switch name {
        case "null": return Expr(kind: .literal(.null), range: start.range)
        case "true": return Expr(kind: .literal(.bool(true)), range: start.range)
        case "false": return Expr(kind: .literal(.bool(false)), range: start.range)
        default: break
        }
        if case .punctuation(.leftParen) = token.kind {
            return try parseCall(name, start)
        }
        if let slot = locals.lastIndex(of: name) {
            return Expr(kind: .local(slot: slot, name: name), range: start.range)
        }
        if case .punctuation(.arrow) = token.kind {
            throw error(.syntax, "a lambda (x => …) can only be passed to a function such as map or filter", start.range.union(token.range))
        }
        var hint = "; variables start with '$', as in $data.\(name)"
        if let local = Suggestions.nearest(to: name, in: locals) { hint = "; did you mean '\(local)'?" }
        throw error(.unknownVariable, "unknown name '\(name)'" + hint, start.range)
    }

    private mutating func parseCall(_ name: String, _ start: Token) throws(ExpressionError) -> Expr {
        guard let function = functions[name] else {
            let suggestion = Suggestions.nearest(to: name, in: functions.names).map { "; did you mean '\($0)'?" } ?? ""
            throw error(.unknownFunction, "unknown function '\(name)'" + suggestion, start.range)
        }
        try advance()  // (
        var arguments: [Expr.Argument] = []
        var end = token.range
        if case .punctuation(.rightParen) = token.kind {
            try advance()
        } else {
            while true {
                let position = arguments.count
                if let maxParameters = function.lambdaParameters[position] {
                    arguments.append(try parseLambda(function: function, position: position, maxParameters: maxParameters))
                } else {
                    let value = try parseExpression(0)
                    arguments.append(.value(value))
                }
                if case .punctuation(.comma) = token.kind {
                    try advance()
                    continue
                }
                end = token.range
                try expect(.rightParen, "expected ',' or ')' in the arguments of \(name)()")
                break
            }
        }
        let range = start.range.union(end)
        guard function.arity.contains(arguments.count) else {
            throw error(.arity, "\(name)() takes \(function.arityText), but \(arguments.count) \(arguments.count == 1 ? "was" : "were") given", range)
        }
        return Expr(kind: .call(function, arguments), range: range)
    }

    /// `x => body` or `(x, i) => body`.
    private mutating func parseLambda(function: ExpressionFunction, position: Int, maxParameters: Int) throws(ExpressionError) -> Expr.Argument {
        let start = token
        var names: [String] = []
        if case .identifier(let name) = token.kind {
            names = [name]
            try advance()
        } else if case .punctuation(.leftParen) = token.kind {
            try advance()
            while case .identifier(let name) = token.kind {
                names.append(name)
                try advance()
                if case .punctuation(.comma) = token.kind { try advance() } else { break }
            }
            try expect(.rightParen, "expected ')' after the lambda's parameter names")
        }
        guard !names.isEmpty, case .punctuation(.arrow) = token.kind else {
            throw error(.syntax, "argument \(position + 1) of \(function.name)() must be a lambda such as x => x.price", start.range.union(token.range))
        }
        guard names.count <= maxParameters else {
            throw error(.syntax, "the lambda passed to \(function.name)() takes at most \(maxParameters) parameter\(maxParameters == 1 ? "" : "s")", start.range.union(token.range))
        }
        try advance()  // =>
        let firstSlot = locals.count
        locals.append(contentsOf: names)
        defer { locals.removeLast(names.count) }
        let body = try parseExpression(0)
        return .lambda(parameterCount: names.count, firstSlot: firstSlot, body: body)
    }

    private mutating func parseArray(_ start: Token) throws(ExpressionError) -> Expr {
        try advance()
        var items: [Expr] = []
        while true {
            if case .punctuation(.rightBracket) = token.kind { break }
            items.append(try parseExpression(0))
            if case .punctuation(.comma) = token.kind { try advance() } else { break }
        }
        let end = token.range
        try expect(.rightBracket, "expected ',' or ']' in the array")
        return Expr(kind: .array(items), range: start.range.union(end))
    }

    private mutating func parseObject(_ start: Token) throws(ExpressionError) -> Expr {
        try advance()
        var members: [(key: String, value: Expr)] = []
        while true {
            let keyToken = token
            if case .punctuation(.rightBrace) = keyToken.kind { break }
            let key: String
            switch keyToken.kind {
            case .identifier(let name): key = name
            case .string(let text): key = text
            default:
                throw error(.syntax, "expected a member name (a word or a quoted string) but found \(keyToken.display)", keyToken.range)
            }
            try advance()
            try expect(.colon, "expected ':' after the member name '\(key)'")
            if members.contains(where: { $0.key == key }) {
                throw error(.syntax, "the member '\(key)' appears twice in this object", keyToken.range)
            }
            members.append((key, try parseExpression(0)))
            if case .punctuation(.comma) = token.kind { try advance() } else { break }
        }
        let end = token.range
        try expect(.rightBrace, "expected ',' or '}' in the object")
        return Expr(kind: .object(members), range: start.range.union(end))
    }

    private mutating func parsePostfix(_ base: Expr) throws(ExpressionError) -> Expr {
        var expr = base
        while case .punctuation(let p) = token.kind {
            switch p {
            case .dot:
                try advance()
                guard case .identifier(let name) = token.kind else {
                    throw error(.syntax, "expected a member name after '.' but found \(token.display)", token.range)
                }
                expr = try checked(Expr(kind: .member(expr, name), range: expr.range.union(token.range)))
                try advance()
            case .leftBracket:
                try advance()
                let index = try parseExpression(0)
                let end = token.range
                try expect(.rightBracket, "expected ']' to close '['")
                expr = try checked(Expr(kind: .index(expr, index), range: expr.range.union(end)))
            case .leftParen:
                throw error(.syntax, "only a function name can be called, as in len(x)", token.range)
            default:
                return expr
            }
        }
        return expr
    }

    // MARK: - Helpers

    /// Refuses trees deeper than the limit, including long chains (`a.b.c…`, `1+1+…`) built by loops.
    private func checked(_ expr: Expr) throws(ExpressionError) -> Expr {
        if expr.height > maximumDepth {
            throw error(.limit, "the expression is nested more than \(maximumDepth) levels deep; split it into smaller parts", expr.range)
        }
        return expr
    }

    private mutating func advance() throws(ExpressionError) {
        token = try lexer.next()
    }

    /// NB: the message is built only when it is thrown: most are interpolated (`… in the arguments
    /// of \(name)()`), and every call and object member a page holds passes one.
    private mutating func expect(_ p: Token.Punctuation, _ message: @autoclosure () -> String) throws(ExpressionError) {
        guard case .punctuation(let found) = token.kind, found == p else {
            throw error(.syntax, message() + (token.kind == .end ? " before the end of the expression" : ", found \(token.display)"), token.range)
        }
        try advance()
    }

    private func error(_ kind: ExpressionError.Kind, _ message: String, _ range: SourceRange) -> ExpressionError {
        ExpressionError(kind, message, range: range, source: lexer.source)
    }
}
