import Foundation
import Formwork

/// Every subcommand, in the order `formwork --help` lists them.
let commands: [any CLICommand.Type] = [
    EvalCommand.self,
    RunCommand.self, TestCommand.self, PreviewCommand.self,
    CheckCommand.self,
    RenderCommand.self,
    BenchCommand.self,
    PackCommand.self, SyncCommand.self,
    RegistryCommand.self, SchemaCommand.self,
]

@MainActor func printOverview() {
    var text = "formwork — run, check, test and publish Formwork pages\n\nUSAGE: formwork <command> [options]\n\nCOMMANDS:\n"
    for command in commands {
        text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.abstract + "\n"
    }
    text += "\nSee 'formwork <command> --help' for a command's options."
    Console.out(text)
}

@MainActor func runCLI(_ arguments: [String]) async -> Int32 {
    guard let name = arguments.first else {
        printOverview()
        return ExitCode.usage
    }
    if name == "--help" || name == "-h" || name == "help" {
        printOverview()
        return ExitCode.success
    }
    guard let command = commands.first(where: { $0.name == name }) else {
        let suggestion = Suggestions.nearest(to: name, in: commands.map { $0.name }).map { " Did you mean '\($0)'?" } ?? ""
        Console.error("error: unknown command '\(name)'.\(suggestion)\nRun 'formwork --help' to see the commands.")
        return ExitCode.usage
    }
    var scanner = ArgumentScanner(Array(arguments.dropFirst()))
    if scanner.flag("help") || scanner.flag("h") {
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
