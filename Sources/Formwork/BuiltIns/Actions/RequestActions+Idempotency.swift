import Foundation

/// `Idempotency-Key` on `api` writes: one key per submission, the same on every retry of it.
///
/// A submission is one action of one page sending one method, URL and body. Its key is made
/// (`PageHost.idempotencyKeys`) the first time it is sent and kept until the server answers in a
/// way that settles it; until then every send of the same submission — a `retry` after an error
/// handler, the person tapping the same button again on the same order, 401 → sign in → retry —
/// carries the same key, so a server that keeps the keys it applied applies it once.
extension RequestActions {
    /// The attributes only `api` has (the `server` validation never sends a key).
    static let idempotencyAttributes: [AttributeSpec] = [
        AttributeSpec("idempotencyKey", .bool,
                      summary: "send an Idempotency-Key header with this write (POST, PUT, PATCH, DELETE), the same on every retry; on by default from behaviour level 2, false turns it off"),
        AttributeSpec("idempotencyHeader", .string, default: .string(defaultIdempotencyHeader),
                      summary: "the header the key is sent in", check: idempotencyHeaderProblem),
    ]

    static let defaultIdempotencyHeader = "Idempotency-Key"

    /// Methods that only read: they never carry a key.
    static let readingMethods: Set<String> = ["GET", "HEAD", "OPTIONS"]

    static func idempotencyHeaderProblem(_ value: PageValue) -> String? {
        guard case .string(let name) = value else { return nil }
        if name.isEmpty { return "the header name is empty; leave idempotencyHeader out for Idempotency-Key, or set idempotencyKey to false to send none" }
        return HTTPRequestRules.headerProblem(name: name, value: "k")
    }

    /// Adds the submission's key to `request` when it is a write and the page (or the behaviour
    /// level) asks for one. Returns the submission, to settle once the answer is known; nil when
    /// no key was sent.
    @MainActor static func attachKey(to request: inout TransportRequest, _ context: ActionContext) throws -> Submission? {
        guard !readingMethods.contains(request.method) else { return nil }
        let wanted = context.has("idempotencyKey") ? try context.bool("idempotencyKey") : context.session.engine.registry.behavior >= .v2
        guard wanted else { return nil }
        let header = try context.string("idempotencyHeader") ?? defaultIdempotencyHeader
        if let problem = idempotencyHeaderProblem(.string(header)) {
            throw ActionFailure(kind: "network", message: "api's idempotencyHeader: " + problem)
        }
        // A key the page gives itself (in `headers`) is the page's to keep.
        if request.headers.keys.contains(where: { $0.caseInsensitiveCompare(header) == .orderedSame }) { return nil }
        let session = context.session
        let submission = Submission(page: session.document.id, action: context.path, request: request)
        let key = session.engine.submissions.key(for: submission) { session.engine.host.idempotencyKeys.next() }
        request.headers[header] = key
        return submission
    }

    /// Forgets the submission's key once `status` settles it: any answer but those that say "not
    /// done, send it again" (401, 403, 408, 409, 425, 429, 5xx). A request that got no answer keeps it.
    @MainActor static func settle(_ submission: Submission?, status: Int, in session: PageSession) {
        guard let submission, !keepsKey(status: status) else { return }
        session.engine.submissions.forget(submission)
    }

    /// Whether an answer with `status` leaves the submission to be sent again with the same key.
    static func keepsKey(status: Int) -> Bool {
        [401, 403, 408, 409, 425, 429].contains(status) || status >= 500
    }
}

/// One submission: which action of which page sends what.
struct Submission: Hashable {
    let action: String
    let fingerprint: String

    init(page: String, action: String, request: TransportRequest) {
        self.action = page + "#" + action
        var bytes = Data((request.method + " " + request.url.absoluteString + "\n").utf8)
        if let body = request.body { bytes.append(body) }
        fingerprint = SHA256Hasher.hexDigest(of: bytes)
    }
}

/// The keys of the submissions not yet settled, per engine.
@MainActor
final class SubmissionKeys {
    /// Per action, the latest submission's fingerprint and key: sending something else from the
    /// same action is a new submission.
    private var keys: [String: (fingerprint: String, key: String)] = [:]

    /// The submission's key, made by `make` when it has none yet.
    func key(for submission: Submission, make: () -> String) -> String {
        if let kept = keys[submission.action], kept.fingerprint == submission.fingerprint { return kept.key }
        let key = make()
        keys[submission.action] = (submission.fingerprint, key)
        return key
    }

    func forget(_ submission: Submission) {
        if keys[submission.action]?.fingerprint == submission.fingerprint { keys[submission.action] = nil }
    }
}
