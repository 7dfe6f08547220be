/// The hooks between a session and its busy state (`$page`, in `Stores/PageState.swift`) and
/// the gate that keeps one run of an interaction at a time (`InteractionGate`).
extension PageSession {
    /// Lets a run of an interaction in: a component's `event` (when `component` is given) or the
    /// page interaction `name`. Returns nil, traced, when the run is refused: the same interaction
    /// still runs and the page doesn't queue it (`"whileRunning"`), or the queue is full.
    ///
    /// While the ticket is held, `$page.running.KEY` (the component's key, or `name`) is true.
    /// A run that `submits` (the person's tap, a host's trigger) counts in `$page.submitting`.
    func enterInteraction(_ name: String, component: PageComponent?, submits: Bool = false) async -> (ticket: InteractionTicket?, refusal: ChainOutcome?) {
        if isClosed { return (nil, .ignored("the page is closed")) }
        let identity = component.map { "\($0.identity).\(name)" } ?? name
        let runningName = component.map { $0.key ?? $0.type.id } ?? name
        let policy: InteractionGate.Policy = document.queued.contains(name) ? .queue : .refuse
        switch await gate.enter(identity, policy: policy, queueLimit: limits.queuedRuns) {
        case .refused(let why):
            record(.event, "refused \(name): \(why)")
            let advice = policy == .refuse ? " (to run it again after this one instead, give the page \"whileRunning\": {\"\(name)\": \"queue\"})" : ""
            return (nil, .ignored("'\(name)' was not run again: \(why)\(advice)"))
        case .entered:
            refresh(stateStore.interaction(runningName, +1) + (submits ? stateStore.submit(+1) : []))
            let ticket = InteractionTicket { [weak self] in
                guard let self else { return }
                self.gate.leave(identity)
                self.refresh(self.stateStore.interaction(runningName, -1) + (submits ? self.stateStore.submit(-1) : []))
            }
            return (ticket, nil)
        }
    }

    /// Runs `send` counting one more request in `$page.requests` until it returns or throws.
    func sendingRequest<T>(_ send: () async throws -> T) async throws -> T {
        // NB: no `defer` with a throwing generic body here (see `waitingForPerson`).
        refresh(stateStore.request(+1))
        do {
            let value = try await send()
            refresh(stateStore.request(-1))
            return value
        } catch {
            refresh(stateStore.request(-1))
            throw error
        }
    }

    /// The watcher queue got its first chain (`true`) or ran its last (`false`): part of
    /// `$page.busy`, so busy stays on from the update that set watchers off until all of them ran.
    /// From behaviour level 2 (`BehaviorChange` "$page.busy"); at level 1 busy follows each chain.
    func watchersPending(_ pending: Bool) {
        guard engine.registry.behavior >= .v2 else { return }
        refresh(stateStore.watchers(pending: pending))
    }

    /// An asynchronous validation started (`+1`) or settled (`-1`): part of `$page.busy`.
    func noteAsyncCheck(_ delta: Int) {
        refresh(stateStore.check(delta))
    }

    /// `$page` as expressions read it: `{busy, submitting, running, requests, locale, direction,
    /// draft}` (Grammar.md 2.11). `isBusy`, `isSubmitting` and `locale` read parts of it directly.
    public var state: PageValue { stateStore.value }

    /// `$page.busy`: whether the page works on anything — a chain runs (`loaded`, a tap's, a
    /// watcher's, an edit's `onChange`), a watcher's chain waits its turn, or an asynchronous
    /// validation checks a value. It turns on once for an edit that sets watchers off and stays
    /// on until all of them ran; on a page with watchers it does turn on as the person types, so
    /// a Save that must not change then reads `isSubmitting` (`$page.submitting`) instead.
    public var isBusy: Bool { stateStore.isBusy }

    /// `$page.submitting`: whether something the person started runs — a tap's chain, or a page
    /// interaction the host triggered (`trigger("onSave")` from a nav-bar Save). Unlike `isBusy`,
    /// a watcher's chain, `loaded` and an edit's `onChange` don't set it, so a Save bound to it
    /// doesn't flicker while the person types.
    public var isSubmitting: Bool { stateStore.isSubmitting }

    /// The budgets this page runs under.
    var limits: PageLimits { engine.limits }
}
