import Foundation

/// `"offline": "queue"` on `api`: a request that finds no network, or an answer saying "later",
/// is kept in the engine's outbox (`Outbox`) and the chain goes on with `$result` saying so.
extension RequestActions {
    static let outboxAttributes: [AttributeSpec] = [
        AttributeSpec("offline", .string, default: "fail", summary: "what happens without a network or with a timeout, 5xx, 408 or 429: fail (the default), or queue to send later from the outbox; $result is then {queued: true, id, waiting}",
                      values: ["fail", "queue"]),
    ]

    /// The outbox `request` may be queued in: nil unless the action says `"offline": "queue"`.
    ///
    /// - Throws: when the app keeps no outbox, or the body holds a `secure` field's value and the
    ///   outbox's storage doesn't encrypt: such a request is never written in plain text.
    @MainActor static func outboxFor(_ request: TransportRequest, _ context: ActionContext) throws -> Outbox? {
        guard try context.string("offline") == "queue" else { return nil }
        let session = context.session
        guard let outbox = session.engine.outbox else {
            throw ActionFailure(kind: "outbox", message: "This request can't be kept to send later.",
                                details: PageObject([("detail", .string("api's offline is \"queue\", but this app keeps no outbox (PageEngine.outbox, formwork run --outbox)"))]))
        }
        if !outbox.storage.encrypts, let part = partHoldingSecureValue(request, session) {
            throw ActionFailure(kind: "outbox", message: "This request holds a secret, so it can't be kept to send later. Try again when you're online.",
                                details: PageObject([("detail", .string("its \(part) holds the value of a secure field, and the outbox's storage doesn't encrypt (OutboxStorage.encrypts)"))]))
        }
        return outbox
    }

    /// Keeps `request` in `outbox` first (written before anything is sent), then sends it unless
    /// the network is gone or earlier requests wait (it goes behind them): delivered, it leaves the
    /// outbox and the chain gets the answer; unanswered or answered "later", it stays and the chain
    /// gets `{queued: true, id, waiting}`; refused, it leaves the outbox and the action fails.
    @MainActor static func sendThroughOutbox(_ request: TransportRequest, _ outbox: Outbox, _ submission: Submission?, _ context: ActionContext) async throws -> PageValue {
        let session = context.session
        let sendNow = outbox.entries.isEmpty && outbox.networkIsAvailable && !outbox.isSending
        let entry = try keep(request, in: outbox, context)
        func queued(_ reason: String) -> PageValue {
            session.record(.response, "queued \(request.method) \(request.url.absoluteString) to send later (\(reason))")
            return .object(PageObject([("queued", .bool(true)), ("id", .string(entry.id)), ("waiting", .int(Int64(outbox.entries.count)))]))
        }
        guard sendNow else { return queued(outbox.networkIsAvailable ? "earlier requests are waiting" : "offline") }
        let answer: Answer
        outbox.inFlight.insert(entry.id)
        do {
            defer { outbox.inFlight.remove(entry.id) }
            answer = try await exchange(request, in: session)
        } catch let failure as ActionFailure where failure.unanswered {
            let detail = failure.details["detail"]?.stringValue ?? failure.message
            outbox.postpone(entry.id, problem: detail, retryAfter: nil, clock: session.engine.host.clock)
            return queued(detail)
        } catch let failure as ActionFailure {
            outbox.discard(entry.id)
            throw failure
        } catch {
            // NB: cancelled (the page closed) while it may have reached the server: it stays, and
            // is sent again with the same key.
            throw error
        }
        settle(submission, status: answer.status, in: session)
        if Outbox.isRetryable(status: answer.status) {
            let retryAfter = answer.headers["retry-after"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.map { $0 * 1000 }
            outbox.postpone(entry.id, problem: "the server answered \(answer.status)", retryAfter: retryAfter, clock: session.engine.host.clock)
            return queued("the server answered \(answer.status)")
        }
        outbox.discard(entry.id)
        guard (200..<300).contains(answer.status) else { throw answer.failure }
        return answer.body
    }

    /// Writes `request` into `outbox` (before this returns) with its key as its id.
    @MainActor private static func keep(_ request: TransportRequest, in outbox: Outbox, _ context: ActionContext) throws -> OutboxEntry {
        let session = context.session
        let header = (try? context.string("idempotencyHeader")) ?? nil
        let key = request.headers.first { $0.key.caseInsensitiveCompare(header ?? defaultIdempotencyHeader) == .orderedSame }?.value
            ?? session.engine.host.idempotencyKeys.next()
        let entry = OutboxEntry(id: key, pageID: session.document.id, method: request.method, url: request.url.absoluteString,
                                headers: request.headers, body: request.body.map { String(decoding: $0, as: UTF8.self) },
                                queuedAt: session.engine.host.clock.nowMilliseconds())
        return try outbox.queue(entry)
    }

    /// Which part of `request` (`body`, `headers`, `URL`) holds the value of one of the page's
    /// `secure` fields (a non-empty one); nil when none does.
    @MainActor static func partHoldingSecureValue(_ request: TransportRequest, _ session: PageSession) -> String? {
        let paths = DraftPolicy.securePaths(in: session.document.components, registry: session.engine.registry)
        guard !paths.isEmpty else { return nil }
        let body = request.body.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let url = request.url.absoluteString
        for path in paths {
            for value in path.values(in: session.data) {
                guard case .string(let secret) = value, !secret.isEmpty else { continue }
                if body.contains(PageValue.string(secret).jsonText) { return "body" }
                if request.headers.values.contains(where: { $0.contains(secret) }) { return "headers" }
                let encoded = secret.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? secret
                if url.contains(secret) || url.contains(encoded) { return "URL" }
            }
        }
        return nil
    }
}

extension DraftPath {
    /// The values at this path in `value` (every row's, for `[*]`).
    func values(in value: PageValue) -> [PageValue] {
        var found = [value]
        for step in steps {
            found = found.flatMap { current -> [PageValue] in
                switch step {
                case .key(let key): return current[key].map { [$0] } ?? []
                case .index(let index):
                    guard case .array(let items) = current, items.indices.contains(index) else { return [] }
                    return [items[index]]
                case .everyElement:
                    guard case .array(let items) = current else { return [] }
                    return items
                }
            }
        }
        return found
    }
}
