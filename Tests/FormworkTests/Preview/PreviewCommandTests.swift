import Foundation
import Formwork
import Testing

/// `formwork preview` as a command: its help, its mistakes, and stopping on Ctrl-C.
@Suite("formwork preview: the command")
struct PreviewCommandTests {
    @Test func helpExplainsIt() throws {
        let help = try CLIRunner.run(["preview", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("USAGE: formwork preview [DIR] [--port N] [--api-stub FILE] [--api-base URL] [--global FILE] [--registry FILE]\n"))
        #expect(help.stdout.contains("Ctrl-C stops the preview."))
        let overview = try CLIRunner.run(["--help"])
        #expect(overview.stdout.contains("  preview   See and use pages in a browser while you write them; saving reloads.\n"))
    }

    @Test(arguments: [
        (["preview", "--port", "http"], 64, "error: --port takes a port number from 0 to 65535 (0 picks a free one), not 'http'"),
        (["preview", "pages", "more-pages"], 64, "error: give one folder of pages to preview"),
        (["preview", "no-such-folder"], 1, "error: 'no-such-folder' is not a folder; give the folder that holds your pages"),
        (["preview", "pages", "--api-stub", "no-such-stubs.json"], 1, "error: can't read the stub file 'no-such-stubs.json'; check the path"),
        (["preview", "pages", "--api-base", "ftp://example.com"], 1, "error: --api-base must be an http(s) URL like https://api.example.com, not 'ftp://example.com'"),
    ])
    func mistakesAreExplained(arguments: [String], status: Int32, message: String) throws {
        let output = try CLIRunner.run(arguments, in: FlowFixtures.packageRoot)
        #expect(output.status == status)
        #expect(output.stderr.hasPrefix(message), "\(output.stderr)")
        #expect(output.stdout == "")
    }

    @Test func aPortInUseIsNamed() throws {
        let first = try PreviewProcess(folder: PreviewProcess.pages)
        let second = try CLIRunner.run(["preview", "pages", "--port", "\(first.port)"], in: FlowFixtures.packageRoot)
        #expect(second.status == 1)
        #expect(second.stderr == "error: port \(first.port) is already in use; pick another with --port N, or --port 0 for any free one\n")
        #expect(try first.interrupt().status == 0)
    }

    @Test func ctrlCStopsCleanlyAndTellsTheOpenViews() throws {
        let preview = try PreviewProcess(folder: PreviewProcess.pages)
        let events = try EventStreamClient(port: preview.port, "/api/preview/login.json/events")
        try events.waitForState("the login page") { $0["page"]?["id"] == "login" }
        #expect(preview.output.first?.hasPrefix("Previewing 5 pages from \(PreviewProcess.pages.path) at http://127.0.0.1:\(preview.port)/") == true)
        let (status, output) = try preview.interrupt()
        #expect(status == 0)
        #expect(output.last == "Stopped the preview.")
        var names: [String] = []
        while let event = try? events.next(timeout: 30) { names.append(event.name) }
        #expect(names.last == "stopped", "the view is told, then the stream ends: \(names)")
    }
}
