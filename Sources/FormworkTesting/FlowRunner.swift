import Foundation

/// Runs flow files headlessly against a `PageHarness` and reports each as passed or failed,
/// naming the step and the expected and actual values.
///
/// ```swift
/// let result = await FlowRunner(registry: appRegistry).run(file: "pages/dish-edit.flow.json")
/// print(result.summary)
/// // FAIL pages/dish-edit.flow.json — step 4 (expect data.dish.price): expected 12.5, got null
/// ```
@MainActor
public struct FlowRunner {
    /// The types pages may use; a host's own types go here.
    public var registry: Registry
    /// The budgets pages run within (`PageLimits.standard`, as in an app, unless given).
    public var limits: PageLimits
    /// The app's registry file, read: when set, pages use its types, and its own actions,
    /// functions and validations answer from the flows' host stubs (`"action analytics": …`).
    public var described: RegistryDescription?

    /// A runner for pages using `registry` (or the registry file `described`), within `limits`.
    /// `registry` is the app's (`.standard` for pages using only the built-ins; there is no default).
    public init(registry: Registry, described: RegistryDescription? = nil, limits: PageLimits = .standard) {
        self.registry = registry
        self.described = described
        self.limits = limits
    }

    /// A runner for pages using the types of the app's registry file `described`, within `limits`.
    public init(described: RegistryDescription, limits: PageLimits = .standard) {
        self.init(registry: .standard, described: described, limits: limits)
    }

    /// A runner knowing only the built-in types.
    @available(*, deprecated, message: "name the registry: FlowRunner(registry: appRegistry), FlowRunner(described: registryFile), or FlowRunner(registry: .standard) for pages using only the built-ins")
    public init(limits: PageLimits = .standard) {
        self.init(registry: .standard, limits: limits)
    }

    /// Reads and runs the flow file at `path`. A file that can't be read is a failed result.
    public func run(file path: String) async -> FlowResult {
        do {
            return await run(try FlowFile.load(file: path, limits: limits), displayName: path)
        } catch {
            return FlowResult(file: path, name: FlowFile.defaultName(path), stepCount: 0,
                              failures: [FlowFailure(step: nil, label: "flow file", message: error.description)], hits: [:], documents: [])
        }
    }

    /// Runs a decoded flow. `displayName` names it in the result (default: its file).
    public func run(_ flow: FlowFile, displayName: String? = nil) async -> FlowResult {
        let shown = displayName ?? flow.file ?? flow.name
        let folder = flow.file.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let byFile = flow.page.hasSuffix(".json")
        // Relative to the flow file; an absolute path is taken as it is (it was joined onto the folder).
        func resolve(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        }
        let pageFile = resolve(flow.page).standardizedFileURL
        let pagesFolder = flow.pages.map { resolve($0) } ?? (byFile ? pageFile.deletingLastPathComponent() : folder)
        let harness = PageHarness(registry: registry, described: described, globals: flow.globals, pages: DirectoryPageSource(directory: pagesFolder),
                                  clock: FixedClock(milliseconds: flow.clock), timeZone: TimeZone(identifier: flow.timeZone) ?? .current, languages: flow.languages, limits: limits)
        harness.fileFolder = folder
        harness.stub.advice = { method, path in "add \"\(method) \(path)\" to the flow's \"stubs\"" }
        harness.stub.add(flow.stubs)
        harness.hostStubs.add(flow.hostStubs)
        defer { harness.close() }

        func result(_ failures: [FlowFailure]) -> FlowResult {
            var documents: [PageDocument] = []
            for session in harness.openedPages where !documents.contains(where: { $0.id == session.document.id }) {
                documents.append(session.document)
            }
            return FlowResult(file: shown, name: flow.name, stepCount: flow.steps.count, failures: failures, hits: harness.coverage.hits, documents: documents)
        }

        do {
            if byFile {
                try await harness.open(file: pageFile.path, params: flow.params)
            } else {
                try await harness.open(pageID: flow.page, params: flow.params)
            }
        } catch {
            return result([FlowFailure(step: nil, label: "open \(flow.page)", message: PageHarness.message(error))])
        }
        // A page that goes over a budget fails its flow, even when an error handler took the failure.
        var budgetsReported = 0
        func overBudget(step: Int?, label: String) -> [FlowFailure] {
            let found = harness.diagnostics.filter { $0.code == "limit" }
            defer { budgetsReported = found.count }
            return found.dropFirst(budgetsReported).prefix(1).map { FlowFailure(step: step, label: label, message: "the page went over a budget: \($0.message)") }
        }
        if case let failures = overBudget(step: nil, label: "open \(flow.page)"), !failures.isEmpty { return result(failures) }
        for (index, step) in flow.steps.enumerated() {
            var failures = await run(step, number: index + 1, on: harness)
            if failures.isEmpty { failures = overBudget(step: index + 1, label: step.label) }
            if !failures.isEmpty { return result(failures.map { FlowRunner.explained($0, by: harness) }) }
        }
        return result([])
    }

