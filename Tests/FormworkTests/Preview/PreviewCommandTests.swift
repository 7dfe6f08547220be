import Foundation
import Formwork
import Testing

/// `formwork preview` as a command: its help, its mistakes, and stopping on Ctrl-C.
@Suite("formwork preview: the command")
struct PreviewCommandTests {
    @Test func helpExplainsIt() async throws {
        let help = try await offThread { try CLIRunner.run(["preview", "--help"]) }
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("USAGE: formwork preview [DIR] [--port N] [--api-stub FILE] [--api-base URL] [--global FILE] [--locale TAG] [--registry FILE]\n"))
        #expect(help.stdout.contains("Ctrl-C stops the preview."))
        let overview = try await offThread { try CLIRunner.run(["--help"]) }
        #expect(overview.stdout.contains("  preview      See and use pages in a browser while you write them; saving reloads.\n"))
    }

    @Test(arguments: [
        (["preview", "--port", "http"], 64, "error: --port takes a port number from 0 to 65535 (0 picks a free one), not 'http'"),
        (["preview", "pages", "more-pages"], 64, "error: give one folder of pages to preview"),
        (["preview", "no-such-folder"], 1, "error: 'no-such-folder' is not a folder; give the folder that holds your pages"),
        (["preview", "pages", "--api-stub", "no-such-stubs.json"], 1, "error: can't read the stub file 'no-such-stubs.json'; check the path"),
        (["preview", "pages", "--registry", "no-such.registry.json"], 1, "error: can't read the registry file 'no-such.registry.json'; check the path"),
        (["preview", "pages", "--api-base", "ftp://example.com"], 1, "error: --api-base must be an http(s) URL like https://api.example.com, not 'ftp://example.com'"),
    ])
    func mistakesAreExplained(arguments: [String], status: Int32, message: String) async throws {
        let output = try await offThread { try CLIRunner.run(arguments, in: FlowFixtures.packageRoot) }
        #expect(output.status == status)
        #expect(output.stderr.hasPrefix(message), "\(output.stderr)")
        #expect(output.stdout == "")
    }

    @Test func aPortInUseIsNamed() async throws {
        let first = try await PreviewProcess.start(PreviewProcess.pages)
        let port = first.port
        let second = try await offThread { try CLIRunner.run(["preview", "pages", "--port", "\(port)"], in: FlowFixtures.packageRoot) }
        #expect(second.status == 1)
        #expect(second.stderr == "error: port \(first.port) is already in use; pick another with --port N, or --port 0 for any free one\n")
        #expect(try await first.interrupt().status == 0)
    }

    @Test func ctrlCStopsCleanlyAndTellsTheOpenViews() async throws {
        let preview = try await PreviewProcess.start(PreviewProcess.pages)
        let events = try await EventStreamClient.open(port: preview.port, "/api/preview/login.json/events")
        try await events.waitForState("the login page") { $0["page"]?["id"] == "login" }
        #expect(preview.output.first?.hasPrefix("Previewing 10 pages from \(PreviewProcess.pages.path) at http://127.0.0.1:\(preview.port)/") == true)
        let (status, output) = try await preview.interrupt()
        #expect(status == 0)
        #expect(output.last == "Stopped the preview.")
        var names: [String] = []
        while let event = try? await events.next(timeout: 30) { names.append(event.name) }
        #expect(names.last == "stopped", "the view is told, then the stream ends: \(names)")
    }
}
