/// The hooks between a session and its reactive state (`Binding/`): computed values now; the
/// graph itself, and what recomputes when a store path changes, live in `Binding/`.
extension PageSession {
    /// Computes `$computed` when the page opens (before its components are built), reporting
    /// values that can't be computed because they form a cycle.
    func startReactiveState() {
        for cycle in computedValues.graph.cycles {
            let path = computedValues.nodes.first { $0.name == cycle.path.first }?.path ?? "computed"
            engine.host.report?(.diagnostic(.error("computed", path, ComputedGraph.message(for: cycle) + "; they are null")))
        }
        computedValues.computeAll(evaluateComputed)
    }

    /// Evaluates one computed value in the page's scope; a failure reports a diagnostic and gives null.
    func evaluateComputed(_ node: ComputedNode) -> PageValue {
        do {
            return try node.expression.evaluate(in: scope(for: nil))
        } catch {
            engine.host.report?(.diagnostic(.error("expression", node.path, "the computed value '\(node.name)' can't be computed: \(error.message)", expression: error)))
            return .null
        }
    }
}

extension PageSession {
    /// `$computed`: the page's computed values now, by name.
    public var computed: PageValue { computedValues.value }
}
