import Formwork

/// `formwork bench expressions|binding|rows|repository`: how long expressions take to compile and to run,
/// next to the same computation written by hand in Swift over the same `PageValue` stores; what
/// an edit costs on pages of 1,000 and 10,000 components; and what an edit in one row costs in
/// lists of 10 and 1,000 rows.
///
/// Not a test: numbers depend on the machine. Run it in a release build:
///
/// ```
/// $ swift run -c release formwork bench expressions
/// ```
struct BenchCommand: CLICommand {
    static let name = "bench"
    static let abstract = "Measure expressions and binding updates against hand-written Swift."
    static let help = """
        USAGE: formwork bench expressions [--seconds S] [--only NAME]
               formwork bench binding
               formwork bench rows
               formwork bench repository

        repository: what PageRepository's check of a cached page against the app's registry costs,
        next to the whole resolve, for each page in pages/ and examples/app/pages.

        binding: opens pages of 1,000 and 10,000 components and measures one store write plus the
        update of everything that reads it, against the same write and evaluations done by hand,
        and how much an edit grows with the page (it shouldn't: edits cost O(dependents)).

        rows: opens lists of 10 and 1,000 rows (a stepper on $item.qty and a label per row, keyed
        by itemKey) and measures a person's edit in one row; the 1,000/10 ratio shows whether the
        cost follows the row edited or the length of the list (the aim is 2× or less).

        expressions:
        For a fixed set of expressions, prints the time to parse and compile each one, the time to
        evaluate the compiled expression, the time of the same computation hand-written in Swift
        over the same PageValue stores (with the type checks a correct implementation needs), and
        the ratio compiled / hand-written. Build with -c release for meaningful numbers.

        OPTIONS:
          --seconds S   target time per measurement (default 0.3)
          --only NAME   measure only the rows whose name contains NAME (for profiling one)
        """

    let secondsPerMeasurement: Double
    let only: String?
    let binding: Bool
    let rows: Bool
    let repository: Bool

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        let seconds = try arguments.option("seconds")
        guard let value = Double(seconds ?? "0.3"), value > 0, value <= 60 else {
            throw UsageError("--seconds needs a number of seconds between 0 and 60")
        }
        secondsPerMeasurement = value
        only = try arguments.option("only")
        let positionals = arguments.positionals()
        guard ["expressions", "binding", "rows", "repository"].contains(positionals.first ?? ""), positionals.count == 1 else {
            throw UsageError(positionals.isEmpty ? "name what to measure: formwork bench expressions|binding|rows|repository" : "unknown benchmark '\(positionals.joined(separator: " "))'; the ones there are: expressions, binding, rows, repository")
        }
        binding = positionals == ["binding"]
        rows = positionals == ["rows"]
        repository = positionals == ["repository"]
    }

    func run() async -> Int32 {
        if rows {
            do {
                Console.out(try await RowsBenchmark.run())
                return ExitCode.success
            } catch {
                Console.error("error: \((error as? CLIFailure)?.message ?? "\(error)")")
                return ExitCode.failure
            }
        }
        if repository {
            do {
                Console.out(try RepositoryBenchmark.run(seconds: secondsPerMeasurement))
                return ExitCode.success
            } catch {
                Console.error("error: \((error as? CLIFailure)?.message ?? "\(error)")")
                return ExitCode.failure
            }
        }
        if binding {
            do {
                Console.out(try BindingBenchmark.run())
                return ExitCode.success
            } catch {
                Console.error("error: \(error)")
                return ExitCode.failure
            }
        }
        let cases = ExpressionBenchmarks.cases.filter { only == nil || $0.name.contains(only ?? "") }
        guard !cases.isEmpty else {
            Console.error("error: no benchmark matches '\(only ?? "")'; the names are " + ExpressionBenchmarks.cases.map(\.name).joined(separator: ", "))
            return ExitCode.usage
        }
        let scope = ExpressionScope(data: ExpressionBenchmarks.data)
        var rows: [[String]] = []
        for benchmark in cases {
            let compiled: CompiledExpression
            do {
                compiled = try CompiledExpression(benchmark.source)
                let viaEngine = try compiled.evaluate(in: scope).jsonText
                let byHand = try benchmark.handWritten(ExpressionBenchmarks.data).jsonText
                guard viaEngine == byHand else {
                    Console.error("error: \(benchmark.name): the engine gives \(viaEngine) but the hand-written code \(byHand)")
                    return ExitCode.failure
                }
            } catch {
                Console.error("error: \(benchmark.name): \(error)")
                return ExitCode.failure
            }
            let compile = Stopwatch.measure(seconds: secondsPerMeasurement) {
                (try? CompiledExpression(benchmark.source))?.constantValue
            }
            let evaluate = Stopwatch.measure(seconds: secondsPerMeasurement) {
                try? compiled.evaluate(in: opaque(scope))
            }
            let hand = Stopwatch.measure(seconds: secondsPerMeasurement) {
                try? benchmark.handWritten(opaque(ExpressionBenchmarks.data))
            }
            rows.append([
                benchmark.name, Stopwatch.format(compile), Stopwatch.format(evaluate), Stopwatch.format(hand),
                String(format: "%.2f×", evaluate / hand),
            ])
        }
        let header = ["expression", "parse+compile", "compiled eval", "hand-written", "ratio"]
        Console.out("Expression benchmarks: time per operation, ContinuousClock, ~\(secondsPerMeasurement) s per cell\n")
        Console.out(Stopwatch.table([header] + rows))
        Console.out("")
        for benchmark in cases {
            Console.out("  " + benchmark.name.padding(toLength: 14, withPad: " ", startingAt: 0) + benchmark.displaySource)
        }
        Console.out("\nratio = compiled eval / hand-written; the aim is 3× or less.")
        return ExitCode.success
    }
}

// MARK: - Timing

/// Adaptive timing loop: grows the iteration count until a run takes long enough, then reports
/// the best of three runs of that size.
enum Stopwatch {
    /// Seconds per call of `body`.
    static func measure<T>(seconds target: Double, _ body: () -> T) -> Double {
        let clock = ContinuousClock()
        func time(_ iterations: Int) -> Double {
            let start = clock.now
            for _ in 0..<iterations { blackHole(body()) }
            let elapsed = clock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        }
        var iterations = 1
        var elapsed = time(iterations)
        while elapsed < target / 30, iterations < 1 << 40 {
            iterations *= elapsed < target / 3_000 ? 10 : 2
            elapsed = time(iterations)
        }
        let runs = max(1, Int(target / 3 / max(elapsed / Double(iterations), 1e-12)))
        let best = (0..<3).map { _ in time(runs) }.min() ?? elapsed
        return best / Double(runs)
    }

    static func format(_ seconds: Double) -> String {
        switch seconds {
        case ..<1e-6: return String(format: "%.1f ns", seconds * 1e9)
        case ..<1e-3: return String(format: "%.2f µs", seconds * 1e6)
        case ..<1: return String(format: "%.2f ms", seconds * 1e3)
        default: return String(format: "%.2f s", seconds)
        }
    }

    /// Left-aligns the first column and right-aligns the others, with a rule under the header.
    static func table(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "   ")
        }
        let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "   ")
        return ([line(rows[0]), rule] + rows.dropFirst().map(line)).joined(separator: "\n")
    }
}

/// Keeps a value alive so the optimizer can't drop the computation that made it.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Hands a value through a call the optimizer can't see into, so loop-invariant work isn't hoisted.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T { value }
