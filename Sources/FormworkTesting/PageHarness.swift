import Foundation

/// Drives pages headlessly the way a person would, against stub hosts, and reads back
/// everything a test asserts: stores, components, requests, navigation, messages, the response.
///
/// Everything is deterministic: the clock is fixed, the time zone is UTC, requests go to
/// `stub` (a request no stub answers makes the step throw), alerts are dismissed at once, and
/// pickers and confirmations wait until the test answers them. After each step the harness waits
/// until the pages settle, as the engine knows it (`PageEngine.isIdle`): every chain has ended or
/// waits for the person. A step whose chains are still working after `limits.flowStepSeconds`
/// throws instead of hanging.
///
/// ```swift
/// let page = PageHarness(registry: appRegistry)   // or .standard for pages of built-ins only
/// page.stub.on("POST", "/api/dishes") { request in .json(201, request.body) }
/// try await page.open(file: "pages/dish-edit.json")
/// try await page.set("name", "Mapo tofu")
/// try await page.set("price", 12.5)
/// try await page.tap("save")
/// page.requests.last?.body["price"]      // 12.5
/// page.response?["name"]                 // "Mapo tofu"
/// ```
///
/// Works from Swift Testing and XCTest alike; its methods run on the main actor.
@MainActor
public final class PageHarness {
    /// 2024-01-01T00:00:00Z, the clock flows use unless they say otherwise.
    public nonisolated static let defaultClock: Int64 = 1_704_067_200_000

    /// The engine the pages run in, with the harness's host; a new one after `relaunch()`.
    public private(set) var engine: PageEngine
    /// Answers the page's requests and records them.
    public let stub: StubTransport
    /// Records alerts and toasts; holds pickers and confirmations until answered.
    public let presenter: ScriptedPresenter
    /// The stack of open pages and every navigation.
    public let navigator: RecordingNavigator
    /// Answers `file` inputs' pickers with the files `attach` names; the engine's `filePicker`.
    public let filePicker: FolderFilePicker
    /// Where `attach` finds files named by a relative path: the flow file's folder in
    /// `formwork test`, the current folder otherwise.
    public var fileFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    /// What ran, by JSON path, for `formwork test --coverage`.
    public let coverage: CoverageProbe
    /// The registry pages are decoded with (the engine runs an instrumented copy).
    public let registry: Registry
    /// The budgets pages run within, as in an app (`PageLimits.standard` unless given);
    /// `flowStepSeconds` bounds each step's settling.
    public var limits: PageLimits { engine.limits }
    /// Answers for the app's own actions, functions and validations (from its registry file) and
    /// the record of their runs.
    public let hostStubs = HostStubs()

    /// The trace events of every page, in order: the latest `limits.traceEvents` of them, so a
    /// long flow or `formwork run` session holds a bounded trace, as a page does.
    public var trace: ArraySlice<PageTraceEvent> { traceBuffer.suffix(limits.traceEvents) }
    /// How many trace events the pages have made in all, including those no longer kept.
    public private(set) var traceEventCount = 0
    /// Kept events; trimmed to `limits.traceEvents` whenever it holds twice as many, so adding
    /// one is O(1) on average.
    private var traceBuffer: [PageTraceEvent] = []
    /// How the last chain a step started ended; nil while it waits for the person.
    public private(set) var outcome: ChainOutcome?
    /// `$error` of each failure no error handler took, in order.
    public private(set) var failures: [PageValue] = []
    /// Problems the engine reported while running (an attribute that can't be computed, …).
    public private(set) var diagnostics: [PageDiagnostic] = []
    /// The first page opened.
    public private(set) var root: PageSession?

    /// What became of the requests the outbox sent for the steps `online` and `relaunch`, in order.
    public internal(set) var outboxOutcomes: [OutboxOutcome] = []

    private var sessions: [PageSession] = []
    /// Steps and lifecycle events started and not yet seen done.
    private var steps: [HarnessStep] = []
    private var reportedUnmatched = 0

