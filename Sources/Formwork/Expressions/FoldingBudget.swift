/// What constant folding may still spend: the budgets of one evaluation
/// (`PageLimits.evaluationSteps` and `evaluationBytes`), shared by every expression compiled with
/// it — a page decodes all its expressions against one — so checking, packing or rendering a
/// hostile page stays fast and small however many expressions it holds.
///
/// A node that fails to fold, for lack of budget or for any other reason, is simply left to run
/// time: an error is reported when (and if) the expression runs.
final class FoldingBudget {
    private var state: EvaluationState

    init(limits: PageLimits) {
        state = EvaluationState(limits: limits)
    }

    /// The value of a node whose inputs are all constant, or nil when it fails or the budget is spent.
    func evaluate(_ evaluator: Compiler.Evaluator) -> PageValue? {
        state.locals.removeAll(keepingCapacity: true)
        var scope = ExpressionScope()
        scope.isFoldingConstants = true   // matches() keeps to evaluationSteps, not regexSteps, while folding
        return try? evaluator(scope, &state)
    }
}
