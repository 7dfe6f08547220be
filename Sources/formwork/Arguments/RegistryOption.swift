import Foundation
import Formwork
import FormworkStudio

/// `--registry FILE`, shared by every command that reads pages: which registry pages are checked
/// and run with. Without the option, the `formwork.json` found by walking up from the pages names
/// it; without either, pages may use only the built-in types.
struct RegistryOption {
    static let help = "  --registry FILE     the app's registry file (Registry.writeDescription), so pages may use its own\n                      types; default: the one a formwork.json beside the pages names, else the built-ins"

    let file: String?

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        file = try arguments.option("registry")
    }

    /// The registry to use for pages at `near`: the option's file, or the nearest project file's.
    func load(near paths: [String]) throws(CLIFailure) -> LoadedRegistry {
        if let file { return try LoadedRegistry.read(file, via: nil) }
        for path in paths {
            guard let project = ProjectFile.find(from: path) else { continue }
            let loaded = try ProjectFile.load(project)
            guard let registry = loaded.registry else { continue }
            return try LoadedRegistry.read(registry, via: ProjectFile.display(project))
        }
        return .builtIns
    }
}
