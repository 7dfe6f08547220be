/// `$computed` of one open page: the current value of each computed value, and which of them to
/// recompute when a store path changes.
///
/// Each value is indexed by the store paths it reads (its own `DependencyIndex`), so a write at
/// `$data.lines[2].qty` finds exactly the values reading `$data.lines` (or below, or above it).
/// Those are recomputed in the graph's order; when one changes, the values reading
/// `$computed.NAME` are recomputed after it. A value is never recomputed when nothing it reads
/// changed, and each at most once per update.
@MainActor
final class ComputedValues {
    /// Evaluates an expression in the page's current scope (which reads `value` as `$computed`).
    typealias Evaluate = @MainActor (ComputedNode) -> PageValue

    let nodes: [ComputedNode]
    let graph: ComputedGraph
    private var index = DependencyIndex()
    private var object = PageObject()
    /// Each node's place in `graph.order`.
    private var rank: [Int]

    init(_ nodes: [ComputedNode]) {
        self.nodes = nodes
        graph = ComputedGraph(nodes)
        rank = Array(repeating: Int.max, count: nodes.count)
        for (place, node) in graph.order.enumerated() { rank[node] = place }
        for (i, node) in nodes.enumerated() {
            object[node.name] = .null
            for path in node.expression.dependencies { index.add(i, reading: path) }
        }
    }

    /// `$computed`, as expressions read it.
    var value: PageValue { .object(object) }

    /// Computes every value once, in order (when the page opens).
    func computeAll(_ evaluate: Evaluate) {
        for i in graph.order { object[nodes[i].name] = evaluate(nodes[i]) }
    }

    /// Recomputes the values affected by writes at `paths`, each once and after what it reads;
    /// returns the `$computed` paths whose value changed.
    func update(after paths: [StorePath], _ evaluate: Evaluate) -> [StorePath] {
        guard !nodes.isEmpty else { return [] }
        var dirty = Set<Int>()
        for path in paths { dirty.formUnion(index.readers(affectedBy: path)) }
        var changed: [StorePath] = []
        while let next = dirty.filter({ rank[$0] != Int.max }).min(by: { rank[$0] < rank[$1] }) {
            dirty.remove(next)
            let node = nodes[next]
            let newValue = evaluate(node)
            let oldValue = object[node.name] ?? .null
            guard !newValue.isSame(as: oldValue) else { continue }
            object[node.name] = newValue
            changed.append(node.storePath)
            // Values that read this one come later in the order; they are picked up next.
            dirty.formUnion(index.readers(affectedBy: node.storePath))
        }
        return changed
    }
}
