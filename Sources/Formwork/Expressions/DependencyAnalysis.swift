/// Works out which store paths an expression reads, and whether it is a plain path.
enum DependencyAnalysis {
    /// `$data.a.b[0]`-style paths with constant keys and indexes, rooted at a store.
    static func plainPath(_ expr: Expr) -> StorePath? {
        guard let (variable, components) = constantChain(expr, from: { $0.storeRoot != nil }), let root = variable.storeRoot else { return nil }
        return StorePath(root, components)
    }

    /// `$item.a.b[0]`-style paths with constant keys and indexes, as the components below `$item`.
    static func itemPath(_ expr: Expr) -> [StorePath.Component]? {
        constantChain(expr, from: { $0 == .item })?.1
    }

    /// `$variable.a.b[0]` as its variable and the keys and indexes after it, in order; nil when
    /// the chain doesn't start at a variable `wanted` accepts or a key or index isn't a constant.
    ///
    /// NB: it is asked of every node of every expression, so a chain that doesn't qualify costs
    /// one walk and no allocation; one that does, a second walk filling one array of its length.
    private static func constantChain(_ expr: Expr, from wanted: (ScopeVariable) -> Bool) -> (ScopeVariable, [StorePath.Component])? {
        var count = 0
        var node = expr
        let variable: ScopeVariable
        findRoot: while true {
            switch node.kind {
            case .variable(let root):
                guard wanted(root) else { return nil }
                variable = root
                break findRoot
            case .member(let base, _):
                node = base
            case .index(let base, let index):
                guard component(index) != nil else { return nil }
                node = base
            default:
                return nil
            }
            count += 1
        }
        var components: [StorePath.Component] = []
        components.reserveCapacity(count)
        node = expr
        while true {
            switch node.kind {
            case .member(let base, let name):
                components.append(.key(name))
                node = base
            case .index(let base, let index):
                if let key = component(index) { components.append(key) }
                node = base
            default:
                // Collected from the end of the path: turned around in place.
                components.reverse()
                return (variable, components)
            }
        }
    }

    /// A constant key or index written in brackets (`["odd key"]`, `[0]`), as a path component.
    private static func component(_ index: Expr) -> StorePath.Component? {
        switch index.kind {
        case .literal(.string(let key)): return .key(key)
        case .literal(.int(let i)) where i >= 0 && i <= Int64(Int32.max): return .index(Int(i))
        default: return nil
        }
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
