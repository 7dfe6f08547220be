import Formwork

/// A failure the tools tell the person as `error: …` in plain words: a file that can't be read, a
/// folder that isn't one, a stub file that isn't valid JSON. The CLI calls it `CLIFailure` and
/// exits 1 with it.
package struct ToolFailure: Error {
    package let message: String
    package init(_ message: String) { self.message = message }
}

/// Reading the files the tools are given: any readable file, a FIFO, `/dev/stdin` or `/dev/null`
/// included (`ReadableFile`), up to the page budgets' `documentBytes`.
package enum ToolFile {
    /// The bytes of the `what` file at `path`; a missing file is "can't read the script 'x'; check
    /// the path", anything else names its reason.
    package static func read(_ path: String, what: String) throws(ToolFailure) -> [UInt8] {
        do {
            return try ReadableFile.read(path, limit: PageLimits.standard.documentBytes)
        } catch {
            throw ToolFailure(message(error, what: what))
        }
    }

    package static func message(_ failure: ReadableFile.Failure, what: String) -> String {
        failure.isMissing ? "can't read the \(what) '\(failure.path)'; check the path" : "can't read the \(what) '\(failure.path)': \(failure.reason)"
    }
}
