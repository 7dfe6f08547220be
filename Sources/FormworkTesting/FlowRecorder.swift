import Foundation

/// Turns a session driven through a `PageHarness` into a flow file: each step the person took,
/// followed by an `expect` step pinning what changed (stores, errors, requests, messages,
/// navigation, the response), and the server's answers as stubs. Replayed unchanged, the flow
/// passes.
///
/// ```swift
/// let recorder = FlowRecorder(harness: page, flow: FlowFile(name: "add a dish", page: "dish-edit.json"))
/// recorder.opened()
/// try await page.set("name", "Tofu");  recorder.record(.set(key: "name", value: "Tofu"))
/// recorder.finish().text
/// // {"set":"name","value":"Tofu"},
/// // {"expect":{"data.dish.name":"Tofu"}}, …
/// ```
@MainActor
public final class FlowRecorder {
    /// The harness whose session is recorded.
    public let harness: PageHarness
    private var flow: FlowFile
    private var seenData: [ObjectIdentifier: PageValue] = [:]
    private var seenErrors: [ObjectIdentifier: [String: String]] = [:]
    private var seenGlobals: PageValue
    private var seenStack: [String] = []
    private var seenClosed = false
    private var seenRequests = 0
    private var seenToasts = 0
    private var seenAlerts = 0
    private var seenFailures = 0
    private var seenPicker: PageValue = .null
    private var seenConfirm: PageValue = .null
    private var seenResponse: PageValue = .null

    /// `flow` gives the page reference, params, globals, clock and time zone to write; its steps
    /// and stubs are filled in as the session goes.
    public init(harness: PageHarness, flow: FlowFile) {
        self.harness = harness
        self.flow = flow
        self.flow.steps = []
        seenGlobals = flow.globals
    }

    /// Pins the state after the page opened (what `loaded` did).
    public func opened() {
        if let root = harness.root { seenStack = [root.document.id] }
        pin()
    }

    /// Adds a step the person took, then pins what it changed.
    public func record(_ action: FlowStep.Action) {
        flow.steps.append(FlowStep(action))
        pin()
    }

    /// The flow so far, with the answers the server gave as stubs.
    public func finish() -> FlowFile {
        var answers: [(name: String, responses: [StubResponse])] = []
        for request in harness.requests {
            guard let response = request.response else { continue }
            if let at = answers.firstIndex(where: { $0.name == request.line }) {
                answers[at].responses.append(response)
            } else {
                answers.append((request.line, [response]))
            }
        }
        var result = flow
        result.stubs = answers.map { name, responses in
            let parts = name.split(separator: " ", maxSplits: 1)
            let distinct = responses.allSatisfy { $0 == responses[0] } ? [responses[0]] : responses
            return StubRule(method: String(parts[0]), path: String(parts[1]), responses: distinct)
        }
        return result
    }

    // MARK: - Pinning

    private func pin() {
        guard let page = try? harness.current else { return }
        var checks: [(String, PageValue)] = []
        func check(_ path: String, _ value: PageValue) { checks.append((path, value)) }

        let stack = harness.navigator.stack.map(\.document.id)
        if stack != seenStack {
            check("stack", .array(stack.map { .string($0) }))
            seenStack = stack
        }
        if page.isClosed != seenClosed {
            check("closed", .bool(page.isClosed))
            seenClosed = page.isClosed
        }
        let id = ObjectIdentifier(page)
        for (path, value) in FlowRecorder.changes(from: seenData[id] ?? page.document.data, to: page.data, at: FlowPath(segments: [.key("data")])) {
            check(path.description, value)
        }
        seenData[id] = page.data
        for (path, value) in FlowRecorder.changes(from: seenGlobals, to: harness.globals, at: FlowPath(segments: [.key("globals")])) {
            check(path.description, value)
        }
        seenGlobals = harness.globals

        var errors: [String: String] = [:]
        var keys: [String] = []
        for component in page.allComponents {
            guard let key = component.key, !keys.contains(key) else { continue }
            keys.append(key)
            if let message = component.validationError { errors[key] = message }
        }
        let before = seenErrors[id] ?? [:]
        for key in keys where errors[key] != before[key] {
            check(FlowPath(segments: [.key("error"), .key(key)]).description, errors[key].map { .string($0) } ?? .null)
        }
        seenErrors[id] = errors

        let requests = harness.requests
        for index in seenRequests..<requests.count {
            let request = requests[index]
            check("requests[\(index)].method", .string(request.method))
            check("requests[\(index)].url", .string(request.url))
            if !request.body.isNull { check("requests[\(index)].body", request.body) }
        }
        seenRequests = requests.count

        if harness.toasts.count > seenToasts, let last = harness.toasts.last { check("toast", .string(last)) }
        seenToasts = harness.toasts.count
        if harness.alerts.count > seenAlerts, let last = harness.alerts.last {
            check("alert.title", .string(last.title))
            check("alert.message", .string(last.message))
        }
        seenAlerts = harness.alerts.count
        if harness.failures.count > seenFailures, let last = harness.failures.last {
            check("failure.message", last["message"] ?? .null)
        }
        seenFailures = harness.failures.count

        let picker = (try? harness.read("picker")) ?? .null
        if picker != seenPicker { check("picker", picker) }
        seenPicker = picker
        let confirm = (try? harness.read("confirm")) ?? .null
        if confirm != seenConfirm { check("confirm", confirm) }
        seenConfirm = confirm
        let response = harness.response ?? .null
        if response != seenResponse || response.jsonText != seenResponse.jsonText { check("response", response) }
        seenResponse = response

        guard !checks.isEmpty else { return }
        let expectations = checks.compactMap { path, value in
            (try? FlowPath(path)).map { FlowExpectation($0, .equals(value)) }
        }
        flow.steps.append(FlowStep(.expect(expectations)))
    }

    /// The leaves that differ between two values, by path below `at`: members of objects are
    /// compared one by one; anything else that differs is pinned whole.
    nonisolated static func changes(from old: PageValue, to new: PageValue, at path: FlowPath) -> [(FlowPath, PageValue)] {
        if old == new && old.jsonText == new.jsonText { return [] }
        guard case .object(let before) = old, case .object(let after) = new else { return [(path, new)] }
        var result: [(FlowPath, PageValue)] = []
        for key in after.keys {
            result += changes(from: before[key] ?? .null, to: after[key] ?? .null, at: path.appending(.key(key)))
        }
        for key in before.keys where after[key] == nil {
            result.append((path.appending(.key(key)), .null))
        }
        return result
    }

    /// `target` written relative to `folder`, for the `page` of a recorded flow.
    public nonisolated static func relativePath(_ target: String, from folder: String) -> String {
        let targetParts = URL(fileURLWithPath: target).standardizedFileURL.pathComponents
        let folderParts = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        var common = 0
        while common < min(targetParts.count, folderParts.count), targetParts[common] == folderParts[common] { common += 1 }
        let ups = Array(repeating: "..", count: folderParts.count - common)
        return (ups + targetParts[common...]).joined(separator: "/")
    }
}
