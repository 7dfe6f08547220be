import Formwork

/// `formwork bench [what]`: the engine measured against honest floors, each line with its ratio.
///
/// Not a test: times depend on the machine; the ratios are what to compare. Run it in a release
/// build:
///
/// ```
/// $ swift run -c release formwork bench
/// ```
struct BenchCommand: CLICommand {
    static let name = "bench"
    static let abstract = "Measure the engine against plain Swift, Swift collections and JSONSerialization."
    static let help = """
        USAGE: formwork bench [memory|expressions|scopes|writes|open|edits|rows|blocks|repository|catalogue|cdn|design|gate] [--seconds S] [--only NAME] [--calls N]

        Measures the engine against floors: what the same work costs without it. Each subject is
        timed in rounds interleaved with its floor, and the ratio is the median of the rounds'
        ratios, so a busy machine slows both sides alike. With nothing named, measures everything
        (memory first, before other measurements leave freed memory behind).

          memory        a live page of 10,000 components, against the process before it
          expressions   compiled expressions, against a plain Swift closure over a model object's
                        stored properties (the aims' floor) and over a struct of Swift values
          scopes        building an ExpressionScope, and an evaluation with a fresh scope against
                        one with a built scope
          writes        PageValue.set along a path, against Swift dictionary and array subscripts
          open          reading a page of 1,000 and 10,000 components, against JSONSerialization
          blocks        a page using a block 1,000 times, against the same page written out by hand
          edits         an edit on a live page, against the same write and evaluations by hand;
                        at 10,000 components against 100; with the trace on against off
          rows          a person's edit in one row of a list of 1,000 rows (a stepper on
                        $item.qty, rows keyed by itemKey), against the same edit in 10 rows
          repository    what PageRepository's check of a cached page against the app's registry
                        costs, next to the whole resolve, for each page in pages/ and
                        examples/app/pages (run it from the package folder; not in the default set)
          catalogue     PageRepository.resolve of one page from a cache of 500, kept records against a
                        new repository each call, and against reading and verifying that page alone
                        (run it from the package folder; not in the default set)
          cdn           200 syncs at once of those 500 pages from nginx on loopback (gzip, ETag):
                        bytes and ms per sync when nothing changed (with and without the conditional
                        request) and when one page changed (needs nginx; not in the default set)
          design        an edit in formwork design reaching the live page, for each page in pages/
                        (with Tests/Browser/stubs.json) and examples/app/pages: the draft's rewrite
                        against reading the file, its check against a decode, the whole draft
                        (p50/p95 ms, against the 200 ms budget) against decode + open, and the
                        draft posted over loopback HTTP (from the package folder; not in the default set)
          gate NAME     one scenario of the instruction-count gate, done once for callgrind to
                        count (.ci/perf-gate runs them; with no NAME, lists them; from the
                        package folder; not in the default set)

        Build with -c release for meaningful numbers.

        OPTIONS:
          --seconds S   time per comparison (default 1)
          --only NAME   expressions: measure only the rows whose name contains NAME;
                        design: only the page files whose name contains NAME
          --calls N     run each side exactly N calls per round instead of timing (for profilers:
                        valgrind --tool=callgrind formwork bench writes --calls 1000)
        """

    static let parts = ["memory", "expressions", "scopes", "writes", "open", "edits", "rows", "blocks", "repository", "catalogue", "cdn", "design", "gate"]
    /// What `formwork bench` with nothing named measures: every comparison against a floor.
    static let defaultParts = ["memory", "expressions", "scopes", "writes", "open", "edits", "rows", "blocks"]

    let budget: Stopwatch.Budget
    let only: String?
    let parts: [String]
    /// `bench gate NAME`: the gate scenario to do ("" lists them); nil for a measurement.
    let gateScenario: String?

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        let seconds = try arguments.option("seconds")
        guard let value = Double(seconds ?? "1"), value > 0, value <= 600 else {
            throw UsageError("--seconds needs a number of seconds between 0 and 600")
        }
        var calls: Int?
        if let text = try arguments.option("calls") {
            guard let count = Int(text), count > 0 else { throw UsageError("--calls needs a whole number of calls above 0") }
            calls = count
        }
        budget = Stopwatch.Budget(seconds: value, calls: calls)
        only = try arguments.option("only")
        let positionals = arguments.positionals()
        if positionals.first == "gate" {
            guard positionals.count <= 2 else { throw UsageError("name one gate scenario: formwork bench gate NAME") }
            gateScenario = positionals.count == 2 ? positionals[1] : ""
            parts = ["gate"]
            return
        }
        guard !positionals.contains("gate") else { throw UsageError("the gate's scenarios run on their own: formwork bench gate NAME") }
        gateScenario = nil
        for part in positionals where !BenchCommand.parts.contains(part) {
            let hint = Suggestions.nearest(to: part, in: BenchCommand.parts).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown benchmark '\(part)'\(hint) The ones there are: " + BenchCommand.parts.joined(separator: ", "))
        }
        parts = positionals.isEmpty ? BenchCommand.defaultParts : BenchCommand.parts.filter(positionals.contains)
    }

    func run() async -> Int32 {
        if let gateScenario {
            guard !gateScenario.isEmpty else {
                Console.out(GateScenarios.list)
                return ExitCode.success
            }
            do {
                Console.out(try GateScenarios.run(gateScenario))
                return ExitCode.success
            } catch {
                Console.error("error: \(error.message)")
                return ExitCode.failure
            }
        }
        // NB: with design named, --only may name pages instead (design checks them itself).
        if let only, parts.contains("expressions") || !parts.contains("design"), !ExpressionBenchmark.cases.contains(where: { $0.name.contains(only) }) {
            Console.error("error: no expression benchmark matches '\(only)'; the names are " + ExpressionBenchmark.cases.map(\.name).joined(separator: ", "))
            return ExitCode.usage
        }
        var sections: [String] = []
        do {
            for part in parts {
                switch part {
                case "memory": sections.append(try MemoryBenchmark.run())
                case "expressions": sections.append(try ExpressionBenchmark.run(budget, only: only))
                case "scopes": sections.append(try ScopeBenchmark.run(budget))
                case "writes": sections.append(try WriteBenchmark.run(budget))
                case "open": sections.append(try OpenBenchmark.run(budget))
                case "rows": sections.append(try await RowsBenchmark.run())
                case "blocks": sections.append(try BlocksBenchmark.run(budget))
                case "repository": sections.append(try RepositoryBenchmark.run(budget))
                case "catalogue": sections.append(try await CatalogueBenchmark.run(budget))
                case "cdn": sections.append(try await CDNBenchmark.run())
                case "design": sections.append(try await DesignBenchmark.run(budget, only: only))
                default: sections.append(try EditBenchmark.run(budget))
                }
                Console.out(sections[sections.count - 1] + "\n")
            }
        } catch {
            Console.error("error: \(error.message)")
            return ExitCode.failure
        }
        Console.out("Times are medians of \(Stopwatch.rounds) rounds; ratio = Formwork / floor, the median of the rounds' ratios.")
        return ExitCode.success
    }
}
