import Formwork

/// The expressions `formwork bench expressions` measures, each with the same computation written
/// by hand in Swift: reading the stores through `PageValue` subscripts and pattern matching, and
/// doing the type checks, int overflow checks and int/number promotion the language requires.
enum ExpressionBenchmarks {
    struct Case: Sendable {
        let name: String
        let source: String
        let handWritten: @Sendable (PageValue) throws -> PageValue
        var displaySource: String { source.count > 90 ? String(source.prefix(87)) + "..." : source }
    }

    struct Mismatch: Error {}

    static let sumKeys = (0..<30).map { "a\($0)" }

    static let data: PageValue = {
        var object = PageObject([
            ("price", 12.5), ("qty", 2), ("shipping", 4), ("enabled", true),
            ("first", "Ada"), ("last", "Lovelace"),
        ])
        for (i, key) in sumKeys.enumerated() { object[key] = .int(Int64(i * 3 + 1)) }
        object["items"] = .array((0..<100).map { i in
            .object(PageObject([("name", .string("item \(i)")), ("price", .number(Double(i % 17) + 0.25)), ("qty", .int(Int64(i % 5 + 1)))]))
        })
        return .object(object)
    }()

    static let cases: [Case] = [
        Case(name: "arithmetic", source: "$data.price * $data.qty + $data.shipping") { data in
            try add(multiply(data["price"] ?? .null, data["qty"] ?? .null), data["shipping"] ?? .null)
        },
        Case(name: "ternary &&", source: "$data.qty > 0 && $data.enabled ? $data.price : 0") { data in
            let condition = try greater(data["qty"] ?? .null, .int(0)) && (data["enabled"] ?? .null).isTruthy
            return condition ? data["price"] ?? .null : .int(0)
        },
        Case(name: "concatenation", source: "$data.first + ' ' + $data.last") { data in
            try add(add(data["first"] ?? .null, .string(" ")), data["last"] ?? .null)
        },
        Case(name: "30-term sum", source: sumKeys.map { "$data.\($0)" }.joined(separator: " + ")) { data in
            guard case .object(let object) = data else { throw Mismatch() }
            var total = object[sumKeys[0]] ?? .null
            for key in sumKeys.dropFirst() { total = try add(total, object[key] ?? .null) }
            return total
        },
        Case(name: "sum(map) ×100", source: "sum(map($data.items, x => x.price * x.qty))") { data in
            guard case .array(let items) = data["items"] ?? .null else { throw Mismatch() }
            var intTotal: Int64 = 0
            var doubleTotal = 0.0
            var allInts = true
            for item in items {
                guard case .object(let object) = item else { throw Mismatch() }
                switch try multiply(object["price"] ?? .null, object["qty"] ?? .null) {
                case .int(let i) where allInts:
                    let (next, overflow) = intTotal.addingReportingOverflow(i)
                    if overflow { throw Mismatch() }
                    intTotal = next
                case .int(let i): doubleTotal += Double(i)
                case .number(let d):
                    if allInts { doubleTotal = Double(intTotal); allInts = false }
                    doubleTotal += d
                case .null: continue
                default: throw Mismatch()
                }
            }
            return allInts ? .int(intTotal) : .number(doubleTotal)
        },
    ]

    // MARK: - The language's rules, by hand

    static func multiply(_ a: PageValue, _ b: PageValue) throws -> PageValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            let (product, overflow) = x.multipliedReportingOverflow(by: y)
            if overflow { throw Mismatch() }
            return .int(product)
        case (.number(let x), .number(let y)): return try finite(x * y)
        case (.int(let x), .number(let y)): return try finite(Double(x) * y)
        case (.number(let x), .int(let y)): return try finite(x * Double(y))
        default: throw Mismatch()
        }
    }

    static func add(_ a: PageValue, _ b: PageValue) throws -> PageValue {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            let (sum, overflow) = x.addingReportingOverflow(y)
            if overflow { throw Mismatch() }
            return .int(sum)
        case (.number(let x), .number(let y)): return try finite(x + y)
        case (.int(let x), .number(let y)): return try finite(Double(x) + y)
        case (.number(let x), .int(let y)): return try finite(x + Double(y))
        case (.string(let x), .string(let y)): return .string(x + y)
        case (.string(let x), _): return .string(x + b.displayText)
        case (_, .string(let y)): return .string(a.displayText + y)
        case (.array(let x), .array(let y)): return .array(x + y)
        default: throw Mismatch()
        }
    }

    static func greater(_ a: PageValue, _ b: PageValue) throws -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x > y
        case (.number(let x), .number(let y)): return x > y
        case (.int(let x), .number(let y)): return Double(x) > y
        case (.number(let x), .int(let y)): return x > Double(y)
        case (.string(let x), .string(let y)): return x > y
        default: throw Mismatch()
        }
    }

    static func finite(_ value: Double) throws -> PageValue {
        guard value.isFinite else { throw Mismatch() }
        return .number(value)
    }
}
