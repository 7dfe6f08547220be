import Foundation
import Testing

/// The example app's pages through the CLI with its registry file (named by examples/app/formwork.json
/// or given with --registry), and without it.
@Suite("formwork with an app's registry")
struct RegistryCommandTests {
    static let app = "examples/app"
    static let registryFile = "examples/app/app.registry.json"

    static func copyOfPages() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-app-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ExampleApp.pagesFolder, to: folder)
        return folder
    }

    @Test func checkAndTestFindTheRegistryThroughTheProjectFile() async throws {
        let check = try await CLIRunner.run(["check", "\(Self.app)/pages"], in: FlowFixtures.packageRoot)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout == "checked 1 page and 1 library: 0 errors, 0 warnings\n")

        let test = try await CLIRunner.run(["test", "\(Self.app)/pages", "--min-coverage", "90"], in: FlowFixtures.packageRoot)
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.hasSuffix("2 passed, 0 failed\n"))
    }

    @Test func withoutTheRegistryCheckFailsSayingHowToGiveIt() async throws {
        let pages = try Self.copyOfPages()
        defer { try? FileManager.default.removeItem(at: pages) }

        let output = try await CLIRunner.run(["check", pages.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("error: unknown action 'analytics'; if the app registers it, give the app's registry file with --registry FILE, or name it in a formwork.json beside the pages ({\"registry\": \"app.registry.json\"}), or use one of: "))
        #expect(output.stdout.contains("error: unknown function 'currency'; if the app registers it"))
        #expect(!output.stdout.contains("register it with the engine's registry"))

        let given = try await CLIRunner.run(["check", pages.path, "--registry", ExampleApp.registryFile.path])
        #expect(given.status == 0, "\(given.stdout)")
    }

    @Test func packRecordsWhatEachPageNeedsAndSchemaKnowsTheAppsTypes() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-pack-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let pack = try await CLIRunner.run(["pack", "\(Self.app)/pages", "--out", out.path, "--registry", Self.registryFile], in: FlowFixtures.packageRoot)
        #expect(pack.status == 0, "\(pack.stderr)")
        #expect(pack.stdout.contains("packed library app-kit v1 (engine ≥ 2, "))
        #expect(pack.stdout.contains("packed order-form v4 (engine ≥ 2, "))
        #expect(pack.stdout.contains("needs action 'analytics', action 'open-map', validation 'iban', error handler 'auth-redirect' and function 'currency', library app-kit ≥ 1)"))
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any]
        let page = (manifest?["pages"] as? [[String: Any]])?.first
        #expect((page?["requires"] as? [String: [String]])?["actions"] == ["analytics", "open-map"])

        let schema = try await CLIRunner.run(["schema", "--registry", Self.registryFile], in: FlowFixtures.packageRoot)
        #expect(schema.status == 0)
        #expect(schema.stdout.contains(#""const": "rating""#))
        let standard = try await CLIRunner.run(["schema", "flow"], in: FlowFixtures.packageRoot)
        #expect(!standard.stdout.contains("action analytics"))
    }

    @Test func schemaOutFindsTheProjectFileBesideThePagesNotAboveTheOutputFolder() async throws {
        // The output folder is far from the pages (a temporary folder, with no formwork.json above
        // it); the project file beside the pages names the app's registry.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let schema = try await CLIRunner.run(["schema", "--pages", "\(Self.app)/pages", "--out", out.path], in: FlowFixtures.packageRoot)
        #expect(schema.status == 0, "\(schema.stderr)")
        #expect(schema.stdout.contains("from \(Self.registryFile)"), "\(schema.stdout)")
        let flow = try String(contentsOf: out.appendingPathComponent("flow.schema.json"), encoding: .utf8)
        #expect(flow.contains("action analytics"))
        let page = try String(contentsOf: out.appendingPathComponent("page.schema.json"), encoding: .utf8)
        #expect(page.contains(#""const": "rating""#))
    }

    @Test func registryPrintsTheBuiltInsOrTheAppsHostTypes() async throws {
        let standard = try await CLIRunner.run(["registry"])
        #expect(standard.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(standard.stdout.utf8)) as? [String: Any]
        #expect((parsed?["components"] as? [Any])?.count == 20, "the latest level's: 14 of level 1, and the 5 choice inputs and the file input of level 2")
        #expect((parsed?["functions"] as? [[String: Any]])?.contains { $0["name"] as? String == "substr" } == true)

        let host = try await CLIRunner.run(["registry", "--registry", Self.registryFile, "--host-types"], in: FlowFixtures.packageRoot)
        #expect(host.stdout.contains(#""open-map""#))

        let broken = try await CLIRunner.run(["check", "x.json", "--registry", "Package.swift"], in: FlowFixtures.packageRoot)
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("error: the registry file can't be read:\nPackage.swift:1:1: the registry file is not valid JSON"))
    }

    @Test func renderDrawsTheAppsComponentAndRunTakesHostStubs() async throws {
        let stubs = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-stubs-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: stubs) }
        try Data(#"{"GET /api/basket": {"body": {"items": [], "total": 3, "currency": "EUR", "shop": "Main St"}}, "function currency": {"result": "€3.00"}}"#.utf8).write(to: stubs)
        let run = try await CLIRunner.run(["run", "\(Self.app)/pages/order-form.json", "--api-stub", stubs.path], in: FlowFixtures.packageRoot, input: "set stars.rating 4\ndata\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("How was ordering? [stars.rating]: 0"), "\(run.stdout)")
        #expect(run.stdout.contains(#""stars":4"#))
        #expect(run.stdout.contains("action: analytics"))
        #expect(run.stdout.contains("Total €3.00"))
    }
}
