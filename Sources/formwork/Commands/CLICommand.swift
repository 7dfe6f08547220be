import Formwork

/// One subcommand of `formwork`: a type with a static description, built from the scanned
/// arguments (which validates them) and then run.
///
/// Exit codes: 0 success, 1 a failed check, test or evaluation, 64 a usage error.
@MainActor
protocol CLICommand {
    static var name: String { get }
    /// One line, shown in `formwork --help`.
    static var abstract: String { get }
    /// The full help text shown by `formwork NAME --help`.
    static var help: String { get }
    init(_ arguments: inout ArgumentScanner) throws(UsageError)
    func run() async -> Int32
}

/// A mistake in how the command was called; printed with a hint, exit code 64.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The budgets every command runs pages within: the ones an app gets (Grammar.md, part 4), so a
/// page that checks, renders and passes its flows here behaves the same in the app.
enum CLILimits {
    static let standard = PageLimits.standard
}

enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
}
