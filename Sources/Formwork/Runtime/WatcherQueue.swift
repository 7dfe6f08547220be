/// Runs the chains of the watchers an update set off, one at a time, in the order they were set
/// off: page order within an update, then update after update. A watcher set off again while
/// its chain still runs (or waits its turn) runs again afterwards, with the newer `$event`.
///
/// Writes made by a watcher's chain can set off more watchers; each carries its *depth* — how
/// many watchers in a row led to it — and one deeper than `PageLimits.watcherDepth` is stopped
/// with a diagnostic instead of run, so a watcher that changes what it watches can't loop.
@MainActor
final class WatcherQueue {
    /// How many watcher chains in a row led to the code running now (0 outside any).
    @TaskLocal static var depth = 0

    private struct Entry {
        let index: Int
        let event: PageValue
        let depth: Int
    }

    private weak var session: PageSession?
    private let activity: PageActivity
    private var pending: [Entry] = []
    /// The strand that drains the queue, live while anything is queued or running.
    private var strand: PageStrand?

    init(session: PageSession, activity: PageActivity) {
        self.session = session
        self.activity = activity
    }

    /// Whether chains are queued or running: from the first `enqueue` until the queue is empty.
    var isActive: Bool { strand != nil }

    /// Queues watcher `index`'s chain with `event`, at `depth`.
    ///
    /// The page is busy (`$page.busy`) from the first chain queued until the queue is empty, as
    /// one stretch of work: it doesn't turn off and on again between one watcher's chain and the
    /// next one waiting (a watcher whose chain sets off another), nor before the first starts.
    func enqueue(_ index: Int, event: PageValue, depth: Int) {
        pending.append(Entry(index: index, event: event, depth: depth))
        guard strand == nil else { return }
        // NB: the strand is busy from now, so nobody sees the page idle before the chain starts.
        let strand = activity.begin()
        self.strand = strand
        session?.watchersPending(true)
        Task { @MainActor in
            let depth = await self.activity.run(strand) { await self.drain() }
            self.strand = nil
            // NB: at the depth of the last chain run, as its own end was, so a watcher that busy
            // turning off sets off (`"when": "!$page.busy"`) counts towards `watcherDepth`.
            WatcherQueue.$depth.withValue(depth) { self.session?.watchersPending(false) }
            self.activity.end(strand)
        }
    }

    /// Runs the queued chains; returns the depth of the last one run.
    private func drain() async -> Int {
        var depth = WatcherQueue.depth
        while !pending.isEmpty {
            let entry = pending.removeFirst()
            guard let session, !session.isClosed else { break }
            let node = session.watchers.nodes[entry.index]
            depth = entry.depth
            _ = await WatcherQueue.$depth.withValue(entry.depth) {
                await session.launch(node.actions, event: entry.event, component: nil, name: node.path)
            }
        }
        pending = []
        return depth
    }
}
