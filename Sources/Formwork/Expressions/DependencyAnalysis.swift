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

extension DependencyAnalysis {
    /// One plain path an expression reads, with where each of its prefixes is written in the source.
    struct PathRead {
        /// The whole plain path, like `$data.address.cty`.
        let path: StorePath
        /// `ranges[i]` covers the path up to and including its component `i`
        /// (`$data.address` for 0, `$data.address.cty` for 1); the variable alone is `root`.
        let ranges: [SourceRange]
    }

    /// Every longest plain store path the tree reads, in source order, each with the ranges of its
    /// prefixes — unlike `dependencies(of:)`, a path below another read path is kept, so `check` can
    /// point at `$data.address.cty` in `$data.address ?? $data.address.cty`.
    static func pathReads(of expr: Expr) -> [PathRead] {
        var found: [PathRead] = []
        collectReads(expr, into: &found)
        return found
    }

    private static func collectReads(_ expr: Expr, into found: inout [PathRead]) {
        if let path = plainPath(expr) {
            var ranges: [SourceRange] = []
            var node = expr
            // NB: the chain from the outermost node inwards, one node per component.
            while ranges.count < path.components.count {
                ranges.append(node.range)
                switch node.kind {
                case .member(let base, _), .index(let base, _): node = base
                default: break
                }
            }
            found.append(PathRead(path: path, ranges: ranges.reversed()))
            return
        }
        expr.forEachChild { collectReads($0, into: &found) }
    }
}
