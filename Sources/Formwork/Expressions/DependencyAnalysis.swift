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

    /// The store paths `expr` reads, in order of first appearance, without a path whose ancestor
    /// (or an equal path) is read too: a write below the ancestor concerns it anyway.
    ///
    /// NB: the definition; compiling collects the same paths on its way (`Compiler.Findings`) and
    /// drops the covered ones with `withoutCovered`, and a test holds the two equal.
    static func dependencies(of expr: Expr) -> [StorePath] {
        withoutCovered(reads(of: expr))
    }

    /// Each longest plain store path `expr` reads, in order of first appearance, repeats and
    /// covered paths included: what `dependencies(of:)` starts from.
    static func reads(of expr: Expr) -> [StorePath] {
        var found: [StorePath] = []
        collect(expr, into: &found)
        return found
    }

    /// `paths` without those covered by another of them (an ancestor, or an equal path earlier).
    ///
    /// NB: in time linear in the paths' components (a long sum read 30 paths, each compared with
    /// every other): each path's prefixes are looked up by hash among the paths read, in a small
    /// open-addressing table of positions (`PathHashTable`) — no `Hasher`, no dictionary; the
    /// hash is FNV-1a over the root's and keys' bytes. A hit is checked for equality, and any
    /// collision falls back to the comparison. `withoutCoveredByComparison` is the plain
    /// definition, kept beside it; a test holds them equal.
    static func withoutCovered(_ paths: [StorePath]) -> [StorePath] {
        if paths.count < 2 { return paths }
        if paths.count <= 4 { return withoutCoveredByComparison(paths) }
        // The hash of each whole path → its first position.
        var first = PathHashTable(capacityFor: paths.count)
        var hashes: [UInt64] = []
        hashes.reserveCapacity(paths.count)
        for (position, path) in paths.enumerated() {
            var hash = PathHashTable.hash(path.root)
            for component in path.components { hash = PathHashTable.hash(hash, component) }
            hashes.append(hash)
            first.insertIfAbsent(hash, position)
        }
        var kept: [StorePath] = []
        kept.reserveCapacity(paths.count)
        for (position, path) in paths.enumerated() {
            if let earlier = first[hashes[position]] {
                guard paths[earlier] == path else { return withoutCoveredByComparison(paths) }   // a collision: rare
                if earlier != position { continue }   // a repeat
            }
            var covered = false
            var hash = PathHashTable.hash(path.root)
            for length in 0..<path.components.count {
                if let ancestor = first[hash] {
                    let candidate = paths[ancestor]
                    guard candidate.components.count == length, candidate.isPrefix(of: path) else { return withoutCoveredByComparison(paths) }
                    covered = true
                    break
                }
                hash = PathHashTable.hash(hash, path.components[length])
            }
            if !covered { kept.append(path) }
        }
        return kept
    }

    /// `withoutCovered`, by comparing each path with every other: the definition.
    static func withoutCoveredByComparison(_ paths: [StorePath]) -> [StorePath] {
        var kept: [StorePath] = []
        for (index, path) in paths.enumerated() {
            var covered = false
            for (other, candidate) in paths.enumerated() where other != index && candidate.isPrefix(of: path) && (candidate != path || other < index) {
                covered = true
                break
            }
            if !covered { kept.append(path) }
        }
        return kept
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
