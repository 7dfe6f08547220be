/// Which bindings read which store paths, kept as a trie keyed by path components, so a write at
/// `$data.a.b` finds the readers of `$data`, `$data.a`, `$data.a.b` and of everything below it in
/// time proportional to the path length plus the number of readers found, not to the page size.
struct DependencyIndex {
    /// NB: its properties are read on every edit and written only here, never while another
    /// access to them is open (no call inside an access reaches the trie): their runtime
    /// exclusivity checks cost more than the walk, so they are off.
    private final class Node {
        @exclusivity(unchecked) var children: [StorePath.Component: Node] = [:]
        @exclusivity(unchecked) var readers: Set<Int> = []
        @exclusivity(unchecked) var subtreeCount = 0
    }

    /// One trie per store, at `slot(of:)`: found without hashing the root.
    private var roots: [Node?] = Array(repeating: nil, count: StorePath.Root.allCases.count)

    private static func slot(of root: StorePath.Root) -> Int {
        switch root {
        case .data: return 0
        case .computed: return 1
        case .global: return 2
        case .param: return 3
        case .page: return 4
        case .state: return 5
        }
    }

    mutating func add(_ reader: Int, reading path: StorePath) {
        var node = root(path.root)
        node.subtreeCount += 1
        for component in path.components {
            // NB: one search per level (the default subscript's modify adds a node only when
            // there is none), not a read and then a write: each search hashes the component, and
            // opening adds a path for every binding.
            let next = DependencyIndex.node(&node.children[component, default: Node()])
            node = next
            node.subtreeCount += 1
        }
        node.readers.insert(reader)
    }

    @inline(__always)
    private static func node(_ node: inout Node) -> Node { node }

    mutating func remove(_ reader: Int, reading path: StorePath) {
        guard var node = roots[DependencyIndex.slot(of: path.root)] else { return }
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

    /// Readers of `path`, of its ancestors and of its descendants, appended to `found` (a reader
    /// may appear more than once: sort and skip repeats). What an edit uses: no set is built,
    /// so nothing is hashed.
    func collectReaders(affectedBy path: StorePath, into found: inout [Int]) {
        guard var node = roots[DependencyIndex.slot(of: path.root)] else { return }
        found.append(contentsOf: node.readers)
        for component in path.components {
            guard let next = node.children[component] else { return }
            node = next
            found.append(contentsOf: node.readers)
        }
        guard !node.children.isEmpty else { return }
        var stack = Array(node.children.values)
        while let next = stack.popLast() {
            found.append(contentsOf: next.readers)
            stack.append(contentsOf: next.children.values)
        }
    }

    /// Readers of `path`, of its ancestors and of its descendants.
    func readers(affectedBy path: StorePath) -> Set<Int> {
        guard var node = roots[DependencyIndex.slot(of: path.root)] else { return [] }
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
        if let node = roots[DependencyIndex.slot(of: root)] { return node }
        let node = Node()
        roots[DependencyIndex.slot(of: root)] = node
        return node
    }
}
