import Foundation
import Formwork

/// `formwork bench edits`: what an edit costs on a live page, whether it grows with the page (it
/// shouldn't: an edit costs O(dependents)), and what the trace adds to it.
///
/// The pages have half number fields bound two-way to `$data.vI` and half labels computing
/// `${$data.vI * 2} pcs` from them. An edit is one `PageSession.set` of a random `$data.vI`:
/// the write, finding the two bindings that read it, evaluating them and notifying. Its floor is
/// the same write and the same two evaluations done by hand, with no binding machinery.
@MainActor
enum EditBenchmark {
    static func page(components: Int) -> String {
        let pairs = components / 2
        var data: [String] = []
        var nodes: [String] = []
        for i in 0..<pairs {
            data.append("\"v\(i)\": \(i)")
            nodes.append(#"{"id": "number-field", "key": "v\#(i)", "attributes": {"title": "Value \#(i)", "value": {"expr": "$data.v\#(i)"}}}"#)
            nodes.append(#"{"id": "label", "attributes": {"text": {"template": "${$data.v\#(i) * 2} pcs"}}}"#)
        }
        return #"{"page": "bench", "data": {\#(data.joined(separator: ","))}, "components": [{"id": "section", "components": [\#(nodes.joined(separator: ","))]}]}"#
    }

    /// An open benchmark page and a way to edit a random one of its values.
    @MainActor
    final class Editor {
        let session: PageSession
        let paths: [StorePath]
        private var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        private var count: Int64 = 0
        /// The tokens of the observers on every component, when `observed`.
        private var observations: [PageObservation] = []

        /// With `observed`, every component has an observer that does nothing, as a host showing
        /// the whole page has: an edit then also tells the two components it changes.
        init(components: Int, traceLimit: Int, observed: Bool = false) throws(CLIFailure) {
            do {
                session = try PageEngine(registry: .standard).open(try PageDocument.load(Array(page(components: components).utf8), registry: .standard, libraries: .empty))
            } catch {
                throw CLIFailure("the benchmark page of \(components) components doesn't open: \(error)")
            }
            session.traceLimit = traceLimit
            paths = (0..<components / 2).map { StorePath(.data, [.key("v\($0)")]) }
            if observed { observations = session.allComponents.map { $0.observe { _ in } } }
        }

        /// A random value index, the same sequence every run.
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(paths.count))
        }

        func edit() {
            count &+= 1
            try? session.set(.int(count), at: paths[next()])
        }
    }

    /// The same write and evaluations as an edit, by hand: the floor. The cheapest plain Swift
    /// for it: the store is a class's stored property written in place, then a scope over it is
    /// made in a local and the field's and the label's expressions are evaluated in it. Nothing
    /// is built, copied or retained per call beyond what the write and the two evaluations need
    /// themselves.
    ///
    /// NB: the scope is not kept as a stored property: passing a class's stored struct to
    /// `evaluate(in:)` copies the whole scope (and retains what it holds) at each call, about
    /// 400 instructions an edit that the engine doesn't pay, which made the floor dearer and its
    /// ratios read low (perf-edit6 measured 4.24 k an edit at 100 components against 2.69 k).
    @MainActor
    final class Floor {
        var data: PageValue
        let paths: [StorePath]
        let fields: [CompiledExpression]
        let labels: [CompiledExpression]
        private var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        private var count: Int64 = 0

        convenience init(_ editor: Editor) throws {
            try self.init(data: editor.session.data, paths: editor.paths)
        }

        /// The floor of a page of `components` components, without opening it (the gate's
        /// `edit-floor-10000`): the same `$data` as the page's.
        convenience init(components: Int) throws {
            let pairs = components / 2
            try self.init(data: .object(PageObject((0..<pairs).map { ("v\($0)", PageValue.int(Int64($0))) })),
                          paths: (0..<pairs).map { StorePath(.data, [.key("v\($0)")]) })
        }

        private init(data: PageValue, paths: [StorePath]) throws {
            self.data = data
            self.paths = paths
            fields = try paths.map { try CompiledExpression("\($0)", functions: .standard) }
            labels = try paths.map { try CompiledExpression(template: "${\($0) * 2} pcs", functions: .standard) }
        }

        func edit() -> (PageValue, PageValue)? {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let i = Int((seed >> 33) % UInt64(paths.count))
            count &+= 1
            try? data.set(.int(count), at: paths[i].components[...])
            let scope = ExpressionScope(data: data)
            return try? (fields[i].evaluate(in: scope), labels[i].evaluate(in: scope))
        }
    }

    static func run(_ budget: Stopwatch.Budget) throws(CLIFailure) -> String {
        var rows: [[String]] = [["edit", "edit", "floor", "ratio", "aim"]]
        var editors: [Int: Editor] = [:]
        for size in [100, 1_000, 10_000] {
            let editor = try Editor(components: size, traceLimit: 0)
            editors[size] = editor
            let floor: Floor
            do { floor = try Floor(editor) } catch { throw CLIFailure("the floor's expressions don't compile: \(error)") }
            let comparison = Stopwatch.compare(budget) { editor.edit() } floor: { floor.edit() }
            rows.append(["\(MemoryBenchmark.grouped(size)) components, against the same work by hand", Stopwatch.format(comparison.subject), Stopwatch.format(comparison.floor), Stopwatch.ratio(comparison.ratio), ""])
        }
        if let large = editors[10_000], let small = editors[100] {
            let growth = Stopwatch.compare(budget) { large.edit() } floor: { small.edit() }
            rows.append(["10,000 components, against 100", Stopwatch.format(growth.subject), Stopwatch.format(growth.floor), Stopwatch.ratio(growth.ratio), "≤ 2.00×"])
        }
        let traced = try Editor(components: 1_000, traceLimit: PageLimits.standard.traceEvents)
        let untraced = editors[1_000] ?? traced
        for _ in 0..<2 * PageLimits.standard.traceEvents { traced.edit() }   // a full trace, as in a long session
        let trace = Stopwatch.compare(budget) { traced.edit() } floor: { untraced.edit() }
        rows.append(["1,000 components, trace on against off", Stopwatch.format(trace.subject), Stopwatch.format(trace.floor), Stopwatch.ratio(trace.ratio), "≤ 1.10×"])
        for editor in editors.values { editor.session.close() }
        traced.session.close()
        return ["edits: one store write and the update of the two bindings that read it", "", Stopwatch.table(rows)].joined(separator: "\n")
    }
}
