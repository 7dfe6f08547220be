import Formwork

/// `formwork bench expressions`: compiled expressions against the same computation written as a
/// plain Swift closure over plain Swift variables (no `PageValue`, no dictionaries), called
/// through a closure the optimizer can't see into.
///
/// That floor is what the computation costs when nothing is dynamic: the engine pays on top of it
/// for reading the stores by name, checking types, and walking its compiled closures.
enum ExpressionBenchmark {
    /// The stores' contents as plain Swift values, for the floors.
    struct PlainInputs: Sendable {
        var price = 12.5
        var qty: Int64 = 2
        var shipping: Int64 = 4
        var discount = 0.1
        var enabled = true
        var first = "Ada"
        var last = "Lovelace"
        var terms: [Int64] = (0..<30).map { (i: Int) -> Int64 in Int64(i * 3 + 1) }
        var items: [Item] = (0..<100).map { (i: Int) -> Item in Item(price: Double(i % 17) + 0.25, qty: Int64(i % 5 + 1)) }

        struct Item: Sendable {
            var price: Double
            var qty: Int64
        }
    }

    struct Case: Sendable {
        let name: String
        let source: String
        /// What the row should come to, at most, in times the floor; nil when there is no aim.
        let aim: Double?
        /// The same computation in plain Swift, giving the same answer.
        let floor: @Sendable (PlainInputs) -> PageValue
        var displaySource: String { source.count > 90 ? String(source.prefix(87)) + "..." : source }
    }

    static let plain = PlainInputs()

    /// `$data` for the engine: the same values as `plain`.
    static let data: PageValue = {
        var object = PageObject([
            ("price", .number(plain.price)), ("qty", .int(plain.qty)), ("shipping", .int(plain.shipping)),
            ("discount", .number(plain.discount)), ("enabled", .bool(plain.enabled)),
            ("first", .string(plain.first)), ("last", .string(plain.last)),
        ])
        for (i, term) in plain.terms.enumerated() { object["a\(i)"] = .int(term) }
        object["items"] = .array(plain.items.enumerated().map { i, item in
            .object(PageObject([("name", .string("item \(i)")), ("price", .number(item.price)), ("qty", .int(item.qty))]))
        })
        return .object(object)
    }()

    static let cases: [Case] = [
        Case(name: "a: price × qty", source: "$data.price * $data.qty", aim: 5) { v in
            .number(v.price * Double(v.qty))
        },
        Case(name: "b: × (1 − discount)", source: "$data.price * $data.qty * (1 - $data.discount)", aim: 5) { v in
            .number(v.price * Double(v.qty) * (1 - v.discount))
        },
        Case(name: "c: ternary &&", source: "$data.qty > 0 && $data.enabled ? $data.price : 0", aim: 5) { v in
            v.qty > 0 && v.enabled ? .number(v.price) : .int(0)
        },
        Case(name: "concatenation", source: "$data.first + ' ' + $data.last", aim: 2) { v in
            .string(v.first + " " + v.last)
        },
        Case(name: "30-term sum", source: (0..<30).map { "$data.a\($0)" }.joined(separator: " + "), aim: 30) { v in
            var total: Int64 = 0
            for term in v.terms { total += term }
            return .int(total)
        },
        Case(name: "sum(map) ×100", source: "sum(map($data.items, x => x.price * x.qty))", aim: nil) { v in
            var total = 0.0
            for item in v.items { total += item.price * Double(item.qty) }
            return .number(total)
        },
    ]

    /// Measures the cases whose name contains `only` (all when nil); nil with a message when
    /// the engine and a floor disagree, which would make the comparison meaningless.
    static func run(_ budget: Stopwatch.Budget, only: String?) throws(CLIFailure) -> String {
        let selected = cases.filter { only == nil || $0.name.contains(only ?? "") }
        let scope = ExpressionScope(data: data)
        var rows: [[String]] = [["expression", "parse+compile", "evaluate", "Swift floor", "ratio", "aim"]]
        for benchmark in selected {
            let compiled: CompiledExpression
            do {
                compiled = try CompiledExpression(benchmark.source, functions: .standard)
                let engine = try compiled.evaluate(in: scope).jsonText
                let floor = benchmark.floor(plain).jsonText
                guard engine == floor else { throw CLIFailure("\(benchmark.name): the engine gives \(engine) but the Swift floor \(floor)") }
            } catch let failure as CLIFailure {
                throw failure
            } catch {
                throw CLIFailure("\(benchmark.name): \(error)")
            }
            let compile = Stopwatch.measure(Stopwatch.Budget(seconds: budget.seconds / 2, calls: budget.calls)) { (try? CompiledExpression(benchmark.source, functions: .standard))?.constantValue }
            let floor = opaque(benchmark.floor)
            let inputs = opaque(plain)
            let comparison = Stopwatch.compare(budget) {
                try? compiled.evaluate(in: scope)
            } floor: {
                floor(inputs)
            }
            rows.append([
                benchmark.name, Stopwatch.format(compile), Stopwatch.format(comparison.subject),
                Stopwatch.format(comparison.floor), Stopwatch.ratio(comparison.ratio), benchmark.aim.map { "≤ " + Stopwatch.ratio($0) } ?? "",
            ])
        }
        var lines = ["expressions: evaluating a compiled expression against a plain Swift closure computing the same", "", Stopwatch.table(rows), ""]
        for benchmark in selected {
            lines.append("  " + benchmark.name.padding(toLength: 22, withPad: " ", startingAt: 0) + benchmark.displaySource)
        }
        return lines.joined(separator: "\n")
    }
}
