import Foundation

/// Brings the cache of downloaded pages up to date with a published manifest.
///
/// Fetches the manifest; when its `totalVersion` is the one the last complete sync saw (and the
/// engine and the cached files are unchanged) it stops there. The request is conditional: it sends
/// back the `ETag` (`If-None-Match`, a weak `W/"…"` one as received) and `Last-Modified`
/// (`If-Modified-Since`) the server gave that sync's manifest, so a CDN answers an unchanged one
/// with a bodiless 304, which ends the sync as "up to date". It asks only when a 304 can be
/// trusted (the last sync completed, from this URL, as this engine and install, and every
/// installed file is there); else, and with a server that ignores the validators, the manifest
/// comes whole. Otherwise it downloads only pages newer than what the app would serve now (cached or bundled) that this engine can run, checks
/// each one's size, SHA-256 and header against the manifest, and installs it atomically under a
/// new file name. The cache's own manifest is replaced last, so a failed, interrupted or killed
/// sync leaves the previous good version of every page in place, and an open page keeps the bytes
/// it was resolved with.
///
/// A version in a staged rollout is installed only when this install's stable bucket is in its
/// share (`PageRollout`; the others get the rollout's previous version, and the report says which
/// and why). Revocations (`PageRevocation`) are recorded in the cache before anything else, so
/// they hold even if the sync goes no further; revoked copies are deleted and never installed
/// (Grammar.md part 6).
///
/// Everything sync reads is bounded by its `PageLimits`: the manifest's size (`manifestBytes`) and
/// page count (`manifestPages`), each page's size (never read past what the manifest gives it, and
/// at most `pageBytes`), each request's time (`requestSeconds`, first byte to last) and the whole
/// sync's (`syncSeconds`). Only one sync updates a cache folder at a time (`DeliveryError.cacheBusy`
/// for a second one), and each sync first deletes what an interrupted one left behind.
///
/// ```swift
/// let sync = PageSync(manifestURL: URL(string: "https://cdn.example/pages/manifest.json")!,
///                     cache: cachesFolder.appendingPathComponent("pages"), bundled: bundledPagesFolder,
///                     registry: engine.registry)        // or: engine.pageSync(manifestURL: …, cache: …, bundled: …)
/// let report = try await sync.run()
/// report.lines   // ["installed dish-edit v4 (was v3)", "synced totalVersion 5f2c1a9b0d3e…: 1 installed, 2 already current"]
/// ```
public struct PageSync: Sendable {
    /// The published `manifest.json`; pages are fetched from beside it.
    public let manifestURL: URL
    /// The folder downloaded pages are installed in.
    public let cacheDirectory: URL
    /// The app's bundled pages: pages no newer than these aren't downloaded.
    public let bundledDirectory: URL?
    /// What the manifest and pages are fetched with.
    public let transport: any PageTransport
    /// The engine version pages must run on (`FormworkEngine.version` unless given).
    public let engineVersion: Int
    /// The app's registry: a page whose manifest entry `requires` a type it lacks is skipped.
    public let registry: Registry
    /// The download budgets: manifest and page sizes, request and sync times.
    public let limits: PageLimits
    /// The id rollouts are decided with (`PageRollout.bucket`); nil to use the one kept in the
    /// cache folder (`install-id`, a random id made once).
    public let installID: String?

    /// - Parameters:
    ///   - manifestURL: the published `manifest.json`; page files are fetched from beside it.
    ///   - cache: the folder sync owns (created if needed); give the same one to `PageRepository`.
    ///   - bundled: the app's bundled pages, so pages no newer than them aren't downloaded.
    ///   - transport: how to fetch; by default a `URLSessionTransport` limited to the manifest's host.
    ///     Sync gives each request its size and time budget (`TransportRequest.maxResponseBytes`,
    ///     `timeout`); a transport of your own should honour them.
    ///   - engineVersion: sync as this engine would (`FormworkEngine.version` by default).
    ///   - registry: the registry the app's engine uses; pages needing a type it lacks are skipped.
    ///     Required: given the built-ins only, every page using the app's own types would be
    ///     skipped (`PageEngine.pageSync(…)` passes the engine's).
    ///   - limits: the budgets above; `PageLimits.standard` unless the app sets its own.
    public init(manifestURL: URL, cache: URL, bundled: URL? = nil, transport: (any PageTransport)? = nil,
                engineVersion: Int = FormworkEngine.version, registry: Registry, limits: PageLimits = .standard) {
        self.init(manifestURL: manifestURL, cache: cache, bundled: bundled, transport: transport, engineVersion: engineVersion,
                  registry: registry, limits: limits, installID: nil)
    }

