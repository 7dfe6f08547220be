import Foundation

/// What the engine is working on, so "is the page settled?" is answered from what the engine
/// knows is running, never from timing.
///
/// Work is counted in *strands*: a running chain, each branch of an `all`, and each call a host
/// makes to drive a page (`tap`, `edit`, `trigger`, …). A strand is busy from the moment it is
/// started (before its task first runs) until it ends, except while it is *parked*: waiting for
/// the app or the person (a call to the presenter, the navigator or the router; a pushed page's
/// response) or for the chains it started. When the engine itself ends a wait (a pushed page
/// responds or closes, a chain it waited for ends) the strand is busy again from that moment,
/// before it resumes, so nobody sees the page idle between a wake-up and the work it causes.
///
/// One activity serves every page an engine opens: a chain that waits for a pushed page's work
/// is not idle while that work runs.
///
/// NB: an answer the app gives (a picker's choice, a dismissed alert) is seen when its call
/// returns; until then only the app knows it answered (the flow harness's presenter counts its
/// answers in flight for that reason).
@MainActor
final class PageActivity {
    /// Strands that are live and not parked.
    private var busy = 0
    private var idleWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0

    /// Whether every live strand is parked: nothing the engine runs will move until the app or
    /// the person answers.
    var isIdle: Bool { busy == 0 }

    // MARK: - Strands

    /// A new strand, busy at once; `run(_:_:)` runs its work.
    func begin() -> PageStrand {
        busy += 1
        return PageStrand(activity: self)
    }

    /// Ends `strand`; whatever still parks it no longer counts.
    func end(_ strand: PageStrand) {
        guard strand.isLive else { return }
        if strand.isBusy { busy -= 1 }
        strand.isLive = false
        signalIfIdle()
    }

    /// Runs `body` as `strand`'s work in the calling task: calls inside it (a nested `trigger`, a
    /// wait on the presenter) find the strand and park it rather than start another.
    func run<T>(_ strand: PageStrand, _ body: () async -> T) async -> T {
        withUnsafeCurrentTask { strand.task = $0 }
        return await PageStrand.$current.withValue(strand) { await body() }
    }

    /// Runs `body` inside the calling task's strand, or as a strand of its own when the caller
    /// runs none (a host driving a page): busy until `body` returns, unless it parks.
    func entering<T>(_ body: () async -> T) async -> T {
        if current != nil { return await body() }
        let strand = begin()
        let value = await run(strand, body)
        end(strand)
        return value
    }

    /// The strand the calling task runs for this activity, if any.
    ///
    /// NB: a task started inside a strand inherits the task-local value; it is not that strand
    /// (a host's `Task { await page.appear() }` from its navigator), hence the task check.
    var current: PageStrand? {
        guard let strand = PageStrand.current, strand.activity === self, strand.isLive else { return nil }
        let here = withUnsafeCurrentTask { $0 }
        guard let here, here == strand.task else { return nil }
        return strand
    }

    // MARK: - Parking

    /// One wait of a strand: the strand is parked while its innermost wait is neither woken nor over.
    @MainActor
    final class Park {
        fileprivate weak var strand: PageStrand?
        fileprivate var isWoken = false
        fileprivate init(_ strand: PageStrand) { self.strand = strand }
    }

    /// Parks the calling task's strand until `unpark` (or `wake`). Nil when the caller runs no strand.
    func park() -> Park? {
        guard let strand = current else { return nil }
        let park = Park(strand)
        update(strand) { $0.parks.append(park) }
        return park
    }

    /// The wait is over from the engine's point of view: the strand counts as busy from now,
    /// before its task resumes.
    func wake(_ park: Park?) {
        guard let park, !park.isWoken, let strand = park.strand else { return }
        strand.activity.update(strand) { _ in park.isWoken = true }
    }

    /// The wait returned. An enclosing wait that isn't over parks the strand again.
    func unpark(_ park: Park?) {
        guard let park, let strand = park.strand else { return }
        strand.activity.update(strand) { $0.parks.removeAll { $0 === park } }
    }

    /// Runs `body` with the calling strand parked.
    func parked<T>(_ body: () async -> T) async -> T {
        let park = park()
        let value = await body()
        unpark(park)
        return value
    }

    /// Runs `body` with the calling strand parked.
    func parked<T>(_ body: () async throws -> T) async throws -> T {
        // NB: no `rethrows` or `defer` here: that combination crashes the 6.3 optimizer (coroutine splitting).
        let park = park()
        do {
            let value = try await body()
            unpark(park)
            return value
        } catch {
            unpark(park)
            throw error
        }
    }

    private func update(_ strand: PageStrand, _ change: (PageStrand) -> Void) {
        let wasBusy = strand.isBusy
        change(strand)
        if strand.isBusy != wasBusy { busy += wasBusy ? -1 : 1 }
        signalIfIdle()
    }

    // MARK: - Waiting

    /// Returns once `isIdle` holds, or when the calling task is cancelled.
    func waitUntilIdle() async {
        while !isIdle, !Task.isCancelled {
            let id = nextWaiter
            nextWaiter += 1
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    if isIdle || Task.isCancelled { continuation.resume() } else { idleWaiters[id] = continuation }
                }
            } onCancel: {
                Task { @MainActor in self.idleWaiters.removeValue(forKey: id)?.resume() }
            }
        }
    }

    private func signalIfIdle() {
        guard isIdle, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters.values
        idleWaiters = [:]
        for waiter in waiters { waiter.resume() }
    }
}

/// One strand of work the engine counts (see `PageActivity`).
@MainActor
final class PageStrand {
    /// The strand the current task runs, bound by `PageActivity.run`.
    @TaskLocal static var current: PageStrand?

    let activity: PageActivity
    fileprivate(set) var isLive = true
    /// Its waits, outermost first.
    fileprivate var parks: [PageActivity.Park] = []
    /// The task running it, to tell it from tasks that merely inherited `current`. Compared only
    /// while the strand is live, so while that task is.
    fileprivate var task: UnsafeCurrentTask?

    fileprivate init(activity: PageActivity) { self.activity = activity }

    /// Live, and its innermost wait (if any) is woken.
    fileprivate var isBusy: Bool { isLive && (parks.last?.isWoken ?? true) }
}
