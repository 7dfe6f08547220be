import Foundation

/// Runs async main-actor work to its end from the (synchronous) fuzz callback, which libFuzzer
/// calls on the main thread: starts it as a task and turns the main run loop, which on Linux and
/// Apple platforms alike runs the main queue, where main-actor jobs go.
public enum MainActorRunner {
    public static func run(_ body: @escaping @MainActor () async -> Void) {
        MainActor.assumeIsolated {
            let done = DoneFlag()
            Task { @MainActor in
                await body()
                done.isDone = true
            }
            while !done.isDone {
                _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
            }
        }
    }
}

@MainActor private final class DoneFlag {
    var isDone = false
}