    /// A sync that decides staged rollouts as the install `installID` (Grammar.md 6.2).
    ///
    /// - Parameters:
    ///   - manifestURL: the published `manifest.json`; page files are fetched from beside it.
    ///   - cache: the folder sync owns (created if needed); give the same one to `PageRepository`.
    ///   - bundled: the app's bundled pages, so pages no newer than them aren't downloaded.
    ///   - transport: how to fetch; by default a `URLSessionTransport` limited to the manifest's host.
    ///   - engineVersion: sync as this engine would (`FormworkEngine.version` by default).
    ///   - registry: the registry the app's engine uses; pages needing a type it lacks are skipped.
    ///   - limits: the download budgets; `PageLimits.standard` unless the app sets its own.
    ///   - installID: the install's id for staged rollouts (the app's own, if it has one); nil to
    ///     use one made once and kept in the cache folder (`install-id`).
    public init(manifestURL: URL, cache: URL, bundled: URL? = nil, transport: (any PageTransport)? = nil,
                engineVersion: Int = FormworkEngine.version, registry: Registry, limits: PageLimits = .standard, installID: String?) {
        self.installID = installID
        self.registry = registry
        self.manifestURL = manifestURL
        cacheDirectory = cache
        bundledDirectory = bundled
        self.transport = transport ?? URLSessionTransport(baseURL: manifestURL, allowedHosts: [], limits: limits)
        self.engineVersion = engineVersion
        self.limits = limits
    }

    /// A sync that knows only the built-in types: every page using one of the app's own is skipped.
    @available(*, deprecated, message: "pass the registry the app's engine uses (registry: engine.registry), or build the sync with engine.pageSync(manifestURL:cache:bundled:); with the built-ins only, every page using the app's own types is skipped")
    public init(manifestURL: URL, cache: URL, bundled: URL? = nil, transport: (any PageTransport)? = nil,
                engineVersion: Int = FormworkEngine.version, limits: PageLimits = .standard) {
        self.init(manifestURL: manifestURL, cache: cache, bundled: bundled, transport: transport, engineVersion: engineVersion, registry: .standard, limits: limits)
    }

    /// Runs one sync.
    ///
    /// - Returns: what changed; check `succeeded`, since a page that failed to download is reported
    ///   there (the others are still installed), not thrown.
    /// - Throws: `DeliveryError` when nothing could be done: the manifest couldn't be fetched or
    ///   read, the cache folder can't be written, or another sync is updating it (`.cacheBusy`).
    public func run() async throws(DeliveryError) -> SyncReport {
        let deadline = SyncDeadline(seconds: limits.syncSeconds)
        let cache = PageCache(directory: cacheDirectory)
        do {
            try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: cacheDirectory.path, reason: error.localizedDescription)
        }
        guard let lock = try CacheLock(in: cacheDirectory) else { throw .cacheBusy(path: cacheDirectory.path) }
        defer { lock.release() }

