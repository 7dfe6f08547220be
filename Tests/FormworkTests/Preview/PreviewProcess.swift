import Foundation
import Testing

/// `formwork preview` running as a person runs it, on a free port, for one test.
///
/// ```swift
/// let preview = try await PreviewProcess.start(pages)
/// let index = try await RawHTTPClient.get(port: preview.port, "/")
/// let (status, output) = try await preview.interrupt()   // Ctrl-C; 0, [… "Stopped the preview."]
/// ```
///
/// NB: @unchecked Sendable: its state is the `Process` and what `Printed` guards with a lock; the
/// blocking waits run on a thread of their own (`offThread`).
final class PreviewProcess: @unchecked Sendable {
    let process = Process()
    let port: UInt16
    private let printed = Printed()
    private let exited = DispatchSemaphore(value: 0)

    /// What the process printed, filled by its reader thread.
    private final class Printed: @unchecked Sendable {
        // NB: @unchecked because `lines` and `port` are only touched while `lock` is held.
        private let lock = NSLock()
        private var lines: [String] = []
        private var port: UInt16?
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)

        func add(_ line: String) {
            lock.withLock {
                lines.append(line)
                if port == nil, let range = line.range(of: #"127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                    port = UInt16(line[range].split(separator: ":")[1])
                    started.signal()
                }
            }
        }

        var all: [String] { lock.withLock { lines } }
        var foundPort: UInt16? { lock.withLock { port } }
    }

    /// Starts `formwork preview` (or `command`, like design) on `folder` with `arguments` after it, and waits (up to a minute) for
    /// the line that gives its address.
    static func start(_ folder: URL, _ arguments: [String] = [], command: String = "preview") async throws -> PreviewProcess {
        try await offThread { try PreviewProcess(folder: folder, arguments, command: command) }
    }

    private init(folder: URL, _ arguments: [String], command: String) throws {
        guard let executable = CLIRunner.executable else { throw RawHTTPClient.Failure(description: "the formwork binary was not found next to the tests") }
        process.executableURL = executable
        process.arguments = [command, folder.path, "--port", "0"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        // NB: only the child writes now; closing our end lets the reader see the end of its output.
        try? pipe.fileHandleForWriting.close()
        let printed = self.printed
        let reader = pipe.fileHandleForReading
        Thread.detachNewThread {
            var partial = ""
            while true {
                let data = reader.availableData
                if data.isEmpty { break }
                partial += String(decoding: data, as: UTF8.self)
                while let newline = partial.firstIndex(of: "\n") {
                    printed.add(String(partial[..<newline]))
                    partial = String(partial[partial.index(after: newline)...])
                }
            }
            printed.started.signal()
            printed.finished.signal()
        }
        guard printed.started.wait(timeout: .now() + 60) == .success, let port = printed.foundPort else {
            process.terminate()
            throw RawHTTPClient.Failure(description: "formwork preview didn't start within a minute: \(printed.all)")
        }
        self.port = port
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// What it printed so far, one line each.
    var output: [String] { printed.all }

    /// Sends Ctrl-C (SIGINT) and waits (up to a minute) for it to exit.
    func interrupt() async throws -> (status: Int32, output: [String]) {
        try await offThread { try self.interruptNow() }
    }

    private func interruptNow() throws -> (status: Int32, output: [String]) {
        process.interrupt()
        guard exited.wait(timeout: .now() + 60) == .success else {
            process.terminate()
            throw RawHTTPClient.Failure(description: "formwork preview didn't stop within a minute of Ctrl-C")
        }
        process.waitUntilExit()
        _ = printed.finished.wait(timeout: .now() + 10)
        return (process.terminationStatus, output)
    }

    /// A fresh temporary folder holding a copy of the repository's `pages`.
    static func copyOfPages() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-preview-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: FlowFixtures.packageRoot.appendingPathComponent("pages"), to: folder)
        return folder
    }

    /// The repository's `pages` folder.
    static let pages = FlowFixtures.packageRoot.appendingPathComponent("pages")

    /// The stub file the browser test uses.
    static let stubs = FlowFixtures.packageRoot.appendingPathComponent("Tests/Browser/stubs.json").path
}
