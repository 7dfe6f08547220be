import Foundation
import Formwork

/// A clock that moves only when a test says so; what waits on it (a draft's next save) wakes
/// when it gets there.
final class ManualClock: PageClock, @unchecked Sendable {
    // NB: @unchecked: `now` and `sleepers` are only touched with `lock` held.
    private let lock = NSLock()
    private var now: Int64
    private var sleepers: [(deadline: Int64, continuation: CheckedContinuation<Void, any Error>)] = []

    init(_ start: Int64 = 1_704_067_200_000) { now = start }

    deinit {
        for sleeper in sleepers { sleeper.continuation.resume(throwing: CancellationError()) }
    }

    func nowMilliseconds() -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        return now
    }

    func sleep(untilMilliseconds deadline: Int64) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            lock.lock()
            if deadline <= now {
                lock.unlock()
                continuation.resume()
            } else {
                sleepers.append((deadline, continuation))
                lock.unlock()
            }
        }
    }

    /// Moves the clock on by `milliseconds`, waking what waited until then.
    func advance(by milliseconds: Int64) {
        lock.lock()
        now += milliseconds
        let due = sleepers.filter { $0.deadline <= now }
        sleepers.removeAll { $0.deadline <= now }
        lock.unlock()
        for sleeper in due { sleeper.continuation.resume() }
    }
}
