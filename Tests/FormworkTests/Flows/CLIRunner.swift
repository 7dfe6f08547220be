import Foundation
import Testing

/// Runs the built `formwork` binary (next to the test bundle) and captures what it prints.
enum CLIRunner {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The `formwork` executable in the build folder the tests run from.
    static let executable: URL? = {
        var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        folders += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        return folders.map { $0.appendingPathComponent("formwork") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `formwork arguments…` in `folder` with `input` on standard input, waiting on a thread
    /// of its own so the test doesn't hold one of the few threads every other test's tasks run on
    /// (on a 2-core machine, two blocked threads stall every page chain in the process).
    ///
    /// With `shell`, `arguments[0]` is the program to run (a shell), and `$0` of its script is formwork.
    static func run(_ arguments: [String], in folder: URL? = nil, input: String = "", shell: Bool = false) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try blockingRun(arguments, in: folder, input: input, shell: shell) }) }.start()
        }
    }

    /// `run`, blocking the calling thread.
    static func run(_ arguments: [String], in folder: URL? = nil, input: String = "") throws -> Output {
        try blockingRun(arguments, in: folder, input: input)
    }

    private static func blockingRun(_ arguments: [String], in folder: URL?, input: String, shell: Bool = false) throws -> Output {
        guard let executable else {
            Issue.record("the formwork binary was not found next to the tests; build it with swift build")
            return Output(status: -1, stdout: "", stderr: "")
        }
        let process = Process()
        if shell, let program = arguments.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(arguments.dropFirst()) + [executable.path]
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        if let folder { process.currentDirectoryURL = folder }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // NB: read both pipes to the end before waiting, so a chatty process can't block on a full pipe.
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// A fresh temporary folder holding copies of these fixtures.
    static func folder(with fixtures: [String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in fixtures {
            try FileManager.default.copyItem(atPath: FlowFixtures.path(name), toPath: folder.appendingPathComponent(name).path)
        }
        return folder
    }
}
