import Foundation

/// Running a page's interactions: each chain a task the session owns, traced, counted as work
/// while it runs.
extension PageSession {
    /// Starts `chain` as a task the page owns (so `close()` cancels it). It counts as working from
    /// this moment, so `waitUntilIdle()` right after waits for it. When it ends, it wakes `park`
    /// (the caller waiting for it) before it stops counting, so the engine never looks idle in between.
    @discardableResult
    func start(_ chain: [ActionNode], event: PageValue, component: PageComponent?, name: String, waking park: PageActivity.Park? = nil, ticket: InteractionTicket? = nil) -> Task<ChainOutcome, Never> {
        let id = nextTaskID
        nextTaskID += 1
        record(.event, name + (event.isNull ? "" : " \(tracePreview(event))"))
        refresh(stateStore.chain(+1))
        let activity = engine.activity
        let strand = activity.begin()
        let task = Task { @MainActor in
            let row = component.map { (item: $0.item, index: $0.index) }
            let outcome = await activity.run(strand) {
                await ChainRow.$current.withValue(row) { await self.runner.run(chain, in: self, event: event, component: component) }
            }
            ticket?.end()   // NB: before this run stops counting, so a queued run takes over without an idle gap
            self.running[id] = nil
            self.refresh(self.stateStore.chain(-1))
            activity.wake(park)
            activity.end(strand)
            return outcome
        }
        running[id] = task
        return task
    }

    /// Runs `chain` as a task the page owns and waits for its outcome (the caller's strand is
    /// parked meanwhile: the chain's own work and waits are what count).
    func launch(_ chain: [ActionNode], event: PageValue, component: PageComponent?, name: String, ticket: InteractionTicket? = nil) async -> ChainOutcome {
        guard !isClosed else { return .ignored("the page is closed") }
        let park = engine.activity.park()
        let outcome = await start(chain, event: event, component: component, name: name, waking: park, ticket: ticket).value
        engine.activity.unpark(park)
        return outcome
    }

    /// Runs `body` (a wait on the app or the person) with the calling chain parked.
    func waitingForPerson<T>(_ body: () async throws -> T) async throws -> T {
        try await engine.activity.parked(body)
    }

    /// `waitingForPerson` for answers that can't fail.
    func waitingForPerson<T>(_ body: () async -> T) async -> T {
        await engine.activity.parked(body)
    }

    /// Waits until the engine is idle (see `PageEngine.isIdle`): no chain of this page or any
    /// other page of its engine is working; each has ended or waits for the person or the app.
    /// Returns early when the calling task is cancelled.
    public func waitUntilIdle() async {
        await engine.waitUntilIdle()
    }
}