        var notes: [String] = []
        let previous: PageCache.Index
        do {
            previous = try cache.readIndex() ?? .empty
        } catch {
            notes.append("note: \(error) — starting the cache afresh")
            previous = .empty
        }
        let leftovers = cache.removeUnlisted(keeping: previous)
        if !leftovers.isEmpty {
            let count = leftovers.count == 1 ? "1 file" : "\(leftovers.count) files"
            notes.append("note: removed \(count) left behind by an interrupted sync: " + leftovers.joined(separator: ", "))
        }
        // NB: ask "changed since?" only when a 304 may end the sync as "up to date" would: the
        // last sync completed, from this URL, as this engine and install, with its files all there.
        var conditional: PageCache.Index.ManifestValidators?
        if let validators = previous.validators, validators.url == manifestURL.absoluteString, previous.syncedTotalVersion != nil,
           previous.syncedEngineVersion == engineVersion,
           previous.syncedInstallID == nil || previous.syncedInstallID == (installID ?? (try? cache.installID())), cache.filesArePresent(previous) {
            conditional = validators
        }
        let (fetched, validators) = try await fetchManifest(deadline, conditional: conditional)
        guard let remote = fetched else {
            // 304 Not Modified: the manifest is the one the last complete sync saw.
            return SyncReport(totalVersion: previous.syncedTotalVersion ?? "", upToDate: true, changes: [], current: conditional?.pageIDs ?? [], notes: notes)
        }
        let remoteValidators = validators.flatMap { PageCache.Index.ManifestValidators(url: manifestURL.absoluteString, headers: $0, pageIDs: remote.pages.map(\.id)) }
        // NB: before anything else, so a revocation is kept even if this sync goes no further.
        var gate = Gate(revoked: try recordRevocations(remote, in: cache), installID: installID, cache: cache)

        // NB: rollouts were decided as one install; a sync as another decides them again.
        if let decided = previous.syncedInstallID { gate.otherInstall = try gate.installID() != decided }
        if previous.syncedTotalVersion == remote.totalVersion, previous.syncedEngineVersion == engineVersion, !gate.otherInstall,
           cache.filesArePresent(previous) {
            // A server that sent new validators (or none before): keep them for the next sync.
            // NB: unwritable only costs the next sync a whole manifest again.
            if previous.validators != remoteValidators {
                var index = previous
                index.validators = remoteValidators
                try? cache.writeIndex(index)
            }
            return SyncReport(totalVersion: remote.totalVersion, upToDate: true, changes: [], current: remote.pages.map(\.id), notes: notes)
        }

        let bundledVersions = bundledDirectory.map(PageSync.pageVersions(in:)) ?? [:]
        // NB: libraries first, so a page is installed only with the libraries it needs at hand.
        let libraries = try await syncLibraries(remote: remote, previous: previous, cache: cache, deadline: deadline, gate: &gate)
        notes += libraries.notes
        var installed: [String: PageManifest.Entry] = [:]
        var changes: [SyncReport.Change] = []
        var lacking: (pages: Int, ids: RegistryIDs) = (0, RegistryIDs())
        var current: [String] = []
        for entry in previous.manifest.pages {
            if gate.isRevoked(entry) {
                gate.removed(entry, library: false, changes: &changes)
            } else if try !gate.keeps(entry, remote: remote.entry(for: entry.id), library: false) {
                continue   // this install is outside its rollout: decided below
            } else if let data = try? Data(contentsOf: cache.url(of: entry)), entry.matches(data) {
                installed[entry.id] = entry
            } else {
                notes.append("note: cached \(entry.id) v\(entry.version) was missing or damaged; dropped it")
            }
        }
        // The previous good download of each page, kept as the repository's fallback.
        var previousGood: [String: PageManifest.Entry] = [:]
        for entry in previous.previous {
            if gate.isRevoked(entry) {
                gate.removed(entry, library: false, changes: &changes)   // an older copy kept as a fallback: deleted too
            } else if let data = try? Data(contentsOf: cache.url(of: entry)), entry.matches(data) { previousGood[entry.id] = entry }
        }
        // A revoked copy's previous good download takes its place (nothing to download again).
        for (id, entry) in previousGood where installed[id] == nil {
            installed[id] = entry
            previousGood[id] = nil
        }
        for (id, entry) in installed where remote.entry(for: id) == nil {
            installed[id] = nil
            previousGood[id] = nil
            changes.append(.removed(id: id, version: entry.version, reason: "no longer published"))
        }

