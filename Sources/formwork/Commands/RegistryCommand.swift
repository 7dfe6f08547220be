import Foundation
import Formwork
import FormworkStudio

/// `formwork registry [--registry FILE]`
struct RegistryCommand: CLICommand {
    static let name = "registry"
    static let abstract = "Print the registry (every component, action, validation, handler, function) as JSON."
    static let help = """
        USAGE: formwork registry [--registry FILE] [--pages DIR] [--host-types]

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
          --pages DIR         add the blocks of the libraries kept with these pages (in DIR and
                              DIR/lib) under "blocks", described like components, for editors
          --host-types        print only the ids that aren't built in, by kind

        EXAMPLE:
          formwork registry --registry examples/app/app.registry.json --host-types
        """

    let option: RegistryOption
    let hostTypesOnly: Bool
    let pages: String?

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        option = try RegistryOption(&arguments)
        pages = try arguments.option("pages")
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
        if hostTypesOnly {
            Console.out(loaded.description.hostTypes.value.prettyJSONText)
            return ExitCode.success
        }
        guard let pages else {
            Console.out(loaded.registry.descriptionText.dropLast().description)
            return ExitCode.success
        }
        let (catalog, problems) = BlockCatalog.load(folder: URL(fileURLWithPath: pages), limits: CLILimits.standard)
        if let problem = problems.first(where: { $0.severity == .error }) {
            Console.error("error: a library in '\(pages)' can't be read: " + PageOptions.located(problem))
            return ExitCode.failure
        }
        guard case .object(var object) = (try? PageValue(json: loaded.registry.descriptionText)) ?? .null else { return ExitCode.failure }
        object["blocks"] = catalog.descriptionValue
        Console.out(PageValue.object(object).prettyJSONText)
        return ExitCode.success
    }
}
