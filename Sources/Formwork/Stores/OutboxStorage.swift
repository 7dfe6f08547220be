import Foundation

/// Where the outbox — `api` requests kept to be sent once the network is back — is written, so
/// they survive the app being killed. `FileOutboxStorage` is the default; a host may keep them in
/// its own database (one that encrypts, say) instead.
///
/// The engine calls it on the main actor: `load()` once, when the outbox is opened, and `save(_:)`
/// with every change, before the chain that queued a request goes on.
///
/// ```swift
/// let outbox = Outbox(storage: FileOutboxStorage(directory: appSupport.appendingPathComponent("outbox")))
/// ```
public protocol OutboxStorage: Sendable {
    /// Whether what it writes is encrypted at rest. Only then may a request whose body holds a
    /// `secure` field's value be queued; otherwise it is refused (Grammar.md, 2.19).
    var encrypts: Bool { get }
    /// The requests kept, in the order they were queued; empty when there are none.
    ///
    /// - Throws: `OutboxLoadFailure` when what was kept can't be read; the storage has already
    ///   moved it out of the way, and the outbox starts empty.
    func load() throws -> [OutboxEntry]
    /// Saves `entries`, replacing what was kept whole (never half of it).
    func save(_ entries: [OutboxEntry]) throws
}

/// One request waiting in the outbox.
public struct OutboxEntry: Sendable, Equatable {
    /// The entry's id: its `Idempotency-Key` when it has one.
    public let id: String
    /// The page that queued it.
    public let pageID: String
    /// The HTTP method, in capitals.
    public let method: String
    /// The URL as the page wrote it (relative ones are resolved by the transport when sent).
    public let url: String
    /// The headers to send, the key's among them.
    public let headers: [String: String]
    /// The body, JSON text; nil when there is none.
    public let body: String?
    /// When it was queued, in milliseconds since 1970 by the host's clock.
    public let queuedAt: Int64
    /// How many times sending it was tried since it was queued.
    public internal(set) var attempts: Int
    /// The earliest it is tried again, in milliseconds since 1970 (backoff, or a `Retry-After`).
    public internal(set) var notBefore: Int64
    /// Why the last try didn't deliver it; nil before the first.
    public internal(set) var lastProblem: String?

    /// An entry; the engine makes them, a host's storage reads them back.
    public init(id: String, pageID: String, method: String, url: String, headers: [String: String], body: String?,
                queuedAt: Int64, attempts: Int = 0, notBefore: Int64 = 0, lastProblem: String? = nil) {
        self.id = id
        self.pageID = pageID
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.queuedAt = queuedAt
        self.attempts = attempts
        self.notBefore = notBefore
        self.lastProblem = lastProblem
    }

    /// The bytes it takes in the outbox's budget (`PageLimits.outboxBytes`): URL, headers and body.
    public var size: Int {
        url.utf8.count + (body?.utf8.count ?? 0) + headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
    }

    /// The entry as `FileOutboxStorage` and `$global.outbox`… show it.
    public var jsonValue: PageValue {
        .object(PageObject([
            ("id", .string(id)), ("page", .string(pageID)), ("method", .string(method)), ("url", .string(url)),
            ("headers", .object(PageObject(headers.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))),
            ("body", body.map { .string($0) } ?? .null), ("queuedAt", .int(queuedAt)), ("attempts", .int(Int64(attempts))),
            ("notBefore", .int(notBefore)), ("lastProblem", lastProblem.map { .string($0) } ?? .null),
        ]))
    }

    /// Reads `jsonValue` back; nil when `value` isn't an entry.
    public init?(jsonValue value: PageValue) {
        guard case .object(let object) = value, case .string(let id)? = object["id"], case .string(let page)? = object["page"],
              case .string(let method)? = object["method"], case .string(let url)? = object["url"],
              case .object(let headerValues)? = object["headers"], case .int(let queuedAt)? = object["queuedAt"],
              case .int(let attempts)? = object["attempts"], case .int(let notBefore)? = object["notBefore"],
              let tries = Int(exactly: attempts) else { return nil }
        var headers: [String: String] = [:]
        for (name, header) in headerValues {
            guard case .string(let text) = header else { return nil }
            headers[name] = text
        }
        let body: String?
        switch object["body"] {
        case .string(let text)?: body = text
        case .null?, nil: body = nil
        default: return nil
        }
        self.init(id: id, pageID: page, method: method, url: url, headers: headers, body: body, queuedAt: queuedAt,
                  attempts: tries, notBefore: notBefore, lastProblem: object["lastProblem"]?.stringValue)
    }
}