        for entry in remote.pages {
            let bundledVersion = bundledVersions[entry.id]
            if let bundledVersion, let kept = previousGood[entry.id], kept.version <= bundledVersion { previousGood[entry.id] = nil }
            if let cached = installed[entry.id], let bundledVersion, cached.version <= bundledVersion {
                installed[entry.id] = nil
                changes.append(.removed(id: entry.id, version: cached.version, reason: "the bundled v\(bundledVersion) is as new"))
            }
            let served = [installed[entry.id]?.version, bundledVersion].compactMap { $0 }.max()
            guard let entry = try gate.choose(entry, served: served, library: false, changes: &changes) else {
                if served != nil { current.append(entry.id) }   // it keeps what it has
                continue
            }
            if let served, entry.version <= served {
                current.append(entry.id)
                continue
            }
            if entry.minEngineVersion > engineVersion {
                changes.append(.skipped(id: entry.id, version: entry.version, needsEngine: entry.minEngineVersion, engine: engineVersion))
                continue
            }
            let missing = entry.requires.missing(from: registry)
            if !missing.isEmpty {
                changes.append(.lacking(id: entry.id, version: entry.version, missing: missing.sentence))
                lacking.pages += 1
                for kind in RegistryIDs.kinds { lacking.ids[keyPath: kind.ids] += missing[keyPath: kind.ids] }
                continue
            }
            if let (library, minimum, reason) = libraries.unmet(entry.libraries) {
                changes.append(.needsLibrary(id: entry.id, version: entry.version, library: library, minimum: minimum, reason: reason))
                continue
            }
            if deadline.hasPassed {
                changes.append(.failed(id: entry.id, version: entry.version, reason: outOfTime, kept: served))
                continue
            }
            do {
                let new = try await install(entry, in: cache, deadline: deadline)
                previousGood[entry.id] = gate.fallback(among: [installed[entry.id], previousGood[entry.id]], replacing: new)
                installed[entry.id] = new
                changes.append(.installed(id: entry.id, version: entry.version, previous: served))
            } catch {
                changes.append(.failed(id: entry.id, version: entry.version, reason: error.reason, kept: served))
            }
        }

