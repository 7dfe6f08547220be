/// Which bindings read which store paths, kept as a trie keyed by path components, so a write at
/// `$data.a.b` finds the readers of `$data`, `$data.a`, `$data.a.b` and of everything below it in
/// time proportional to the path length plus the number of readers found, not to the page size.
///
/// NB: the trie's nodes are values in one array, linked by their place in it, rather than
/// objects: an edit walks them without retaining a node or opening a runtime exclusivity check
/// on each one's stored properties (about 1,300 instructions of an edit at 10,000 components
/// when they were objects). A pruned node's place is given to the next node made.
///
/// NB: a node's children are a `ChildTable` (a cheap hash stored with each key), not a
/// `Dictionary`: hashing the written path's key with `Hasher` was about 350 instructions an edit.
///
/// NB: a node's readers are a `ReaderList` (two inline, the rest in an array), not a `Set<Int>`:
/// most paths have one or two readers, and a set was an allocation and hashing per path at open
/// (about 2% of opening the 1,000-component page) and a free at close.
struct DependencyIndex {
    private struct Node {
        var children = ChildTable()
        var readers = ReaderList()
        /// How many (reader, path) pairs end at this node or below it.
        var subtreeCount = 0
    }

    /// Every node; `roots` and `children` hold places in it.
    private var nodes: [Node] = []
    /// Places of pruned nodes, reused before the array grows.
    private var freePlaces: [Int] = []
    /// One trie per store, at `slot(of:)`: found without hashing the root; -1 before its first reader.
    private var roots: [Int] = Array(repeating: -1, count: StorePath.Root.allCases.count)

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
        var place = root(path.root)
        nodes[place].subtreeCount += 1
        for component in path.components {
            let next: Int
            if let found = nodes[place].children.place(of: component) {
                next = found
            } else {
                next = makeNode()
                nodes[place].children.insert(component, place: next)
            }
            place = next
            nodes[place].subtreeCount += 1
        }
        _ = nodes[place].readers.insert(reader)
    }

    mutating func remove(_ reader: Int, reading path: StorePath) {
        let start = roots[DependencyIndex.slot(of: path.root)]
        guard start >= 0 else { return }
        var trail = [start]
        var place = start
        for component in path.components {
            guard let next = nodes[place].children.place(of: component) else { return }
            place = next
            trail.append(place)
        }
        guard nodes[place].readers.remove(reader) else { return }
        for n in trail { nodes[n].subtreeCount -= 1 }
        // Prune empty branches: a node whose subtree holds no reader has only empty nodes below
        // it, pruned when they emptied, so its place is free.
        for (depth, component) in path.components.enumerated().reversed() where nodes[trail[depth + 1]].subtreeCount == 0 {
            nodes[trail[depth]].children.remove(component)
            nodes[trail[depth + 1]] = Node()
            freePlaces.append(trail[depth + 1])
        }
    }

    /// Readers of `path`, of its ancestors and of its descendants, appended to `found` (a reader
    /// may appear more than once: sort and skip repeats). What an edit uses: no set is built and
    /// nothing is allocated beyond `found`'s own growth.
    ///
    /// NB: `mutating` though it changes nothing: called on the session's stored index, a
    /// non-mutating call copied the index (a retain and a release of each of its arrays, about
    /// 100 instructions an edit); in place, it is read where it is.
    mutating func collectReaders(affectedBy path: StorePath, into found: inout [Int]) {
        var place = roots[DependencyIndex.slot(of: path.root)]
        guard place >= 0 else { return }
        nodes[place].readers.append(to: &found)
        for component in path.components {
            guard let next = nodes[place].children.place(of: component) else { return }
            place = next
            nodes[place].readers.append(to: &found)
        }
        collectBelow(place, into: &found)
    }

    /// Readers of every node below `place`, depth first.
    private func collectBelow(_ place: Int, into found: inout [Int]) {
        guard !nodes[place].children.isEmpty else { return }
        for slot in 0..<nodes[place].children.slotCount {
            let child = nodes[place].children.place(inSlot: slot)
            guard child >= 0 else { continue }
            nodes[child].readers.append(to: &found)
            collectBelow(child, into: &found)
        }
    }

    /// Readers of `path`, of its ancestors and of its descendants.
    func readers(affectedBy path: StorePath) -> Set<Int> {
        var found: [Int] = []
        var index = self
        index.collectReaders(affectedBy: path, into: &found)
        return Set(found)
    }

    private mutating func root(_ root: StorePath.Root) -> Int {
        let slot = DependencyIndex.slot(of: root)
        if roots[slot] >= 0 { return roots[slot] }
        let place = makeNode()
        roots[slot] = place
        return place
    }

    private mutating func makeNode() -> Int {
        if let place = freePlaces.popLast() { return place }
        nodes.append(Node())
        return nodes.count - 1
    }
}
