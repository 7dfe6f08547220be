/// The hooks between a session and its reactive state (`Binding/`): computed values now; the
/// graph itself, and what recomputes when a store path changes, live in `Binding/`.
extension PageSession {
    /// Computes `$computed` when the page opens (before its components are built), reporting
    /// values that can't be computed because they form a cycle.
    func startReactiveState() {
        for cycle in computedValues.graph.cycles {
            let path = computedValues.nodes.first { $0.name == cycle.path.first }?.path ?? "computed"
            send(.diagnostic(.error("computed", path, ComputedGraph.message(for: cycle) + "; they are null")))
        }
        computedValues.computeAll(evaluateComputed)
        watchers.start(evaluateWatcher)
    }

    /// Queues the chains of the watchers an update set off; one set off by too many watchers in a
    /// row (`watcherDepth`) is stopped with a diagnostic instead.
    func runWatchers(after paths: [StorePath]) {
        let firings = watchers.firings(after: paths, evaluateWatcher)
        guard !firings.isEmpty else { return }
        let depth = WatcherQueue.depth + 1
        for firing in firings {
            let node = watchers.nodes[firing.index]
            guard depth <= limits.watcherDepth else {
                let message = "the watcher \(node.path) was set off by \(limits.watcherDepth) watchers in a row (each writing what the next one watches), so it was stopped; a watcher that changes what it watches never ends (watcherDepth)"
                record(.error, "stopped \(node.path): set off by \(limits.watcherDepth) watchers in a row")
                send(.diagnostic(.error("watcher", node.path, message)))
                continue
            }
            watcherQueue.enqueue(firing.index, event: firing.event, depth: depth)
        }
    }

    /// Evaluates a watcher's `on` or `when`; a failure reports a diagnostic and gives null.
    func evaluateWatcher(_ node: WatcherNode) -> PageValue {
        do {
            return try node.expression.evaluate(in: scope(for: nil))
        } catch {
            send(.diagnostic(.error("expression", node.path + "." + node.trigger.rawValue, "the watcher's \(node.trigger.rawValue) can't be computed: \(error.message)", expression: error)))
            return .null
        }
    }

    /// Evaluates one computed value in the page's scope; a failure reports a diagnostic and gives null.
    func evaluateComputed(_ node: ComputedNode) -> PageValue {
        do {
            return try node.expression.evaluate(in: scope(for: nil))
        } catch {
            send(.diagnostic(.error("expression", node.path, "the computed value '\(node.name)' can't be computed: \(error.message)", expression: error)))
            return .null
        }
    }
}

extension PageSession {
    /// `$computed`: the page's computed values now, by name.
    public var computed: PageValue { computedValues.value }
}