        if lacking.pages > 0, registry.hostTypeIDs.isEmpty {
            let ids = RegistryIDs(components: lacking.ids.components, actions: lacking.ids.actions, validations: lacking.ids.validations,
                                  errorHandlers: lacking.ids.errorHandlers, functions: lacking.ids.functions)
            notes.append("note: \(lacking.pages == 1 ? "1 page" : "\(lacking.pages) pages") skipped: " + registry.lacking(ids, user: "PageSync", fix: "engine.pageSync(…), or registry: engine.registry"))
        }
        // NB: a page skipped for a type the app lacks counts like a failure here: an app build
        // with that type (same cache, same totalVersion) must look again.
        changes += libraries.changes
        let failed = changes.contains { change in
            if case .lacking = change { return true }
            return change.isFailure
        }
        let index = PageCache.Index(manifest: PageManifest(pages: Array(installed.values), libraries: Array(libraries.installed.values)),
                                    syncedTotalVersion: failed ? nil : remote.totalVersion, syncedEngineVersion: engineVersion,
                                    syncedInstallID: gate.decidedWith ?? previous.syncedInstallID,
                                    previous: previousGood.values.sorted { $0.id < $1.id },
                                    previousLibraries: libraries.previousGood.values.sorted { $0.id < $1.id }, heldBack: gate.heldBack,
                                    validators: failed ? nil : remoteValidators)
        do {
            try cache.writeIndex(index)
        } catch {
            throw .unwritable(path: error.path, reason: error.reason)
        }
        // Only now that the new manifest is in place: delete files it no longer names.
        let kept = index.files
        for entry in previous.manifest.pages + previous.manifest.libraries + previous.previous + previous.previousLibraries where !kept.contains(entry.file) {
            try? FileManager.default.removeItem(at: cache.url(of: entry))
        }
        changes.sort { ($0.pageID, $0.description) < ($1.pageID, $1.description) }
        return SyncReport(totalVersion: remote.totalVersion, upToDate: false, changes: changes, current: current.sorted(), notes: notes)
    }

    // MARK: - Steps

    /// The remote manifest and its response's headers; nil and nil for a 304 answering the
    /// `conditional` request.
    private func fetchManifest(_ deadline: SyncDeadline, conditional: PageCache.Index.ManifestValidators?)
        async throws(DeliveryError) -> (PageManifest?, [String: String]?) {
        let url = manifestURL.absoluteString
        let tooLarge = DeliveryError.download(url: url, reason: "the manifest is larger than \(PageLimits.describe(bytes: limits.manifestBytes)), "
            + "the most sync reads (manifestBytes); check that the URL points at the manifest.json written by 'formwork pack'")
        let timeout = deadline.timeout(for: limits)
        let response: TransportResponse
        do {
            let headers = ["Accept": "application/json"].merging(conditional?.requestHeaders ?? [:]) { $1 }
            response = try await transport.send(TransportRequest(url: manifestURL, headers: headers,
                                                                 maxResponseBytes: limits.manifestBytes, timeout: timeout))
        } catch TransportError.responseTooLarge {
            throw tooLarge
        } catch {
            throw .download(url: url, reason: reason(for: error, timeout: timeout))
        }
        if response.status == 304 {
            guard conditional != nil else {
                throw .download(url: url, reason: "the server answered 304 Not Modified to a request for the whole manifest "
                    + "(one without If-None-Match or If-Modified-Since); check the server's or proxy's caching settings")
            }
            return (nil, nil)
        }
        guard response.isSuccess else {
            throw .download(url: url, reason: "the server answered HTTP \(response.status)")
        }
        // A transport of the host's own may not stop at maxResponseBytes: check again.
        guard response.body.count <= limits.manifestBytes else { throw tooLarge }
        return (try PageManifest(data: response.body, source: url, limits: limits), response.headers)
    }

    /// A download or verification that failed; `reason` is one line.
    struct InstallFailure: Error {
        let reason: String
    }

    /// Downloads one page (or block library), verifies it against `entry` and installs it; returns
    /// the cache's entry.
    func install(_ entry: PageManifest.Entry, library: Bool = false, in cache: PageCache, deadline: SyncDeadline) async throws(InstallFailure) -> PageManifest.Entry {
        if Task.isCancelled { throw InstallFailure(reason: "the sync was cancelled") }
        guard entry.size <= limits.pageBytes else {
            throw InstallFailure(reason: "the manifest gives it \(PageLimits.describe(bytes: entry.size)), more than the \(PageLimits.describe(bytes: limits.pageBytes)) "
                + "a page may have (pageBytes); it was not downloaded")
        }
        guard let url = URL(string: entry.file, relativeTo: manifestURL)?.absoluteURL else {
            throw InstallFailure(reason: "'\(entry.file)' doesn't make a URL next to the manifest")
        }
        let tooLarge = InstallFailure(reason: "\(url.absoluteString) sent more than the \(entry.size) bytes the manifest gives it: "
            + "the page and the manifest on the server are out of step; publish the packed folder again")
        let timeout = deadline.timeout(for: limits)
        let response: TransportResponse
        do {
            // Never read past the size the manifest promised.
            response = try await transport.send(TransportRequest(url: url, maxResponseBytes: entry.size, timeout: timeout))
        } catch TransportError.responseTooLarge {
            throw tooLarge
        } catch {
            throw InstallFailure(reason: reason(for: error, timeout: timeout))
        }
        guard response.isSuccess else { throw InstallFailure(reason: "\(url.absoluteString) answered HTTP \(response.status)") }
        let data = response.body
        guard data.count >= entry.size else {
            throw InstallFailure(reason: "got \(data.count) of \(entry.size) bytes of \(url.absoluteString): the download was cut short")
        }
        guard data.count == entry.size else { throw tooLarge }
        guard SHA256Hasher.hexDigest(of: data) == entry.sha256 else {
            throw InstallFailure(reason: "the SHA-256 of \(url.absoluteString) doesn't match the manifest (corrupted in transit, or the page and manifest were published out of step)")
        }
        if library {
            try PageSync.verifyLibrary(data, entry: entry, url: url, limits: limits)
        } else {
            let header: PageHeader
            do {
                header = try PageHeader(data: data)
            } catch {
                throw InstallFailure(reason: "\(url.absoluteString) is not a valid page: \(error)")
            }
            guard header.id == entry.id, header.version == entry.version, header.minEngineVersion <= entry.minEngineVersion else {
                // NB: the manifest may ask for a newer engine than the file states: pack works it out from what the page uses.
                throw InstallFailure(reason: "\(url.absoluteString) holds \(header), but the manifest lists \(entry.id) v\(entry.version)")
            }
        }
        var installed = entry
        installed.rollout = nil
        installed.file = library ? PageCache.fileName(library: entry.id, version: entry.version) : PageCache.fileName(id: entry.id, version: entry.version)
        do {
            try AtomicFile.write(data, to: cache.url(of: installed)) { written in
                entry.matches(written) ? nil : "the file on disk doesn't match the manifest's hash"
            }
        } catch {
            throw InstallFailure(reason: error.description)
        }
        return installed
    }

    /// One line for a transport failure, without advice meant for form authors. `timeout` is the
    /// one the request was given: less than `requestSeconds` when the sync's own time ran short.
    private func reason(for error: any Error, timeout: TimeInterval) -> String {
        switch error as? TransportError {
        case .network(let message)?: return message
        case .deadlineExceeded?:
            if timeout < limits.requestSeconds { return outOfTime }
            return "the server took longer than \(PageLimits.describe(seconds: limits.requestSeconds)) to send it in full, "
                + "the most one request may take (requestSeconds)"
        case .some(let transportError): return transportError.description
        case nil: return "\(error)"
        }
    }

    /// Why a page wasn't installed once the sync's own time is up.
    private var outOfTime: String {
        "the sync took longer than \(PageLimits.describe(seconds: limits.syncSeconds)), the most one sync may take (syncSeconds); the next sync carries on"
    }

    /// The version of each page in a folder of page files (by `page` id).
    static func pageVersions(in directory: URL) -> [String: Int] {
        var versions: [String: Int] = [:]
        for url in PageRepository.pageFiles(in: directory) {
            guard let header = PageRepository.readPage(at: url).page?.header else { continue }
            versions[header.id] = max(versions[header.id] ?? 0, header.version)
        }
        return versions
    }
}

