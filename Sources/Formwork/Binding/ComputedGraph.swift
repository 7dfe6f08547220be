/// Which computed values read which, worked out once per page: the order to compute them in
/// (each after the values it reads) and the cycles that make some of them impossible.
///
/// ```
/// "computed": { "a": "$computed.b + 1", "b": "$computed.a * 2", "c": "$data.x" }
/// order: [c]    cycles: [Cycle(path: ["a", "b", "a"], members: ["a", "b"])]
/// ```
///
/// `check` reports each cycle (`the computed values form a cycle: a → b → a`); at run time the
/// values in a cycle are null, so a page that has one still opens and never loops.
struct ComputedGraph {
    /// Indexes into the nodes, each after every value it reads; values in a cycle are left out.
    let order: [Int]
    /// Values that read each other in a cycle: one entry per group of overlapping cycles.
    struct Cycle: Equatable {
        /// One cycle of the group, as names from a value back to itself: `["a", "b", "a"]`.
        let path: [String]
        /// Every value of the group, in the page's order.
        let members: [String]
    }

    /// The cycles, one per group of values caught in them.
    let cycles: [Cycle]
    /// Indexes of the values that are part of a cycle.
    let inCycle: Set<Int>

    init(_ nodes: [ComputedNode]) {
        var position: [String: Int] = [:]
        for (i, node) in nodes.enumerated() where position[node.name] == nil { position[node.name] = i }
        // What each value reads, as indexes; reading all of $computed reads every value, itself too.
        let edges: [[Int]] = nodes.map { node in
            guard let names = node.reads else { return Array(nodes.indices) }
            return names.compactMap { position[$0] }
        }
        enum Mark { case unvisited, onStack, done }
        var marks = Array(repeating: Mark.unvisited, count: nodes.count)
        var order: [Int] = []
        var groups: [(path: [Int], members: Set<Int>)] = []
        var inCycle = Set<Int>()
        var stack: [Int] = []

        // NB: iterative depth-first search, so a long chain of values can't overflow the stack.
        for start in nodes.indices where marks[start] == .unvisited {
            var work: [(node: Int, next: Int)] = [(start, 0)]
            marks[start] = .onStack
            stack.append(start)
            while let top = work.last {
                let targets = edges[top.node]
                if top.next < targets.count {
                    work[work.count - 1].next += 1
                    let target = targets[top.next]
                    switch marks[target] {
                    case .unvisited:
                        marks[target] = .onStack
                        stack.append(target)
                        work.append((target, 0))
                    case .onStack:
                        let from = stack.lastIndex(of: target) ?? 0
                        let members = Array(stack[from...])
                        inCycle.formUnion(members)
                        if let group = groups.firstIndex(where: { !$0.members.isDisjoint(with: members) }) {
                            groups[group].members.formUnion(members)
                        } else {
                            groups.append((members + [target], Set(members)))
                        }
                    case .done:
                        break
                    }
                } else {
                    work.removeLast()
                    stack.removeLast()
                    marks[top.node] = .done
                    order.append(top.node)
                }
            }
        }
        self.order = order.filter { !inCycle.contains($0) }
        cycles = groups.map { group in
            Cycle(path: group.path.map { nodes[$0].name }, members: group.members.sorted().map { nodes[$0].name })
        }
        self.inCycle = inCycle
    }

    /// What `check` says about a cycle.
    static func message(for cycle: Cycle) -> String {
        let path = cycle.path.joined(separator: " → ")
        if cycle.members.count == 1, let name = cycle.members.first {
            return "the computed value '\(name)' reads itself ($computed.\(name)), so it can never be computed; compute it from $data instead"
        }
        if cycle.members.count == cycle.path.count - 1 {
            return "the computed values form a cycle: \(path); each needs the next one first, so none of them can be computed. Break the cycle by computing one of them from $data"
        }
        let names = cycle.members.dropLast().joined(separator: ", ") + " and " + (cycle.members.last ?? "")
        return "the computed values \(names) read each other in cycles, as in \(path); none of them can be computed. Break the cycles by computing them from $data"
    }
}
