import Foundation

/// `len trim upper lower contains startsWith endsWith matches replace substr split join`.
enum TextFunctions {
    typealias B = BuiltInFunctions

    static let all: [ExpressionFunction] = [
        ExpressionFunction("len", arity: 1...1) { args in
            switch args[0] {
            case .string(let s): return .int(Int64(s.count))
            case .array(let a): return .int(Int64(a.count))
            case .object(let o): return .int(Int64(o.count))
            case .null: return .int(0)
            default: throw FunctionFailure("len() expects a string, array or object, got \(args[0].typeName)", kind: .type)
            }
        },
        ExpressionFunction("trim", arity: 1...1) { args in
            .string(TextRules.trimmed(try B.string(args[0], "trim")))
        },
        ExpressionFunction("upper", arity: 1...1) { args in .string(TextRules.uppercased(try B.string(args[0], "upper"))) },
        ExpressionFunction("lower", arity: 1...1) { args in .string(TextRules.lowercased(try B.string(args[0], "lower"))) },
        ExpressionFunction("contains", arity: 2...2) { args in
            switch args[0] {
            case .string(let s): return .bool(s.contains(try B.string(args[1], "contains", 2)) || args[1] == "")
            case .array(let a): return .bool(a.contains(args[1]))
            case .object(let o): return .bool(o[try B.string(args[1], "contains", 2)] != nil)
            case .null: return .bool(false)
            default: throw FunctionFailure("contains() expects a string, array or object as argument 1, got \(args[0].typeName)", kind: .type)
            }
        },
        ExpressionFunction("startsWith", arity: 2...2) { args in
            .bool(try B.string(args[0], "startsWith").hasPrefix(try B.string(args[1], "startsWith", 2)))
        },
        ExpressionFunction("endsWith", arity: 2...2) { args in
            .bool(try B.string(args[0], "endsWith").hasSuffix(try B.string(args[1], "endsWith", 2)))
        },
        ExpressionFunction("matches", arity: 2...2) { call in
            let text = try B.string(call.arguments[0], "matches")
            let pattern = try B.string(call.arguments[1], "matches", 2)
            do throws(PageRegex.Failure) {
                let regex = try PageRegex(pattern, mode: .whole)
                // NB: folding at compile time counts engine steps instead of seconds, so `check`
                // answers alike on every machine and a hostile pattern costs it milliseconds; over
                // the steps, the call is left to run time like any failing constant.
                if call.scope.isFoldingConstants { return .bool(try regex.matches(text, steps: PageLimits.standard.evaluationSteps)) }
                return .bool(try regex.matches(text))
            } catch {
                throw FunctionFailure("matches(): \(error)", kind: error.isLimit ? .limit : .other)
            }
        },
        ExpressionFunction("replace", arity: 3...3) { args in
            let text = try B.string(args[0], "replace")
            let target = try B.string(args[1], "replace", 2)
            let replacement = try B.string(args[2], "replace", 3)
            if target.isEmpty { return .string(text) }
            return .string(text.replacingOccurrences(of: target, with: replacement))
        },
        ExpressionFunction("substr", arity: 2...3) { args in
            let characters = Array(try B.string(args[0], "substr"))
            let start = min(max(0, try B.int(args[1], "substr", 2)), characters.count)
            var end = characters.count
            if args.count == 3 {
                let length = try B.int(args[2], "substr", 3)
                if length < 0 { throw FunctionFailure("substr(): the length can't be negative", kind: .type) }
                end = start + min(length, characters.count - start)
            }
            return .string(String(characters[start..<end]))
        },
        ExpressionFunction("split", arity: 2...2) { args in
            let text = try B.string(args[0], "split")
            let separator = try B.string(args[1], "split", 2)
            if text.isEmpty { return .array([]) }
            if separator.isEmpty { return .array(text.map { .string(String($0)) }) }
            return .array(text.components(separatedBy: separator).map { .string($0) })
        },
        ExpressionFunction("join", arity: 1...2) { args in
            let items = args[0].isNull ? [] : try B.array(args[0], "join")
            let separator = args.count > 1 ? try B.string(args[1], "join", 2) : ""
            return .string(items.map(\.displayText).joined(separator: separator))
        },
    ]
}
