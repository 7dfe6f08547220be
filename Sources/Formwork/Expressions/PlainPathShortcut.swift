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
/// NB: it reads the source's bytes where the string keeps them (`SourceBytes`, no copy), checks
/// the whole path before it builds anything (most expressions that start with `$` aren't a plain
/// path), names the variable from its bytes packed into one number (no string made for it), and
/// makes the member names once, as the components shared by the plain path, the dependencies and
/// the item path.
struct PlainPathShortcut {
    let variable: ScopeVariable
    /// The member names, in order, each a `.key`.
    let components: [StorePath.Component]

    /// The path `source` is, or nil when it isn't exactly one (or is over `limits`).
    init?(_ source: String, limits: PageLimits) {
        guard source.utf8.count <= limits.expressionBytes,
              let found = SourceBytes.read(source, { bytes -> PlainPathShortcut? in
                  PlainPathShortcut.scan(bytes, from: 0).flatMap { PlainPathShortcut(bytes, $0, limits) }
              }) else { return nil }
        self = found
    }

    /// The whole of `bytes` as the plain path `path` found by `scan` from its first byte, or nil
    /// when something follows the path or it is deeper than `limits` allow. NB: `scan` checks
    /// first, counting the names: nothing is built for what isn't a plain path.
    init?(_ bytes: SourceBytes.Buffer, _ path: Found, _ limits: PageLimits) {
        guard path.start == 0, path.end == bytes.count, path.keys + 1 <= limits.expressionDepth else { return nil }
        variable = path.variable
        components = PlainPathShortcut.components(bytes, path)
    }

    /// A plain path found by `scan`: its variable, how many member names follow it, where its
    /// `$` is, where the variable's name ends, and the offset after its last name.
    struct Found {
        let variable: ScopeVariable
        let keys: Int
        let start: Int
        let nameEnd: Int
        let end: Int
    }

    /// The longest plain path `$name(.name)*` at `start` (a `$`), or nil when `$name` isn't a
    /// variable or a `.` isn't followed by a name. What follows it is for the caller to check.
    static func scan(_ bytes: SourceBytes.Buffer, from start: Int) -> Found? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "$") else { return nil }
        var i = start + 1
        while i < bytes.count, Lexer.isIdentifierPart(bytes[i]) { i += 1 }
        guard let variable = variable(packed: SourceBytes.packed(bytes, start + 1, i)) else { return nil }
        let nameEnd = i
        var keys = 0
        while i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, Lexer.isIdentifierStart(bytes[i]) else { return nil }
            i += 1
            while i < bytes.count, Lexer.isIdentifierPart(bytes[i]) { i += 1 }
            keys += 1
        }
        return Found(variable: variable, keys: keys, start: start, nameEnd: nameEnd, end: i)
    }

    /// The member names of `path`, each a `.key`, made once.
    static func components(_ bytes: SourceBytes.Buffer, _ path: Found) -> [StorePath.Component] {
        var components: [StorePath.Component] = []
        guard path.keys > 0 else { return components }
        components.reserveCapacity(path.keys)
        var i = path.nameEnd
        while i < path.end {
            let start = i + 1
            i = start + 1
            while i < path.end, bytes[i] != UInt8(ascii: ".") { i += 1 }
            components.append(.key(String(decoding: bytes[start..<i], as: UTF8.self)))
        }
        return components
    }

    /// A read per member of `$variable.components…`, whose `$` is at `start`, each at the range
    /// of its member's node in the parser's tree: from the `$` to the end of its name.
    static func memberReads(_ variable: ScopeVariable, _ components: [StorePath.Component], from start: Int, _ source: String) -> [MemberRead] {
        var reads: [MemberRead] = []
        reads.reserveCapacity(components.count)
        var end = start + 1 + variable.rawValue.utf8.count
        for case .key(let key) in components {
            end += 1 + key.utf8.count
            reads.append(MemberRead(key: key, range: SourceRange(start: start, end: end), source: source))
        }
        return reads
    }

    /// The variable `$name` names, as `ScopeVariable(rawValue:)` finds it, from its bytes.
    static func variable(named name: Substring.UTF8View) -> ScopeVariable? {
        guard name.allSatisfy(Lexer.isIdentifierPart) else { return nil }
        return Array(name).withUnsafeBufferPointer { variable(packed: SourceBytes.packed($0, 0, $0.count)) }
    }

    /// The variable whose name packs (`SourceBytes.packed`) to `name`: one comparison per
    /// candidate, no string made.
    @inline(__always)
    static func variable(packed name: UInt64?) -> ScopeVariable? {
        guard let name else { return nil }
        switch name {
        case PackedName.data: return .data
        case PackedName.item: return .item
        case PackedName.computed: return .computed
        case PackedName.error: return .error
        case PackedName.global: return .global
        case PackedName.page: return .page
        case PackedName.param: return .param
        case PackedName.index: return .index
        case PackedName.value: return .value
        case PackedName.result: return .result
        case PackedName.event: return .event
        case PackedName.state: return .state
        default: return nil
        }
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
