/// `len trim upper lower contains startsWith endsWith matches replace substr split join`.
///
/// NB: no Foundation here. Text is found by whole characters under canonical equivalence
/// (`TextSearch`, Grammar.md 1.6); Foundation's search mishandled U+0000 (see `TextSearch`).
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
        ExpressionFunction("contains", arity: 2...2) { call in
            let args = call.arguments
            switch args[0] {
            case .string(let s):
                let needle = try B.string(args[1], "contains", 2)
                return .bool(needle.isEmpty || !TextSearch(s).ranges(of: needle, limit: 1).isEmpty)
            case .array(let a):
                for item in a where try call.equal(item, args[1]) { return .bool(true) }
                return .bool(false)
            case .object(let o): return .bool(o[try B.string(args[1], "contains", 2)] != nil)
            case .null: return .bool(false)
            default: throw FunctionFailure("contains() expects a string, array or object as argument 1, got \(args[0].typeName)", kind: .type)
            }
        },
        ExpressionFunction("startsWith", arity: 2...2) { args in
            .bool(TextSearch.hasPrefix(try B.string(args[0], "startsWith"), try B.string(args[1], "startsWith", 2)))
        },
        ExpressionFunction("endsWith", arity: 2...2) { args in
            .bool(TextSearch.hasSuffix(try B.string(args[0], "endsWith"), try B.string(args[1], "endsWith", 2)))
        },
        ExpressionFunction("matches", arity: 2...2) { call in
            let text = try B.string(call.arguments[0], "matches")
            let pattern = try B.string(call.arguments[1], "matches", 2)
            do throws(PageRegex.Failure) {
                let regex = try PageRegex(pattern, mode: .whole)
                // NB: folding at compile time gives a match the smaller evaluationSteps budget, so a
                // hostile pattern costs `check` milliseconds; over it, the call is left to run time
                // like any failing constant.
                let limits = call.scope.limits
                return .bool(try regex.matches(text, steps: call.scope.isFoldingConstants ? min(limits.evaluationSteps, limits.regexSteps) : limits.regexSteps))
            } catch {
                throw FunctionFailure("matches(): \(error)", kind: error.isLimit ? .limit : .other)
            }
        },
        ExpressionFunction("replace", arity: 3...3) { call in
            let args = call.arguments
            let text = try B.string(args[0], "replace")
            let target = try B.string(args[1], "replace", 2)
            let replacement = try B.string(args[2], "replace", 3)
            if target.isEmpty { return .string(text) }
            let search = TextSearch(text)
            // NB: the exact size, charged before anything is built; a search to count, and one to build.
            try call.charge(bytes: search.replacedSize(target, by: replacement))
            return .string(search.replacing(target, with: replacement))
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
        ExpressionFunction("split", arity: 2...2) { call in
            let text = try B.string(call.arguments[0], "split")
            let separator = try B.string(call.arguments[1], "split", 2)
            var parts: [PageValue] = []
            // NB: each part is charged as it is found, so many small parts can't outgrow the budget unseen.
            func add(_ part: Substring) throws {
                try call.charge(elements: 1)
                try call.charge(bytes: part.utf8.count)
                parts.append(.string(String(part)))
            }
            if text.isEmpty { return .array([]) }
            if separator.isEmpty {
                for character in text { try add(Substring(String(character))) }
            } else {
                try TextSearch(text).forEachPart(separatedBy: separator, add)
            }
            return .array(parts)
        },
        ExpressionFunction("join", arity: 1...2) { call in
            let args = call.arguments
            let items = args[0].isNull ? [] : try B.array(args[0], "join")
            let separator = args.count > 1 ? try B.string(args[1], "join", 2) : ""
            try call.charge(steps: items.count)
            var texts: [String] = []
            texts.reserveCapacity(items.count)
            var size = separator.utf8.count * max(0, items.count - 1)
            for item in items {
                let text = try call.text(item)
                size += text.utf8.count
                texts.append(text)
            }
            try call.charge(bytes: size)
            return .string(texts.joined(separator: separator))
        },
    ]
}
