import Foundation
import Formwork
import FormworkTesting
import FormworkStudio

/// `formwork schema [page|flow|library] [--registry FILE] [--out DIR]`
struct SchemaCommand: CLICommand {
    static let name = "schema"
    static let abstract = "Print a JSON Schema for pages, flow files or block libraries, knowing every registered type."
    static let help = """
        USAGE: formwork schema [page|flow|library] [--registry FILE] [--pages DIR] [--out DIR]

        Prints a JSON Schema (draft 2020-12) for page documents (default), flow files or block
        library files (their blocks, chains and handler lists described as a page's own). The
        page schema knows every registered id and, per id, its attributes, their types and which
        are required, in both attribute forms; the flow schema knows the stubs the app's own
        actions, functions and validations take. Editors (VS Code and others) use it when a page
        names it: "$schema": "../schema/page.schema.json". With --pages, the blocks of the
        libraries in DIR (and DIR/lib) are in it too, like registered components.

        OPTIONS:
          --out DIR           write all three, as DIR/page.schema.json, DIR/flow.schema.json and
                              DIR/library.schema.json
          --pages DIR         describe the blocks of the libraries kept with these pages
        \(RegistryOption.help)

        EXAMPLE:
          formwork schema --out schema
          wrote schema/page.schema.json (14 components, 14 actions, 6 validations, 5 error handlers)
          wrote schema/flow.schema.json
          wrote schema/library.schema.json
        """

    let which: String?
    let output: String?
    let pages: String?
    let registryOption: RegistryOption

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        registryOption = try RegistryOption(&arguments)
        output = try arguments.option("out")
        pages = try arguments.option("pages")
        let positionals = arguments.positionals()
        guard positionals.count <= 1, positionals.allSatisfy({ $0 == "page" || $0 == "flow" || $0 == "library" }) else {
            throw UsageError("say which schema: page, flow or library (or give --out DIR for all three)")
        }
        guard output == nil || positionals.isEmpty else { throw UsageError("--out writes all three schemas; leave out '\(positionals[0])'") }
        which = positionals.first
    }

    func run() async -> Int32 {
        let loaded: LoadedRegistry
        do {
            // The project file beside the pages names the app's registry; the output folder (often
            // elsewhere, like `schema/`) and the working folder are only looked at after them.
            loaded = try registryOption.load(near: [pages, output, FileManager.default.currentDirectoryPath].compactMap { $0 })
        } catch {
            Console.error("error: " + error.message)
            return ExitCode.failure
        }
        var libraries = BlockCatalog.empty
        if let pages {
            let (catalog, problems) = BlockCatalog.load(folder: URL(fileURLWithPath: pages), limits: CLILimits.standard)
            if let problem = problems.first(where: { $0.severity == .error }) {
                Console.error("error: a library in '\(pages)' can't be read: " + PageOptions.located(problem))
                return ExitCode.failure
            }
            libraries = catalog
        }
        let page = PageSchema.make(for: loaded.registry, libraries: libraries).prettyJSONText + "\n"
        let flow = FlowSchema.make(hostTypes: loaded.description.hostTypes).prettyJSONText + "\n"
        let library = LibrarySchema.make(for: loaded.registry).prettyJSONText + "\n"
        guard let output else {
            Console.out(String((which == "flow" ? flow : which == "library" ? library : page).dropLast()))
            return ExitCode.success
        }
        let folder = URL(fileURLWithPath: output)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try AtomicFile.write(Data(page.utf8), to: folder.appendingPathComponent("page.schema.json"))
            try AtomicFile.write(Data(flow.utf8), to: folder.appendingPathComponent("flow.schema.json"))
            try AtomicFile.write(Data(library.utf8), to: folder.appendingPathComponent("library.schema.json"))
        } catch {
            Console.error("error: can't write the schemas to '\(output)': \(error)")
            return ExitCode.failure
        }
        let r = loaded.registry
        Console.out("wrote \((output as NSString).appendingPathComponent("page.schema.json")) (\(r.components.ids.count) components, \(r.actions.ids.count) actions, \(r.validations.ids.count) validations, \(r.errorHandlers.ids.count) error handlers)" + (loaded.file.map { " from \($0)" } ?? ""))
        Console.out("wrote \((output as NSString).appendingPathComponent("flow.schema.json"))")
        Console.out("wrote \((output as NSString).appendingPathComponent("library.schema.json"))")
        return ExitCode.success
    }
}
