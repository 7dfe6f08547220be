import Foundation
import Testing
import Formwork

/// Constant folding at compile time spends the same budgets as an evaluation, shared by a whole
/// page, so `check`, `pack` and `render` stay fast and small on a hostile page: a constant too
/// costly to fold is simply left to run time, where it fails with a `limit` error if it runs.
@Suite("Limits: constant folding")
struct FoldingLimitTests {
    static let thousand = String(repeating: "a", count: 1_000)
    /// 1,000 → 1,000,000 → (would be) 1,000,000,000 bytes.
    static let replaces = "replace(replace(replace('\(thousand)', 'a', '\(thousand)'), 'a', '\(thousand)'), 'a', '\(thousand)')"

    static func label(_ expression: String) -> PageValue {
        ["id": "label", "attributes": ["text": ["expr": .string(expression)]]]
    }

    static func page(_ expressions: [String]) -> [UInt8] {
        Array(LimitFixtures.page(["page": "fold", "components": .array(expressions.map(label))]).utf8)
    }

    @Test("a 4 KB page of nested replace calls decodes without building the gigabyte, and fails only when it runs")
    func hostileConstantIsLeftToRunTime() throws {
        let bytes = FoldingLimitTests.page([FoldingLimitTests.replaces])
        #expect(bytes.count < 4_200)
        let (document, diagnostics) = PageDocument.decode(bytes, registry: .standard, libraries: .empty)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let expression = try #require(document?.components.first?.attributes["text"]?.expression)
        #expect(expression.constantValue == nil)
        let error = #expect(throws: ExpressionError.self) { try expression.evaluate(in: ExpressionScope()) }
        #expect(error?.kind == .limit)
        #expect(error?.message.contains("evaluationBytes") == true)
    }

    @Test("one folding budget serves the whole page")
    func foldingBudgetIsPerPage() throws {
        let limits = LimitFixtures.limits { $0.evaluationBytes = 200_000 }
        let fifty = String(repeating: "a", count: 50)
        // 2,500 then 125,000 bytes each: the first fits the page's budget, the second no more.
        let costly = "replace(replace('\(fifty)', 'a', '\(fifty)'), 'a', '\(fifty)')"
        let (document, diagnostics) = PageDocument.decode(FoldingLimitTests.page([costly, costly, "'a' + 'b'"]), registry: .standard, libraries: .empty, limits: limits)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let expressions = try #require(document?.components.compactMap { $0.attributes["text"]?.expression })
        #expect(expressions.count == 3)
        #expect(expressions[0].constantValue?.stringValue?.utf8.count == 125_000)
        #expect(expressions[1].constantValue == nil)
        // Left to run time, it still gives the right answer there: each evaluation has its own budget.
        #expect(try expressions[1].evaluate(in: ExpressionScope(limits: limits)) == expressions[0].constantValue)
        // Constants after the budget is spent are left to run time too, and still work there.
        #expect(expressions[2].constantValue == nil)
        #expect(try expressions[2].evaluate(in: ExpressionScope(limits: limits)) == "ab")
    }

    @Test("an expression compiled on its own folds within its own limits")
    func standaloneExpressions() throws {
        let tight = LimitFixtures.limits { $0.evaluationSteps = 10 }
        let sum = Array(repeating: "1", count: 30).joined(separator: " + ")
        #expect(try CompiledExpression(sum, functions: .standard).constantValue == 30)
        let unfolded = try CompiledExpression(sum, functions: .standard, limits: tight)
        #expect(unfolded.constantValue == nil)
        #expect(throws: ExpressionError.self) { try unfolded.evaluate(in: ExpressionScope(limits: tight)) }
        #expect(try unfolded.evaluate(in: ExpressionScope()) == 30)
    }

    @Test("expressionBytes and expressionDepth come from the limits given")
    func compileLimits() {
        let limits = LimitFixtures.limits { $0.expressionBytes = 100; $0.expressionDepth = 10 }
        let long = #expect(throws: ExpressionError.self) { try CompiledExpression(String(repeating: "1+", count: 60) + "1", functions: .standard, limits: limits) }
        #expect(long?.kind == .limit)
        #expect(long?.message == "the expression is 121 bytes long; the limit is 100")
        let deep = #expect(throws: ExpressionError.self) { try CompiledExpression(String(repeating: "(", count: 11) + "1" + String(repeating: ")", count: 11), functions: .standard, limits: limits) }
        #expect(deep?.message == "the expression is nested more than 10 levels deep; split it into smaller parts")
        #expect(CompiledExpression.maximumDepth == PageLimits.standard.expressionDepth)
        #expect(CompiledExpression.maximumLength == PageLimits.standard.expressionBytes)
    }
}
