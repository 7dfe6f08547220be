import Foundation
import Testing

/// No public initializer or function defaults which of an app's types, functions or block
/// libraries apply (issue 28): a parameter of type `Registry`, `FunctionLibrary` or `BlockCatalog`
/// has no default argument, unless its declaration is deprecated. Budgets (`PageLimits`) may keep
/// theirs: they bound work, they don't pick the app's types.
@Suite("No default that leaves the app out")
struct AppDefaultsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The types whose value decides which of the app's types, functions or libraries apply.
    static let appTypes = ["Registry", "FunctionLibrary", "BlockCatalog"]

    /// Declarations allowed a default, and why. `Registry(functions:)` starts a registry the app
    /// then registers into: it leaves nothing of the app's out.
    static let allowed: Set<String> = ["Registry.swift: public init(functions: FunctionLibrary = .standard)"]

    /// Each public, non-deprecated declaration in `source` with a parameter of one of `appTypes`
    /// that has a default argument, as `FILE: SIGNATURE`.
    static func offending(in source: String, file: String) throws -> [String] {
        let lines = source.components(separatedBy: "\n")
        var found: [String] = []
        let declaration = /^\s*(@[A-Za-z]+\s+)*public\s+(convenience\s+|static\s+|nonisolated\s+|mutating\s+)*(func\s+\w+|init\??)/
        let defaulted = try Regex("\\w+(\\s+\\w+)?\\s*:\\s*(" + appTypes.joined(separator: "|") + ")\\??\\s*=")
        for (index, line) in lines.enumerated() where line.firstMatch(of: declaration) != nil {
            // The parameter list may run over several lines: up to the `(`'s match.
            var text = ""
            var depth = 0
            var opened = false
            scan: for next in lines[index...] {
                for character in next {
                    text.append(character)
                    if character == "(" { depth += 1; opened = true }
                    if character == ")" { depth -= 1 }
                    if opened && depth == 0 { break scan }
                }
                text.append(" ")
            }
            guard text.firstMatch(of: defaulted) != nil else { continue }
            // Attributes directly above: a deprecated declaration is an old spelling kept on purpose.
            let attributes = lines[..<index].reversed().prefix { $0.trimmingCharacters(in: .whitespaces).hasPrefix("@") }
            if attributes.contains(where: { $0.contains("deprecated") }) || line.contains("deprecated") { continue }
            let signature = text.trimmingCharacters(in: .whitespaces).replacing(/\s+/, with: " ")
            found.append("\(file): \(signature)")
        }
        return found
    }

    @Test(arguments: ["Formwork", "FormworkTesting", "FormworkDesign"])
    func noPublicDeclarationDefaultsTheAppsTypes(module: String) throws {
        let folder = Self.root.appendingPathComponent("Sources").appendingPathComponent(module)
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 3)
        var found: [String] = []
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            found += try Self.offending(in: source, file: (file as NSString).lastPathComponent)
        }
        #expect(found.filter { !Self.allowed.contains($0) } == [], "require these or deprecate them (with a replacement that takes them from the engine)")
    }

    @Test func theAPIBaselineHasNoDefaultForTheAppsTypes() throws {
        for module in ["Formwork", "FormworkTesting"] {
            let baseline = try String(contentsOf: Self.root.appendingPathComponent("api/\(module).api.txt"), encoding: .utf8)
            let found = baseline.components(separatedBy: "\n").filter { line in
                Self.appTypes.contains { line.contains("Formwork.\($0) = default") || line.contains("Formwork.\($0)? = default") }
                    && !line.hasSuffix("deprecated]") && !line.hasPrefix("constructor Registry.init(functions:)")
            }
            #expect(found == [], "\(module): run .ci/api-check --update after requiring these")
        }
    }

    /// The scan finds a default put back, and leaves deprecated spellings and budgets alone.
    @Test func theScanFindsADefaultPutBack() throws {
        let source = """
            /// Checks.
            public init(files: [(name: String, bytes: [UInt8])], registry: Registry = .standard,
                        libraries: BlockCatalog = .empty, limits: PageLimits = .standard) {
            }
            public static func decode(_ bytes: [UInt8], registry: Registry, libraries: BlockCatalog, limits: PageLimits = .standard) -> Int { 1 }
            @available(*, deprecated, message: "use engine.load(_:file:)")
            public static func load(_ bytes: [UInt8], registry: Registry = .standard) -> Int { 1 }
            public init(_ source: String, functions: FunctionLibrary = .standard) {}
            """
        #expect(try Self.offending(in: source, file: "X.swift") == [
            "X.swift: public init(files: [(name: String, bytes: [UInt8])], registry: Registry = .standard, libraries: BlockCatalog = .empty, limits: PageLimits = .standard)",
            "X.swift: public init(_ source: String, functions: FunctionLibrary = .standard)",
        ])
    }
}
