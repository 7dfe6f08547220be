import Foundation
import Formwork
import PreviewHTTP
import FormworkTesting

/// `formwork preview [DIR] [--port N] [--api-stub FILE] [--api-base URL] [--global FILE] [--locale TAG] [--registry FILE]`
struct PreviewCommand: CLICommand {
    static let name = "preview"
    static let abstract = "See and use pages in a browser while you write them; saving reloads."
    static let help = """
        USAGE: formwork preview [DIR] [--port N] [--api-stub FILE] [--api-base URL] [--global FILE] [--locale TAG] [--registry FILE]

        Serves the pages in DIR (default: the current folder) on this computer only, at
        http://127.0.0.1:PORT/. Open that address in a browser: it lists the pages; open one to
        see it drawn as a real form and use it. The page runs here, in the same engine an app
        uses: typing, taps, pickers, confirmations, alerts and toasts, push and back all work,
        and a side panel shows $data, $global, $param, the requests sent and the trace, live.

        Save the page file and the browser shows the new version within a second, keeping what
        you typed where the page's data still has room for it. A page with errors shows them
        (file:line:column, the JSON path, the message) until the next good save.

        A page's params come from the address: /preview/dish-edit.json?dishId=42 (the list has a
        field for each). Ctrl-C stops the preview.

        OPTIONS:
          --port N            the port to listen on (default 8080; 0 picks a free one)
          --api-stub FILE     canned answers, as `formwork run` takes them:
                              {"POST /api/dishes": {"status": 201, "body": {…}}, "GET /api/x": […]}
                              (re-read when saved; a request no stub answers fails, naming it)
          --api-base URL      send requests no stub answers to this server (its host is allowed)
          --global FILE       $global to start with, from a JSON file (shared by every page)
        \(PageOptions.localeHelp)
        \(RegistryOption.help)
                              The app's own actions and functions answer from the --api-stub file
                              ("action analytics": {"result": …}); its components are drawn plainly.

        EXAMPLE:
          formwork preview pages --api-stub stubs.json
          Previewing 5 pages from pages at http://127.0.0.1:8080/
          Save a page and the browser follows. Ctrl-C stops.
        """

    let folder: String
    let port: UInt16
    let api: APIOptions
    let globalFile: String?
    let languages: [String]
    let registryOption: RegistryOption

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        let portText = try arguments.option("port") ?? "8080"
        guard let port = UInt16(portText) else { throw UsageError("--port takes a port number from 0 to 65535 (0 picks a free one), not '\(portText)'") }
        self.port = port
        api = try APIOptions(&arguments)
        globalFile = try arguments.option("global")
        languages = try PageOptions.languages(&arguments)
        registryOption = try RegistryOption(&arguments)
        let positionals = arguments.positionals()
        guard positionals.count <= 1 else { throw UsageError("give one folder of pages to preview") }
        folder = positionals.first ?? "."
    }

    func run() async -> Int32 {
        let workspace: PreviewWorkspace
        do {
            workspace = try makeWorkspace()
        } catch {
            Console.error("error: \(error.message)")
            return ExitCode.failure
        }
        let limits = CLILimits.standard
        let routes = PreviewRoutes(workspace: workspace, folder: workspace.folder, limits: limits)
        let server: HTTPServer
        do {
            server = try HTTPServer(port: port, limits: limits, handler: routes.respond)
        } catch {
            let advice = error.isAddressInUse ? "port \(port) is already in use; pick another with --port N, or --port 0 for any free one" : "can't listen on 127.0.0.1:\(port): \(error)"
            Console.error("error: \(advice)")
            return ExitCode.failure
        }
        let count = workspace.folder.pageFiles().count
        Console.out("Previewing \(count) page\(count == 1 ? "" : "s") from \(folder) at http://127.0.0.1:\(server.port)/")
        Console.out("Save a page and the browser follows. Ctrl-C stops.")
        workspace.startWatching()
        await PreviewCommand.waitForInterrupt()
        workspace.close()
        // NB: stopping waits for the connection threads, and a thread may be waiting for the main
        // actor to answer its request: wait off the main actor.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                server.stop()
                done.resume()
            }
        }
        Console.out("Stopped the preview.")
        return ExitCode.success
    }

    private func makeWorkspace() throws(CLIFailure) -> PreviewWorkspace {
        let served = try ServedFolder(folder)
        let registry = try registryOption.load(near: [folder])
        let globals = try globalFile.map { file throws(CLIFailure) in try PageOptions.readJSON(file, what: "globals") } ?? .object(PageObject())
        // Fail now, not on the first request, for a stub file or server address that can't work.
        try api.configure(StubTransport())
        let workspace = PreviewWorkspace(folder: served, registry: registry, globals: GlobalStore(globals), api: api, limits: CLILimits.standard) { line in
            Console.out(line)
        }
        workspace.languages = languages
        return workspace
    }

    /// Waits for Ctrl-C (SIGINT) or SIGTERM.
    @MainActor
    private static func waitForInterrupt() async {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let sources = [SIGINT, SIGTERM].map { DispatchSource.makeSignalSource(signal: $0, queue: .main) }
        await withCheckedContinuation { (interrupted: CheckedContinuation<Void, Never>) in
            let once = OnceFlag()
            for source in sources {
                source.setEventHandler { if once.set() { interrupted.resume() } }
                source.resume()
            }
        }
        sources.forEach { $0.cancel() }
    }
}

/// True the first time `set()` is called, from any thread.
private final class OnceFlag: @unchecked Sendable {
    // NB: @unchecked because `done` is only touched while `lock` is held.
    private let lock = NSLock()
    private var done = false

    func set() -> Bool {
        lock.withLock {
            defer { done = true }
            return !done
        }
    }
}
