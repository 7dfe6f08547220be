/// Which bindings read which store paths, kept as a trie keyed by path components, so a write at
/// `$data.a.b` finds the readers of `$data`, `$data.a`, `$data.a.b` and of everything below it in
/// time proportional to the path length plus the number of readers found, not to the page size.
struct DependencyIndex {
    private final class Node {
        var children: [StorePath.Component: Node] = [:]
        var readers: Set<Int> = []
        var subtreeCount = 0
    }

    private var roots: [StorePath.Root: Node] = [:]

    mutating func add(_ reader: Int, reading path: StorePath) {
        var node = root(path.root)
        node.subtreeCount += 1
        for component in path.components {
            let next = node.children[component] ?? Node()
            node.children[component] = next
            node = next
            node.subtreeCount += 1
        }
        node.readers.insert(reader)
    }

    mutating func remove(_ reader: Int, reading path: StorePath) {
        guard var node = roots[path.root] else { return }
        var trail = [node]
        for component in path.components {
            guard let next = node.children[component] else { return }
            node = next
            trail.append(node)
        }
        guard node.readers.remove(reader) != nil else { return }
        for n in trail { n.subtreeCount -= 1 }
        // Prune empty branches.
        for (depth, component) in path.components.enumerated().reversed() where trail[depth + 1].subtreeCount == 0 {
            trail[depth].children[component] = nil
        }
    }

    /// Readers of `path`, of its ancestors and of its descendants.
    func readers(affectedBy path: StorePath) -> Set<Int> {
        guard var node = roots[path.root] else { return [] }
        var found = node.readers
        for component in path.components {
            guard let next = node.children[component] else { return found }
            node = next
            found.formUnion(node.readers)
        }
        var stack = Array(node.children.values)
        while let next = stack.popLast() {
            found.formUnion(next.readers)
            stack.append(contentsOf: next.children.values)
        }
        return found
    }

    private mutating func root(_ root: StorePath.Root) -> Node {
        if let node = roots[root] { return node }
        let node = Node()
        roots[root] = node
        return node
    }
}
