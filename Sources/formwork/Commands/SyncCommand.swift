import Foundation
import Formwork

/// `formwork sync --manifest URL --cache DIR [--bundled DIR] [--engine N]`
struct SyncCommand: CLICommand {
    static let name = "sync"
    static let abstract = "Download newer published pages into a cache folder, verified and atomically."
    /// The budgets a sync from the command line keeps to: the ones apps ship with.
    static let limits = CLILimits.standard
    static let help = """
        USAGE: formwork sync --manifest URL --cache DIR [--bundled DIR] [--engine N] [--install-id ID] [--registry FILE]

        Does what an app's PageSync does. Fetches the manifest written by 'formwork pack'; if its
        totalVersion is the one the last complete sync saw, stops there. Otherwise downloads the
        pages that are newer than the cached (or bundled) copy and that this engine and the app's
        registry can run (a page needing an action the app doesn't have is skipped),
        checks each one's size and SHA-256 against the manifest, and installs it atomically. A
        failed or interrupted download leaves the previous version in place, and the next sync
        tries again (first deleting what the interrupted one left). Exits 1 if anything failed.

        Downloads are bounded (Grammar.md, part 4 "Limits"): the manifest is read up to
        \(PageLimits.describe(bytes: limits.manifestBytes)) and \(PageLimits.grouped(limits.manifestPages)) pages, each page up to the size the manifest gives it
        (at most \(PageLimits.describe(bytes: limits.pageBytes))), each request for \(PageLimits.describe(seconds: limits.requestSeconds)) and the whole sync for \(PageLimits.describe(seconds: limits.syncSeconds)).
        Only one sync updates a cache folder at a time; a second one stops with an error.

        A version in a staged rollout (pack --rollout) is installed only when this install's stable
        bucket is in its share; otherwise the version published before it is. Revoked versions
        (pack --revoke) are deleted from the cache and never served again. Last, sync prints which
        version of each page an app with this cache serves, and why (cache, bundled, rollout,
        revoked, set aside after failures) — also when the server can't be reached, so you see what
        apps serve offline.

        OPTIONS:
          --manifest URL   the published manifest.json (http or https); pages are fetched from beside it
          --cache DIR      the folder of downloaded pages (created if needed)
          --bundled DIR    the app's bundled pages: pages no newer than these aren't downloaded
          --install-id ID  decide rollouts as the install with this id (default: the id kept in DIR/install-id,
                           made once)
          --engine N       sync as engine N would (default \(FormworkEngine.version), this engine), to see what older or newer apps get
          --registry FILE  the app's registry file: pages needing types it lacks are skipped (default: the
                           one a formwork.json above --bundled or this folder names, else the built-ins)

        EXAMPLE:
          formwork sync --manifest https://cdn.example/pages/manifest.json --cache cache --bundled App/pages
          installed dish-edit v4 (was v3)
          skipped cashier-settings v9: needs engine 2, this is engine 1
          skipped order-form v3: needs action 'loyalty-points', which this app doesn't have
          synced totalVersion 5f2c1a9b0d3e…: 1 installed, 1 skipped, 3 already current
          serving dish-edit v4 (cache)
          …
        """

    let manifestURL: URL
    let cache: String
    let bundled: String?
    let engine: Int
    let registryOption: RegistryOption
    let installID: String?

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        registryOption = try RegistryOption(&arguments)
        guard let manifest = try arguments.option("manifest") else {
            throw UsageError("give the published manifest with --manifest URL, like --manifest https://cdn.example/pages/manifest.json")
        }
        guard let url = URL(string: manifest), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else {
            throw UsageError("--manifest must be an http or https URL, like https://cdn.example/pages/manifest.json (got '\(manifest)')")
        }
        guard let cache = try arguments.option("cache") else {
            throw UsageError("give the folder for downloaded pages with --cache DIR")
        }
        bundled = try arguments.option("bundled")
        installID = try arguments.option("install-id")
        if let installID, installID.isEmpty || installID.count > 200 {
            throw UsageError("--install-id takes a non-empty id of at most 200 characters")
        }
        if let text = try arguments.option("engine") {
            guard let number = Int(text), number >= 1 else { throw UsageError("--engine takes a whole number of at least 1 (got '\(text)')") }
            engine = number
        } else {
            engine = FormworkEngine.version
        }
        let positionals = arguments.positionals()
        guard positionals.isEmpty else { throw UsageError("sync takes no folder or file arguments; got '\(positionals[0])'") }
        manifestURL = url
        self.cache = cache
    }

    func run() async -> Int32 {
        if let bundled, !FileManager.default.fileExists(atPath: bundled) {
            Console.error("error: the bundled folder '\(bundled)' doesn't exist; check the path or leave out --bundled")
            return ExitCode.failure
        }
        let registry: Registry
        do {
            registry = try registryOption.load(near: [bundled ?? FileManager.default.currentDirectoryPath]).registry
        } catch {
            Console.error("error: " + error.message)
            return ExitCode.failure
        }
        let sync = PageSync(manifestURL: manifestURL, cache: URL(fileURLWithPath: cache),
                            bundled: bundled.map { URL(fileURLWithPath: $0) }, engineVersion: engine, registry: registry,
                            limits: SyncCommand.limits, installID: installID)
        let report: SyncReport
        do {
            report = try await sync.run()
        } catch {
            Console.error("error: \(error)")
            Console.error("nothing was changed in '\(cache)'.")
            // NB: what an app serves offline is what an operator needs most when the server is down.
            printServing(registry: registry)
            return ExitCode.failure
        }
        for line in report.lines { Console.out(line) }
        printServing(registry: registry)
        guard report.succeeded else {
            let failed = report.changes.filter(\.isFailure).count
            Console.error("error: \(failed == 1 ? "1 page" : "\(failed) pages") could not be installed; the previous versions are kept. Run sync again once the server is fixed or reachable.")
            return ExitCode.failure
        }
        return ExitCode.success
    }

    /// What an app with this cache serves now, and why: one `serving …` line per page.
    private func printServing(registry: Registry) {
        let repository = PageRepository(bundled: URL(fileURLWithPath: bundled ?? (cache as NSString).appendingPathComponent(".no-bundled-pages")),
                                        cache: URL(fileURLWithPath: cache), engineVersion: engine, registry: registry)
        // NB: one read of the cache's records and libraries for every page, not one per page.
        for page in repository.resolveAvailable() {
            Console.out("serving \(page.id) v\(page.version) (\(page.reason))")
        }
    }
}
