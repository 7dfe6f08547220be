import Foundation
import Formwork

/// A transport whose requests wait until the test answers them, so a test can act while a
/// request is in flight without sleeping: `await transport.nextRequest()` returns once a request
/// has arrived, `answer(…)` lets the oldest one finish.
@MainActor
final class HeldTransport: PageTransport {
    private(set) var requests: [TransportRequest] = []
    private var held: [(id: Int, continuation: CheckedContinuation<TransportResponse, any Error>)] = []
    private var nextID = 0
    private var arrivals: [(count: Int, waiter: CheckedContinuation<Void, Never>)] = []

    /// Requests waiting for an answer.
    var waiting: Int { held.count }
    /// `GET /api/x` for each request, in order.
    var lines: [String] { requests.map { "\($0.method) \($0.url.path)" } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        requests.append(request)
        let ready = arrivals.filter { requests.count >= $0.count }
        arrivals.removeAll { requests.count >= $0.count }
        for arrival in ready { arrival.waiter.resume() }
        let id = nextID
        nextID += 1
        // Like a real transport, a cancelled request (its page closed) ends at once.
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { held.append((id, $0)) }
        } onCancel: {
            Task { @MainActor in self.cancel(id) }
        }
    }

    private func cancel(_ id: Int) {
        guard let index = held.firstIndex(where: { $0.id == id }) else { return }
        held.remove(at: index).continuation.resume(throwing: TransportError.cancelled)
    }

    /// Returns once `count` requests in all have been sent.
    func requestArrived(_ count: Int = 1) async {
        if requests.count >= count { return }
        await withCheckedContinuation { arrivals.append((count, $0)) }
    }

    /// Answers the oldest waiting request.
    func answer(_ value: PageValue = ["ok": true], status: Int = 200) {
        guard !held.isEmpty else { return }
        held.removeFirst().continuation.resume(returning: .json(value, status: status))
    }
}
