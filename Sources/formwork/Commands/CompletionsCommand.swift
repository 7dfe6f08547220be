import Formwork

/// `formwork completions bash|zsh|fish`: prints a completion script for the shell, generated from
/// the same descriptions `--help` prints (`CommandDescription`).
struct CompletionsCommand: CLICommand {
    static let name = "completions"
    static let abstract = "Print a shell completion script for bash, zsh or fish."
    static let help = """
        USAGE: formwork completions bash|zsh|fish

        Prints a script that completes formwork's commands, their options and the values the
        options take (files, folders, text|json), from the same descriptions --help prints.

        EXAMPLE:
          formwork completions bash > ~/.local/share/bash-completion/completions/formwork
          formwork completions zsh > "${fpath[1]}/_formwork"
          formwork completions fish > ~/.config/fish/completions/formwork.fish
        """

    let shell: CompletionScript.Shell

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        let positionals = arguments.positionals()
        guard positionals.count == 1, let name = positionals.first else {
            throw UsageError("name the shell: bash, zsh or fish")
        }
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            let hint = Suggestions.nearest(to: name, in: CompletionScript.Shell.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("no completions for the shell '\(name)'\(hint) (bash, zsh and fish have them)")
        }
        self.shell = shell
    }

    func run() async -> Int32 {
        let descriptions = commands.map { CommandDescription(name: $0.name, abstract: $0.abstract, help: $0.help) }
        Console.out(CompletionScript(commands: descriptions).text(for: shell))
        return ExitCode.success
    }
}
