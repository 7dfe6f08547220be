import Foundation
import Formwork

/// `formwork bench open`: reading a page of 1,000 and 10,000 components against
/// `JSONSerialization` parsing the same bytes.
///
/// Two steps are measured: `load` (JSON to a checked `PageDocument`, every expression compiled)
/// and `open` (load, then build the live component tree with its bindings evaluated). The floor
/// only parses JSON into Foundation objects, so it is a floor for reading, not for the rest.
/// Each side runs in rounds interleaved with the other in one process. The same ratio in
/// instructions, which a busy machine doesn't move, is the gate's: `.ci/perf-gate --only
/// open-1000,jsonserialization-1000` (and `-10000`) counts `load` + `open` + `close` and
/// `JSONSerialization.jsonObject`, each with freeing what it built, and prints their ratio. The
/// opening aim (≤ 1.3×) holds for both.
@MainActor
enum OpenBenchmark {
    static let sizes = [1_000, 10_000]
    static let loadAim = 1.5
    /// Reading and opening a page through the public API, against parsing its bytes.
    static let openAim = 1.3

    static func run(_ budget: Stopwatch.Budget) throws(CLIFailure) -> String {
        var rows: [[String]] = [["components", "step", "Formwork", "JSONSerialization", "ratio", "aim"]]
        for size in sizes {
            let bytes = Array(EditBenchmark.page(components: size).utf8)
            let data = Data(bytes)
            do {
                _ = try PageEngine(registry: .standard).open(try PageDocument.load(bytes, registry: .standard, libraries: .empty))
            } catch {
                throw CLIFailure("the benchmark page of \(size) components doesn't open: \(error)")
            }
            let load = Stopwatch.compare(budget) {
                try? PageDocument.load(bytes, registry: .standard, libraries: .empty)
            } floor: {
                try? JSONSerialization.jsonObject(with: data)
            }
            let open = Stopwatch.compare(budget) {
                let session = try? PageEngine(registry: .standard).open(try PageDocument.load(bytes, registry: .standard, libraries: .empty))
                session?.close()
                return session
            } floor: {
                try? JSONSerialization.jsonObject(with: data)
            }
            let label = MemoryBenchmark.grouped(size)
            rows.append([label, "load", Stopwatch.format(load.subject), Stopwatch.format(load.floor), Stopwatch.ratio(load.ratio), "≤ " + Stopwatch.ratio(loadAim)])
            rows.append([label, "load + open", Stopwatch.format(open.subject), Stopwatch.format(open.floor), Stopwatch.ratio(open.ratio), "≤ " + Stopwatch.ratio(openAim)])
        }
        return ["open: reading a page (half number fields, half labels bound to them) against JSONSerialization of the same bytes", "", Stopwatch.table(rows), "",
                "In instructions (callgrind): .ci/perf-gate --only open-1000,jsonserialization-1000,open-10000,jsonserialization-10000"].joined(separator: "\n")
    }
}
