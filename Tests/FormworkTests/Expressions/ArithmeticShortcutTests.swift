import Testing
@testable import Formwork

/// An expression that is arithmetic over plain paths and whole numbers (`$item.price * $item.qty`,
/// a 30-term sum) is compiled by `ArithmeticShortcut` without the parser; everything else, and
/// every error, by the general path. These compile a table both ways and compare all a compiled
/// expression tells (dependencies, plain and item paths, calls) and what it gives, or the error it
/// raises, in scopes with numbers, strings, nulls, missing members, values that overflow or divide
/// by zero, and too few steps.
@Suite("Expressions: the arithmetic shortcut")
struct ArithmeticShortcutTests {
    static let sum30 = (0..<30).map { "$data.a\($0)" }.joined(separator: " + ")

    /// Each source, and whether the shortcut takes it.
    static let table: [(source: String, shortcut: Bool)] = [
        ("$item.price * $item.qty", true), ("$data.a + $data.b", true), ("$data.a+$data.b", true), ("$data.a\t-\n$data.b", true),
        ("$data.a * 2", true), ("$data.a / 0", true), ("$data.a % 3", true), ("$data.a - 1 - 2", true), ("$data.a + 007", true),
        ("$data.a * $data.b / $data.c % 2", true), ("$data.a * 2 + $data.b", true), ("$data.a * $data.b - $data.c * 1", false),
        ("$data.a * 2 + $data.b - 3", true), ("$data.a + $data.a", true), ("$data.a + $data.a.b", true), ("$data.a.b + $data.a", true),
        ("$data + 1", true), ("$data.a + $data", true), ("$index + 1", true), ("$index * $index", true), ("$item + $index", true),
        ("$computed.subtotal + $computed.tax", true), ("$global.rate * $param.n", true), ("$page.count + 1", true),
        ("$error.status - 400", true), ("$value * 2", true), ("$state.n + 1", true), ("$data.settings.deep.x * $item.y.z", true),
        ("$data.max + 9223372036854775807", true), ("$data.a + $data.b + $data.c + $data.d + $data.e + $data.f", true),
        (sum30, true),
        // Not exactly such a run: the general path.
        ("$data.a + $data.b * 2", false), ("$data.a - $data.b % 2", false), (" $data.a + 1", false), ("$data.a + 1 ", false),
        ("$data.a + 1.5", false), ("$data.a + 1e3", false), ("$data.a + 2px", false), ("$data.a + 1.", false),
        ("$data.a + 9223372036854775808", false), ("$data.a + -1", false), ("$data.a - - 1", false), ("$data.a + 'x'", false),
        ("$data.a + true", false), ("$data.a + null", false), ("$data.a + ($data.b)", false), ("$data.a + len($data.b)", false),
        ("$data.a + $data.b[0]", false), ("$data.a[0] + 1", false), ("$data.a +", false), ("$data.a + ", false), ("$data.a ++ 1", false),
        ("$data.a ** 2", false), ("$data.a + 1 > 2", false), ("$data.a + 1 == 2", false), ("$data.a + 1 ?? 0", false),
        ("$data.a + $dat.b", false), ("$data.a + $attr.x", false), ("$attr.x + 1", false), ("$data.a + $data.", false),
        ("$data.a + $data.naïve", false), ("$data.a ? 1 : 2", false), ("$data.a && $data.b", false), ("1 + $data.a", false),
        ("$data.a", false), ("$data.a == 1", false), ("$data.a + 1 + 'b'", false), ("$data.a.1 + 1", false),
    ]

    static let scopes: [ExpressionScope] = {
        var numbers: [(String, PageValue)] = [("a", 7), ("b", 2.5), ("c", 3), ("d", -4), ("e", 0), ("f", 1), ("max", .int(Int64.max)),
                                              ("price", 12.5), ("qty", 2), ("rate", 0.2), ("n", 5), ("subtotal", 10), ("tax", 2), ("count", 3),
                                              ("status", 422), ("deep", ["x": 4]), ("y", ["z": 6])]
        numbers += (0..<30).map { ("a\($0)", PageValue.int(Int64($0))) }
        let nested = PageValue.object(PageObject(numbers + [("settings", ["deep": ["x": 4]])]))
        var rich = ExpressionScope(data: nested, global: nested, param: nested)
        rich.item = nested
        rich.index = 2
        rich.value = 21
        rich.error = ["status": 422]
        rich.state = ["n": 1]
        rich.computed = nested
        rich.page = nested
        var strings = ExpressionScope(data: ["a": "x", "b": "y", "c": 1, "a0": "s"], global: "text", param: [1, 2])
        strings.item = ["price": "not a number", "qty": 2]
        strings.index = "0"
        var zero = rich
        zero.data = ["a": 0, "b": 0, "c": 0, "e": 0]
        var scopes = [ExpressionScope(), rich, strings, zero]
        // NB: too few steps for the paths, for an operator, or for all: the same error, at the
        // same range, or the same value.
        scopes += CallShortcutTests.scopes(like: rich, steps: [0, 1, 2, 3, 4, 5, 8, 30, 59, 61])
        return scopes
    }()

    @Test("both paths give the same", arguments: table)
    func sameAsGeneralPath(source: String, shortcut: Bool) {
        #expect((ArithmeticShortcut(source, limits: .standard) != nil) == shortcut, "\(source)")
        CallShortcutTests.compare(source, functions: .standard, scopes: Self.scopes)
    }

    @Test("the run is compiled as a fused run, its dependencies in order without covered paths")
    func dependencies() throws {
        let total = try CompiledExpression("$item.price * $item.qty", functions: .standard)
        #expect(total.dependencies.isEmpty)
        let sum = try CompiledExpression("$data.a.b + $data.c + $data.a + $global.x", functions: .standard)
        #expect(sum.dependencies.map(\.description) == ["$data.c", "$data.a", "$global.x"])
        #expect(sum.assignablePath == nil)
        let run = try CompiledExpression(Self.sum30, functions: .standard)
        #expect(run.dependencies.count == 30)
        #expect(try run.evaluate(in: Self.scopes[1]) == .int(435))
    }

    @Test("over the depth and length limits, the general path's errors")
    func limits() {
        var limits = PageLimits.standard
        // `$data.a + $data.b`: paths 2 high, the operator 3; one level spare.
        limits.expressionDepth = 4
        #expect(ArithmeticShortcut("$data.a + $data.b", limits: limits) != nil)
        #expect(ArithmeticShortcut("$data.a + $data.b + 1", limits: limits) == nil)
        #expect(ArithmeticShortcut("$data.a.b + 1", limits: limits) == nil)
        for depth in 1...6 {
            limits.expressionDepth = depth
            for source in ["$data.a + $data.b", "$data.a + $data.b + 1", "$data.a.b.c * 2", "$data.a + $data.b.c.d.e", Self.sum30] {
                CallShortcutTests.compare(source, functions: .standard, limits: limits, scopes: Self.scopes)
            }
        }
        limits = .standard
        limits.expressionDepth = 31
        #expect(ArithmeticShortcut(Self.sum30, limits: limits) == nil)
        CallShortcutTests.compare(Self.sum30, functions: .standard, limits: limits, scopes: Self.scopes)
        limits.expressionDepth = 32
        #expect(ArithmeticShortcut(Self.sum30, limits: limits) != nil)
        limits = .standard
        limits.expressionBytes = 16
        #expect(ArithmeticShortcut("$data.a + $data.b", limits: limits) == nil)
        CallShortcutTests.compare("$data.a + $data.b", functions: .standard, limits: limits)
    }
}
