import Testing
import Formwork

/// `&&`, `||`, `!` and `?:` over reads, constants, arithmetic and comparisons have a fused fast
/// path in front of the general one; these check it gives what the general path gives — values,
/// errors with the range of the node that failed — and spends the same steps on the path taken.
@Suite("Fused logic")
struct FusedLogicTests {
    static let data: PageValue = [
        "qty": 2, "zero": 0, "price": 12.5, "enabled": true, "off": false, "text": "ab", "empty": "",
        "nothing": .null, "nan": .number(.nan), "big": .int(Int64.max), "list": [1, 2], "nested": ["n": 4, "on": true],
    ]

    static func evaluate(_ source: String, steps: Int = PageLimits.standard.evaluationSteps) throws(ExpressionError) -> PageValue {
        var limits = PageLimits.standard
        limits.evaluationSteps = steps
        return try CompiledExpression(source, functions: .standard).evaluate(in: ExpressionScope(data: data, limits: limits))
    }

    @Test("values are the general path's", arguments: [
        ("$data.qty > 0 && $data.enabled ? $data.price : 0", "12.5"),
        ("$data.qty > 5 && $data.enabled ? $data.price : 0", "0"),
        ("$data.qty > 0 && $data.off ? $data.price : $data.text", "\"ab\""),
        ("$data.enabled && $data.text", "true"),
        ("$data.enabled && $data.empty", "false"),
        ("$data.nothing && $data.missing.deep", "false"),
        ("$data.off || $data.qty", "true"),
        ("$data.zero || $data.nothing", "false"),
        ("$data.text || $data.big * $data.big", "true"),
        ("!$data.enabled", "false"),
        ("!$data.nothing", "true"),
        ("!$data.nan", "true"),
        ("!($data.qty > 1)", "false"),
        ("$data.missing ? 1 : 'no'", "\"no\""),
        ("$data.list ? $data.list : null", "[1,2]"),
        ("$data.nested.on ? $data.nested.n * 2 : -1", "8"),
        ("$data.nested.off ? 1 : $data.nested.missing", "null"),
        ("$data.qty * $data.price > 20 ? 'big' : 'small'", "\"big\""),
        ("$data.qty > 0 ? $data.qty > 1 ? 'many' : 'one' : 'none'", "\"many\""),
        ("$data.enabled && $data.qty > 1 && !$data.off || $data.zero", "true"),
        ("$data.nan < 1 || $data.nan >= 1", "false"),
        ("$data.enabled ? true : false", "true"),
    ])
    func values(source: String, expected: String) throws {
        #expect(try FusedLogicTests.evaluate(source).jsonText == expected, "\(source)")
    }

    @Test("errors come from the node that fails, as without the fast path", arguments: [
        ("$data.enabled && $data.big * $data.big > 0", "$data.big * $data.big", ExpressionError.Kind.overflow),
        ("$data.off || $data.qty / $data.zero", "$data.qty / $data.zero", .divisionByZero),
        ("$data.enabled ? $data.qty - $data.text : 0", "$data.qty - $data.text", .type),
        ("$data.qty > $data.text ? 1 : 0", "$data.qty > $data.text", .type),
        ("!$data.qty.n", "$data.qty.n", .type),
        ("$data.off ? 1 : $data.text.length", "$data.text.length", .type),
    ])
    func errors(source: String, failing: String, kind: ExpressionError.Kind) {
        FastPathChecks.expectFailure(source, at: failing, kind: kind) { (source: String) throws(ExpressionError) in try FusedLogicTests.evaluate(source) }
    }

    /// One step for each `&&`, `||`, `!`, `?:`, operator and member read on the path taken.
    @Test("steps: the path taken costs what it costs unfused, and fails one short", arguments: [
        ("$data.qty > 0 && $data.enabled ? $data.price : 0", 6),   // ?:, &&, read, >, read, read
        ("$data.qty > 5 && $data.enabled ? $data.price : 0", 4),   // ?:, &&, read, > (false: no more)
        ("$data.off || $data.qty", 3),
        ("$data.enabled || $data.qty", 2),
        ("!$data.enabled", 2),
        ("$data.nested.on ? $data.nested.n * 2 : -1", 6),
        ("$data.off ? $data.price * $data.qty * $data.qty : 0", 2),
    ])
    func steps(source: String, steps: Int) throws {
        try FastPathChecks.expectSteps(source, steps) { (source: String, steps: Int) throws(ExpressionError) in try FusedLogicTests.evaluate(source, steps: steps) }
    }

    /// Every expression of a small grammar, evaluated fused and again with each read wrapped as
    /// `[read][0]` (an index, which is never fused): the two must agree on the value or the error.
    @Test("fused and unfused agree on 4,000 generated expressions")
    func agreesWithUnfused() {
        var generator = SplitMix(seed: 0x5EED)
        let reads = ["$data.qty", "$data.zero", "$data.price", "$data.enabled", "$data.off", "$data.text", "$data.empty",
                     "$data.nothing", "$data.nan", "$data.big", "$data.list", "$data.nested.n", "$data.missing", "$data.qty.n"]
        // NB: calls are never fused: they end a fused run wherever they stand.
        let constants = ["0", "1", "2.5", "'x'", "''", "true", "false", "null", "abs($data.qty)", "len($data.text)"]
        func leaf(_ wrapped: Bool, _ r: UInt64) -> String {
            if r % 3 == 0 { return constants[Int(r / 3 % UInt64(constants.count))] }
            let read = reads[Int(r / 3 % UInt64(reads.count))]
            return wrapped ? "[\(read)][0]" : read
        }
        func expression(_ depth: Int, _ wrapped: Bool, _ rng: inout SplitMix) -> String {
            let r = rng.next()
            if depth == 0 || r % 8 == 0 { return leaf(wrapped, rng.next()) }
            let a = expression(depth - 1, wrapped, &rng), b = expression(depth - 1, wrapped, &rng)
            switch r % 8 {
            case 1: return "(\(a) && \(b))"
            case 2: return "(\(a) || \(b))"
            case 3: return "!(\(a))"
            case 4: return "(\(a) ? \(b) : \(expression(depth - 1, wrapped, &rng)))"
            case 5: return "(\(a) > \(b))"
            case 6: return r % 16 < 8 ? "(\(a) * \(b))" : "\(a) + \(b)"
            default: return r % 16 < 8 ? "(\(a) - \(b))" : "\(a) / \(b)"
            }
        }
        for _ in 0..<4_000 {
            let seed = generator.next()
            var fusedRNG = SplitMix(seed: seed), unfusedRNG = SplitMix(seed: seed)
            let fused = expression(4, false, &fusedRNG), unfused = expression(4, true, &unfusedRNG)
            #expect(Self.outcome(fused) == Self.outcome(unfused), "\(fused)")
        }
    }

    static func outcome(_ source: String) -> String {
        do { return try evaluate(source).jsonText } catch { return "\(error.kind): \(error.message)" }
    }
}
