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
///
/// NB: it reads the source's bytes where the string keeps them (no copy), checks the whole path
/// before it builds anything (most expressions that start with `$` aren't a plain path), names
/// the variable from its bytes (no string made for it), and makes the member names once, as the
/// components shared by the plain path, the dependencies and the item path.
struct PlainPathShortcut {
    let variable: ScopeVariable
    /// The member names, in order, each a `.key`.
    let components: [StorePath.Component]

    /// The path `source` is, or nil when it isn't exactly one (or is over `limits`).
    init?(_ source: String, limits: PageLimits) {
        let utf8 = source.utf8
        let count = utf8.count
        guard count >= 2, count <= limits.expressionBytes, utf8.first == UInt8(ascii: "$") else { return nil }
        let end = utf8.endIndex
        let nameStart = utf8.index(after: utf8.startIndex)
        var i = nameStart
        while i != end, Lexer.isIdentifierPart(utf8[i]) { i = utf8.index(after: i) }
        guard let variable = PlainPathShortcut.variable(named: utf8[nameStart..<i]) else { return nil }
        // First the check, counting the names: nothing is built for what isn't a plain path.
        let keysStart = i
        var keys = 0
        while i != end {
            guard utf8[i] == UInt8(ascii: ".") else { return nil }
            i = utf8.index(after: i)
            guard i != end, Lexer.isIdentifierStart(utf8[i]) else { return nil }
            i = utf8.index(after: i)
            while i != end, Lexer.isIdentifierPart(utf8[i]) { i = utf8.index(after: i) }
            keys += 1
        }
        guard keys + 1 <= limits.expressionDepth else { return nil }
        var components: [StorePath.Component] = []
        components.reserveCapacity(keys)
        i = keysStart
        while i != end {
            let start = utf8.index(after: i)
            i = utf8.index(after: start)
            while i != end, utf8[i] != UInt8(ascii: ".") { i = utf8.index(after: i) }
            components.append(.key(String(decoding: utf8[start..<i], as: UTF8.self)))
        }
        self.variable = variable
        self.components = components
    }

    /// The variable `$name` names, as `ScopeVariable(rawValue:)` finds it, from its bytes: the
    /// first byte (and the length) picks the one candidate, then its name is compared.
    static func variable(named name: Substring.UTF8View) -> ScopeVariable? {
        guard let first = name.first else { return nil }
        let candidate: ScopeVariable
        switch first {
        case UInt8(ascii: "d"): candidate = .data
        case UInt8(ascii: "c"): candidate = .computed
        case UInt8(ascii: "g"): candidate = .global
        case UInt8(ascii: "p"): candidate = name.count == 4 ? .page : .param
        case UInt8(ascii: "r"): candidate = .result
        case UInt8(ascii: "e"): candidate = name.dropFirst().first == UInt8(ascii: "v") ? .event : .error
        case UInt8(ascii: "v"): candidate = .value
        case UInt8(ascii: "i"): candidate = name.count == 4 ? .item : .index
        case UInt8(ascii: "s"): candidate = .state
        default: return nil
        }
        return candidate.rawValue.utf8.elementsEqual(name) ? candidate : nil
    }

    /// The path's evaluator: what `Compiler` makes of the same tree, read by one `PlainPathRead`.
    func evaluator(_ source: String) -> Compiler.Evaluator {
        PlainPathRead(variable, components, source: source).evaluator
    }

    /// The store path it is, when its variable is a store (`DependencyAnalysis.plainPath`).
    var plainPath: StorePath? {
        variable.storeRoot.map { StorePath($0, components) }
    }

    /// The components below `$item`, when it starts there (`DependencyAnalysis.itemPath`).
    var itemPath: [StorePath.Component]? {
        variable == .item ? components : nil
    }
}
