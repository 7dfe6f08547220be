import Formwork

/// A registry as the tools use it: the description and where it came from.
package struct LoadedRegistry {
    /// Said in unknown-id messages when pages are checked against the built-ins only.
    package static let advice = "if the app registers it, give the app's registry file with --registry FILE, or name it in a formwork.json beside the pages ({\"registry\": \"app.registry.json\"})"

    /// Without a registry file: the built-ins at the latest behaviour level (a file states the app's).
    package static let builtIns: LoadedRegistry = {
        var registry = Registry.standard(behavior: .latest)
        registry.unknownAdvice = advice
        return LoadedRegistry(description: .builtIns(behavior: .latest), file: nil, registry: registry)
    }()

    package let description: RegistryDescription
    /// The registry file, when one was given.
    package let file: String?
    /// For checking: built-ins with their behaviour; host actions pass `$result` on.
    package let registry: Registry

    /// Reads a registry file; `via` names the project file that pointed at it.
    package static func read(_ file: String, via project: String?) throws(ToolFailure) -> LoadedRegistry {
        let named = project.map { " (named by \($0))" } ?? ""
        let data: [UInt8]
        do {
            data = try ReadableFile.read(file, limit: PageLimits.standard.documentBytes)
        } catch {
            throw ToolFailure(error.isMissing
                ? "can't read the registry file '\(file)'\(named); check the path, or write it from the app with registry.writeDescription(to:)"
                : "can't read the registry file '\(file)'\(named): \(error.reason)")
        }
        do {
            let description = try RegistryDescription(bytes: data, source: file)
            return LoadedRegistry(description: description, file: file, registry: description.registry())
        } catch {
            throw ToolFailure("the registry file can't be read\(named):\n\(error)")
        }
    }
}
