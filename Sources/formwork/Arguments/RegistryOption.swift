import Foundation
import Formwork

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

/// A registry as a command uses it: the description and where it came from.
struct LoadedRegistry {
    /// Said in unknown-id messages when pages are checked against the built-ins only.
    static let advice = "if the app registers it, give the app's registry file with --registry FILE, or name it in a formwork.json beside the pages ({\"registry\": \"app.registry.json\"})"

    static let builtIns: LoadedRegistry = {
        var registry = Registry.standard
        registry.unknownAdvice = advice
        return LoadedRegistry(description: .standard, file: nil, registry: registry)
    }()

    let description: RegistryDescription
    /// The registry file, when one was given.
    let file: String?
    /// For checking: built-ins with their behaviour; host actions pass `$result` on.
    let registry: Registry

    /// Reads a registry file; `via` names the project file that pointed at it.
    static func read(_ file: String, via project: String?) throws(CLIFailure) -> LoadedRegistry {
        let named = project.map { " (named by \($0))" } ?? ""
        let data: [UInt8]
        do {
            data = try ReadableFile.read(file, limit: CLILimits.standard.documentBytes)
        } catch {
            throw CLIFailure(error.isMissing
                ? "can't read the registry file '\(file)'\(named); check the path, or write it from the app with registry.writeDescription(to:)"
                : "can't read the registry file '\(file)'\(named): \(error.reason)")
        }
        do {
            let description = try RegistryDescription(bytes: data, source: file)
            return LoadedRegistry(description: description, file: file, registry: description.registry())
        } catch {
            throw CLIFailure("the registry file can't be read\(named):\n\(error)")
        }
    }
}
