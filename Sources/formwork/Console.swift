import Foundation
import Formwork

/// Where the CLI writes: stdout for results, stderr for diagnostics.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

}

/// Reading the files a command is given: any readable file, a FIFO, `/dev/stdin` or `/dev/null`
/// included (`ReadableFile`).
enum CLIFile {
    /// The bytes of the `what` file at `path`; a missing file is "can't read the script 'x'; check
    /// the path", anything else names its reason.
    static func read(_ path: String, what: String) throws(CLIFailure) -> [UInt8] {
        do {
            return try ReadableFile.read(path, limit: CLILimits.standard.documentBytes)
        } catch {
            throw CLIFailure(message(error, what: what))
        }
    }

    static func message(_ failure: ReadableFile.Failure, what: String) -> String {
        failure.isMissing ? "can't read the \(what) '\(failure.path)'; check the path" : "can't read the \(what) '\(failure.path)': \(failure.reason)"
    }
}
