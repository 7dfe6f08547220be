/// Works out which store paths an expression reads, and whether it is a plain path.
enum DependencyAnalysis {
    /// `$data.a.b[0]`-style paths with constant keys and indexes, rooted at a store.
    static func plainPath(_ expr: Expr) -> StorePath? {
        guard let (variable, components) = constantChain(expr), let root = variable.storeRoot else { return nil }
        return StorePath(root, components)
    }

    /// `$variable.a.b[0]` as its variable and the keys and indexes after it, in order; nil when
    /// the chain doesn't start at a variable or a key or index isn't a constant. One walk down
    /// the chain and one array, however long it is.
    private static func constantChain(_ expr: Expr) -> (ScopeVariable, [StorePath.Component])? {
        var reversed: [StorePath.Component] = []
        var node = expr
        while true {
            switch node.kind {
            case .variable(let variable):
                return (variable, reversed.reversed())
            case .member(let base, let name):
                reversed.append(.key(name))
                node = base
            case .index(let base, let index):
                switch index.kind {
                case .literal(.string(let key)): reversed.append(.key(key))
                case .literal(.int(let i)) where i >= 0 && i <= Int64(Int32.max): reversed.append(.index(Int(i)))
                default: return nil
                }
                node = base
            default:
                return nil
            }
        }
    }

    /// `$item.a.b[0]`-style paths with constant keys and indexes, as the components below `$item`.
    static func itemPath(_ expr: Expr) -> [StorePath.Component]? {
        guard let (variable, components) = constantChain(expr), variable == .item else { return nil }
        return components
    }

    static func dependencies(of expr: Expr) -> [StorePath] {
        var found: [StorePath] = []
        collect(expr, into: &found)
        if found.count < 2 { return found }
        // Drop paths whose ancestor is also read: a write below the ancestor concerns it anyway.
        return found.enumerated().filter { index, path in
            !found.enumerated().contains { other, candidate in
                other != index && candidate.isPrefix(of: path) && (candidate != path || other < index)
            }
        }.map(\.element)
    }

    private static func collect(_ expr: Expr, into found: inout [StorePath]) {
        if let path = plainPath(expr) {
            found.append(path)
            return
        }
        expr.forEachChild { collect($0, into: &found) }
    }
}
