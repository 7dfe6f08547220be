import Foundation

/// Delivery built from the engine the app already has, so the registry (and engine version and
/// budgets) that judge downloaded pages are the ones that will run them: there is no second
/// registry to forget.
///
/// ```swift
/// let engine = PageEngine(registry: appRegistry, host: host)
/// engine.pages = engine.pageRepository(bundled: bundled, cache: cache) { problem in log(problem) }
/// let report = try await engine.pageSync(manifestURL: manifestURL, cache: cache, bundled: bundled, installID: account.installID).run()
/// ```
extension PageEngine {
    /// A `PageRepository` that serves only pages this engine can run: its registry, its engine
    /// version.
    ///
    /// - Parameters:
    ///   - bundled: the pages (and block libraries) bundled with the app.
    ///   - cache: the folder `PageSync` installs into; nil for bundled pages only.
    ///   - report: called on the main actor with each reason a cached copy was passed over, so it
    ///     may write to the app's (or a test's) main-actor state: `{ lines.append($0) }`. Lines
    ///     from opening or pushing a page (`document(_:)`) arrive before it returns; lines from
    ///     the repository used elsewhere follow on the main actor soon after. In order, each once.
    public func pageRepository(bundled: URL, cache: URL?, report: (@MainActor @Sendable (String) -> Void)? = nil) -> PageRepository {
        var forward: (@Sendable (String) -> Void)?
        if let report {
            let reports = deliveryReports
            forward = { line in reports.add(line, for: report) }
        }
        return PageRepository(bundled: bundled, cache: cache, engineVersion: FormworkEngine.version, registry: registry, report: forward)
    }

    /// A `PageSync` that installs only pages this engine can run, within this engine's budgets
    /// (`limits`: the sync and download budgets of Grammar.md part 4).
    ///
    /// - Parameters:
    ///   - manifestURL: the published `manifest.json`; page files are fetched from beside it.
    ///   - cache: the folder sync owns (created if needed); give the same one to the repository.
    ///   - bundled: the app's bundled pages, so pages no newer than them aren't downloaded.
    ///   - transport: how to fetch; by default a `URLSessionTransport` limited to the manifest's host.
    ///   - installID: the install's id for staged rollouts (Grammar.md 6.2; the app's own, if it
    ///     has one); nil to use one made once and kept in the cache folder (`install-id`).
    public func pageSync(manifestURL: URL, cache: URL, bundled: URL? = nil, transport: (any PageTransport)? = nil, installID: String? = nil) -> PageSync {
        PageSync(manifestURL: manifestURL, cache: cache, bundled: bundled, transport: transport, engineVersion: FormworkEngine.version, registry: registry, limits: limits,
                 installID: installID)
    }
}

/// Lines reported by repositories made with `PageEngine.pageRepository(…)`, on their way to the
/// app's main-actor closure: the engine hands them over when `document(_:)` has read a page, and a
/// task on the main actor hands over what a repository used elsewhere reported.
final class DeliveryReports: @unchecked Sendable {
    // NB: @unchecked because `pending` is only touched while `lock` is held.
    private let lock = NSLock()
    private var pending: [(line: String, report: @MainActor @Sendable (String) -> Void)] = []

    /// Keeps `line` for `report`; called from any thread.
    func add(_ line: String, for report: @escaping @MainActor @Sendable (String) -> Void) {
        lock.withLock { pending.append((line, report)) }
        Task { @MainActor in self.deliver() }
    }

    /// Hands every kept line to its closure, in the order reported, each once.
    @MainActor func deliver() {
        let lines = lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
        for (line, report) in lines { report(line) }
    }
}
