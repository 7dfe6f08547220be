import Foundation
import Formwork

/// `formwork bench rows`: what a person's edit in one row of a list costs, on lists of 10 and of
/// 1,000 rows. Each row has a stepper bound two-way to `$item.qty` and a label computing the
/// row's amount; the list has `"itemKey": "id"`. An edit writes `$data.lines[N].qty` through the
/// row's stepper and updates that row. It shouldn't grow with the list: the other rows are
/// neither compared nor touched.
@MainActor
enum RowsBenchmark {
    static func page(rows: Int) -> String {
        let lines = (0..<rows).map { #"{"id": \#($0), "price": \#(1 + $0 % 7), "qty": 1}"# }
        return #"""
        {"page": "rows", "data": {"lines": [\#(lines.joined(separator: ","))]},
         "components": [{"id": "list", "key": "lines", "attributes": {"items": {"expr": "$data.lines"}, "itemKey": "id"}, "components": [
           {"id": "stepper", "key": "qty", "attributes": {"value": {"expr": "$item.qty"}}},
           {"id": "label", "key": "amount", "attributes": {"text": {"template": "${$item.price * $item.qty}"}}}]}]}
        """#
    }

    struct Row {
        let rows: Int
        let openMilliseconds: Double
        let editNanoseconds: Double
    }

    static func measure(rows: Int, edits: Int) async throws -> Row {
        let clock = ContinuousClock()
        let start = clock.now
        let document = try PageDocument.load(Array(page(rows: rows).utf8), registry: .standard, libraries: .empty)
        let session = try PageEngine(registry: .standard).open(document)
        let opened = clock.now - start
        session.traceLimit = 0
        let steppers = session.allComponents.filter { $0.key == "qty" }
        guard steppers.count == rows else { throw CLIFailure("the benchmark page built \(steppers.count) rows, not \(rows)") }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        let editing = clock.now
        for k in 0..<edits {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let row = Int((seed >> 33) % UInt64(rows))
            try await session.edit(steppers[row], to: .int(Int64(k % 50)))
        }
        let edited = clock.now - editing
        let check = session.data["lines"]?[0]?["qty"]
        guard steppers[0].attributes["value"] == check else { throw CLIFailure("row 0 shows \(steppers[0].attributes["value"] ?? .null), but its item holds \(check ?? .null)") }
        session.close()
        func ns(_ d: Duration) -> Double { Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9 }
        return Row(rows: rows, openMilliseconds: ns(opened) / 1e6, editNanoseconds: ns(edited) / Double(edits))
    }

    static func run() async throws(CLIFailure) -> String {
        do {
            return try await table()
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure("rows: \(error)")
        }
    }

    private static func table() async throws -> String {
        var lines = ["rows: a person's edit in one row of a list (stepper on $item.qty, itemKey), per edit", ""]
        lines.append("rows   open (ms)   edit (µs)")
        var measured: [Row] = []
        for size in [10, 1_000] {
            _ = try await measure(rows: size, edits: 200)   // warm up
            let row = try await measure(rows: size, edits: 20_000)
            measured.append(row)
            lines.append(String(format: "%4d   %9.1f   %9.2f", row.rows, row.openMilliseconds, row.editNanoseconds / 1000))
        }
        lines.append("")
        lines.append(String(format: "edit in a 1,000-row list / edit in a 10-row list: %.2f× (the aim is 2× or less)", measured[1].editNanoseconds / measured[0].editNanoseconds))
        return lines.joined(separator: "\n")
    }
}
