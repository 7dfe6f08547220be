import Foundation

/// Requests kept to be sent later: an `api` action with `"offline": "queue"` whose request found
/// no network, or an answer saying "try again later" (a timeout, 5xx, 408, 429), is written here
/// — durably, before the chain goes on — and sent, in the order it was queued, when the host says
/// the network is back (`PageEngine.networkIsBack()`) and at the next launch.
///
/// Each kept request keeps its `Idempotency-Key`, so a request whose answer was lost is applied
/// once however often it is sent. Budgets (`PageLimits.outboxRequests`, `outboxBytes`,
/// `outboxSeconds`) bound it; a request over one is refused with a clear failure, never dropped.
/// The host hears every outcome (`OutboxOutcome`).
///
/// ```swift
/// let outbox = Outbox(storage: FileOutboxStorage(directory: appSupport.appendingPathComponent("outbox"))) { outcome in
///     print(outcome)   // delivered POST /api/orders (key 6F1C…): 201
/// }
/// let engine = PageEngine(registry: appRegistry, host: host)
/// engine.outbox = outbox
/// await engine.networkIsBack()   // at launch, and whenever the network returns
/// ```
@MainActor
public final class Outbox {
    /// Where the requests are kept.
    public let storage: any OutboxStorage
    /// The budgets: `outboxRequests`, `outboxBytes`, `outboxSeconds` (and the request budgets).
    public let limits: PageLimits
    /// Told of every outcome: delivered, given up, postponed, a kept file set aside.
    public var onOutcome: (@MainActor (OutboxOutcome) -> Void)?
    /// The requests waiting, oldest first.
    public private(set) var entries: [OutboxEntry] = [] {
        didSet { onEntriesChange?() }
    }
    /// Told after `entries` changed: the engine publishes them as `$global.outbox` (level 2).
    var onEntriesChange: (@MainActor () -> Void)?
    /// Whether the host believes the network is there (true unless told otherwise). While false,
    /// a request that may be queued is queued without trying to send it.
    public var networkIsAvailable = true
    /// Whether `send` is running.
    public private(set) var isSending = false
    /// Entries an `api` action is sending itself right now: `send` waits behind them.
    var inFlight: Set<String> = []

    /// An outbox kept in `storage`, within `limits`; reads what was kept (a file that can't be read
    /// is set aside and reported to `onOutcome` as `.setAside`).
    public init(storage: any OutboxStorage, limits: PageLimits = .standard, onOutcome: (@MainActor (OutboxOutcome) -> Void)? = nil) {
        self.storage = storage
        self.limits = limits
        self.onOutcome = onOutcome
        do {
            entries = try storage.load()
        } catch let failure as OutboxLoadFailure {
            onOutcome?(.setAside(failure))
        } catch {
            onOutcome?(.setAside(OutboxLoadFailure(file: "\(storage)", reason: "\(error)", keptAt: nil)))
        }
    }

    /// The bytes the waiting requests take (`OutboxEntry.size`).
    public var bytes: Int { entries.reduce(0) { $0 + $1.size } }

    /// The waiting requests as `$result` and hosts show them: `[{id, page, method, url, queuedAt, attempts, lastProblem}, …]`.
    public var jsonValue: PageValue {
        .array(entries.map { entry in
            .object(PageObject([("id", .string(entry.id)), ("page", .string(entry.pageID)), ("method", .string(entry.method)),
                                ("url", .string(entry.url)), ("queuedAt", .int(entry.queuedAt)), ("attempts", .int(Int64(entry.attempts))),
                                ("lastProblem", entry.lastProblem.map { .string($0) } ?? .null)]))
        })
    }

    // MARK: - Queueing

