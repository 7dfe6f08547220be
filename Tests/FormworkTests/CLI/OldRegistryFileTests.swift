import Foundation
import Testing
import Formwork

/// A registry file an earlier Formwork wrote (format 1: no behaviour level) is refused by every
/// command that reads one, naming the call that writes it again — never read as best it could
/// be, which ran the built-in `validate` as a stand-in for the app's own.
@Suite("formwork and a registry file from an earlier Formwork")
struct OldRegistryFileTests {
    /// As the engine at 8290e77 wrote it: the app's own `validate`, with an attribute of its own.
    static let old = #"{ "format": 1, "engineVersion": 1, "actions": [ { "id": "validate", "overridesBuiltIn": true, "attributes": [ { "name": "strict", "type": "bool" } ] } ] }"#

    @Test func everyCommandRefusesItWithTheCallThatWritesItAgain() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-old-registry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{ "page": "form", "components": [] }"#.utf8).write(to: folder.appendingPathComponent("form.json"))
        try Data(#"{ "flow": "opens", "page": "form.json", "steps": [] }"#.utf8).write(to: folder.appendingPathComponent("form.flow.json"))
        let file = folder.appendingPathComponent("app.registry.json").path
        try Data(Self.old.utf8).write(to: URL(fileURLWithPath: file))
        let pages = folder.path
        let out = folder.appendingPathComponent("out").path
        let commands: [[String]] = [
            ["check", pages], ["test", pages], ["run", folder.appendingPathComponent("form.json").path], ["pack", pages, "--out", out],
            ["schema", "--out", out], ["preview", pages, "--port", "0"], ["design", pages, "--port", "0"], ["registry"],
        ]
        for command in commands {
            let output = try await CLIRunner.run(command + ["--registry", file])
            #expect(output.status == 1, "\(command): \(output.stdout)")
            #expect(output.stderr.contains("format: the registry file was written by an earlier Formwork (format 1; this one reads format 2"), "\(command): \(output.stderr)")
            #expect(output.stderr.contains("write it again from the app with this Formwork: `try registry.writeDescription(to: URL(fileURLWithPath: \"\(file)\"))`"), "\(command): \(output.stderr)")
        }
    }
}
