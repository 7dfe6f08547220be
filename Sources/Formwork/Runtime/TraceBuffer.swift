/// The latest trace events of a page, in a ring: adding one is O(1) however many are kept, and
/// the oldest goes once `capacity` is reached.
struct TraceBuffer {
    private var storage: [PageTraceEvent] = []
    /// Where the oldest event is, once the ring is full.
    private var head = 0

    /// How many events are kept; 0 keeps none. Changing it keeps the newest that fit.
    var capacity: Int {
        didSet {
            capacity = max(0, capacity)
            let kept = events.suffix(capacity)
            storage = Array(kept)
            head = 0
        }
    }

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The events, oldest first.
    var events: [PageTraceEvent] {
        guard head > 0 else { return storage }
        return Array(storage[head...] + storage[..<head])
    }

    mutating func append(_ event: PageTraceEvent) {
        guard capacity > 0 else { return }
        if storage.count < capacity {
            storage.append(event)
        } else {
            storage[head] = event
            head = (head + 1) % capacity
        }
    }
}
