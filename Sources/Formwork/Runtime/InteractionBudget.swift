/// What one interaction may still run: `PageLimits.actionsPerInteraction` actions, counting every
/// action of its chain and everything its `all`, `trigger`, `if` and error handlers start.
///
/// One reference is shared by every chain an interaction starts, the ones `all` runs side by side
/// included, so an interaction that fans out (`all` of two `trigger`s of itself doubles at each
/// level) stops after a bounded amount of work instead of eating all memory — which the trigger
/// depth alone would not do.
@MainActor
final class InteractionBudget {
    /// `PageLimits.actionsPerInteraction`.
    let limit: Int
    /// Actions started so far.
    private(set) var started = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts one more action; fails with kind `limit` once there have been `limit`.
    func start() throws(ActionFailure) {
        started += 1
        guard started > limit else { return }
        throw ActionFailure(kind: "limit", message: "this interaction ran \(PageLimits.grouped(limit)) actions (the actionsPerInteraction limit), counting everything its 'all', 'trigger', 'if' and error handlers started; an interaction that triggers itself, or runs 'all' over triggers of itself, never ends, so it was stopped")
    }
}