    /// A harness with no page open yet; add stubs, then `open` one.
    ///
    /// - Parameters:
    ///   - registry: the types pages may use: the app's registry (`.standard` for pages using only
    ///     the built-ins; there is no default). Runs of the app's own actions
    ///     and handlers are recorded in `hostStubs` (`host.NAME` in flows), and a stub given there
    ///     answers in place of its action or validation.
    ///   - described: instead of `registry`, the app's registry file read as a description: its
    ///     own types run through `hostStubs`.
    ///   - globals: the starting `$global`.
    ///   - pages: where `push` finds pages by id; `open(file:)` defaults it to the file's folder.
    ///   - clock: fixed at 2024-01-01T00:00:00Z unless given.
    ///   - timeZone: UTC unless given.
    ///   - languages: the person's preferred languages (`["de-CH", "en"]`); none means the page's default language.
    ///   - limits: the budgets to keep to.
    ///   - drafts: where pages that ask for a draft keep it; in memory unless given, so a page
    ///     closed and opened again (`reopen()`) finds it, and nothing reaches the disk.
    public init(registry: Registry, described: RegistryDescription? = nil, globals: PageValue = .object(PageObject()), pages: (any PageSource)? = nil,
                clock: any PageClock = FixedClock(milliseconds: PageHarness.defaultClock), timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
                languages: [String] = [], limits: PageLimits = .standard, drafts: any DraftStorage = MemoryDraftStorage()) {
        // NB: with the app's real registry, its own actions and handlers are recorded (and answered
        // by a stub when a flow gives one) as they are when only their description is known.
        self.registry = described.map { [hostStubs] in $0.registry(standIn: hostStubs) } ?? hostStubs.recording(registry)
        stub = StubTransport()
        presenter = ScriptedPresenter()
        navigator = RecordingNavigator()
        coverage = CoverageProbe()
        filePicker = FolderFilePicker(folder: URL(fileURLWithPath: "/"))
        var host = PageHost(navigator: navigator, presenter: presenter, transport: stub, router: navigator, clock: clock, timeZone: timeZone, languages: languages)
        host.filePicker = filePicker
        engine = PageEngine(registry: coverage.instrument(self.registry), host: host, globals: GlobalStore(globals), pages: pages, limits: limits, drafts: drafts)
        // NB: in memory, as drafts are: a page's `"offline": "queue"` works in flows, and nothing reaches the disk.
        engine.outbox = Outbox(storage: MemoryOutboxStorage(), limits: limits)
        engine.host.report = { [weak self] report in self?.receive(report) }
        presenter.currentPage = { [weak self] in self?.navigator.top?.document.id ?? "" }
        navigator.onShow = { [weak self] session in
            self?.adopt(session)
            // As a host does: the page now shown appears; the one it covers disappears.
            if let opener = session.opener { self?.lifecycle("disappear", opener) }
            self?.lifecycle("appear", session)
        }
        navigator.onReveal = { [weak self] session in self?.lifecycle("appear", session) }
    }

    /// A harness for pages using the types of the app's registry file, read as a description: its
    /// own actions, functions and validations run through `hostStubs`. The other parameters are
    /// those of `init(registry:described:globals:pages:clock:timeZone:languages:limits:drafts:)`.
    public convenience init(described: RegistryDescription, globals: PageValue = .object(PageObject()), pages: (any PageSource)? = nil,
                            clock: any PageClock = FixedClock(milliseconds: PageHarness.defaultClock), timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
                            languages: [String] = [], limits: PageLimits = .standard, drafts: any DraftStorage = MemoryDraftStorage()) {
        self.init(registry: .standard, described: described, globals: globals, pages: pages, clock: clock, timeZone: timeZone, languages: languages, limits: limits, drafts: drafts)
    }

    /// A harness knowing only the built-in types.
    @available(*, deprecated, message: "name the registry: PageHarness(registry: appRegistry), PageHarness(described: registryFile), or PageHarness(registry: .standard) for pages using only the built-ins")
    public convenience init(globals: PageValue = .object(PageObject()), pages: (any PageSource)? = nil,
                            clock: any PageClock = FixedClock(milliseconds: PageHarness.defaultClock), timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
                            languages: [String] = [], limits: PageLimits = .standard, drafts: any DraftStorage = MemoryDraftStorage()) {
        self.init(registry: .standard, globals: globals, pages: pages, clock: clock, timeZone: timeZone, languages: languages, limits: limits, drafts: drafts)
    }

    // MARK: - Opening

    /// Opens `document` with `params` and waits for `loaded`.
    public func open(_ document: PageDocument, params: PageValue = .null) async throws {
        guard root == nil else { throw PageHarnessError("a page is already open ('\(root?.document.id ?? "")'); make a new PageHarness for another") }
        let session: PageSession
        do {
            session = try engine.open(document, params: params)
        } catch {
            throw PageHarnessError("can't open the page '\(document.id)': " + error.diagnostics.map(\.message).joined(separator: "; "))
        }
        root = session
        navigator.showRoot(session)
        try await settle()
    }

