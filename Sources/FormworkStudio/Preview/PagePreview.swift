import Foundation
import Formwork
import PreviewHTTP
import FormworkTesting

/// One page file, live in the browser: the engine runs it with the browser as its host, every
/// change goes out to the views watching it, and saving the file reloads it.
///
/// Opening reads and checks the file. A page with errors is not run: the views show the errors
/// (file, line:column, JSON path, message) while the last good version stays underneath, and the
/// next good save recovers, keeping the `$data` the person had where the page's shape still allows
/// (`CarriedData`).
@MainActor
package final class PagePreview {
    /// The page file, relative to the served folder.
    let file: String
    /// Its absolute path.
    let path: String
    /// The page file as the person named the folder: `pages/dish-edit.json`.
    let displayPath: String
    unowned let workspace: PreviewWorkspace
    /// `$param` as the browser gave it (text, typed when the page opens by its `params`).
    private(set) var givenParams: [HTTPRequest.QueryItem] = []

    private(set) var host: PreviewHost
    private(set) var stub = StubTransport()
    /// The network switch and the outbox (`PreviewConnection`), kept across openings.
    let connection: PreviewConnection
    /// The first page opened; nil when the file never opened, or it couldn't be opened.
    package private(set) var root: PageSession?
    /// Problems in the saved file (errors stop it from running) and in the stub file.
    private(set) var problems: [PageDiagnostic] = []
    /// True when the saved file has errors, so the views show them instead of the page.
    package private(set) var isBroken = false
    /// What the first page handed back with `response`.
    private(set) var response: PageValue?
    /// How many times the file was reloaded after a save.
    private(set) var reloads = 0
    /// The languages the locale switch chose for this page, instead of the workspace's `--locale`.
    private(set) var chosenLanguages: [String]?
    /// The languages the page is shown for now.
    var languages: [String] { chosenLanguages ?? workspace.languages }
    let ids = ComponentIdentities()
    var steps: [Step] = []
    var changeWaiters: [CheckedContinuation<Void, Never>] = []
    var feed = PreviewFeed()
    /// The browser views watching, each a way to send it one event; false when it is gone.
    var views: [Int: @Sendable (_ event: String, _ data: String) -> Bool] = [:]
    var nextView = 1
    /// Goes up by one each time what the views show changes.
    var revision = 0
    var lastState = ""
    var lastStateBody = ""
    var updateScheduled = false
    private var fingerprints: [String: Fingerprint] = [:]
    /// True while the file is read and the page opened; views are updated once it is done, so
    /// they never see a half-opened page.
    private(set) var isOpening = false
    /// Set when another opening was asked for while one ran: it runs once that one is done.
    private var opensAgain = false
    /// Who asked for an opening while one ran, resumed when the opening that read their bytes is done.
    private var openWaiters: [CheckedContinuation<Void, Never>] = []
    /// The page as `formwork design` shows it before it is saved: opened in place of the file
    /// (nil: the file as saved).
    private(set) var unsaved: [UInt8]?
    /// True while the editor's unsaved page has errors and the last page that opened well is
    /// shown instead, still running (`problems` are the unsaved page's): a half-typed expression
    /// never hides the live page.
    private(set) var showsLastGood = false

    /// The contents of a watched file when last seen (nil: it didn't exist).
    private struct Fingerprint: Equatable { let bytes: Data? }

    init(file: String, workspace: PreviewWorkspace) {
        self.file = file
        self.workspace = workspace
        path = workspace.folder.absolute(file)
        displayPath = (workspace.folder.displayName as NSString).appendingPathComponent(file)
        host = PreviewHost()
        connection = PreviewConnection(limits: workspace.limits)
        feed.limit = workspace.limits.traceEvents
        connection.outbox.onOutcome = { [weak self] outcome in self?.outboxOutcome(outcome) }
    }

    /// The page on top of the stack, the one the person sees.
    var top: PageSession? { host.top }

    // MARK: - Opening

    /// Opens the page with these params (text values, typed by the page's `params`), closing
    /// whatever ran before; `$data` starts as the page says.
    /// Shows the page for a person whose language is `locale` (nil: the workspace's `--locale`
    /// again): it opens again, keeping what was typed, as after a save.
    func show(locale: String?) async {
        chosenLanguages = locale.map { [$0] }
        await open(keepingData: true)
    }

    func restart(params: [HTTPRequest.QueryItem]? = nil) async {
        if let params { givenParams = params }
        await open(keepingData: false)
    }

    /// Reads and checks the file; opens it when it has no errors, else shows the errors.
    func open(keepingData: Bool) async {
        guard !isOpening else {
            // NB: the newest edit must show: the opening running now may have read an older one.
            // The caller waits for the next one, so what it reads afterwards (`problems`) is its own.
            opensAgain = true
            await withCheckedContinuation { openWaiters.append($0) }
            return
        }
        isOpening = true
        await load(keepingData: keepingData)
        while opensAgain {
            opensAgain = false
            let waiting = openWaiters
            openWaiters = []
            await load(keepingData: true)
            for waiter in waiting { waiter.resume() }
        }
        isOpening = false
        scheduleUpdate()
    }

    /// Shows `bytes` (a page the editor changed, not saved yet) in place of the file, keeping
    /// what was typed where the page's data still has room for it; nil goes back to the file.
    func show(unsaved bytes: [UInt8]?) async {
        unsaved = bytes
        await open(keepingData: true)
    }

    private func load(keepingData: Bool) async {
        let saved = FileManager.default.contents(atPath: path)
        fingerprints[path] = Fingerprint(bytes: saved)
        let bytes = unsaved.map { Data($0) } ?? saved
        // NB: before the libraries are read for this opening, so a save from now on is seen.
        for library in workspace.folder.libraryFiles() { fingerprints[library] = Fingerprint(bytes: FileManager.default.contents(atPath: library)) }
        guard let bytes else {
            var missing = PageDiagnostic.error("file", "", "the page file can't be read; was it moved or deleted?")
            missing.file = displayPath
            show(problems: [missing])
            return
        }
        // NB: the stubs come first: the app's own functions answer from them, already while the page is decoded.
        let network = makeNetwork()
        let registry = workspace.loaded.description.registry(standIn: network.hostStubs)
        let (document, found) = PageDocument.decode(Array(bytes), registry: registry, libraries: workspace.libraries(), file: displayPath, limits: workspace.limits)
        var diagnostics = found
        if let document { diagnostics += document.check(registry: registry, knownPages: workspace.knownPageIDs(), limits: workspace.limits) }
        guard let document, !diagnostics.contains(where: { $0.severity == .error }) else {
            if unsaved != nil, root != nil, !isBroken {
                keepLastGood(problems: diagnostics + network.problems)
            } else {
                show(problems: diagnostics + network.problems)
            }
            return
        }
        showsLastGood = false
        let carried = keepingData ? root.map { (data: $0.data, initial: $0.document.data) } : nil
        await start(document, registry: registry, network: network, warnings: diagnostics + network.problems, carrying: carried)
    }

    /// Where this opening's requests go, and the app's own actions and functions answer from:
    /// the stub file as saved now (a problem with it is shown, and the page runs without it).
    private func makeNetwork() -> (transport: StubTransport, hostStubs: HostStubs, problems: [PageDiagnostic]) {
        let transport = StubTransport()
        let hostStubs = HostStubs()
        let stubFile = workspace.requests.stubFile
        hostStubs.advice = { key in
            stubFile.map { "add \"\(key)\": {\"result\": …} to \($0)" } ?? "give --api-stub FILE with \"\(key)\": {\"result\": …}"
        }
        do {
            try workspace.requests.configure(transport, hostStubs: hostStubs)
            return (transport, hostStubs, [])
        } catch {
            var problem = PageDiagnostic.error("stubs", "", error.message)
            problem.file = stubFile
            return (transport, hostStubs, [problem])
        }
    }

    /// The editor's unsaved page has errors: the page that runs stays, marked as the last good
    /// one, and the problems point at the editor's page (its JSON paths), not at lines of a file
    /// that isn't saved.
    private func keepLastGood(problems: [PageDiagnostic]) {
        self.problems = problems.map { problem in
            var problem = problem
            if problem.file == displayPath {
                problem.file = "\(displayPath) (unsaved, in the editor)"
                problem.line = nil
                problem.column = nil
            }
            return problem
        }
        showsLastGood = true
        let errors = problems.filter { $0.severity == .error }.count
        feed.note(page: file, "the unsaved page has \(errors) error\(errors == 1 ? "" : "s"); the last good page is shown until they are fixed")
        scheduleUpdate()
    }

    private func show(problems: [PageDiagnostic]) {
        self.problems = problems
        showsLastGood = false
        isBroken = true
        let errors = problems.filter { $0.severity == .error }.count
        feed.note(page: file, "\(displayPath) has \(errors) error\(errors == 1 ? "" : "s"); the page is shown again after the next good save")
        workspace.report("\(displayPath): \(errors) error\(errors == 1 ? "" : "s") (shown in the browser)")
        scheduleUpdate()
    }

    /// Closes what runs now and opens `document` with a new host and transport; then puts back
    /// the `$data` carried over from before, once `loaded` has run.
    private func start(_ document: PageDocument, registry: Registry, network: (transport: StubTransport, hostStubs: HostStubs, problems: [PageDiagnostic]),
                       warnings: [PageDiagnostic], carrying: (data: PageValue, initial: PageValue)?) async {
        host.cancelQuestions()
        for session in host.stack.reversed() { session.close() }
        root?.close()
        feed.retire(stub.requests)
        problems = warnings
        isBroken = false
        response = nil
        ids.removeAll()

        host = makeHost()
        stub = network.transport
        let engine = PageEngine(registry: registry, host: PageHost(
            navigator: host, presenter: host, transport: connection.transport(through: stub), router: host, clock: SystemClock(), timeZone: .current, languages: languages,
            report: { [weak self] report in self?.receive(report) }
        ), globals: workspace.globals, pages: DirectoryPageSource(directory: URL(fileURLWithPath: workspace.folder.root)), limits: workspace.limits)
        connection.attach(to: engine)
        let session: PageSession
        do {
            session = try engine.open(document, params: typedParams(for: document))
        } catch {
            root = nil
            show(problems: problems + error.diagnostics)
            return
        }
        root = session
        host.showRoot(session)
        track(session) {
            await session.waitUntilIdle()   // `loaded`
            return nil
        }
        await settle()
        await sendWaiting(engine)
        if let carrying, !session.isClosed {
            let kept = CarriedData.merge(current: carrying.data, oldInitial: carrying.initial, newInitial: document.data)
            if kept.jsonText != session.data.jsonText {
                try? session.set(kept, at: StorePath(.data))
                feed.note(page: document.id, "kept $data from before the save")
            }
        }
        scheduleUpdate()
    }

    private func makeHost() -> PreviewHost {
        let host = PreviewHost()
        host.onChange = { [weak self] in
            self?.wakeSettlers()
            self?.scheduleUpdate()
        }
        host.onMessage = { [weak self] message in self?.feed.add(message) }
        host.componentNumber = { [weak self] component in self?.ids.id(for: component) }
        host.onShow = { [weak self] session, covered in
            guard let self else { return }
            self.adopt(session)
            if let covered { self.lifecycle("disappear", covered) }
            self.lifecycle("appear", session)
        }
        host.onReveal = { [weak self] session in self?.lifecycle("appear", session) }
        return host
    }

    /// Follows a page's trace and response.
    private func adopt(_ session: PageSession) {
        for event in session.trace { feed.add(event) }
        session.onTrace = { [weak self] event in
            self?.feed.add(event)
            self?.scheduleUpdate()
        }
        session.onResponse = { [weak self, weak session] value in
            guard let self, let session, session === self.root else { return }
            self.response = value
            self.scheduleUpdate()
        }
    }

    /// Runs `appear` or `disappear` as a host does when a page is shown or covered.
    private func lifecycle(_ name: String, _ session: PageSession) {
        guard !session.isClosed, session.document.interactions[name] != nil else { return }
        track(session) {
            await session.trigger(name)
            return nil
        }
    }

    private func receive(_ report: PageReport) {
        switch report {
        case .diagnostic(let diagnostic): feed.problem(page: top?.document.id ?? file, ToolText.located(diagnostic))
        case .unhandledFailure(let page, let error):
            feed.problem(page: page, "a failure no error handler took: " + (error["message"]?.displayText ?? error.jsonText))
        }
        scheduleUpdate()
    }

    /// `$param` from the browser's text values, typed as the command line types them.
    private func typedParams(for document: PageDocument) -> PageValue {
        var object = PageObject()
        for item in givenParams {
            object[item.name] = ToolText.paramValue(item.value, declaredAs: document.params.first { $0.name == item.name }?.type)
        }
        return .object(object)
    }

    // MARK: - Watching

    /// The files whose saving reloads the page: it, the pages pushed on top of it, the block
    /// libraries kept with the pages, the stub file.
    private var watchedFiles: [String] {
        var files = [path] + workspace.folder.libraryFiles()
        for session in host.stack.dropFirst() {
            if let file = session.document.file, !files.contains(file) { files.append(file) }
        }
        if let stubFile = workspace.requests.stubFile { files.append(stubFile) }
        return files
    }

    /// Reloads when a watched file's contents changed since they were last seen.
    func checkForChanges() async {
        guard !isOpening else { return }
        var changed: [String] = []
        for file in watchedFiles {
            let now = Fingerprint(bytes: FileManager.default.contents(atPath: file))
            if let before = fingerprints[file], before != now { changed.append(file) }
            fingerprints[file] = now
        }
        guard let first = changed.first else { return }
        reloads += 1
        let cause = first == path ? "" : " (\(first) changed)"
        feed.note(page: file, "saved: reloading \(displayPath)\(cause)")
        workspace.report("reloaded \(displayPath)\(cause)")
        await open(keepingData: true)
    }

    /// Closes every page and cancels every question; the views are told the preview stopped.
    func close() {
        host.cancelQuestions()
        for session in host.stack.reversed() { session.close() }
        root?.close()
        closeViews()
    }
}