/// When one sync must be over (`PageLimits.syncSeconds` from its start).
struct SyncDeadline: Sendable {
    private let end: ContinuousClock.Instant

    init(seconds: TimeInterval) {
        end = ContinuousClock.now.advanced(by: .nanoseconds(Int64(max(0, min(seconds, 1e9)) * 1e9)))
    }

    var hasPassed: Bool { ContinuousClock.now >= end }

    /// The time left, in seconds (0 once passed).
    var remaining: TimeInterval {
        let left = ContinuousClock.now.duration(to: end)
        return max(0, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
    }

    /// A request's timeout: its own budget, or less when the sync has less time left.
    func timeout(for limits: PageLimits) -> TimeInterval { min(limits.requestSeconds, remaining) }
}

extension SyncReport.Change {
    var pageID: String {
        switch self {
        case .installed(let id, _, _), .skipped(let id, _, _, _), .failed(let id, _, _, _), .removed(let id, _, _), .lacking(let id, _, _),
             .needsLibrary(let id, _, _, _, _):
            return id
        // NB: libraries are listed before the pages (they are installed first).
        case .libraryInstalled(let id, _, _), .libraryFailed(let id, _, _, _), .libraryRemoved(let id, _, _): return "\u{0}" + id
        case .revoked(let id, _, let library, _), .rollout(let id, _, _, _, _, _, let library): return library ? "\u{0}" + id : id
        }
    }
}
