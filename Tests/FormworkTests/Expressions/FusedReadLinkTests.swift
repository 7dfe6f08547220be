import Testing
import Formwork

/// A link of a fused arithmetic chain whose right side is a one-key read of `$data` or `$item`
/// (`… + $data.a7`, `$item.price * $item.qty`) reads it in the link itself. These run every
/// operator over a table of values read that way, and again with the read wrapped as `[read][0]`
/// (an index, which is never fused): the two must agree on the value, or on the error's kind and
/// message, and spend the same steps. So does a one-key read compared with a constant
/// (`$data.qty > 0`), read in the comparison itself.
@Suite("Fused arithmetic: reads in a link")
struct FusedReadLinkTests {
    static let values: [PageValue] = [7, -3, 0, -1, .int(Int64.max), .int(Int64.min), 2.5, 1e308, .number(.nan), "ab", .null, true, [1]]
    static let operators = ["+", "-", "*", "/", "%"]

    static func outcome(_ source: String, _ scope: ExpressionScope) -> String {
        do {
            return try CompiledExpression(source, functions: .standard).evaluate(in: scope).jsonText
        } catch {
            return "\(error.kind): \(error.message)"
        }
    }

    @Test("a read on the right of each operator gives what the unfused read gives", arguments: ["data", "item"])
    func agrees(store: String) {
        let objects: [PageValue] = FusedReadLinkTests.values.map { ["k": $0, "a": 3, "x": 1.5] }
        for object in objects {
            var scope = ExpressionScope(data: object)
            scope.item = object
            for op in FusedReadLinkTests.operators {
                for left in ["$\(store).a", "$\(store).x", "$\(store).a * 2", "2"] {
                    let fused = "\(left) \(op) $\(store).k"
                    let unfused = "\(left) \(op) [$\(store).k][0]"
                    #expect(FusedReadLinkTests.outcome(fused, scope) == FusedReadLinkTests.outcome(unfused, scope), "\(fused) with k = \(object)")
                    let longer = "\(left) \(op) $\(store).k + $\(store).a"
                    let longerUnfused = "\(left) \(op) [$\(store).k][0] + $\(store).a"
                    #expect(FusedReadLinkTests.outcome(longer, scope) == FusedReadLinkTests.outcome(longerUnfused, scope), "\(longer) with k = \(object)")
                }
            }
        }
    }

    @Test("a read compared with a constant gives what the unfused read gives", arguments: ["data", "item", "global"])
    func comparisons(store: String) {
        for value in FusedReadLinkTests.values {
            let object: PageValue = ["k": value]
            var scope = ExpressionScope(data: object, global: object)
            scope.item = object
            for op in ["<", "<=", ">", ">="] {
                for constant in ["1", "-1.5", "0"] {
                    let fused = "$\(store).k \(op) \(constant)"
                    let unfused = "[$\(store).k][0] \(op) \(constant)"
                    #expect(FusedReadLinkTests.outcome(fused, scope) == FusedReadLinkTests.outcome(unfused, scope), "\(fused) with k = \(value)")
                }
            }
        }
    }

    /// One step for each read and operator, fused or not; one fewer runs out.
    @Test("steps: a read in a link is one step", arguments: [
        ("$item.a * $item.k", 3), ("$data.a + $data.k + $data.a", 5), ("2 * $item.a - $item.k", 4),
        ("$item.k > 1", 2), ("$data.k <= 1", 2), ("$global.k >= 1", 2),
    ])
    func steps(source: String, steps: Int) throws {
        try FastPathChecks.expectSteps(source, steps) { (source: String, steps: Int) throws(ExpressionError) in
            var limits = PageLimits.standard
            limits.evaluationSteps = steps
            var scope = ExpressionScope(data: ["a": 3, "k": 4], global: ["k": 4], limits: limits)
            scope.item = ["a": 3, "k": 4]
            return try CompiledExpression(source, functions: .standard).evaluate(in: scope)
        }
    }
}
