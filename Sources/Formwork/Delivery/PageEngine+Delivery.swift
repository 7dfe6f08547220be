import Foundation

/// Delivery built from the engine the app already has, so the registry (and engine version and
/// budgets) that judge downloaded pages are the ones that will run them: there is no second
/// registry to forget.
///
/// ```swift
/// let engine = PageEngine(registry: appRegistry, host: host)
/// engine.pages = engine.pageRepository(bundled: bundled, cache: cache) { problem in log(problem) }
/// let report = try await engine.pageSync(manifestURL: manifestURL, cache: cache, bundled: bundled).run()
/// ```
extension PageEngine {
    /// A `PageRepository` that serves only pages this engine can run: its registry, its engine
    /// version.
    public func pageRepository(bundled: URL, cache: URL?, report: (@Sendable (String) -> Void)? = nil) -> PageRepository {
        PageRepository(bundled: bundled, cache: cache, engineVersion: FormworkEngine.version, registry: registry, report: report)
    }

    /// A `PageSync` that installs only pages this engine can run, within this engine's budgets
    /// (`limits`: the sync and download budgets of Grammar.md part 4).
    public func pageSync(manifestURL: URL, cache: URL, bundled: URL? = nil, transport: (any PageTransport)? = nil) -> PageSync {
        PageSync(manifestURL: manifestURL, cache: cache, bundled: bundled, transport: transport, engineVersion: FormworkEngine.version, registry: registry, limits: limits)
    }
}
