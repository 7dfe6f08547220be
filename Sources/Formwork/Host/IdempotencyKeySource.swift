import Foundation

/// Where the `Idempotency-Key` of each new submission comes from: a random UUID unless the host
/// gives another source (tests give one that counts, so their requests are the same every run).
///
/// A key is made once per submission and sent again, unchanged, with every retry of it (a
/// `retry` after an error handler, a person's second tap on the same unsent order, the outbox
/// after a relaunch): a server that keeps the keys it applied applies each submission once.
///
/// ```swift
/// var host = PageHost(transport: transport)
/// host.idempotencyKeys = .counting(prefix: "order-")   // "order-1", "order-2", …
/// host.idempotencyKeys.next()                          // "order-1"
/// ```
public struct IdempotencyKeySource: Sendable {
    private let make: @Sendable () -> String

    /// A source that calls `make` for each new key. Keys must be unique: a key a server has seen
    /// before gets that earlier submission's answer instead of being applied.
    public init(_ make: @escaping @Sendable () -> String) { self.make = make }

    /// A new key.
    public func next() -> String { make() }

    /// Random UUIDs (`0C0F…-…`): what every host gets unless it gives another source.
    public static let uuid = IdempotencyKeySource { UUID().uuidString }

    /// `prefix1`, `prefix2`, … in order, from a counter of its own: for tests and recordings,
    /// never for an app in use (two installs would send the same keys).
    public static func counting(prefix: String = "key-") -> IdempotencyKeySource {
        let counter = KeyCounter()
        return IdempotencyKeySource { prefix + String(counter.next()) }
    }
}

/// The counter of `IdempotencyKeySource.counting(prefix:)`.
private final class KeyCounter: @unchecked Sendable {
    // NB: @unchecked: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
