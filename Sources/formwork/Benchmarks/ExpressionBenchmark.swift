import Formwork

/// `formwork bench expressions`: compiled expressions against the same computation written in
/// plain Swift (no `PageValue` inputs, no dictionaries), called through a closure the optimizer
/// can't see into. Two floors:
///
/// - **class floor** (the one the aims use): a closure over a final class's stored properties,
///   as a host's model object would hold the values; nothing is copied or retained per call.
/// - **struct floor** (kept for comparison with earlier figures): a closure handed a struct of
///   plain Swift values.
///
/// A floor is what the computation costs when nothing is dynamic: the engine pays on top of it
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

    /// The same values as `PlainInputs`, as a host's model object holds them: the class floor's
    /// closures read its stored properties through one reference.
    final class PlainModel: Sendable {
        let price: Double
        let qty: Int64
        let discount: Double
        let enabled: Bool
        let first: String
        let last: String
        let terms: [Int64]
        let items: [PlainInputs.Item]

        init(_ inputs: PlainInputs) {
            price = inputs.price
            qty = inputs.qty
            discount = inputs.discount
            enabled = inputs.enabled
            first = inputs.first
            last = inputs.last
            terms = inputs.terms
            items = inputs.items
        }
    }

    struct Case: Sendable {
        let name: String
        let source: String
        /// What the row should come to, at most, in times the floor; nil when there is no aim.
        let aim: Double?
        /// The same computation in plain Swift over a model object, giving the same answer: the
        /// floor the aim is measured against.
        let classFloor: @Sendable (PlainModel) -> PageValue
        /// The same computation in plain Swift over a struct of values (the older floor).
        let floor: @Sendable (PlainInputs) -> PageValue
        var displaySource: String { source.count > 90 ? String(source.prefix(87)) + "..." : source }
    }

    static let plain = PlainInputs()
    static let model = PlainModel(plain)

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
        Case(name: "a: price × qty", source: "$data.price * $data.qty", aim: 5, classFloor: { m in .number(m.price * Double(m.qty)) }) { v in
            .number(v.price * Double(v.qty))
        },
        Case(name: "b: × (1 − discount)", source: "$data.price * $data.qty * (1 - $data.discount)", aim: 5, classFloor: { m in .number(m.price * Double(m.qty) * (1 - m.discount)) }) { v in
            .number(v.price * Double(v.qty) * (1 - v.discount))
        },
        Case(name: "c: ternary &&", source: "$data.qty > 0 && $data.enabled ? $data.price : 0", aim: 5, classFloor: { m in m.qty > 0 && m.enabled ? .number(m.price) : .int(0) }) { v in
            v.qty > 0 && v.enabled ? .number(v.price) : .int(0)
        },
        Case(name: "concatenation", source: "$data.first + ' ' + $data.last", aim: 2, classFloor: { m in .string(m.first + " " + m.last) }) { v in
            .string(v.first + " " + v.last)
        },
        Case(name: "30-term sum", source: (0..<30).map { "$data.a\($0)" }.joined(separator: " + "), aim: 30, classFloor: { m in
            var total: Int64 = 0
            for term in m.terms { total += term }
            return .int(total)
        }) { v in
            var total: Int64 = 0
            for term in v.terms { total += term }
            return .int(total)
        },
        Case(name: "sum(map) ×100", source: "sum(map($data.items, x => x.price * x.qty))", aim: nil, classFloor: { m in
            var total = 0.0
            for item in m.items { total += item.price * Double(item.qty) }
            return .number(total)
        }) { v in
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
        var rows: [[String]] = [["expression", "parse+compile", "evaluate", "class floor", "ratio", "aim", "struct floor", "ratio"]]
        for benchmark in selected {
            let compiled: CompiledExpression
            do {
                compiled = try CompiledExpression(benchmark.source, functions: .standard)
                let engine = try compiled.evaluate(in: scope).jsonText
                for floor in [benchmark.classFloor(model).jsonText, benchmark.floor(plain).jsonText] where floor != engine {
                    throw CLIFailure("\(benchmark.name): the engine gives \(engine) but the Swift floor \(floor)")
                }
            } catch let failure as CLIFailure {
                throw failure
            } catch {
                throw CLIFailure("\(benchmark.name): \(error)")
            }
            let compile = Stopwatch.measure(Stopwatch.Budget(seconds: budget.seconds / 2, calls: budget.calls)) { (try? CompiledExpression(benchmark.source, functions: .standard))?.constantValue }
            let classFloor = opaque(benchmark.classFloor)
            let object = opaque(model)
            let versusClass = Stopwatch.compare(budget) {
                try? compiled.evaluate(in: scope)
            } floor: {
                classFloor(object)
            }
            let floor = opaque(benchmark.floor)
            let inputs = opaque(plain)
            let versusStruct = Stopwatch.compare(budget) {
                try? compiled.evaluate(in: scope)
            } floor: {
                floor(inputs)
            }
            rows.append([
                benchmark.name, Stopwatch.format(compile), Stopwatch.format(versusClass.subject),
                Stopwatch.format(versusClass.floor), Stopwatch.ratio(versusClass.ratio), benchmark.aim.map { "≤ " + Stopwatch.ratio($0) } ?? "",
                Stopwatch.format(versusStruct.floor), Stopwatch.ratio(versusStruct.ratio),
            ])
        }
        var lines = [
            "expressions: evaluating a compiled expression against a plain Swift closure computing the same",
            "(class floor: a closure over a model object's stored properties, what the aims use; struct floor: over a struct of values)",
            "", Stopwatch.table(rows), "",
        ]
        for benchmark in selected {
            lines.append("  " + benchmark.name.padding(toLength: 22, withPad: " ", startingAt: 0) + benchmark.displaySource)
        }
        return lines.joined(separator: "\n")
    }
}
