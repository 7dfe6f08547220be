import Formwork

/// `formwork bench writes`: a write into a store value along a path, against the same write into
/// Swift dictionaries and arrays through their subscripts.
///
/// Both sides hash the key every time (it comes from a variable, as in a page), and both write in
/// place: the floor is what Swift's own collections cost for the same change.
enum WriteBenchmark {
    struct Case: Sendable {
        let name: String
        let aim: Double?
        let measure: @Sendable (Stopwatch.Budget) -> Stopwatch.Comparison
    }

    static let cases: [Case] = [
        Case(name: "$data.qty = n", aim: 2) { budget in
            var data = ExpressionBenchmark.data
            var plain: [String: Int64] = [:]
            for (key, value) in data.objectValue ?? PageObject() { plain[key] = value.intValue ?? 0 }
            let path = opaque([StorePath.Component.key("qty")])[...]
            let key = opaque("qty")
            var n: Int64 = 0
            return Stopwatch.compare(budget) {
                n &+= 1
                try? data.set(.int(n), at: path)
            } floor: {
                n &+= 1
                plain[key] = n
            }
        },
        Case(name: "$data.items[3].qty = n", aim: nil) { budget in
            var data = ExpressionBenchmark.data
            var plain: [String: [[String: Int64]]] = ["items": (0..<100).map { ["qty": Int64($0)] }]
            let path = opaque([StorePath.Component.key("items"), .index(3), .key("qty")])[...]
            let (items, qty) = (opaque("items"), opaque("qty"))
            var n: Int64 = 0
            return Stopwatch.compare(budget) {
                n &+= 1
                try? data.set(.int(n), at: path)
            } floor: {
                n &+= 1
                plain[items, default: []][3][qty] = n
            }
        },
    ]

    /// Whether a write through an object into an array changes them in place, as it must in
    /// this build (the test suite checks it in debug builds; optimizations could differ).
    static func writesInPlace() -> Bool {
        func makeStore() -> PageValue {
            .object(PageObject([("page", .object(PageObject([("items", .array((0..<100).map { .object(PageObject([("qty", .int(Int64($0)))])) }))])))]))
        }
        var data = makeStore()
        func address() -> Int { data["page"]?["items"]?.arrayValue?.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } ?? 0 }
        let before = address()
        try? data.set(.int(-1), at: [.key("page"), .key("items"), .index(3), .key("qty")])
        return address() == before && data["page"]?["items"]?[3]?["qty"] == .int(-1)
    }

    static func run(_ budget: Stopwatch.Budget) throws(CLIFailure) -> String {
        guard writesInPlace() else { throw CLIFailure("a store write copied the containers along its path; PageValue.set must change them in place") }
        var rows: [[String]] = [["write", "PageValue.set", "Swift floor", "ratio", "aim"]]
        for write in cases {
            let comparison = write.measure(budget)
            rows.append([write.name, Stopwatch.format(comparison.subject), Stopwatch.format(comparison.floor), Stopwatch.ratio(comparison.ratio), write.aim.map { "≤ " + Stopwatch.ratio($0) } ?? ""])
        }
        return ["writes: one store write along a path, against Swift dictionary and array subscripts", "", Stopwatch.table(rows)].joined(separator: "\n")
    }
}
