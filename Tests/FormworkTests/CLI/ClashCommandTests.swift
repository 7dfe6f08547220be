import Foundation
import Testing
import Formwork

/// `formwork registry` and `check` show what the app stated about names it shares with the engine,
/// and every command refuses a registry file that leaves one unstated.
@Suite("formwork and the app's stated clashes")
struct ClashCommandTests {
    static let page = """
        { "page": "draft-form", "interactions": { "onSave": [], "cancel": [
          { "id": "discard-draft" },
          { "id": "api", "attributes": { "url": "/x" }, "onError": [ { "id": "undo", "attributes": { "retry": "onSave" } } ] } ] } }
        """

    static func folder(registry text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-clash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(page.utf8).write(to: folder.appendingPathComponent("draft-form.json"))
        try Data(text.utf8).write(to: folder.appendingPathComponent("app.registry.json"))
        try Data(#"{ "flow": "opens", "page": "draft-form.json", "steps": [] }"#.utf8).write(to: folder.appendingPathComponent("draft-form.flow.json"))
        return folder
    }

    static var stated: Registry {
        var registry = Registry.standard
        registry.register(ActionType("discard-draft") { $0.result }, overriding: .builtIn("discard-draft"))
        registry.register(ErrorHandlerType("undo", attributes: [AttributeSpec("retry", .string, role: .interactionName)]) { _ in }, replacing: ["retry"])
        return registry
    }

    @Test func registryAndCheckShowTheChoice() async throws {
        let folder = try Self.folder(registry: Self.stated.descriptionText)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.registry.json").path

        let registry = try await CLIRunner.run(["registry", "--registry", file])
        #expect(registry.status == 0, "\(registry.stderr)")
        #expect(registry.stdout.contains("""
                  "id": "discard-draft",
                  "attributes": [],
                  "overridesBuiltIn": true
            """), "\(registry.stdout)")
        #expect(registry.stdout.contains("""
                  "replacesCommon": [
                    "retry"
                  ]
            """))
        let host = try await CLIRunner.run(["registry", "--registry", file, "--host-types"])
        #expect(host.stdout == """
            {
              "actions": [
                "discard-draft"
              ],
              "errorHandlers": [
                "undo"
              ]
            }

            """)

        let check = try await CLIRunner.run(["check", folder.path, "--registry", file])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let page = folder.appendingPathComponent("draft-form.json").path
        #expect(check.stdout == """
            \(page): interactions.cancel[0].id: warning: 'discard-draft' is the app's own action, not the engine's (the app registered it overriding the built-in action 'discard-draft')
            \(page): interactions.cancel[1].onError[0].attributes.retry: warning: 'undo' replaces the engine's 'retry' (when the handler is done, run the failed action once more; if it succeeds, the chain goes on): here 'retry' is the app's error handler's own, and the engine doesn't do that for it
            checked 1 page: 0 errors, 2 warnings

            """)

        let test = try await CLIRunner.run(["test", folder.path, "--registry", file])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.hasSuffix("""
            note: draft-form: interactions.cancel[0].id: 'discard-draft' is the app's own action, not the engine's (the app registered it overriding the built-in action 'discard-draft')
            note: draft-form: interactions.cancel[1].onError[0].attributes.retry: 'undo' replaces the engine's 'retry' (when the handler is done, run the failed action once more; if it succeeds, the chain goes on): here 'retry' is the app's error handler's own, and the engine doesn't do that for it
            1 passed, 0 failed

            """), "\(test.stdout)")
    }

    @Test func aFileWithAnUnstatedOverrideIsRefusedByEveryCommand() async throws {
        // The app's own discard-draft, nothing said (as the previous engine wrote it, in this format).
        let old = #"{ "format": 2, "engineVersion": 1, "behavior": 1, "actions": [ { "id": "discard-draft", "attributes": [ { "name": "keep", "type": "bool" } ] } ] }"#
        let folder = try Self.folder(registry: old)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.registry.json").path
        for command in [["check", folder.path], ["registry"], ["test", folder.path]] {
            let output = try await CLIRunner.run(command + ["--registry", file])
            #expect(output.status == 1, "\(command): \(output.stdout)")
            #expect(output.stderr.contains("actions[0]: the app's action 'discard-draft' has the id of the engine's built-in action 'discard-draft', and the file doesn't say which one pages mean"), "\(command): \(output.stderr)")
            #expect(output.stderr.contains("write `overriding: .builtIn(\"discard-draft\")` (pages get the app's) or give it another id (pages keep the engine's), then write the file again with Registry.writeDescription(to:)"))
        }
    }
}
