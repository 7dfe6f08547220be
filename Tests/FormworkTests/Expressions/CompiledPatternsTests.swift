import Foundation
import Testing
@testable import Formwork

/// `CompiledPatterns`, the process-wide cache of compiled regular expressions, from many threads
/// at once: a compile runs outside the cache's lock, so a slow pattern holds up only those asking
/// for the same pattern, and they wait for its compile rather than compiling it again.
@Suite("Compiled patterns under concurrency")
struct CompiledPatternsTests {
    /// What a thread got, handed back to the test.
    final class Box: @unchecked Sendable {
        // NB: @unchecked: `values` is only touched under `lock`.
        private let lock = NSLock()
        private var values: [NSRegularExpression?] = []
        func add(_ value: NSRegularExpression?) { lock.withLock { values.append(value) } }
        var all: [NSRegularExpression?] { lock.withLock { values } }
    }

    /// How long a wait may take before the test gives up on a thread that hangs: a guard, not a measure.
    static var patience: DispatchTime { .now() + 60 }

    @Test func aSlowCompileHoldsUpOnlyTheThreadsAskingForTheSamePattern() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let patterns = CompiledPatterns { pattern in
            if pattern == "slow+" {
                entered.signal()
                _ = release.wait(timeout: .now() + 60)
            }
            return try? NSRegularExpression(pattern: pattern)
        }
        let got = Box()
        let done = DispatchGroup()
        func ask(_ pattern: String) {
            done.enter()
            Thread {
                got.add(patterns.expression(pattern))
                done.leave()
            }.start()
        }
        ask("slow+")
        #expect(entered.wait(timeout: Self.patience) == .success, "the first thread started compiling")

        // Another pattern while slow+ compiles: answered without waiting for it. (Were the lock
        // held while compiling, this would wait for the release, 30 s away, and fail.)
        let fast = DispatchSemaphore(value: 0)
        Thread {
            _ = patterns.expression("fa(st)?")
            fast.signal()
        }.start()
        #expect(fast.wait(timeout: .now() + 30) == .success, "another pattern was compiled while slow+ was compiling")

        // The same pattern while it compiles: the thread waits for that compile.
        ask("slow+")
        let deadline = Date().addingTimeInterval(60)
        while patterns.waitingFor("slow+") < 1, Date() < deadline { usleep(1000) }
        #expect(patterns.waitingFor("slow+") == 1, "the second thread waits for the first one's compile")
        release.signal()
        #expect(done.wait(timeout: Self.patience) == .success)

        #expect(patterns.timesCompiled("slow+") == 1, "compiled once for both threads")
        let answers = got.all.compactMap { $0 }
        #expect(answers.count == 2 && answers[0] === answers[1], "both threads got the same compiled expression")
        #expect(patterns.waitingFor("slow+") == 0)
    }

    @Test func manyThreadsAskingForManyPatternsCompileEachOnce() {
        let patterns = CompiledPatterns()
        let texts = (0..<24).map { $0 % 6 == 5 ? "(unclosed\($0)" : "[a-z]{\($0)}x+" }
        let got = (0..<texts.count).map { _ in Box() }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<300 {
                let index = (thread * 7 + round) % texts.count
                got[index].add(patterns.expression(texts[index]))
            }
        }
        for (index, text) in texts.enumerated() {
            #expect(patterns.timesCompiled(text) == 1, "\(text)")
            let answers = got[index].all
            if text.hasPrefix("(unclosed") {
                #expect(answers.allSatisfy { $0 == nil }, "\(text) is no pattern")
            } else {
                let first = answers.first ?? nil
                #expect(first != nil && answers.allSatisfy { $0 === first }, "\(text): one compiled expression for every thread")
            }
        }
    }

    @Test func pastItsCapacityTheCacheStartsAfreshAndStillAnswers() {
        let patterns = CompiledPatterns(capacity: 4)
        for n in 0..<10 { #expect(patterns.expression("a{\(n)}") != nil) }
        #expect(patterns.timesCompiled("a{0}") == 0, "forgotten when the cache started afresh")
        #expect(patterns.timesCompiled("a{9}") == 1)
        #expect(patterns.expression("a{0}")?.numberOfMatches(in: "", range: NSRange(location: 0, length: 0)) == 1)
    }
}
