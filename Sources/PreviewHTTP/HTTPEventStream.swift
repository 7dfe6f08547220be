import Foundation

/// A stream of server-sent events for one browser view: the page side `send`s events from any
/// thread, and the connection's thread takes them with `next` and writes them.
///
/// The backlog is bounded: a view that falls more than `backlogBytes` behind is closed (its
/// browser reconnects and gets the current state). Closing, from either side, wakes the writer
/// and calls `onClose` once; events queued before a plain `close()` are still written.
///
/// ```swift
/// let stream = HTTPEventStream(backlogBytes: 1 << 20)
/// stream.send(event: "state", data: #"{"revision": 3}"#)   // true
/// stream.next(waiting: 15)                                // .event(bytes of "event: state\ndata: {…}\n\n")
/// ```
public final class HTTPEventStream: @unchecked Sendable {
    enum Next: Equatable {
        case event([UInt8])
        /// Nothing to send for a while: time for a keep-alive comment.
        case idle
        case closed
    }

    // NB: @unchecked because every stored property below is read and written only while `condition` is locked.
    private let condition = NSCondition()
    private var queue: [[UInt8]] = []
    private var head = 0
    private var queuedBytes = 0
    private var closed = false
    private var closeHandler: (@Sendable () -> Void)?
    public let backlogBytes: Int

    public init(backlogBytes: Int) {
        self.backlogBytes = backlogBytes
    }

    /// Called once when the stream closes (the browser went away, it fell too far behind, or
    /// the server stops). Set it before the stream is handed to the server.
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        condition.lock()
        let alreadyClosed = closed
        if !alreadyClosed { closeHandler = handler }
        condition.unlock()
        if alreadyClosed { handler() }
    }

    /// Queues one event; `data` may span lines. False when the stream is closed, or the view
    /// fell too far behind and was closed now.
    @discardableResult
    public func send(event: String, data: String) -> Bool {
        var text = "event: \(event)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        text += "\n"
        let bytes = Array(text.utf8)
        condition.lock()
        guard !closed else {
            condition.unlock()
            return false
        }
        guard queuedBytes + bytes.count <= backlogBytes else {
            condition.unlock()
            close(dropping: true)
            return false
        }
        queue.append(bytes)
        queuedBytes += bytes.count
        condition.signal()
        condition.unlock()
        return true
    }

    /// The next event to write, waiting up to `seconds`; `.idle` when none came in time.
    func next(waiting seconds: TimeInterval) -> Next {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count && !closed {
            if !condition.wait(until: deadline) { return head == queue.count && !closed ? .idle : next() }
        }
        return next()
    }

    /// The next queued event, or `.closed` once none is left and the stream is closed; `condition` is locked.
    private func next() -> Next {
        guard head < queue.count else { return .closed }
        let bytes = queue[head]
        head += 1
        queuedBytes -= bytes.count
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return .event(bytes)
    }

    /// Closes the stream: the writer writes what is queued (unless `dropping` it) and stops, and
    /// `onClose` runs. Safe to call more than once.
    public func close(dropping: Bool = false) {
        condition.lock()
        let handler = closed ? nil : closeHandler
        closed = true
        closeHandler = nil
        if dropping {
            queue.removeAll()
            head = 0
            queuedBytes = 0
        }
        condition.broadcast()
        condition.unlock()
        handler?()
    }
}
