import Foundation

/// Where `now()` and the engine read the time. Inject a `FixedClock` to make tests deterministic.
public protocol PageClock: Sendable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    func nowMilliseconds() -> Int64
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
}