    /// Keeps `entry` at the end of the outbox, written to `storage` before this returns.
    ///
    /// - Throws: `ActionFailure` (`kind` "limit") when it would go over a budget, or ("outbox")
    ///   when the storage can't write it; nothing is kept then, and nothing else is dropped.
    func queue(_ entry: OutboxEntry) throws -> OutboxEntry {
        if let same = entries.first(where: { $0.id == entry.id }) { return same }   // the same submission, queued already
        let what = "\(entry.method) \(entry.url)"
        if entry.size > limits.outboxBytes {
            throw ActionFailure(kind: "limit", message: "The request is too large to keep for later (\(PageLimits.describe(bytes: entry.size)); the outbox keeps at most \(PageLimits.describe(bytes: limits.outboxBytes)), outboxBytes). Try again when you're online.",
                                details: PageObject([("detail", .string("\(what) was not queued"))]))
        }
        if entries.count >= limits.outboxRequests {
            throw ActionFailure(kind: "limit", message: "\(PageLimits.grouped(entries.count)) requests are already waiting to be sent, the most this app keeps (outboxRequests). Try again when you're online.",
                                details: PageObject([("detail", .string("\(what) was not queued"))]))
        }
        if bytes + entry.size > limits.outboxBytes {
            throw ActionFailure(kind: "limit", message: "The requests waiting to be sent already take \(PageLimits.describe(bytes: bytes)), and this one doesn't fit in \(PageLimits.describe(bytes: limits.outboxBytes)), the most this app keeps (outboxBytes). Try again when you're online.",
                                details: PageObject([("detail", .string("\(what) was not queued"))]))
        }
        try write(entries + [entry])
        entries.append(entry)
        return entry
    }

    private func write(_ next: [OutboxEntry]) throws(ActionFailure) {
        do {
            try storage.save(next)
        } catch {
            throw ActionFailure(kind: "outbox", message: "The request couldn't be kept to send later.", details: PageObject([("detail", .string("writing the outbox failed: \(error)"))]))
        }
    }

    // MARK: - Sending

    /// Sends the waiting requests that are due, oldest first, through `transport`; stops at the
    /// first that can't be delivered yet (so they arrive in order) and sets its next try (backoff:
    /// 1 s, 2 s, 4 s, … up to 5 minutes, or the server's `Retry-After`). A request the server
    /// refuses for good (a 4xx other than 408, 409, 425, 429) or waiting longer than
    /// `outboxSeconds` is given up and reported with the server's last answer. `ignoringBackoff`
    /// tries the first one now whatever its backoff (the network just came back). Returns the outcomes.
    @discardableResult
    public func send(through transport: any PageTransport, clock: any PageClock, ignoringBackoff: Bool = false) async -> [OutboxOutcome] {
        guard !isSending else { return [] }
        isSending = true
        defer { isSending = false }
        var outcomes: [OutboxOutcome] = []
        func tell(_ outcome: OutboxOutcome) {
            outcomes.append(outcome)
            onOutcome?(outcome)
        }
        sending: while let entry = entries.first {
            let now = clock.nowMilliseconds()
            if now - entry.queuedAt > Int64(limits.outboxSeconds * 1000) {
                let reason = "it waited longer than \(PageLimits.describe(seconds: limits.outboxSeconds)) (outboxSeconds)" + (entry.lastProblem.map { "; the last try: \($0)" } ?? "")
                guard remove(entry) else { break sending }
                tell(.failed(entry, status: nil, body: .null, reason: reason))
                continue
            }
            guard !inFlight.contains(entry.id), ignoringBackoff || entry.notBefore <= now else { break sending }
            guard let request = entry.request(limits: limits) else {
                guard remove(entry) else { break sending }
                tell(.failed(entry, status: nil, body: .null, reason: "its URL '\(entry.url)' can't be requested"))
                continue
            }
            let problem: String
            var retryAfter: Int64?
            do {
                let response = try await transport.send(request)
                let body = (try? RequestActions.decode(response.body)) ?? .string(String(decoding: response.body, as: UTF8.self))
                if response.isSuccess {
                    guard remove(entry) else { break sending }
                    tell(.delivered(entry, status: response.status, body: body))
                    continue
                }
                guard Outbox.isRetryable(status: response.status) else {
                    guard remove(entry) else { break sending }
                    tell(.failed(entry, status: response.status, body: body, reason: "the server answered \(response.status)"))
                    continue
                }
                problem = "the server answered \(response.status)"
                retryAfter = response.headers["retry-after"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.map { $0 * 1000 }
            } catch let error as TransportError {
                switch error {
                case .network, .deadlineExceeded: problem = error.description
                case .cancelled: return outcomes
                default:
                    guard remove(entry) else { break sending }
                    tell(.failed(entry, status: nil, body: .null, reason: error.description))
                    continue
                }
            } catch is CancellationError {
                return outcomes
            } catch {
                problem = "the request failed: \(error)"
            }
            postpone(entry.id, problem: problem, retryAfter: retryAfter, clock: clock)
            let next = entries.first { $0.id == entry.id } ?? entry
            tell(.postponed(next, reason: problem))
            break sending
        }
        return outcomes
    }

    /// The longest backoff between two tries: 5 minutes.
    static let longestWaitMilliseconds: Int64 = 300_000

    /// When the first waiting request is due, in milliseconds since 1970; nil when none waits.
    public var nextAttemptAt: Int64? { entries.first?.notBefore }

    /// Answers that say "not now": 408, 425, 429 and 5xx.
    static func isRetryable(status: Int) -> Bool { [408, 425, 429].contains(status) || status >= 500 }

    /// Sets the next try of the entry `id` after a failed one (backoff, or `retryAfter` ms).
    func postpone(_ id: String, problem: String, retryAfter: Int64?, clock: any PageClock) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        var updated = entries
        updated[index].attempts += 1
        updated[index].lastProblem = problem
        let backoff = Int64(1000) << Int64(min(updated[index].attempts - 1, 20))
        updated[index].notBefore = clock.nowMilliseconds() + min(retryAfter ?? backoff, Outbox.longestWaitMilliseconds)
        guard (try? write(updated)) != nil else { return }
        entries = updated
    }

