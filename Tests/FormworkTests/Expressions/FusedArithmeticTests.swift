import Testing
import Formwork

/// Arithmetic over store reads has a fused fast path in front of the general one; these check it
/// gives what the general path gives — values with their exact types, errors with their message
/// and the range of the node that failed — and spends the same steps.
@Suite("Fused arithmetic")
struct FusedArithmeticTests {
    static let data: PageValue = [
        "i": 7, "j": -3, "zero": 0, "minusOne": -1, "big": .int(Int64.max), "min": .int(Int64.min),
        "x": 2.5, "huge": 1e308, "nan": .number(.nan), "text": "ab", "nothing": .null,
        "nested": ["n": 4],
    ]

    static func evaluate(_ source: String, steps: Int = PageLimits.standard.evaluationSteps) throws(ExpressionError) -> PageValue {
        var limits = PageLimits.standard
        limits.evaluationSteps = steps
        return try CompiledExpression(source, functions: .standard).evaluate(in: ExpressionScope(data: data, limits: limits))
    }

    @Test("values keep the general path's types", arguments: [
        ("$data.i + $data.j", "4"),
        ("$data.i * $data.j - $data.i", "-28"),
        ("$data.i % $data.j", "1"),
        ("$data.min % $data.minusOne", "0"),
        ("$data.i / $data.i", "1.0"),
        ("$data.i + $data.x", "9.5"),
        ("$data.x * 2 * (1 - $data.x)", "-7.5"),
        ("$data.i + $data.nested.n * 2", "15"),
        ("$data.i > 0", "true"),
        ("$data.i >= $data.x", "true"),
        ("$data.nan < 1", "false"),
        ("$data.nan >= $data.nan", "false"),
        ("$data.text + $data.i + $data.x", "\"ab72.5\""),
        ("$data.i + $data.j + $data.text", "\"4ab\""),
        ("$data.text < 'b'", "true"),
        ("$data.i + $data.i + $data.i + $data.i + $data.i + $data.i + $data.i + $data.i", "56"),
        ("1 + 2 + $data.i + 3", "13"),
        ("1 + $data.i + 2", "10"),
        ("$data.i - 1 - 2 * 3", "0"),
        ("$data.i + abs($data.j) + $data.i", "17"),
        ("abs($data.j) + $data.i * 2 + 1", "18"),
        ("$data.i + $data.text + 1 + 2", "\"7ab12\""),
        ("(1 + 2) * $data.i", "21"),
        ("$data.i * ($data.i - ($data.j + 1))", "63"),
    ])
    func values(source: String, expected: String) throws {
        #expect(try FusedArithmeticTests.evaluate(source).jsonText == expected, "\(source)")
    }

    @Test("errors come from the node that fails, as without the fast path", arguments: [
        ("$data.i + $data.big * $data.big", "$data.big * $data.big", ExpressionError.Kind.overflow),
        ("$data.big + 1 + $data.i", "$data.big + 1", .overflow),
        ("$data.i + $data.i / $data.zero", "$data.i / $data.zero", .divisionByZero),
        ("$data.i % $data.zero", "$data.i % $data.zero", .divisionByZero),
        ("$data.huge * $data.huge + 1", "$data.huge * $data.huge", .overflow),
        ("$data.i * $data.nothing + 1", "$data.i * $data.nothing", .type),
        ("$data.i - $data.text", "$data.i - $data.text", .type),
        ("$data.i > $data.text", "$data.i > $data.text", .type),
        ("$data.i.n + 1", "$data.i.n", .type),
    ])
    func errors(source: String, failing: String, kind: ExpressionError.Kind) {
        FastPathChecks.expectFailure(source, at: failing, kind: kind) { (source: String) throws(ExpressionError) in try FusedArithmeticTests.evaluate(source) }
    }

    /// A member read and an operator are one step each, fused or not.
    @Test("steps: a fused chain spends one per read and operator, and fails one short", arguments: [
        ("$data.i * $data.j", 3),
        ("$data.x * $data.i * (1 - $data.x)", 6),
        ("$data.i + $data.nested.n", 4),
        ("$data.i > 0", 2),
        ("$data.i + $data.i + $data.i + $data.i", 7),
    ])
    func steps(source: String, steps: Int) throws {
        try FastPathChecks.expectSteps(source, steps) { (source: String, steps: Int) throws(ExpressionError) in try FusedArithmeticTests.evaluate(source, steps: steps) }
    }
}

/// The checks both fast paths (arithmetic and logic) must pass against the general path.
enum FastPathChecks {
    /// Evaluating `source` fails with `kind`, at the node whose source text is `failing`.
    static func expectFailure(_ source: String, at failing: String, kind: ExpressionError.Kind, _ evaluate: (String) throws(ExpressionError) -> PageValue) {
        do {
            let value = try evaluate(source)
            Issue.record("expected \(kind) at \(failing), got \(value.jsonText)")
        } catch {
            let bytes = Array(source.utf8)
            let text = String(decoding: bytes[error.range.start..<error.range.end], as: UTF8.self)
            #expect(error.kind == kind, "\(error)")
            #expect(text == failing, "\(error)")
        }
    }

    /// `source` evaluates with exactly `steps` steps, and runs out with one fewer.
    static func expectSteps(_ source: String, _ steps: Int, _ evaluate: (String, Int) throws(ExpressionError) -> PageValue) throws {
        _ = try evaluate(source, steps)
        do {
            let value = try evaluate(source, steps - 1)
            Issue.record("expected the steps to run out, got \(value.jsonText)")
        } catch {
            #expect(error.kind == .limit, "\(error)")
        }
    }
}
