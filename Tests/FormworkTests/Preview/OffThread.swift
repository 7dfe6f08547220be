import Foundation

/// Runs blocking work (a socket read, waiting for a process) on a thread of its own and awaits it.
///
/// NB: a test that blocked in place would hold one of the few threads all of the suite's tasks
/// share (two on a two-core machine), and starve the other tests' tasks while it waits.
func offThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}
