/// `isEmpty keys map filter any all find count`. The lambda forms take `x => …` or `(x, i) => …`.
enum CollectionFunctions {
    typealias B = BuiltInFunctions

    /// Elements of an array argument; null counts as an empty array so unset data doesn't fail.
    private static func items(_ value: PageValue, _ name: String) throws -> [PageValue] {
        if case .null = value { return [] }
        return try B.array(value, name)
    }

    static let all: [ExpressionFunction] = [
        ExpressionFunction("isEmpty", arity: 1...1) { args in
            switch args[0] {
            case .null: return .bool(true)
            case .string(let s): return .bool(s.isEmpty)
            case .array(let a): return .bool(a.isEmpty)
            case .object(let o): return .bool(o.isEmpty)
            default: return .bool(false)
            }
        },
        ExpressionFunction("keys", arity: 1...1) { call in
            let args = call.arguments
            switch args[0] {
            case .object(let o):
                try call.charge(steps: o.count)
                try call.charge(elements: o.count)
                return .array(o.keys.map { .string($0) })
            case .null: return .array([])
            default: throw FunctionFailure("keys() expects an object, got \(args[0].typeName)", kind: .type)
            }
        },
        ExpressionFunction("map", arity: 2...2, lambdaParameters: [1: 2]) { call in
            let list = try items(call.arguments[0], "map")
            try call.charge(elements: list.count)
            var out: [PageValue] = []
            out.reserveCapacity(list.count)
            for (i, item) in list.enumerated() { out.append(try call.call(1, item, .int(Int64(i)))) }
            return .array(out)
        },
        ExpressionFunction("filter", arity: 2...2, lambdaParameters: [1: 2]) { call in
            var out: [PageValue] = []
            for (i, item) in try items(call.arguments[0], "filter").enumerated() where try call.call(1, item, .int(Int64(i))).isTruthy {
                out.append(item)
            }
            try call.charge(elements: out.count)
            return .array(out)
        },
        ExpressionFunction("any", arity: 2...2, lambdaParameters: [1: 2]) { call in
            for (i, item) in try items(call.arguments[0], "any").enumerated() where try call.call(1, item, .int(Int64(i))).isTruthy {
                return .bool(true)
            }
            return .bool(false)
        },
        ExpressionFunction("all", arity: 2...2, lambdaParameters: [1: 2]) { call in
            for (i, item) in try items(call.arguments[0], "all").enumerated() where !(try call.call(1, item, .int(Int64(i))).isTruthy) {
                return .bool(false)
            }
            return .bool(true)
        },
        ExpressionFunction("find", arity: 2...2, lambdaParameters: [1: 2]) { call in
            for (i, item) in try items(call.arguments[0], "find").enumerated() where try call.call(1, item, .int(Int64(i))).isTruthy {
                return item
            }
            return .null
        },
        ExpressionFunction("count", arity: 1...2, lambdaParameters: [1: 2]) { call in
            let list = try items(call.arguments[0], "count")
            guard call.arguments.count == 2 else { return .int(Int64(list.count)) }
            var n: Int64 = 0
            for (i, item) in list.enumerated() where try call.call(1, item, .int(Int64(i))).isTruthy { n += 1 }
            return .int(n)
        },
    ]
}
