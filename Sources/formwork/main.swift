import Foundation
import Formwork

/// Every subcommand, in the order `formwork --help` lists them.
let commands: [any CLICommand.Type] = [
    EvalCommand.self,
    RunCommand.self, TestCommand.self, PreviewCommand.self, DesignCommand.self,
    CheckCommand.self, StringsCommand.self,
    RenderCommand.self,
    BenchCommand.self,
    PackCommand.self, SyncCommand.self,
    RegistryCommand.self, SchemaCommand.self,
    CompletionsCommand.self,
]

/// What `formwork --version` prints: the package's version, and the engine version (the highest
/// `minEngineVersion` this build runs).
let versionText = "formwork \(FormworkEngine.packageVersion) (engine version \(FormworkEngine.version))"

@MainActor func printOverview() {
    var text = "formwork — run, check, test and publish Formwork pages\n\nUSAGE: formwork <command> [options]\n\nCOMMANDS:\n"
    for command in commands {
        text += "  " + command.name.padding(toLength: 13, withPad: " ", startingAt: 0) + command.abstract + "\n"
    }
    text += "\nSee 'formwork help <command>' (or 'formwork <command> --help') for a command's options;"
    text += "\n'formwork --version' for the version. Put '--' before arguments that start with a dash."
    Console.out(text)
}

/// The command called `name`, or nil after printing what's wrong (with a near match).
@MainActor func findCommand(named name: String) -> (any CLICommand.Type)? {
    if let command = commands.first(where: { $0.name == name }) { return command }
    let suggestion = Suggestions.nearest(to: name, in: commands.map { $0.name }).map { " Did you mean '\($0)'?" } ?? ""
    let what = name.hasPrefix("-") ? "option" : "command"
    Console.error("error: unknown \(what) '\(name)'.\(suggestion)\nRun 'formwork --help' to see the commands.")
    return nil
}

@MainActor func runCLI(_ arguments: [String]) async -> Int32 {
    guard let name = arguments.first else {
        printOverview()
        return ExitCode.usage
    }
    if name == "--help" || name == "-h" {
        printOverview()
        return ExitCode.success
    }
    if name == "--version" {
        Console.out(versionText)
        return ExitCode.success
    }
    if name == "help" {
        // `formwork help COMMAND` is `formwork COMMAND --help`.
        let rest = arguments.dropFirst().filter { $0 != "--" }
        guard let topic = rest.first else {
            printOverview()
            return ExitCode.success
        }
        guard rest.count == 1 else {
            Console.error("error: name one command: formwork help COMMAND\nRun 'formwork --help' to see the commands.")
            return ExitCode.usage
        }
        guard let command = findCommand(named: topic) else { return ExitCode.usage }
        Console.out(command.help)
        return ExitCode.success
    }
    guard let command = findCommand(named: name) else { return ExitCode.usage }
    var scanner = ArgumentScanner(Array(arguments.dropFirst()))
    if scanner.flag("help") || scanner.shortFlag("-h") {
        Console.out(command.help)
        return ExitCode.success
    }
    do {
        let instance = try command.init(&scanner)
        try scanner.finish()
        return await instance.run()
    } catch {
        let usage = command.help.split(separator: "\n").first.map(String.init) ?? ""
        Console.error("error: \(error.message)\n\(usage)\nRun 'formwork \(command.name) --help' for the options.")
        return ExitCode.usage
    }
}

let status = await runCLI(Array(CommandLine.arguments.dropFirst()))
exit(status)
