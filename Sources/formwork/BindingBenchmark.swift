import Foundation
import Formwork

/// `formwork bench binding`: what an edit costs on a large page, and whether it grows with the
/// page (it shouldn't: an edit costs O(dependents)).
///
/// For pages of 1,000 and 10,000 components (half number fields bound two-way to `$data.vI`,
/// half labels computing `${$data.vI * 2} pcs` from them), it measures opening the page, then one
/// store write plus the update of everything that reads it, against a floor: the same write
/// and the same two expression evaluations done by hand, with no binding machinery.
@MainActor
enum BindingBenchmark {
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

    struct Row {
        let components: Int
        let openMilliseconds: Double
        let editNanoseconds: Double
        let floorNanoseconds: Double
    }

    static func measure(components: Int, edits: Int) throws -> Row {
        let text = page(components: components)
        let clock = ContinuousClock()
        var session: PageSession?
        let openTime = try clock.measure {
            let document = try PageDocument.load(Array(text.utf8))
            session = try PageEngine().open(document)
        }
        guard let session else { throw CLIFailure("the benchmark page didn't open") }
        session.traceLimit = 0
        let pairs = components / 2
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(pairs))
        }
        let paths = (0..<pairs).map { StorePath(.data, [.key("v\($0)")]) }
        let editTime = try clock.measure {
            for k in 0..<edits { try session.set(.int(Int64(k)), at: paths[next()]) }
        }
        // The floor: the same write and the same two evaluations, by hand.
        var data = session.data
        let field = try CompiledExpression("$data.v0")
        let label = try CompiledExpression(template: "${$data.v0 * 2} pcs")
        let fieldByIndex = try (0..<min(pairs, 64)).map { try CompiledExpression("$data.v\($0)") }
        let labelByIndex = try (0..<min(pairs, 64)).map { try CompiledExpression(template: "${$data.v\($0) * 2} pcs") }
        _ = (field, label)
        var shown: [Int: (PageValue, PageValue)] = [:]
        let floorTime = try clock.measure {
            for k in 0..<edits {
                let i = next()
                try data.set(.int(Int64(k)), at: paths[i].components[...])
                let scope = ExpressionScope(data: data)
                let slot = i % fieldByIndex.count
                shown[i] = (try fieldByIndex[slot].evaluate(in: scope), try labelByIndex[slot].evaluate(in: scope))
            }
        }
        session.close()
        func ns(_ d: Duration) -> Double { Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9 }
        return Row(components: components, openMilliseconds: ns(openTime) / 1e6, editNanoseconds: ns(editTime) / Double(edits), floorNanoseconds: ns(floorTime) / Double(edits))
    }

    static func run() throws -> String {
        var lines = ["binding: one store write and the update of what reads it (2 bindings per write)", ""]
        lines.append("components   open (ms)   edit (µs)   floor (µs)   edit/floor")
        var rows: [Row] = []
        for size in [1_000, 10_000] {
            let row = try measure(components: size, edits: 20_000)
            rows.append(row)
            lines.append(String(format: "%10d   %9.1f   %9.2f   %10.2f   %9.1f×", row.components, row.openMilliseconds, row.editNanoseconds / 1000, row.floorNanoseconds / 1000, row.editNanoseconds / row.floorNanoseconds))
        }
        if rows.count == 2 {
            lines.append("")
            lines.append(String(format: "edit at 10,000 components / edit at 1,000: %.2f× (1.0 means an edit doesn't grow with the page)", rows[1].editNanoseconds / rows[0].editNanoseconds))
        }
        return lines.joined(separator: "\n")
    }
}
