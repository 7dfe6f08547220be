/// What constant folding may still spend: the budgets of one evaluation
/// (`PageLimits.evaluationSteps` and `evaluationBytes`), shared by every expression compiled with
/// it — a page decodes all its expressions against one — so checking, packing or rendering a
/// hostile page stays fast and small however many expressions it holds.
///
/// A node that fails to fold, for lack of budget or for any other reason, is simply left to run
/// time: an error is reported when (and if) the expression runs.
final class FoldingBudget {
    private let limits: PageLimits
    /// NB: the state and the scope are built when the first node is folded: most expressions
    /// (a member path, a call with a variable) fold nothing, and an expression compiled on its
    /// own (`CompiledExpression(_:functions:)`) makes a budget of its own.
    private lazy var state = EvaluationState(limits: limits)
    /// What a folded node sees: nothing of the stores; matches() keeps to evaluationSteps, not
    /// regexSteps, while folding. Built once: a page folds many nodes.
    /// NB: the settings are built once for the process, not once per budget.
    private lazy var scope = ExpressionScope(data: .null, global: .null, param: .null, settings: FoldingBudget.settings)

    private static let settings = ScopeSettings.standard.with(isFoldingConstants: true)

    init(limits: PageLimits) {
        self.limits = limits
    }

    /// The value of a node whose inputs are all constant, or nil when it fails or the budget is spent.
    func evaluate(_ evaluator: Compiler.Evaluator) -> PageValue? {
        state.locals.removeAll(keepingCapacity: true)
        return try? evaluator(scope, &state)
    }
}
