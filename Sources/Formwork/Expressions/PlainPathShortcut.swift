/// An expression that is one plain member path, `$data.settings.acceptCash`, recognised from its
/// bytes in one pass: compiled without the lexer's tokens, the parser's tree or the analyses'
/// walks over it.
///
/// Most expressions of a real page are such a path (a field's value, a switch's state), so what
/// compiling any expression costs before its first operator — the tokens, the tree, the walks —
/// is most of what compiling a page's expressions costs.
///
/// It accepts only `$name(.name)*` exactly: a variable the language knows, then member names, no
/// spaces, no brackets, no block (`$attr`, `$state` inside a block go through the parser), within
/// the length and depth limits. Anything else — including every error — is left to the general
/// path, so diagnostics are the parser's. What it produces is what the general path produces for
/// the same text (the same evaluator, dependencies, plain and item paths);
/// `PlainPathShortcutTests` compiles a table of expressions both ways and compares them.
struct PlainPathShortcut {
    let variable: ScopeVariable
    /// The member names, in order, each with the end of its name in the source (a read's range
    /// runs from the start of the expression to there).
    let keys: [(name: String, end: Int)]

    /// The path `source` is, or nil when it isn't exactly one (or is over `limits`).
    init?(_ source: String, limits: PageLimits) {
        let count = source.utf8.count
        guard count >= 2, count <= limits.expressionBytes, source.utf8.first == UInt8(ascii: "$") else { return nil }
        let bytes = Array(source.utf8)
        var i = 1
        while i < bytes.count, Lexer.isIdentifierPart(bytes[i]) { i += 1 }
        guard i > 1, let variable = ScopeVariable(rawValue: String(decoding: bytes[1..<i], as: UTF8.self)) else { return nil }
        var keys: [(name: String, end: Int)] = []
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "."), i + 1 < bytes.count, Lexer.isIdentifierStart(bytes[i + 1]) else { return nil }
            let start = i + 1
            i = start + 1
            while i < bytes.count, Lexer.isIdentifierPart(bytes[i]) { i += 1 }
            keys.append((String(decoding: bytes[start..<i], as: UTF8.self), i))
        }
        guard keys.count + 1 <= limits.expressionDepth else { return nil }
        self.variable = variable
        self.keys = keys
    }

    /// The path compiled: what `Compiler` makes of the same tree.
    func compiled(_ source: String) -> Compiler.Compiled {
        guard !keys.isEmpty else { return Compiler.variable(variable) }
        let reads = keys.map { MemberRead(key: $0.name, range: SourceRange(start: 0, end: $0.end), source: source) }
        return Compiler.memberChain(.variable(variable), reads, SourceRange(start: 0, end: keys[keys.count - 1].end), source)
    }

    /// The store path it is, when its variable is a store (`DependencyAnalysis.plainPath`).
    var plainPath: StorePath? {
        variable.storeRoot.map { StorePath($0, keys.map { .key($0.name) }) }
    }

    /// The components below `$item`, when it starts there (`DependencyAnalysis.itemPath`).
    var itemPath: [StorePath.Component]? {
        variable == .item ? keys.map { .key($0.name) } : nil
    }
}
