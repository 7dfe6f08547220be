import Foundation
import Formwork
import PreviewHTTP
import FormworkTesting
import FormworkStudio

/// What `formwork preview` and `formwork design` both take — the folder, the port, where requests
/// go, `$global`, the languages, the registry — and how both serve on 127.0.0.1 until Ctrl-C.
struct PreviewOptions {
    let folder: String
    let port: UInt16
    let api: APIOptions
    let globalFile: String?
    let languages: [String]
    let registryOption: RegistryOption

    /// Reads the options; `what` names the command in messages ("preview", "design").
    init(_ arguments: inout ArgumentScanner, what: String) throws(UsageError) {
        let portText = try arguments.option("port") ?? "8080"
        guard let port = UInt16(portText) else { throw UsageError("--port takes a port number from 0 to 65535 (0 picks a free one), not '\(portText)'") }
        self.port = port
        api = try APIOptions(&arguments)
        globalFile = try arguments.option("global")
        languages = try PageOptions.languages(&arguments)
        registryOption = try RegistryOption(&arguments)
        let positionals = arguments.positionals()
        guard positionals.count <= 1 else { throw UsageError("give one folder of pages to \(what)") }
        folder = positionals.first ?? "."
    }

    /// The workspace of the folder: the registry, `$global`, the stub file, all checked now.
    @MainActor
    func makeWorkspace() throws(CLIFailure) -> PreviewWorkspace {
        let served = try ServedFolder(folder)
        let registry = try registryOption.load(near: [folder])
        let globals = try globalFile.map { file throws(CLIFailure) in try PageOptions.readJSON(file, what: "globals") } ?? .object(PageObject())
        // Fail now, not on the first request, for a stub file or server address that can't work.
        try api.configure(StubTransport())
        let workspace = PreviewWorkspace(folder: served, registry: registry, globals: GlobalStore(globals), requests: api.requests, limits: CLILimits.standard) { line in
            Console.out(line)
        }
        workspace.languages = languages
        return workspace
    }

    /// Serves `handler` on 127.0.0.1:`port`, says where (`started`, with the port), watches the
    /// files, and stops cleanly on Ctrl-C, saying `stopped`.
    @MainActor
    func serve(_ workspace: PreviewWorkspace, handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse, stopped: String, started: (UInt16) -> Void) async -> Int32 {
        let server: HTTPServer
        do {
            server = try HTTPServer(port: port, limits: workspace.limits, handler: handler)
        } catch {
            let advice = error.isAddressInUse ? "port \(port) is already in use; pick another with --port N, or --port 0 for any free one" : "can't listen on 127.0.0.1:\(port): \(error)"
            Console.error("error: \(advice)")
            return ExitCode.failure
        }
        started(server.port)
        workspace.startWatching()
        await PreviewOptions.waitForInterrupt()
        workspace.close()
        // NB: stopping waits for the connection threads, and a thread may be waiting for the main
        // actor to answer its request: wait off the main actor.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                server.stop()
                done.resume()
            }
        }
        Console.out(stopped)
        return ExitCode.success
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