    /// Decodes the page file at `path` and opens it. Pushed pages are looked up in the file's
    /// folder unless the harness was given `pages`.
    public func open(file path: String, params: PageValue = .null) async throws {
        let data: [UInt8]
        do {
            data = try ReadableFile.read(path, limit: engine.limits.documentBytes)
        } catch {
            throw PageHarnessError(error.isMissing ? "can't read the page file '\(path)'" : "can't read the page file '\(path)': \(error.reason)")
        }
        if engine.pages == nil {
            engine.pages = DirectoryPageSource(directory: URL(fileURLWithPath: path).deletingLastPathComponent())
        }
        try await open(try load(data, file: path), params: params)
    }

    /// Decodes a page written inline and opens it.
    public func open(json: String, params: PageValue = .null) async throws {
        try await open(try load(Array(json.utf8), file: nil), params: params)
    }

    /// Opens the page with this id from `pages`.
    public func open(pageID: String, params: PageValue = .null) async throws {
        let document: PageDocument
        do {
            document = try engine.document(pageID)
        } catch {
            throw PageHarnessError(error.description)
        }
        try await open(document, params: params)
    }

    /// Runs `body` with a harness whose page is open, then closes every page it opened.
    ///
    /// ```swift
    /// try await PageHarness.test(file: "pages/login.json", registry: appRegistry, stubs: { $0.on("POST", "/api/login", .json(200, ["token": "t"])) }) { page in
    ///     try await page.tap("signIn")
    /// }
    /// ```
    public static func test<Result>(
        file path: String, params: PageValue = .null, globals: PageValue = .object(PageObject()), registry: Registry,
        stubs: (StubTransport) -> Void = { _ in }, _ body: (PageHarness) async throws -> Result
    ) async throws -> Result {
        let harness = PageHarness(registry: registry, globals: globals)
        stubs(harness.stub)
        defer { harness.close() }
        try await harness.open(file: path, params: params)
        return try await body(harness)
    }

    /// Runs `body` with a harness knowing only the built-in types.
    @available(*, deprecated, message: "name the registry: PageHarness.test(file:registry:_:) with the app's registry, or registry: .standard for a page using only the built-ins")
    public static func test<Result>(
        file path: String, params: PageValue = .null, globals: PageValue = .object(PageObject()),
        stubs: (StubTransport) -> Void = { _ in }, _ body: (PageHarness) async throws -> Result
    ) async throws -> Result {
        try await test(file: path, params: params, globals: globals, registry: .standard, stubs: stubs, body)
    }

    private func load(_ bytes: [UInt8], file: String?) throws -> PageDocument {
        do {
            // NB: the libraries come from where pushed pages come from (the page file's folder by default).
            return try PageDocument.load(bytes, registry: registry, libraries: engine.pages?.libraries() ?? .empty, file: file, limits: limits)
        } catch {
            throw PageHarnessError(error.description)
        }
    }

    /// Closes every page (the first one's draft is written, as when a person leaves it) and opens
    /// the first page again with the same params, as a person coming back to it later would: a
    /// page that keeps a draft finds it (`"draft"`, Grammar.md 2.20).
    public func reopen() async throws {
        guard let page = root else { throw PageHarnessError("no page is open yet; call open(…) first") }
        close()
        root = nil
        try await open(page.document, params: page.params)
    }

    /// Runs the pages in `next` from now on (`relaunch()`): no page is open in it yet.
    func replaceEngine(_ next: PageEngine) {
        engine = next
        root = nil
    }

    /// Closes every page, cancelling pending questions and running chains.
    public func close() {
        presenter.cancel()
        for session in sessions.reversed() { session.close() }
        navigator.removeAll()
    }

    // MARK: - Pages

    /// The page on top: the one steps act on.
    public var current: PageSession {
        get throws {
            guard let page = navigator.top ?? root else { throw PageHarnessError("no page is open yet; call open(…) first") }
            return page
        }
    }

    /// Every page opened so far, the first one first.
    public var openedPages: [PageSession] { sessions }

    private func adopt(_ session: PageSession) {
        guard !sessions.contains(where: { $0 === session }) else { return }
        sessions.append(session)
        for event in session.trace { ingest(event, from: session) }
        session.onTrace = { [weak self, weak session] event in
            guard let self, let session else { return }
            self.ingest(event, from: session)
        }
        session.onResponse = { [weak self, weak session] value in
            guard let self, let session else { return }
            self.navigator.record(NavigationEvent(kind: .response, page: session.document.id, from: session.opener?.document.id, value: value))
        }
    }

    /// Runs `appear` or `disappear` when the page defines it, as the host would when showing or
    /// hiding the page; `settle()` waits for it like any chain.
    private func lifecycle(_ name: String, _ session: PageSession) {
        guard !session.isClosed, session.document.interactions[name] != nil else { return }
        let step = HarnessStep(session, isLifecycle: true)
        steps.append(step)
        step.start { _ = await session.trigger(name) }
    }

