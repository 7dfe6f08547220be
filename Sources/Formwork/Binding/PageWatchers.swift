/// Which watchers an update sets off: each watcher is indexed by the store paths its expression
/// reads (its own `DependencyIndex`), so a write finds exactly the watchers it concerns. Those
/// are evaluated again and compared with the value they had after the previous update:
///
/// - an `on` watcher fires when its value changed; `$event` is `{value, oldValue}`;
/// - a `when` watcher fires when its condition turned from false to true; `$event` is
///   `{value, oldValue}` of the condition.
///
/// Each watcher fires at most once per update, and the ones that fire come in page order. The
/// values a page opens with are only remembered: nothing fires at open.
@MainActor
final class PageWatchers {
    typealias Evaluate = @MainActor (WatcherNode) -> PageValue

    /// A watcher set off by an update, with the `$event` its chain gets.
    struct Firing {
        let index: Int
        let event: PageValue
    }

    let nodes: [WatcherNode]
    private var index = DependencyIndex()
    private var last: [PageValue]

    init(_ nodes: [WatcherNode]) {
        self.nodes = nodes
        last = Array(repeating: .null, count: nodes.count)
        for (i, node) in nodes.enumerated() {
            for path in node.expression.dependencies { index.add(i, reading: path) }
        }
    }

    /// Remembers every watcher's value (when the page opens).
    func start(_ evaluate: Evaluate) {
        for i in nodes.indices { last[i] = evaluate(nodes[i]) }
    }

    /// The watchers that writes at `paths` set off, in page order.
    func firings(after paths: [StorePath], _ evaluate: Evaluate) -> [Firing] {
        guard !nodes.isEmpty else { return [] }
        var affected = Set<Int>()
        for path in paths { affected.formUnion(index.readers(affectedBy: path)) }
        var firings: [Firing] = []
        for i in affected.sorted() {
            let node = nodes[i]
            let newValue = evaluate(node), oldValue = last[i]
            last[i] = newValue
            let fires: Bool
            switch node.trigger {
            case .on: fires = !newValue.isSame(as: oldValue)
            case .when: fires = newValue.isTruthy && !oldValue.isTruthy
            }
            if fires { firings.append(Firing(index: i, event: .object(PageObject([("value", newValue), ("oldValue", oldValue)])))) }
        }
        return firings
    }
}
