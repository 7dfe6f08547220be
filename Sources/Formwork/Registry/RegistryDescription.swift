import Foundation

/// A registry read from its description (`Registry.descriptionValue`, a registry file): what an
/// app has registered, for tools that can't run the app's Swift code.
///
/// Built-in types described exactly as this engine registers them are the built-ins, with their
/// behaviour. Every other type is the app's own (`hostTypes`): it has its described attributes,
/// events and signature, and runs through a `HostStandIn`.
///
/// ```swift
/// let described = try RegistryDescription(bytes: Array(fileData), source: "app.registry.json")
/// described.hostTypes.actions        // ["analytics", "open-map"]
/// let registry = described.registry() // check pages with it; host actions pass $result on
///
/// try RegistryDescription(bytes: Array(#"{"actions": [{"id": 3}]}"#.utf8), source: "app.registry.json")
/// // app.registry.json:1:26: actions[0].id: "id" must be a non-empty string, like "analytics"
/// ```
public struct RegistryDescription: Sendable {
    /// Where it was read from, for messages (`app.registry.json`).
    public let source: String
    /// The description as read.
    public let value: PageValue
    /// The types that aren't built in (or differ from the built-in of the same id).
    public let hostTypes: RegistryIDs
    /// The engine version the app was built with (`engineVersion`), when given.
    public let engineVersion: Int?
    private let checked: Registry

    /// The description of `Registry.standard`: every built-in at behaviour level 1, no host types.
    public static let standard = builtIns(behavior: .v1)

    /// The description of `Registry.standard(behavior:)`: every built-in at `behavior`, no host
    /// types. The CLI reads pages without a registry file at `BehaviorLevel.latest`.
    public static func builtIns(behavior: BehaviorLevel) -> RegistryDescription {
        let registry = Registry.standard(behavior: behavior)
        // NB: the standard registry's own description always reads back; the fallback is unreachable.
        return (try? RegistryDescription(value: registry.descriptionValue, source: "the built-in registry"))
            ?? RegistryDescription(source: "the built-in registry", value: registry.descriptionValue, hostTypes: RegistryIDs(), engineVersion: FormworkEngine.version, checked: registry)
    }

    private init(source: String, value: PageValue, hostTypes: RegistryIDs, engineVersion: Int?, checked: Registry) {
        self.source = source
        self.value = value
        self.hostTypes = hostTypes
        self.engineVersion = engineVersion
        self.checked = checked
    }

    /// Reads a registry file's bytes; errors name `source`, the line, the column and the JSON path.
    public init(bytes: [UInt8], source: String) throws(RegistryDescriptionError) {
        let document: JSONReader.Document
        do {
            document = try JSONReader.parseDocument(bytes: bytes)
        } catch {
            throw RegistryDescriptionError(source: source, line: error.line, column: error.column, path: error.path, message: "the registry file is not valid JSON: \(error.message)")
        }
        do {
            try self.init(value: document.value, source: source)
        } catch {
            var path = error.path
            var location = document.location(of: path)
            while location == nil, let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) {
                path = String(path[..<cut])
                location = document.location(of: path)
            }
            throw RegistryDescriptionError(source: source, line: location?.line, column: location?.column, path: error.path, message: error.message)
        }
    }

    /// Reads a parsed description.
    public init(value: PageValue, source: String) throws(RegistryDescriptionError) {
        do {
            let decoded = try RegistryDecoder(standIn: UnavailableHost()).decode(value, source: source)
            self.init(source: source, value: value, hostTypes: decoded.hostTypes, engineVersion: decoded.engineVersion, checked: decoded.registry)
        } catch {
            throw RegistryDescriptionError(source: source, path: error.path, message: error.message)
        }
    }

    /// The registry: built-ins with their behaviour, host types running through `standIn`.
    /// Unknown-id messages name `source`.
    public func registry(standIn: any HostStandIn = UnavailableHost()) -> Registry {
        var registry = standIn is UnavailableHost ? checked : ((try? RegistryDecoder(standIn: standIn).decode(value, source: source))?.registry ?? checked)
        registry.unknownAdvice = "the app's registry \(source) doesn't have it either: check the id"
        return registry
    }
}
