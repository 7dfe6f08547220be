import Foundation

/// Setting aside a downloaded page version that fails as it opens, so one bad version can't break
/// a page on every launch.
///
/// Before a page opens, `recordOpening` writes "opening dish-edit v7" to the cache (durably); once
/// the page is idle with its `loaded` chain run, `recordOpened` clears it. An opening that fails
/// (the page can't be read or opened, or its first `loaded` chain goes over a limit or ends in a
/// failure nothing handled) is a strike, given with `recordFailedOpening`; so is a marker found
/// at the next launch, left by an app that died while the page opened. After
/// `failuresBeforeSetAside` strikes in a row (2 by default) the version is set aside on this
/// install: `resolve` passes it over and serves the previous good download or the bundled copy,
/// with `ResolvedPage.reason` `.setAside`, and `report` hears it. A later version (other bytes) is
/// tried normally. Bundled copies are never set aside: there is nothing to fall back to.
///
/// `open(_:in:params:)` does all of this around `PageEngine.open`:
///
/// ```swift
/// let session = try await repository.open("dish-edit", in: engine)   // records, opens, waits for `loaded`
/// ```
extension PageRepository {
    /// Records durably that `page` is about to open. Does nothing for a bundled copy or without a
    /// cache; a marker that can't be written is reported, never thrown.
    ///
    /// - Parameter page: the page as `resolve` returned it.
    public func recordOpening(_ page: ResolvedPage) {
        guard let item = item(page) else { return }
        var marker = item
        marker.launch = OpeningRecord.launch
        write { $0.opening.removeAll { $0.id == item.id }; $0.opening.append(marker) }
    }

    /// Records that `page` opened and went idle without a failure: clears its marker and its
    /// strikes (they count in a row).
    ///
    /// - Parameter page: the page as `resolve` returned it.
    public func recordOpened(_ page: ResolvedPage) {
        guard let item = item(page) else { return }
        write {
            $0.opening.removeAll { $0.sha256 == item.sha256 }
            $0.strikes.removeAll { $0.sha256 == item.sha256 }
        }
    }

    /// Records a failed opening of `page` (a strike); sets the version aside after
    /// `failuresBeforeSetAside` in a row, and tells `report`.
    ///
    /// - Parameters:
    ///   - page: the page as `resolve` returned it.
    ///   - reason: what went wrong, one line (`"its loaded chain failed: …"`).
    /// - Returns: true when this failure set the version aside.
    @discardableResult
    public func recordFailedOpening(_ page: ResolvedPage, reason: String) -> Bool {
        guard let item = item(page) else { return false }
        let limit = failuresBeforeSetAside
        let aside = write { $0.strike(item, reason: reason, limit: limit) } ?? nil
        if let aside { report?(setAsideLine(aside)) }
        return aside != nil
    }

    /// Resolves page `id`, records the opening, opens it in `engine` and waits until the engine is
    /// idle (its `loaded` chain has run, or waits for the person), then records how it went: a
    /// failure to open, a `limit` or a failure nothing handled while `loaded` ran is a strike.
    ///
    /// - Parameters:
    ///   - id: the page id.
    ///   - engine: the engine to open it in (the page's reports are watched while `loaded` runs;
    ///     the engine's `host.report` still gets them, and is left as it is).
    ///   - params: the page's `$param`.
    /// - Returns: the open page, and the copy it was opened from (`reason` says why that one).
    /// - Throws: `DeliveryError` when no copy of the page can be found, `PageError` when it can't
    ///   be read or opened (a strike too).
    @MainActor
    public func open(_ id: String, in engine: PageEngine, params: PageValue = .null) async throws -> (session: PageSession, page: ResolvedPage) {
        let page = try resolve(id)
        recordOpening(page)
        let session: PageSession
        do {
            let document = try PageDocument.load(Array(page.data), registry: engine.registry, libraries: libraries(), file: page.url.path, limits: engine.limits)
            session = try engine.open(document, params: params)
        } catch {
            recordFailedOpening(page, reason: "it can't be opened: \(error)")
            throw error
        }
        // NB: watched on the session, never by wrapping `engine.host.report`: two openings at
        // once on one engine would each restore what the other had put there.
        let seen = FailureWatch()
        session.reportWatcher = { report in seen.observe(report, page: id) }
        await engine.waitUntilIdle()
        session.reportWatcher = nil
        if let failure = seen.failure {
            recordFailedOpening(page, reason: failure)
        } else {
            recordOpened(page)
        }
        return (session, page)
    }

    // MARK: - Bookkeeping

    /// Turns markers of page `id` left by another launch (the app died while the page opened)
    /// into strikes.
    func settleInterruptedOpenings(of id: String) {
        guard cacheDirectory != nil else { return }
        let stale = cachedOpenings().opening.filter { $0.id == id && OpeningRecord.hasEnded($0.launch) }
        guard !stale.isEmpty else { return }
        let limit = failuresBeforeSetAside
        let set = write { record in
            stale.compactMap { record.strike($0, reason: "the app stopped while it was opening (killed or crashed)", limit: limit) }
        } ?? []
        for aside in set { report?(setAsideLine(aside)) }
    }

    private func setAsideLine(_ item: OpeningRecord.Item) -> String {
        "set aside \(item.id) v\(item.version) on this install: \(item.reason); the previous good version or the bundled copy is served, and a later version is tried normally"
    }

    private func item(_ page: ResolvedPage) -> OpeningRecord.Item? {
        guard page.source == .cache, cacheDirectory != nil else { return nil }
        return OpeningRecord.Item(id: page.id, version: page.version, sha256: SHA256Hasher.hexDigest(of: page.data))
    }

    @discardableResult
    private func write<T>(_ change: (inout OpeningRecord) -> T) -> T? {
        guard let cacheDirectory else { return nil }
        do {
            return try OpeningRecord.update(in: cacheDirectory, change)
        } catch {
            report?("can't record page openings: \(error)")
            return nil
        }
    }
}

/// The first failure a page reported while its `loaded` chain ran.
@MainActor
private final class FailureWatch {
    var failure: String?

    func observe(_ report: PageReport, page: String) {
        guard failure == nil else { return }
        switch report {
        case .unhandledFailure(let failed, let error) where failed == page:
            failure = "its loaded chain failed and nothing handled it: " + (error["message"]?.displayText ?? "something went wrong")
        case .diagnostic(let diagnostic) where diagnostic.code == "limit":
            failure = "its loaded chain went over a limit: \(diagnostic.message)"
        default:
            break
        }
    }
}