    /// `failure` with the reason the page gave when it has one the message lacks: the app's own
    /// types that ran with no stub (the stub to add), else the first problem the page reported.
    /// So `expected "Total: €17.90", got null` goes on `; currency() is the app's own function and
    /// has no stub here; add "function currency": {"result": …} to the flow's "stubs"`.
    static func explained(_ failure: FlowFailure, by harness: PageHarness) -> FlowFailure {
        var reasons = harness.hostStubs.missing
        if reasons.isEmpty, let problem = harness.diagnostics.first(where: { $0.severity == .error && $0.code != "limit" }) {
            reasons = ["the page reported: " + problem.rendered]
        }
        let added = reasons.filter { !failure.message.contains($0) }
        guard !added.isEmpty else { return failure }
        return FlowFailure(step: failure.step, label: failure.label, message: failure.message + "; " + added.joined(separator: "; "),
                           expected: failure.expected, actual: failure.actual)
    }

    /// Runs one step; returns its failures (none when it passed).
    public func run(_ step: FlowStep, number: Int, on harness: PageHarness) async -> [FlowFailure] {
        do {
            switch step.action {
            case .expect(let expectations):
                var failures: [FlowFailure] = []
                for expectation in expectations {
                    let label = "expect \(expectation.path)"
                    let actual: PageValue
                    do {
                        actual = try harness.read(expectation.path)
                    } catch {
                        failures.append(FlowFailure(step: number, label: label, message: PageHarness.message(error), expected: expectation.expectedJSON))
                        continue
                    }
                    if let message = expectation.failure(for: actual) {
                        failures.append(FlowFailure(step: number, label: label, message: message, expected: expectation.expectedJSON, actual: actual))
                    }
                }
                return failures
            default:
                try await FlowRunner.perform(step.action, on: harness)
                return []
            }
        } catch {
            return [FlowFailure(step: number, label: step.label, message: PageHarness.message(error))]
        }
    }

    /// Does what a step says on the harness (expectations are not checked here).
    public static func perform(_ action: FlowStep.Action, on harness: PageHarness) async throws {
        switch action {
        case .set(let key, let value): try await harness.set(key, value)
        case .type(let key, let text): try await harness.enterText(text, into: key)
        case .tap(let key, let times): try await harness.tap(key, times: times)
        case .trigger(let name, let event): try await harness.trigger(name, event: event)
        case .attach(let key, let files): try await harness.attach(files, to: key)
        case .pick(.index(let n)): try await harness.pick(n)
        case .pick(.title(let title)): try await harness.pick(title)
        case .pick(.cancel): try await harness.cancelPicker()
        case .confirm(let yes): try await harness.confirm(yes)
        case .back: try await harness.back()
        case .reopen: try await harness.reopen()
        case .background:
            harness.engine.applicationWillResignActive()
            try await harness.settle()
        case .offline: harness.goOffline()
        case .online: try await harness.goOnline()
        case .relaunch: try await harness.relaunch()
        case .stub(let stubs):
            harness.stub.add(stubs.requests)
            harness.hostStubs.add(stubs.host)
        case .expect: break
        }
    }
}
