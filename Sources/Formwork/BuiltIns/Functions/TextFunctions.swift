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
        ExpressionFunction("contains", arity: 2...2) { call in
            let args = call.arguments
            switch args[0] {
            case .string(let s): return .bool(s.contains(try B.string(args[1], "contains", 2)) || args[1] == "")
            case .array(let a):
                for item in a where try call.equal(item, args[1]) { return .bool(true) }
                return .bool(false)
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
            let estimate = replacedSize(text, target, replacement)
            try call.charge(bytes: estimate)
            let result = text.replacingOccurrences(of: target, with: replacement)
            // NB: Foundation also matches canonically equal spellings, which the estimate counts
            // by bytes; whatever it missed is charged now.
            try call.charge(bytes: max(0, result.utf8.count - estimate))
            return .string(result)
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

    /// The UTF-8 size of `text` with every `target` replaced, worked out before building it: a
    /// bound when it is small anyway, else from the number of matches, counted without building
    /// anything.
    static func replacedSize(_ text: String, _ target: String, _ replacement: String) -> Int {
        let size = text.utf8.count, growth = replacement.utf8.count - target.utf8.count
        guard growth > 0 else { return size }
        let bound = size + (size / max(1, target.utf8.count)) * growth
        guard bound > 1 << 16 else { return bound }
        return size + occurrences(of: Array(target.utf8), in: text.utf8) * growth
    }

    /// How many times `pattern` occurs in `bytes` without overlapping, left to right, in time
    /// proportional to their lengths (Knuth–Morris–Pratt).
    static func occurrences(of pattern: [UInt8], in bytes: some Collection<UInt8>) -> Int {
        guard !pattern.isEmpty, pattern.count <= bytes.count else { return 0 }
        // fallback[i]: the length of the longest proper prefix of pattern[...i] that is also its suffix.
        var fallback = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for i in 1..<pattern.count {
            while length > 0 && pattern[i] != pattern[length] { length = fallback[length - 1] }
            if pattern[i] == pattern[length] { length += 1 }
            fallback[i] = length
        }
        var count = 0, matched = 0
        for byte in bytes {
            while matched > 0 && byte != pattern[matched] { matched = fallback[matched - 1] }
            if byte == pattern[matched] { matched += 1 }
            if matched == pattern.count {
                count += 1
                matched = 0
            }
        }
        return count
    }
}
