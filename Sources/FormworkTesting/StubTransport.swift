import Foundation

/// A transport that answers from stubs instead of the network, and records every request.
///
/// Stubs are named by method and path. The most recently added stub that matches answers, so a
/// test can change the server's answer half-way. A request nothing matches fails loudly: the
/// `api` action fails with a message naming the method and path, and the harness step that sent
/// it throws.
///
/// ```swift
/// let stub = StubTransport()
/// stub.on("GET", "/api/dishes/42", .json(200, ["name": "Mapo tofu"]))
/// stub.on("PUT", "/api/dishes/*") { request in .json(200, request.body) }
/// // a request to POST /api/dishes fails with:
/// // no stub for POST /api/dishes; add one with on("POST", "/api/dishes")
/// ```
///
/// Paths match segment by segment; `*` matches one segment. A path with `?` must match the query
/// too; a full `http(s)://` URL must match the whole URL. The method `*` matches any method.
@MainActor
public final class StubTransport: PageTransport {
    /// How one stub answers.
    public enum Answer {
        /// Canned answers used in order; the last one repeats.
        case canned([StubResponse])
        /// Computed from the request; throw `ActionFailure` to fail the request.
        case handler(@MainActor (SentRequest) throws -> StubResponse)
    }

    private struct Stub {
        let method: String
        let pattern: String
        let answer: Answer
        var used = 0
    }

    private var stubs: [Stub] = []
    /// Every request sent, in order, with the answer it got.
    public private(set) var requests: [SentRequest] = []
    /// Requests no stub matched (and no `fallback` took).
    public private(set) var unmatched: [SentRequest] = []
    /// Where requests no stub matches go instead of failing (`formwork run --api-base`).
    public var fallback: (any PageTransport)?
    /// When true, a request no stub (and no `fallback`) answers fails as if the server were
    /// offline (`TransportError.network("no stub for GET /api/x")`) and is kept with that answer,
    /// so a recorded session replays the same way (`formwork run` sets it). When false, the
    /// default for flows and tests, the `api` action fails with `no stub for …` and the advice.
    /// Either way the request is listed in `unmatched`.
    public var unmatchedIsOffline = false
    /// When true, the device is offline: every request fails as a real transport's does without a
    /// network (`TransportError.network("the device is offline")`), before any stub sees it; such
    /// requests are kept in `offlineRequests`, not `requests` (no server saw them). The flow steps
    /// `offline` and `online` set it.
    public var isOffline = false
    /// Requests sent while `isOffline`, in order: none of them reached a stub.
    public private(set) var offlineRequests: [SentRequest] = []
    /// The advice in the message for an unmatched request; flows replace it with theirs.
    public var advice: @MainActor (_ method: String, _ path: String) -> String = { method, path in
        "add one with on(\"\(method)\", \"\(path)\")"
    }

    /// A transport with no stubs: every request fails as if offline, and is recorded.
    public init() {}

    /// Answers `method path` with these responses, in order (the last one repeats).
    public func on(_ method: String, _ path: String, _ responses: StubResponse...) {
        on(method, path, answer: .canned(responses.isEmpty ? [.status(200)] : responses))
    }

    /// Answers `method path` by calling `handler` with the request.
    public func on(_ method: String, _ path: String, _ handler: @escaping @MainActor (SentRequest) throws -> StubResponse) {
        on(method, path, answer: .handler(handler))
    }

    /// Answers `method path` with `answer`; a later stub for the same request wins.
    public func on(_ method: String, _ path: String, answer: Answer) {
        stubs.append(Stub(method: method.uppercased(), pattern: path, answer: answer))
    }

    /// Drops every stub (recorded requests stay).
    public func removeAll() { stubs.removeAll() }

    // MARK: - Transport

    /// Records the request and answers it from the last matching stub; with none, fails as if the network did, and notes it in `unmatched`.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var sent = SentRequest(request)
        if isOffline {
            offlineRequests.append(sent)
            throw TransportError.network(StubTransport.offlineMessage)
        }
        let index = requests.count
        requests.append(sent)
        guard let stubIndex = stubs.lastIndex(where: { StubTransport.matches($0, sent, url: request.url) }) else {
            if let fallback {
                let response = try await fallback.send(request)
                requests[index].response = StubResponse(status: response.status, headers: response.headers, body: SentRequest.decode(response.body))
                return response
            }
            unmatched.append(sent)
            guard unmatchedIsOffline else { throw ActionFailure(kind: "network", message: unmatchedMessage(sent)) }
            let offline = StubResponse.failure("no stub for \(sent.line)")
            requests[index].response = offline
            throw TransportError.network(offline.networkFailure ?? "")
        }
        let answer: StubResponse
        switch stubs[stubIndex].answer {
        case .canned(let responses):
            answer = responses[min(stubs[stubIndex].used, responses.count - 1)]
        case .handler(let handler):
            do {
                answer = try handler(sent)
            } catch let failure as ActionFailure {
                throw failure
            } catch {
                throw ActionFailure(kind: "network", message: "the stub for \(sent.line) failed: \(error)")
            }
        }
        stubs[stubIndex].used += 1
        sent.response = answer
        requests[index] = sent
        if let failure = answer.networkFailure { throw TransportError.network(failure) }
        return answer.transportResponse
    }

    /// What a request fails with while `isOffline`: the words `URLSessionTransport` uses.
    public static let offlineMessage = "the device is offline"

    /// Whether a stub answers `request` (else it goes to `fallback`, or fails).
    func hasStub(for request: TransportRequest) -> Bool {
        let sent = SentRequest(request)
        return stubs.contains { StubTransport.matches($0, sent, url: request.url) }
    }

    /// "no stub for POST /api/dish; add one with on(\"POST\", \"/api/dish\")"
    func unmatchedMessage(_ request: SentRequest) -> String {
        "no stub for \(request.line); " + advice(request.method, request.path)
    }

    // MARK: - Matching

    private static func matches(_ stub: Stub, _ request: SentRequest, url: URL) -> Bool {
        guard stub.method == "*" || stub.method == request.method else { return false }
        let pattern = stub.pattern
        if pattern.hasPrefix("http://") || pattern.hasPrefix("https://") {
            return segmentsMatch(pattern, url.absoluteString)
        }
        if pattern.contains("?") {
            return segmentsMatch(pattern, request.path + (request.query.map { "?" + $0 } ?? ""))
        }
        return segmentsMatch(pattern, request.path)
    }

    private static func segmentsMatch(_ pattern: String, _ text: String) -> Bool {
        let want = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let have = text.split(separator: "/", omittingEmptySubsequences: false)
        guard want.count == have.count else { return false }
        return zip(want, have).allSatisfy { $0 == "*" || $0 == $1 }
    }
}
