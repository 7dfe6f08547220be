/// The observers of one component and the ends of its `changes` sequences, in an object of their
/// own that the component makes when it is first observed.
///
/// NB: an observation's token removes its observer later, reaching back through a weak
/// reference, and a weak reference gives the object it names a side table: from then on every
/// retain and release of that object takes the runtime's slow path (about 50 instructions each,
/// against a few). Named weakly, this object takes the side table instead of its component, which
/// an update retains and releases several times an edit: with two observed components, an edit
/// spent about 1 k instructions on the slow path, and now about 500 (this object's own, retained
/// once a notify).
@MainActor
final class ComponentObservers {
    typealias Observer = @MainActor (PageComponentChange) -> Void

    // NB: `.init()`, not `[:]`: an empty literal is a call building a dictionary from no elements.
    private var entries = [Int: (stopped: PageObservation.Flag, observer: Observer)]()
    private var nextID = 0
    private var streamEnds = [Int: AsyncStream<PageComponentChange>.Continuation]()

    /// Whether no observer is left (a cancelled token's entry goes on the main actor, after it).
    var isEmpty: Bool { entries.isEmpty }

    /// Adds `observer`; it hears each change until the token is cancelled or released.
    func add(_ observer: @escaping Observer) -> (token: PageObservation, id: Int) {
        let id = nextID
        nextID += 1
        let stopped = PageObservation.Flag()
        entries[id] = (stopped, observer)
        // NB: `cancel()` may run off the main actor (a token released anywhere), so the entry is
        // removed later; the flag, set at once, keeps any change from arriving after `cancel()`.
        let token = PageObservation(stopped) { [weak self] in
            Task { @MainActor in _ = self?.entries.removeValue(forKey: id) }
        }
        return (token, id)
    }

    /// Adds a `changes` sequence: `continuation` gets each change, and is finished when the
    /// component goes away (`finishStreams()`).
    func addStream(_ continuation: AsyncStream<PageComponentChange>.Continuation) {
        let (token, id) = add { continuation.yield($0) }
        streamEnds[id] = continuation
        continuation.onTermination = { [weak self] _ in
            token.cancel()
            Task { @MainActor in _ = self?.streamEnds.removeValue(forKey: id) }
        }
    }

    /// Tells every observer not stopped.
    func notify(_ change: PageComponentChange) {
        for entry in entries.values where !entry.stopped.isSet { entry.observer(change) }
    }

    /// Ends every `changes` sequence.
    func finishStreams() {
        guard !streamEnds.isEmpty else { return }
        let ends = streamEnds
        streamEnds = .init()
        for end in ends.values { end.finish() }
    }
}
