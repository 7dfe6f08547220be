/// `reverse slice sort unique minBy maxBy`: reordering and picking rows of a list. Like the other
/// collection functions they take `null` as `[]`, and the key lambdas take `x => …` or `(x, i) => …`.
///
/// Every one charges its work before doing it: a step per element visited (and per comparison a
/// sort makes), and the array it builds against `evaluationBytes`, so a huge list fails with a
/// `limit` error instead of running long.
enum ListFunctions {
    typealias B = BuiltInFunctions

    /// Elements of an array argument; null counts as an empty array so unset data doesn't fail.
    private static func items(_ value: PageValue, _ name: String) throws -> [PageValue] {
        if case .null = value { return [] }
        return try B.array(value, name)
    }

    static let all: [ExpressionFunction] = [
        ExpressionFunction("reverse", arity: 1...1) { call in
            let list = try items(call.arguments[0], "reverse")
            try call.charge(steps: list.count)
            try call.charge(elements: list.count)
            return .array(list.reversed())
        },
        ExpressionFunction("slice", arity: 2...3) { call in
            let args = call.arguments
            let list = try items(args[0], "slice")
            let start = position(try B.int(args[1], "slice", 2), count: list.count)
            let end = args.count == 3 && !args[2].isNull ? position(try B.int(args[2], "slice", 3), count: list.count) : list.count
            guard start < end else { return .array([]) }
            try call.charge(steps: end - start)
            try call.charge(elements: end - start)
            return .array(Array(list[start..<end]))
        },
        ExpressionFunction("sort", arity: 1...2, lambdaParameters: [1: 2]) { call in
            let list = try items(call.arguments[0], "sort")
            let keys = try sortKeys(of: list, &call, "sort")
            try SortKey.checkComparable(keys, "sort")
            // NB: a comparison sort of n elements makes at most about n·log2(n) comparisons; each is a step.
            try call.charge(steps: list.count * max(1, Int.bitWidth - list.count.leadingZeroBitCount))
            try call.charge(elements: list.count)
            // Stable: equal keys keep their order, as the element's position breaks the tie.
            let order = list.indices.sorted { a, b in
                let byKey = SortKey.order(keys[a], keys[b])
                return byKey != 0 ? byKey < 0 : a < b
            }
            return .array(order.map { list[$0] })
        },
        ExpressionFunction("unique", arity: 1...2, lambdaParameters: [1: 2]) { call in
            let list = try items(call.arguments[0], "unique")
            let keys = try sortKeys(of: list, &call, "unique")
            // NB: elements are grouped by a hash that agrees with ==, and compared (a step each)
            // only within a group, so a long list of different rows takes linear time.
            var groups: [Int: [Int]] = [:]
            var kept: [PageValue] = []
            for (position, key) in keys.enumerated() {
                let hash = SortKey.hash(key)
                var seen = false
                for earlier in groups[hash, default: []] where try call.equal(keys[earlier], key) {
                    seen = true
                    break
                }
                if seen { continue }
                groups[hash, default: []].append(position)
                kept.append(list[position])
            }
            try call.charge(elements: kept.count)
            return .array(kept)
        },
        ExpressionFunction("minBy", arity: 2...2, lambdaParameters: [1: 2]) { call in
            try extremum(&call, "minBy") { $0 < 0 }
        },
        ExpressionFunction("maxBy", arity: 2...2, lambdaParameters: [1: 2]) { call in
            try extremum(&call, "maxBy") { $0 > 0 }
        },
    ]

    /// An index into a list of `count` elements as `slice` reads it: from the end when negative
    /// (-1 is the last element), then clamped to 0…count.
    static func position(_ index: Int, count: Int) -> Int {
        index < 0 ? max(0, count + index) : min(index, count)
    }

    /// The sort key of each element: the lambda's result (argument 2) when there is one, else the
    /// element itself. One step per element, plus the lambda's own.
    private static func sortKeys(of list: [PageValue], _ call: inout FunctionInvocation, _ name: String) throws -> [PageValue] {
        try call.charge(steps: list.count)
        guard call.arguments.count == 2 else { return list }
        var keys: [PageValue] = []
        keys.reserveCapacity(list.count)
        for (i, item) in list.enumerated() { keys.append(try call.call(1, item, .int(Int64(i)))) }
        return keys
    }

    /// The first element whose key is `better` than every other's (`order` of the key against the
    /// best so far); elements whose key is null are left out, and null comes back when no key is left.
    private static func extremum(_ call: inout FunctionInvocation, _ name: String, better: (Int) -> Bool) throws -> PageValue {
        let list = try items(call.arguments[0], name)
        let keys = try sortKeys(of: list, &call, name)
        try SortKey.checkComparable(keys, name)
        var best: Int?
        for (position, key) in keys.enumerated() where !key.isNull {
            if let current = best, !better(SortKey.order(key, keys[current])) { continue }
            best = position
        }
        return best.map { list[$0] } ?? .null
    }
}
