import Foundation
import Testing
import Formwork

/// One evaluation does a bounded amount of work (`evaluationSteps`) and builds a bounded amount
/// of text and arrays (`evaluationBytes`), and what it gives is bounded like a stored value
/// (`valueDepth`, `valueBytes`); going over fails with a `limit` error naming the budget.
@Suite("Limits: one evaluation")
struct EvaluationLimitTests {
    static let limits = LimitFixtures.small

    static var scope: ExpressionScope {
        ExpressionScope(data: [
            "a": .string(String(repeating: "a", count: 40)),
            "list": .array((0..<100).map { .int(Int64($0)) }),
            "many": .array((0..<5_000).map { .int(Int64($0)) }),
            "object": .object(PageObject((0..<5_000).map { ("k\($0)", .int(Int64($0))) })),
            "x": 1, "y": 1,
        ], limits: limits)
    }

    static func evaluate(_ source: String, template: Bool = false) throws(ExpressionError) -> PageValue {
        let expression = template
            ? try CompiledExpression(template: source, functions: .standard, limits: limits)
            : try CompiledExpression(source, functions: .standard, limits: limits)
        return try expression.evaluate(in: scope)
    }

    static let doubled20 = LimitFixtures.doubling("$data.x", levels: 20)
    static let otherDoubled20 = LimitFixtures.doubling("$data.y", levels: 20)

    @Test("work and size beyond the budget fail with a limit error naming it", arguments: [
        // Three nested replace calls: 40 → 1,600 → 64,000 bytes; refused before it is built.
        ("replace(replace(replace($data.a, 'a', $data.a), 'a', $data.a), 'a', $data.a)", "evaluationBytes"),
        // A count inside a count over the same list: 10,000 lambda calls.
        ("count($data.list, x => count($data.list, y => y == x) > 0)", "evaluationSteps"),
        ("sum($data.many)", "evaluationSteps"),
        ("max($data.many)", "evaluationSteps"),
        ("avg($data.many)", "evaluationSteps"),
        ("keys($data.object)", "evaluationSteps"),
        ("contains($data.many, -1)", "evaluationSteps"),
        ("join($data.many, ',')", "evaluationSteps"),
        ("len(split(replace($data.a, 'a', $data.a), ''))", "evaluationBytes"),
        // A value of 2^20 elements built from shared parts: shown as text, compared, joined.
        ("string(\(doubled20))", "evaluationBytes"),
        ("'x' + \(doubled20)", "evaluationBytes"),
        ("\(doubled20) + 'x'", "evaluationBytes"),
        ("join(\(doubled20))", "evaluationBytes"),
        ("\(doubled20) == \(otherDoubled20)", "evaluationSteps"),
        ("\(doubled20) != \(otherDoubled20)", "evaluationSteps"),
        ("contains([\(doubled20)], \(otherDoubled20))", "evaluationSteps"),
        // …or handed out whole: what it gives is measured like a stored value.
        (doubled20, "valueBytes"),
    ])
    func overBudget(source: String, budget: String) {
        do {
            let value = try EvaluationLimitTests.evaluate(source)
            Issue.record("expected \(budget) to run out, got \(value.preview())")
        } catch {
            #expect(error.kind == .limit, "\(error)")
            #expect(error.message.contains("the \(budget) limit"), "\(error.message)")
            #expect(error.range.end <= source.utf8.count)
        }
    }

    @Test("a template counts what it builds")
    func templates() {
        #expect(throws: ExpressionError.self) { try EvaluationLimitTests.evaluate("${\(EvaluationLimitTests.doubled20)}", template: true) }
        #expect(throws: ExpressionError.self) { try EvaluationLimitTests.evaluate("${replace(replace($data.a, 'a', $data.a), 'a', $data.a)}", template: true) }
    }

