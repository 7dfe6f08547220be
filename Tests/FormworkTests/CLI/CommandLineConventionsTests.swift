import Foundation
import Testing
import Formwork

/// The conventions a person expects of any command-line tool: `--` ends the options, `--version`,
/// `help COMMAND`, any readable file where a file is read, and shell completions that offer what
/// `--help` describes.
@Suite("formwork follows command-line conventions")
struct CommandLineConventionsTests {
    static let commands = ["eval", "run", "test", "preview", "check", "render", "bench", "pack", "sync", "registry", "schema", "completions"]

    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-conventions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    // MARK: - `--` ends the options

    @Test func anExpressionStartingWithADashFollowsDoubleDash() async throws {
        let negative = try await CLIRunner.run(["eval", "--", "-5"])
        #expect(negative.status == 0)
        #expect(negative.stdout == "-5\n")
        let doubled = try await CLIRunner.run(["eval", "--", "--5"])
        #expect(doubled.stderr == "")
        #expect(doubled.stdout == "5\n")
        let withData = try await CLIRunner.run(["eval", "--data", #"{"a": 2}"#, "--", "-$data.a"])
        #expect(withData.stdout == "-2\n")
    }

    @Test func afterDoubleDashNothingIsAnOption() async throws {
        let late = try await CLIRunner.run(["eval", "--", "1", "--deps"])
        #expect(late.status == 64)
        #expect(late.stderr.hasPrefix("error: give exactly one expression"))
        let stray = try await CLIRunner.run(["eval", "--dep", "1"])
        #expect(stray.status == 64)
        #expect(stray.stderr.hasPrefix("error: unknown option '--dep'; to give text that starts with a dash, put it after '--'\n"))
    }

    /// `COMMAND -- --help` takes `--help` as an argument, for every command: it never prints the help.
    @Test(arguments: commands)
    func helpAfterDoubleDashIsAnArgument(command: String) async throws {
        let output = try await CLIRunner.run([command, "--", "--help"])
        #expect(output.status != 0)
        #expect(!output.stdout.hasPrefix("USAGE:"))
        #expect((output.stdout + output.stderr).contains("--help"), "\(output.stderr)")
    }

    @Test func aFileNamedLikeAnOptionIsCheckedAfterDoubleDash() async throws {
        let folder = try Self.folder(["--odd.json": #"{"page": "odd", "components": [{"id": "label", "attributes": {"text": "Hi"}}]}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLIRunner.run(["check", "--", "--odd.json"], in: folder)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout == "checked 1 page: 0 errors, 0 warnings\n")
    }

    // MARK: - --version and help COMMAND

    @Test func versionPrintsThePackageAndEngineVersions() async throws {
        let output = try await CLIRunner.run(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout == "formwork \(FormworkEngine.packageVersion) (engine version \(FormworkEngine.version))\n")
        #expect(output.stdout.hasPrefix("formwork 0."))
        #expect(output.stderr == "")
    }

    @Test(arguments: commands)
    func helpCommandPrintsWhatDashDashHelpPrints(command: String) async throws {
        let help = try await CLIRunner.run(["help", command])
        let flag = try await CLIRunner.run([command, "--help"])
        let short = try await CLIRunner.run([command, "-h"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("USAGE: formwork \(command)"))
        #expect(help.stdout == flag.stdout)
        #expect(short.stdout == flag.stdout)
    }

    @Test func helpForAnUnknownCommandSuggestsOne() async throws {
        let output = try await CLIRunner.run(["help", "evl"])
        #expect(output.status == 64)
        #expect(output.stdout == "")
        #expect(output.stderr == "error: unknown command 'evl'. Did you mean 'eval'?\nRun 'formwork --help' to see the commands.\n")
        let overview = try await CLIRunner.run(["help"])
        #expect(overview.status == 0)
        #expect(overview.stdout.contains("formwork help <command>"))
        #expect(overview.stdout.contains("completions"))
        let unknown = try await CLIRunner.run(["--verison"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("error: unknown option '--verison'."))
    }

    // MARK: - Any readable file

    @Test func aScriptMayBeDevNullOrStandardInput() async throws {
        let empty = try await CLIRunner.run(["run", "pages/dish-edit.json", "--script", "/dev/null"], in: FlowFixtures.packageRoot)
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.contains("New dish"))
        let piped = try await CLIRunner.run(["run", "pages/dish-edit.json", "--script", "/dev/stdin"], in: FlowFixtures.packageRoot,
                                            input: "set name Tofu\ndata\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains(#""name":"Tofu""#), "\(piped.stdout)")
    }

    @Test func aPageMayComeFromStandardInput() async throws {
        let page = #"{"page": "piped", "components": [{"id": "label", "key": "hi", "attributes": {"text": "Hello from a pipe"}}]}"#
        let render = try await CLIRunner.run(["render", "/dev/stdin"], input: page)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.contains("Hello from a pipe"))
        let check = try await CLIRunner.run(["check", "/dev/stdin"], input: page)
        #expect(check.stdout == "checked 1 page: 0 errors, 0 warnings\n")
        let empty = try await CLIRunner.run(["check", "/dev/null"])
        #expect(empty.status == 1)
        #expect(empty.stdout.hasPrefix("/dev/null: error: the file is not valid JSON: the document is empty"), "\(empty.stdout)")
    }

    /// A named pipe (FIFO) is read like a file: a shell writes the page into it while formwork reads.
    @Test func aPageMayComeFromANamedPipe() async throws {
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("page.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let page = #"{"page": "fifo", "components": [{"id": "label", "attributes": {"text": "Through a FIFO"}}]}"#
        try Data(page.utf8).write(to: folder.appendingPathComponent("page.txt"))
        // The writer blocks until formwork opens the FIFO; its output goes nowhere, so it can't hold our pipes open.
        let output = try await CLIRunner.run(["/bin/sh", "-c", #"cat page.txt > page.fifo 2>/dev/null </dev/null & exec "$0" render page.fifo"#], in: folder, shell: true)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Through a FIFO"))
    }

    @Test func aFolderWhereAFileIsAskedForIsNamed() async throws {
        let output = try await CLIRunner.run(["run", "pages/dish-edit.json", "--script", "pages"], in: FlowFixtures.packageRoot)
        #expect(output.status == 1)
        #expect(output.stderr == "error: can't read the script 'pages': it is a folder, not a file\n")
        let missing = try await CLIRunner.run(["run", "pages/dish-edit.json", "--script", "no-such-script"], in: FlowFixtures.packageRoot)
        #expect(missing.stderr == "error: can't read the script 'no-such-script'; check the path\n")
    }

    // MARK: - Shell completions

    /// Runs the bash completion function for `line` (the cursor at its end) and returns its replies.
    static func bashCompletions(_ line: String) async throws -> [String] {
        let script = try await CLIRunner.run(["completions", "bash"])
        #expect(script.status == 0)
        let folder = try Self.folder(["formwork.bash": script.stdout])
        defer { try? FileManager.default.removeItem(at: folder) }
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }.joined(separator: " ")
        let driver = """
            source formwork.bash
            COMP_WORDS=(\(words)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _formwork
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let output = try await CLIRunner.run(["/bin/bash", "-c", driver], in: folder, shell: true)
        #expect(output.stderr == "")
        return output.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndTheirValues() async throws {
        #expect(try await Self.bashCompletions("formwork ev") == ["eval"])
        #expect(try await Self.bashCompletions("formwork --v") == ["--version"])
        #expect(try await Self.bashCompletions("formwork help sy") == ["sync"])
        #expect(try await Self.bashCompletions("formwork eval --d") == ["--data", "--deps"])
        #expect(try await Self.bashCompletions("formwork test --format ") == ["text", "json"])
        #expect(try await Self.bashCompletions("formwork bench e") == ["expressions", "edits"])
        #expect(try await Self.bashCompletions("formwork completions f") == ["fish"])
        #expect(try await Self.bashCompletions("formwork eval -- --d") == [])
    }

    /// Every option a command's usage line shows is offered by all three scripts, with the
    /// summary its --help gives it, and nothing else is: they are written from the same text.
    @Test(arguments: commands)
    func completionsOfferTheOptionsHelpDescribes(command: String) async throws {
        let help = try await CLIRunner.run([command, "--help"]).stdout
        let usage = help.prefix { $0 != "\n" } + help.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("        ") }.joined()
        let shown = Set(usage.split(separator: " ").compactMap { token -> String? in
            let bare = token.drop { $0 == "[" }
            guard bare.hasPrefix("--") else { return nil }
            return String(bare.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" })
        })
        let bash = try await CLIRunner.run(["completions", "bash"]).stdout
        let zsh = try await CLIRunner.run(["completions", "zsh"]).stdout
        let fish = try await CLIRunner.run(["completions", "fish"]).stdout
        let bashLine = try #require(bash.split(separator: "\n").drop { $0 != "        \(command))" }.first { $0.contains("compgen -W \"--") })
        let offered = Set(bashLine.split(separator: "\"")[3].split(separator: " ").map { String($0.dropFirst(2)) }).subtracting(["help"])
        #expect(offered == shown, "bash offers \(offered.sorted()), the usage shows \(shown.sorted())")
        let zshLine = try #require(zsh.split(separator: "\n").first { $0.hasPrefix("        \(command)) _arguments") })
        let fishLines = fish.split(separator: "\n").filter { $0.contains("__fish_seen_subcommand_from \(command)'") }
        for option in shown {
            #expect(zshLine.contains("'--\(option)["), "zsh lacks --\(option) for \(command)")
            #expect(fishLines.contains { $0.contains(" -l \(option) ") }, "fish lacks --\(option) for \(command)")
        }
    }

    @Test func completionsForAnUnknownShellSuggestOne() async throws {
        let output = try await CLIRunner.run(["completions", "zhs"])
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("error: no completions for the shell 'zhs'; did you mean 'zsh'? (bash, zsh and fish have them)\n"))
    }

    @Test func theBashScriptIsValidBash() async throws {
        let script = try await CLIRunner.run(["completions", "bash"]).stdout
        let folder = try Self.folder(["formwork.bash": script])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await CLIRunner.run(["/bin/bash", "-n", "formwork.bash"], in: folder, shell: true)
        #expect(output.status == 0, "\(output.stderr)")
    }
}
