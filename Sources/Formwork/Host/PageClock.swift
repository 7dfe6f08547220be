import Foundation

/// Where `now()` and the engine read the time. Inject a `FixedClock` to make tests deterministic.
public protocol PageClock: Sendable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    func nowMilliseconds() -> Int64
    /// Waits until the clock reads `deadline` or later; throws `CancellationError` when the
    /// waiting task is cancelled. The engine waits this way for what is due later by this clock
    /// (a draft's next save), so a test clock that moves only when told makes that deterministic.
    ///
    /// The default sleeps the time left by the device's timer and reads the clock again; a clock
    /// that never moves (`FixedClock`) waits until cancelled once the deadline is ahead.
    func sleep(untilMilliseconds deadline: Int64) async throws
}

extension PageClock {
    /// Sleeps the time left by the device's timer and reads the clock again until it reaches
    /// `deadline`.
    public func sleep(untilMilliseconds deadline: Int64) async throws {
        while true {
            let left = deadline - nowMilliseconds()
            if left <= 0 { return }
            try await Task.sleep(nanoseconds: UInt64(min(left, 3_600_000)) * 1_000_000)
        }
    }
}

/// The device's clock.
public struct SystemClock: PageClock {
    /// The device's clock.
    public init() {}
    /// The time now, in milliseconds since 1970.
    public func nowMilliseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}

/// A clock that always reads the same instant.
public struct FixedClock: PageClock {
    /// The instant it reads, in milliseconds since 1970-01-01T00:00:00Z.
    public let milliseconds: Int64
    /// A clock that always reads `milliseconds`.
    public init(milliseconds: Int64) { self.milliseconds = milliseconds }
    /// `milliseconds`, always.
    public func nowMilliseconds() -> Int64 { milliseconds }
    /// Returns at once for a deadline that has come; otherwise waits until cancelled, as the
    /// clock never gets there.
    public func sleep(untilMilliseconds deadline: Int64) async throws {
        guard deadline > milliseconds else { return }
        while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
    }
}
