/// Works out which store paths an expression reads, and whether it is a plain path.
enum DependencyAnalysis {
    /// `$data.a.b[0]`-style paths with constant keys and indexes, rooted at a store.
    static func plainPath(_ expr: Expr) -> StorePath? {
        switch expr.kind {
        case .variable(let variable):
            return variable.storeRoot.map { StorePath($0) }
        case .member(let base, let name):
            return plainPath(base)?.appending(.key(name))
        case .index(let base, let index):
            guard let path = plainPath(base) else { return nil }
            switch index.kind {
            case .literal(.string(let key)): return path.appending(.key(key))
            case .literal(.int(let i)) where i >= 0 && i <= Int64(Int32.max): return path.appending(.index(Int(i)))
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `$item.a.b[0]`-style paths with constant keys and indexes, as the components below `$item`.
    static func itemPath(_ expr: Expr) -> [StorePath.Component]? {
        switch expr.kind {
        case .variable(.item):
            return []
        case .member(let base, let name):
            return itemPath(base).map { $0 + [.key(name)] }
        case .index(let base, let index):
            guard let path = itemPath(base) else { return nil }
            switch index.kind {
            case .literal(.string(let key)): return path + [.key(key)]
            case .literal(.int(let i)) where i >= 0 && i <= Int64(Int32.max): return path + [.index(Int(i))]
            default: return nil
            }
        default:
            return nil
        }
    }

    static func dependencies(of expr: Expr) -> [StorePath] {
        var found: [StorePath] = []
        collect(expr, into: &found)
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
        for child in expr.children { collect(child, into: &found) }
    }
}
