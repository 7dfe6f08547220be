import Foundation

/// Drives pages headlessly the way a person would, against stub hosts, and reads back
/// everything a test asserts: stores, components, requests, navigation, messages, the response.
///
/// Everything is deterministic: the clock is fixed, the time zone is UTC, requests go to
/// `stub` (a request no stub answers makes the step throw), alerts are dismissed at once, and
/// pickers and confirmations wait until the test answers them. After each step the harness waits
/// until every open page is idle: no chain runs, or every running chain waits for the person.
///
/// ```swift
/// let page = PageHarness()
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

    public let engine: PageEngine
    /// Answers the page's requests and records them.
    public let stub: StubTransport
    /// Records alerts and toasts; holds pickers and confirmations until answered.
    public let presenter: ScriptedPresenter
    /// The stack of open pages and every navigation.
    public let navigator: RecordingNavigator
    /// What ran, by JSON path, for `formwork test --coverage`.
    public let coverage: CoverageProbe
    /// The registry pages are decoded with (the engine runs an instrumented copy).
    public let registry: Registry
    /// Answers for the app's own actions, functions and validations (from its registry file) and
    /// the record of their runs.
    public let hostStubs = HostStubs()

    /// Every trace event of every page, in order.
    public private(set) var trace: [PageTraceEvent] = []
    /// How the last chain a step started ended; nil while it waits for the person.
    public private(set) var outcome: ChainOutcome?
    /// `$error` of each failure no error handler took, in order.
    public private(set) var failures: [PageValue] = []
    /// Problems the engine reported while running (an attribute that can't be computed, …).
    public private(set) var diagnostics: [PageDiagnostic] = []
    /// The first page opened.
    public private(set) var root: PageSession?

    private var sessions: [PageSession] = []
    private var steps: [HarnessStep] = []
    private var reportedUnmatched = 0

    /// A harness with no page open yet; add stubs, then `open` one.
    ///
    /// - Parameters:
    ///   - registry: the types pages may use; a host's own types go here.
    ///   - described: instead of `registry`, the app's registry file read as a description: its
    ///     own types run through `hostStubs`.
    ///   - globals: the starting `$global`.
    ///   - pages: where `push` finds pages by id; `open(file:)` defaults it to the file's folder.
    ///   - clock: fixed at 2024-01-01T00:00:00Z unless given.
    ///   - timeZone: UTC unless given.
    public init(registry: Registry = .standard, described: RegistryDescription? = nil, globals: PageValue = .object(PageObject()), pages: (any PageSource)? = nil,
                clock: any PageClock = FixedClock(milliseconds: PageHarness.defaultClock), timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        self.registry = described.map { [hostStubs] in $0.registry(standIn: hostStubs) } ?? registry
        stub = StubTransport()
        presenter = ScriptedPresenter()
        navigator = RecordingNavigator()
        coverage = CoverageProbe()
        let host = PageHost(navigator: navigator, presenter: presenter, transport: stub, router: navigator, clock: clock, timeZone: timeZone)
        engine = PageEngine(registry: coverage.instrument(self.registry), host: host, globals: GlobalStore(globals), pages: pages)
        engine.host.report = { [weak self] report in self?.receive(report) }
        presenter.currentPage = { [weak self] in self?.navigator.top?.document.id ?? "" }
        navigator.onShow = { [weak self] session in
            self?.adopt(session)
            // As a host does: the page now shown appears; the one it covers disappears.
            if let opener = session.opener { PageHarness.lifecycle("disappear", opener) }
            PageHarness.lifecycle("appear", session)
        }
        navigator.onReveal = { session in PageHarness.lifecycle("appear", session) }
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
        guard let data = FileManager.default.contents(atPath: path) else { throw PageHarnessError("can't read the page file '\(path)'") }
        if engine.pages == nil {
            engine.pages = DirectoryPageSource(directory: URL(fileURLWithPath: path).deletingLastPathComponent())
        }
        try await open(try load(Array(data), file: path), params: params)
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
    /// try await PageHarness.test(file: "pages/login.json", stubs: { $0.on("POST", "/api/login", .json(200, ["token": "t"])) }) { page in
    ///     try await page.tap("signIn")
    /// }
    /// ```
    public static func test<Result>(
        file path: String, params: PageValue = .null, globals: PageValue = .object(PageObject()), registry: Registry = .standard,
        stubs: (StubTransport) -> Void = { _ in }, _ body: (PageHarness) async throws -> Result
    ) async throws -> Result {
        let harness = PageHarness(registry: registry, globals: globals)
        stubs(harness.stub)
        defer { harness.close() }
        try await harness.open(file: path, params: params)
        return try await body(harness)
    }

    private func load(_ bytes: [UInt8], file: String?) throws -> PageDocument {
        do {
            return try PageDocument.load(bytes, registry: registry, file: file)
        } catch {
            throw PageHarnessError(error.description)
        }
    }

    /// Closes every page, cancelling pending questions and running chains.
    public func close() {
        presenter.cancel()
        for session in sessions.reversed() { session.close() }
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
    private static func lifecycle(_ name: String, _ session: PageSession) {
        guard !session.isClosed, session.document.interactions[name] != nil else { return }
        Task { @MainActor in await session.trigger(name) }
    }

    private func ingest(_ event: PageTraceEvent, from session: PageSession) {
        trace.append(event)
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
        let step = HarnessStep(page)
        steps.append(step)
        Task { @MainActor in
            do { step.outcome = try await body() } catch { step.error = error }
            step.isDone = true
        }
        try await settle()
        return step.isDone ? step.outcome : nil
    }

    /// Waits until every page is idle (no chain runs, or each waits for the person), then
    /// throws the first error a finished step met, or for requests no stub answered.
    public func settle() async throws {
        var rounds = 0
        while true {
            let before = progress
            for session in sessions.reversed() { await session.waitUntilIdle() }
            // NB: a chain resumed by a response or an answer runs when the main actor gets to it;
            // yielding lets it, and the loop goes on until nothing moves any more.
            for _ in 0..<4 { await Task.yield() }
            rounds += 1
            if rounds > 1_000 { try? await Task.sleep(nanoseconds: 1_000_000) }
            if rounds > 20_000 { throw PageHarnessError("the page never became idle: its chains kept running for 20 seconds") }
            // NB: a page counts as waiting for the person until the chain an answer (or a pushed
            // page's response) woke has resumed: wait for answers not yet taken, and for any step
            // whose chain isn't done while it waits for nothing.
            if progress != before || presenter.answersInFlight > 0 { continue }
            guard steps.contains(where: { !$0.isDone && !isWaitingForPerson($0.page) }) else { break }
        }
        for session in sessions where !session.isClosed { coverage.markShown(session) }
        var errors: [String] = []
        for step in steps where step.isDone {
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

    /// Whether a chain on `page` may be waiting for the person: a question is open, or a page
    /// is pushed above it.
    private func isWaitingForPerson(_ page: PageSession) -> Bool {
        !presenter.pending.isEmpty || (navigator.stack.contains { $0 === page } && navigator.top !== page)
    }

    private var progress: Int {
        trace.count + stub.requests.count + presenter.presented.count + presenter.pending.count + navigator.events.count + steps.count { $0.isDone }
    }

    static func message(_ error: any Error) -> String {
        if let error = error as? PageError { return error.diagnostics.map(\.message).joined(separator: "; ") }
        return "\(error)"
    }
}

/// One person's action in flight.
@MainActor
final class HarnessStep {
    /// The page the step acted on.
    let page: PageSession
    var outcome: ChainOutcome?
    var error: (any Error)?
    var isDone = false

    init(_ page: PageSession) { self.page = page }
}
