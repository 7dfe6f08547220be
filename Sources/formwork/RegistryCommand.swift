import Foundation
import Formwork

/// `formwork registry [--registry FILE]`
struct RegistryCommand: CLICommand {
    static let name = "registry"
    static let abstract = "Print the registry (every component, action, validation, handler, function) as JSON."
    static let help = """
        USAGE: formwork registry [--registry FILE] [--host-types]

        Prints the built-in registry as JSON: every component (attributes with type, default,
        required, two-way; events; layout; value attribute), action, validation, error handler and
        expression function (parameters, types, result). An app writes its own registry the same
        way, built-ins and its own types together, with one line of Swift:

          try registry.writeDescription(to: URL(fileURLWithPath: "pages/app.registry.json"))

        Name that file with --registry (or in a formwork.json beside the pages) and every command
        knows the app's types. Grammar.md part 5 describes the format.

        OPTIONS:
        \(RegistryOption.help)
                              here: read FILE, check it, and print it as this formwork reads it
          --host-types        print only the ids that aren't built in, by kind

        EXAMPLE:
          formwork registry --registry examples/app/app.registry.json --host-types
        """

    let option: RegistryOption
    let hostTypesOnly: Bool

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        option = try RegistryOption(&arguments)
        hostTypesOnly = arguments.flag("host-types")
        let positionals = arguments.positionals()
        guard positionals.isEmpty else { throw UsageError("registry takes no files; give a registry file with --registry FILE") }
    }

    func run() async -> Int32 {
        let loaded: LoadedRegistry
        do {
            loaded = option.file == nil ? .builtIns : try option.load(near: [])
        } catch {
            Console.error("error: " + error.message)
            return ExitCode.failure
        }
        Console.out(hostTypesOnly ? loaded.description.hostTypes.value.prettyJSONText : loaded.registry.descriptionText.dropLast().description)
        return ExitCode.success
    }
}