    private func ingest(_ event: PageTraceEvent, from session: PageSession) {
        traceBuffer.append(event)
        traceEventCount += 1
        let kept = max(1, limits.traceEvents)
        if traceBuffer.count >= 2 * kept { traceBuffer.removeFirst(traceBuffer.count - kept) }
        coverage.observe(event, in: session)
    }

    private func receive(_ report: PageReport) {
        switch report {
        case .diagnostic(let diagnostic): diagnostics.append(diagnostic)
        case .unhandledFailure(_, let error): failures.append(error)
        }
    }

    // MARK: - Steps and settling

    /// Starts `body` (a person's action) and waits until the pages settle. Returns the chain's
    /// outcome, or nil when it is still waiting for the person.
    func perform(on page: PageSession, _ body: @escaping @MainActor () async throws -> ChainOutcome) async throws -> ChainOutcome? {
        let step = HarnessStep(page, isLifecycle: false)
        steps.append(step)
        step.start {
            do { step.outcome = try await body() } catch { step.error = error }
        }
        try await settle()
        return step.isDone ? step.outcome : nil
    }

    /// Waits until the pages settle (see `PageEngine.isIdle`), then throws the first error a
    /// finished step met, or for requests no stub answered.
    ///
    /// Settled means: every step the harness started has reached the engine, every answer the
    /// presenter gave has been taken by its chain, and the engine is idle. All three are known
    /// facts, never guesses from timing; `limits.flowStepSeconds` only bounds a chain that never
    /// settles.
    public func settle() async throws {
        guard await settles(within: limits.flowStepSeconds) else {
            throw PageHarnessError("the pages were still working \(PageHarness.seconds(limits.flowStepSeconds)) after this step (limits.flowStepSeconds): a chain never finished or waits on something other than the person")
        }
        for session in sessions where !session.isClosed { coverage.markShown(session) }
        var errors: [String] = []
        for step in steps where step.isDone && !step.isLifecycle {
            if let outcome = step.outcome { self.outcome = outcome }
            if let error = step.error { errors.append(PageHarness.message(error)) }
        }
        steps.removeAll { $0.isDone }
        if stub.unmatched.count > reportedUnmatched {
            errors += stub.unmatched[reportedUnmatched...].map { stub.unmatchedMessage($0) }
            reportedUnmatched = stub.unmatched.count
        }
        if !errors.isEmpty { throw PageHarnessError(errors.joined(separator: "\n")) }
    }

    /// Whether the pages settled before `seconds` passed.
    private func settles(within seconds: Double) async -> Bool {
        let waiting = Task { @MainActor in await self.waitUntilSettled() }
        let guardTask = Task {
            try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
            waiting.cancel()
        }
        await waiting.value
        guardTask.cancel()
        return !waiting.isCancelled
    }

    private func waitUntilSettled() async {
        while !Task.isCancelled {
            if let step = steps.first(where: { !$0.isStarted }) {
                await step.waitUntilStarted()
            } else if presenter.answersInFlight > 0 {
                await presenter.waitUntilAnswersTaken()
            } else if !engine.isIdle {
                await engine.waitUntilIdle()
            } else {
                return
            }
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) seconds" : "\(value) seconds"
    }

    static func message(_ error: any Error) -> String {
        if let error = error as? PageError { return error.diagnostics.map(\.message).joined(separator: "; ") }
        return "\(error)"
    }
}

/// One person's action (or a lifecycle event the harness fires, as a host would) in flight.
@MainActor
final class HarnessStep {
    /// The page the step acted on.
    let page: PageSession
    /// `appear` or `disappear` fired by the harness: its outcome isn't the step's.
    let isLifecycle: Bool
    var outcome: ChainOutcome?
    var error: (any Error)?
    private(set) var isStarted = false
    private(set) var isDone = false
    private var startWaiters: [CheckedContinuation<Void, Never>] = []

    init(_ page: PageSession, isLifecycle: Bool) {
        self.page = page
        self.isLifecycle = isLifecycle
    }

    /// Runs `work` in a task of its own. Once the task has started, the engine knows about
    /// whatever `work` set going (its calls count as work from their first line).
    func start(_ work: @escaping @MainActor () async -> Void) {
        Task { @MainActor in
            self.isStarted = true
            let waiters = self.startWaiters
            self.startWaiters = []
            for waiter in waiters { waiter.resume() }
            await work()
            self.isDone = true
        }
    }

    /// Returns once the step's task has started.
    func waitUntilStarted() async {
        guard !isStarted else { return }
        await withCheckedContinuation { startWaiters.append($0) }
    }
}
