#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation

/// A `formwork` process the test talks to line by line and can kill with SIGKILL. Its standard
/// output and error are read as they come (the CLI writes unbuffered), so the test waits on
/// what the process printed, never on a timer.
final class RunningCLI: @unchecked Sendable {
    // NB: @unchecked: `lines` and `partial` are touched only with `condition` locked.
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let condition = NSCondition()
    private var lines: [String] = []
    private var partial = ""
    private var ended = false

    /// How long a wait may take before the test gives up on a process that hangs: a guard
    /// against hanging forever, not a measure of anything.
    static let patience: TimeInterval = 120

    /// - Parameter environment: settings added to the test's own environment for the process.
    init(executable: URL, arguments: [String], folder: URL, environment: [String: String] = [:]) {
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.currentDirectoryURL = folder
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
    }

    /// The process's id, once started.
    var pid: Int32 { process.processIdentifier }

    func start() throws {
        // NB: a write to the stdin of a process that has already ended must fail (and the test
        // report it), not kill the whole test process with SIGPIPE.
        _ = RunningCLI.ignoreBrokenPipes
        try process.run()
        let handle = output.fileHandleForReading
        Thread { [self] in
            while true {
                let data = handle.availableData
                condition.lock()
                if data.isEmpty {
                    if !partial.isEmpty { lines.append(partial) }
                    partial = ""
                    ended = true
                } else {
                    partial += String(decoding: data, as: UTF8.self)
                    var pieces = partial.components(separatedBy: "\n")
                    partial = pieces.removeLast()
                    lines += pieces
                }
                condition.broadcast()
                condition.unlock()
                if data.isEmpty { return }
            }
        }.start()
    }

    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Writes one command line.
    func send(_ line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Everything printed so far, line by line.
    var printed: [String] {
        condition.lock()
        defer { condition.unlock() }
        return lines
    }

    /// Waits until `done` holds for the lines printed so far; returns what it returned.
    @discardableResult
    func wait<T>(for what: String, _ done: ([String]) -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(RunningCLI.patience)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = done(lines) { return found }
            if ended { throw Failure("the process ended before \(what):\n" + lines.joined(separator: "\n")) }
            if !condition.wait(until: deadline) { throw Failure("no \(what) after \(Int(RunningCLI.patience)) s:\n" + lines.joined(separator: "\n")) }
        }
    }

    /// Waits until the `n`-th command (from 1) was echoed (`> set name …`): it has started.
    func waitForEcho(_ n: Int) throws {
        try wait(for: "echo of command \(n)") { lines in lines.filter { $0.hasPrefix("> ") }.count >= n ? true : nil }
    }

    /// The line printed right after the `n`-th echo (a `data` command's JSON); lines starting with
    /// `[test]` (what a test-only setting has the process print) are passed over.
    func lineAfterEcho(_ n: Int) throws -> String {
        try wait(for: "the answer to command \(n)") { lines in
            var seen = 0
            for (index, line) in lines.enumerated() where line.hasPrefix("> ") {
                seen += 1
                if seen == n { return lines[(index + 1)...].first { !$0.hasPrefix("[test]") } }
            }
            return nil
        }
    }

    /// Waits until the process's output has ended (it exited, or was killed, and everything it
    /// printed before has been read); returns every line it printed.
    func waitUntilOutputEnds() throws -> [String] {
        let deadline = Date().addingTimeInterval(RunningCLI.patience)
        condition.lock()
        defer { condition.unlock() }
        while !ended {
            if !condition.wait(until: deadline) { throw Failure("the output didn't end \(Int(RunningCLI.patience)) s after the process did") }
        }
        return lines
    }

    /// SIGKILL, then waits for the process to be gone.
    func kill() {
        guard process.isRunning else { return }
        _ = Glibc_or_Darwin_kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Ends the process: closes its input (so `run` ends its session), or kills it if it is still there.
    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// `kill(2)`, named apart from `RunningCLI.kill()`.
private func Glibc_or_Darwin_kill(_ pid: pid_t, _ signal: Int32) -> Int32 {
    kill(pid, signal)
}
