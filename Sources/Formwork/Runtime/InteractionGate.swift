/// Keeps one run of an interaction at a time: a second tap on Save while the first Save's chain
/// still runs is refused (the default) or waits its turn (`"whileRunning": {"save.onTap": "queue"}`).
///
/// An interaction is one component's event (each row of a list is its own component) or one
/// page interaction (`onSave`). Runs waiting their turn start in the order they came, at most
/// `PageLimits.queuedRuns` of them per interaction; closing the page refuses them all.
@MainActor
final class InteractionGate {
    /// What happens to a run that starts while the same interaction runs.
    enum Policy: String, Sendable, CaseIterable {
        case refuse, queue
    }

    enum Entry: Equatable {
        case entered
        /// Not run, with the reason.
        case refused(String)
    }

    private let activity: PageActivity
    private var active: Set<String> = []
    /// Runs waiting their turn, each with the wait that parks its strand meanwhile.
    private var waiting: [String: [(turn: CheckedContinuation<Bool, Never>, park: PageActivity.Park?)]] = [:]
    private var isClosed = false

    init(activity: PageActivity) { self.activity = activity }

    /// Lets a run of `interaction` in, after the runs before it when the policy queues.
    func enter(_ interaction: String, policy: Policy, queueLimit: Int) async -> Entry {
        if isClosed { return .refused("the page is closed") }
        guard active.contains(interaction) else {
            active.insert(interaction)
            return .entered
        }
        switch policy {
        case .refuse:
            return .refused("it is still running")
        case .queue:
            let queued = waiting[interaction, default: []].count
            guard queued < queueLimit else {
                return .refused("\(queued) runs already wait for it to finish, the most one interaction may queue (queuedRuns)")
            }
            // NB: a run waiting its turn is parked: it moves only when the one before it ends (which
            // may be waiting for the person), and it is woken before it resumes.
            let park = activity.park()
            let turn = await withCheckedContinuation { waiting[interaction, default: []].append(($0, park)) }
            activity.unpark(park)
            return turn ? .entered : .refused("the page closed while it waited")
        }
    }

    /// Ends a run: the next waiting run of the interaction starts, or it is free again.
    func leave(_ interaction: String) {
        if var queue = waiting[interaction], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[interaction] = queue.isEmpty ? nil : queue
            activity.wake(next.park)
            next.turn.resume(returning: true)   // `interaction` stays active: the next run has it now
        } else {
            active.remove(interaction)
        }
    }

    /// Refuses every waiting run; nothing enters any more.
    func close() {
        isClosed = true
        let all = waiting.values.flatMap { $0 }
        waiting = [:]
        for next in all {
            activity.wake(next.park)
            next.turn.resume(returning: false)
        }
    }
}

/// One run's hold on an interaction; `end()` lets the next run in and clears `$page.running`.
/// Ending twice does nothing, so both the chain and its starter may end it.
@MainActor
final class InteractionTicket {
    private var onEnd: (@MainActor () -> Void)?

    init(onEnd: @escaping @MainActor () -> Void) { self.onEnd = onEnd }

    func end() {
        let action = onEnd
        onEnd = nil
        action?()
    }
}