    /// Removes the entry `id`: an `api` action delivered it, or the server refused it.
    func discard(_ id: String) {
        guard let entry = entries.first(where: { $0.id == id }) else { return }
        _ = remove(entry)
    }

    /// Removes `entry` (written first); false when the storage can't write, and then it stays.
    private func remove(_ entry: OutboxEntry) -> Bool {
        let next = entries.filter { $0.id != entry.id }
        guard (try? write(next)) != nil else { return false }
        entries = next
        return true
    }
}

/// What became of a request in the outbox (or of the kept outbox itself).
public enum OutboxOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The server accepted it (2xx), with its answer.
    case delivered(OutboxEntry, status: Int, body: PageValue)
    /// It was given up: the server refused it for good (its status and answer), it waited longer
    /// than `outboxSeconds`, or it can't be sent. It is no longer kept.
    case failed(OutboxEntry, status: Int?, body: PageValue, reason: String)
    /// It couldn't be delivered this time; it is kept and tried again from `entry.notBefore`.
    case postponed(OutboxEntry, reason: String)
    /// The kept outbox couldn't be read; it was set aside (nothing in it is lost) and the outbox starts empty.
    case setAside(OutboxLoadFailure)

    /// `delivered POST /api/orders (key k-1): 201`, for a log.
    public var description: String {
        switch self {
        case .delivered(let entry, let status, _): return "delivered \(entry.method) \(entry.url) (key \(entry.id)): \(status)"
        case .failed(let entry, let status, let body, let reason):
            return "gave up \(entry.method) \(entry.url) (key \(entry.id)): \(reason)" + (status != nil && !body.isNull ? " \(body.jsonText)" : "")
        case .postponed(let entry, let reason): return "kept \(entry.method) \(entry.url) (key \(entry.id)) to try again: \(reason)"
        case .setAside(let failure): return failure.description
        }
    }
}

extension OutboxEntry {
    /// The request to send; nil when the URL can't be read.
    func request(limits: PageLimits) -> TransportRequest? {
        guard let url = URL(string: url) else { return nil }
        return TransportRequest(method: method, url: url, headers: headers, body: body.map { Data($0.utf8) },
                                maxResponseBytes: limits.apiResponseBytes, timeout: limits.requestSeconds)
    }
}