    @Test("the same work within the budget gives the same answers as without one", arguments: [
        ("replace(replace($data.a, 'a', 'bb'), 'b', 'c')", #""\#(String(repeating: "c", count: 80))""#),
        ("count($data.list, x => x % 10 == 0)", "10"),
        ("sum($data.list)", "4950"),
        ("len(string(\(LimitFixtures.doubling("$data.x", levels: 6))))", "253"),
        ("\(LimitFixtures.doubling("$data.x", levels: 6)) == \(LimitFixtures.doubling("$data.y", levels: 6))", "true"),
        ("contains($data.list, 99)", "true"),
        ("join(map([1, 2, 3], x => [x]), '-')", #""[1]-[2]-[3]""#),
    ])
    func withinBudget(source: String, expected: String) throws {
        #expect(try EvaluationLimitTests.evaluate(source).jsonText == expected)
        // The standard budgets give the same answer.
        var scope = EvaluationLimitTests.scope
        scope.limits = .standard
        #expect(try CompiledExpression(source, functions: .standard).evaluate(in: scope).jsonText == expected)
    }

    @Test("each evaluation gets the whole budget again")
    func budgetsDontCarryOver() throws {
        let expression = try CompiledExpression("count($data.list, x => x > 50)", functions: .standard, limits: EvaluationLimitTests.limits)
        for _ in 0..<50 { #expect(try expression.evaluate(in: EvaluationLimitTests.scope) == 49) }
    }

    @Test("a value nested deeper than valueDepth can't leave an evaluation")
    func deepResults() throws {
        let limits = LimitFixtures.limits { $0.valueDepth = 20 }
        let scope = ExpressionScope(data: ["deep": .array([.array([.array([1])])])], limits: limits)
        let wrapped = String(repeating: "[", count: 18) + "$data.deep" + String(repeating: "]", count: 18)
        let error = #expect(throws: ExpressionError.self) { try CompiledExpression(wrapped, functions: .standard, limits: limits).evaluate(in: scope) }
        #expect(error?.kind == .limit)
        #expect(error?.message.contains("more than 20 levels deep") == true)
        let fits = String(repeating: "[", count: 17) + "1" + String(repeating: "]", count: 17)
        #expect(try CompiledExpression(fits, functions: .standard, limits: limits).evaluate(in: scope).jsonText.count == 35)
    }

    // MARK: - Host functions

    @Test("a host function charges before it builds, through FunctionInvocation.charge")
    func hostFunctionsCharge() throws {
        var functions = FunctionLibrary.standard
        functions.register(ExpressionFunction("repeat", arity: 2...2) { call in
            let text = call.arguments[0].stringValue ?? ""
            let times = max(0, Int(call.arguments[1].intValue ?? 0))
            try call.charge(steps: times, bytes: text.utf8.count * times)
            return .string(String(repeating: text, count: times))
        })
        let scope = ExpressionScope(limits: EvaluationLimitTests.limits)
        #expect(try CompiledExpression("repeat('ab', 3)", functions: functions).evaluate(in: scope) == "ababab")
        // A billion copies would be 2 GB: refused before a byte of it is built.
        let error = #expect(throws: ExpressionError.self) {
            try CompiledExpression("repeat('ab', 1000000000)", functions: functions, limits: EvaluationLimitTests.limits).evaluate(in: scope)
        }
        #expect(error?.kind == .limit)
        #expect(error?.message.contains("evaluationSteps") == true)
    }

    @Test("what a simple host function returns counts once it is built")
    func simpleHostFunctionsAreCharged() {
        var functions = FunctionLibrary.standard
        functions.register(ExpressionFunction("pad", arity: 1...1) { args in
            .string(String(repeating: " ", count: Int(args[0].intValue ?? 0)))
        })
        let scope = ExpressionScope(limits: EvaluationLimitTests.limits)
        let error = #expect(throws: ExpressionError.self) {
            try CompiledExpression("pad(15000) + pad(15000)", functions: functions, limits: EvaluationLimitTests.limits).evaluate(in: scope)
        }
        #expect(error?.message.contains("evaluationBytes") == true)
    }
}