/// Why the kept outbox couldn't be read, and where the unreadable file was kept.
///
/// ```swift
/// print(failure)
/// // the outbox in /app/outbox/outbox.json could not be read (not valid JSON: …); it was kept as
/// // /app/outbox/outbox.json.unreadable-20260301T101500Z and the outbox starts empty
/// ```
public struct OutboxLoadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where it was kept.
    public let file: String
    /// What was wrong with it.
    public let reason: String
    /// Where the file was moved, so nothing in it is lost; nil when it couldn't be moved.
    public let keptAt: String?

    /// An outbox in `file` that couldn't be read for `reason`, kept at `keptAt`.
    public init(file: String, reason: String, keptAt: String?) {
        self.file = file
        self.reason = reason
        self.keptAt = keptAt
    }

    /// What happened, for a log.
    public var description: String {
        guard let keptAt else { return "the outbox in \(file) could not be read (\(reason)) nor moved aside; the outbox starts empty" }
        return "the outbox in \(file) could not be read (\(reason)); it was kept as \(keptAt) and the outbox starts empty"
    }
}

/// Keeps the outbox in one JSON file, `outbox.json`, in a folder only its owner can enter (0700),
/// the file readable by its owner only (0600), written whole and atomically (`AtomicFile`): an app
/// killed mid-write leaves the previous outbox whole. A file that can't be read is set aside as a
/// draft's is (`outbox.json.unreadable-<UTC time>`) and reported; nothing in it is lost.
///
/// It doesn't encrypt (`encrypts` is false): a request holding a `secure` field's value is never
/// queued through it.
public struct FileOutboxStorage: OutboxStorage {
    /// The folder the outbox is kept in.
    public let directory: URL
    /// How the bytes reach the disk (tests pause mid-write to kill there).
    let writer: DraftFileWriter

    /// Keeps the outbox in `directory` (created, owner-only, on the first save).
    public init(directory: URL) {
        self.init(directory: directory, writer: .atomic)
    }

    /// Keeps the outbox in `directory`, written by `writer`. For tests only (`DraftFileWriter`).
    @_spi(Testing)
    public init(directory: URL, writer: DraftFileWriter) {
        self.directory = directory
        self.writer = writer
    }

    /// False: the file holds the requests as they are sent (owner-only, not encrypted).
    public var encrypts: Bool { false }

    /// The outbox file.
    public var file: URL { directory.appendingPathComponent("outbox.json") }

    /// The requests kept in the file, oldest first; none when there is no file yet.
    public func load() throws -> [OutboxEntry] {
        let url = file
        store.removeLeftovers()
        do throws(OwnerOnlyFileStore.Unreadable) {
            return try store.read(url, removingWhenStuck: true) { value -> OwnerOnlyFileStore.Decoded<[OutboxEntry]> in
                guard case .object(let object) = value, case .array(let items)? = object["requests"] else {
                    return .refused("it isn't an outbox: expected an object with \"requests\"")
                }
                let entries = items.compactMap(OutboxEntry.init(jsonValue:))
                return entries.count == items.count ? .value(entries) : .refused("request \(entries.count + 1) isn't a kept request")
            } ?? []
        } catch {
            throw OutboxLoadFailure(file: url.path, reason: error.reason, keptAt: error.keptAt)
        }
    }

    /// Writes `entries` over what the file held, atomically.
    public func save(_ entries: [OutboxEntry]) throws {
        let value = PageValue.object(PageObject([("requests", .array(entries.map(\.jsonValue)))]))
        try store.write(Data(value.jsonText.utf8), to: file)
    }

    /// How the outbox file is kept: owner-only, atomically, set aside when unreadable.
    var store: OwnerOnlyFileStore { OwnerOnlyFileStore(directory: directory, writer: writer) }
}

/// An outbox kept in memory only: for tests, and hosts that want requests kept while the app
/// runs but not across launches. `encrypts` is what it is told.
public final class MemoryOutboxStorage: OutboxStorage, @unchecked Sendable {
    // NB: @unchecked: `entries` is only touched under `lock`.
    private let lock = NSLock()
    private var entries: [OutboxEntry]
    /// Whether this storage says it encrypts (as a host's would), for tests of `secure` values.
    public let encrypts: Bool

    /// Storage holding `entries`; `encrypts` says whether to treat it as encrypted.
    public init(_ entries: [OutboxEntry] = [], encrypts: Bool = false) {
        self.entries = entries
        self.encrypts = encrypts
    }

    /// What is kept now.
    public var kept: [OutboxEntry] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    /// The requests kept, oldest first.
    public func load() throws -> [OutboxEntry] { kept }

    /// Keeps `entries` in place of what was kept.
    public func save(_ entries: [OutboxEntry]) throws {
        lock.lock()
        defer { lock.unlock() }
        self.entries = entries
    }
}
