/// What a test reads back: stores, components, requests, navigation, messages, the response,
/// and `read(_:)`, which reaches all of it by a flow path.
extension PageHarness {
    // MARK: - Typed state

    /// `$data` of the current page.
    public var data: PageValue { (try? current.data) ?? .null }
    /// `$global` as the app keeps it: without the engine's `outbox` (read it with `outbox`).
    public var globals: PageValue { engine.globals.storedValue }
    /// Every request sent, in order.
    public var requests: [SentRequest] { stub.requests }
    /// Every navigation, in order.
    public var navigation: [NavigationEvent] { navigator.events }
    /// The alerts the pages showed, in order.
    public var alerts: [PresentedMessage] { presenter.alerts }
    /// The toasts' messages, in order.
    public var toasts: [String] { presenter.toasts.map(\.message) }
    /// What the first page handed back with `response`, if it did.
    public var response: PageValue? { root?.response }
    /// The picker waiting for an answer, if any.
    public var pendingPicker: PickerRequest? { presenter.pendingPicker }
    /// The confirmation waiting for an answer, if any.
    public var pendingConfirm: (title: String, message: String)? { presenter.pendingConfirm }

    // MARK: - Reading by path

    /// The roots `read(_:)` knows, for messages and docs.
    public nonisolated static let readableRoots = [
        "data", "computed", "globals", "param", "page", "title", "stack", "closed", "component", "error", "errors",
        "request", "requests", "response", "navigation", "alert", "alerts", "toast", "toasts", "messages",
        "picker", "confirm", "outcome", "failure", "failures", "diagnostics", "trace", "host", "draft",
        "announcement", "announcements", "focus", "outbox",
    ]

    /// Reads any state by a flow path: `data.dish.price`, `component.save.enabled`,
    /// `error.price`, `request.body.name`, `navigation[-1].page`, `toast`, `response.id`.
    ///
    /// Throws for an unknown root or a component key the page doesn't have:
    /// `no component "prise" on the page 'dish-edit'; did you mean "price"?`
    public func read(_ path: FlowPath) throws -> PageValue {
        let rest = path.segments.dropFirst()
        func below(_ value: PageValue) -> PageValue { FlowPath.read(rest, in: value) }
        switch path.root {
        case "data": return below(data)
        case "computed": return below(try current.computed)
        case "globals", "global":
            // NB: the app's own $global, so a whole-object check needn't list the engine's outbox; `globals.outbox` reads it.
            if case .key("outbox")? = rest.first { return below(engine.globals.value) }
            return below(globals)
        case "outbox": return below(outbox)
        case "param", "params": return below(try current.params)
        case "page": return below(.string(try current.document.id))
        case "title": return below(.string(try current.title))
        case "stack": return below(.array(navigator.stack.map { .string($0.document.id) }))
        case "closed": return below(.bool(try current.isClosed))
        case "component": return try readComponent(rest)
        case "error":
            guard let (key, after) = try componentKey(rest) else { return try readErrors() }
            let (index, tail) = PageHarness.rowIndex(after)
            return FlowPath.read(tail, in: (try component(key, index: index)).validationError.map { .string($0) } ?? .null)
        case "errors": return below(try readErrors())
        case "request": return below(requests.last?.jsonValue ?? .null)
        case "requests": return below(.array(requests.map(\.jsonValue)))
        case "response": return below(response ?? .null)
        case "navigation": return below(.array(navigation.map(\.jsonValue)))
        case "alert": return below(alerts.last?.jsonValue ?? .null)
        case "alerts": return below(.array(alerts.map(\.jsonValue)))
        case "toast": return below(toasts.last.map { .string($0) } ?? .null)
        case "toasts": return below(.array(toasts.map { .string($0) }))
        case "messages": return below(.array(presenter.presented.map(\.jsonValue)))
        case "picker":
            guard let picker = pendingPicker else { return .null }
            return below(.object(PageObject([
                ("title", .string(picker.title)), ("options", .array(picker.options.map { .string($0.title) })),
                ("selected", picker.selected.map { .int(Int64($0)) } ?? .null),
            ])))
        case "confirm":
            guard let confirm = pendingConfirm else { return .null }
            return below(.object(PageObject([("title", .string(confirm.title)), ("message", .string(confirm.message))])))
        case "outcome": return below(outcome.map(PageHarness.json) ?? .null)
        case "failure": return below(failures.last ?? .null)
        case "failures": return below(.array(failures))
        case "diagnostics": return below(.array(diagnostics.map { .string($0.rendered) }))
        case "trace": return below(.array(trace.map { .string($0.description) }))
        case "announcement": return below(try current.announcements.last?.jsonValue ?? .null)
        case "announcements": return below(.array(try current.announcements.map(\.jsonValue)))
        case "focus": return below(try current.focusedComponent.map { .string($0.key ?? $0.node.path) } ?? .null)
        case "draft":
            // NB: the first page's saved draft as the storage holds it, or null.
            guard let id = root?.document.id else { return .null }
            return below((try engine.drafts?.load(pageID: id))?.jsonValue ?? .null)
        case "host":
            guard case .key(let name)? = rest.first else {
                return .object(PageObject(hostStubs.calledNames.map { ($0, .array(hostStubs.calls($0))) }))
            }
            return FlowPath.read(rest.dropFirst(), in: .array(hostStubs.calls(name)))
        default:
            let hint = Suggestions.nearest(to: path.root, in: PageHarness.readableRoots).map { "; did you mean '\($0)'?" }
                ?? "; a path starts with one of " + PageHarness.readableRoots.joined(separator: ", ")
            throw PageHarnessError("can't read '\(path)': there is no '\(path.root)'" + hint)
        }
    }

    /// Reads by a path written as text.
    public func read(_ path: String) throws -> PageValue {
        do {
            return try read(try FlowPath(path))
        } catch let problem as FlowFileError.Problem {
            throw PageHarnessError(problem.message)
        }
    }

    /// Checks what `path` reads, as a flow's `expect` does; throws a message naming the path and
    /// both values, so the failure points at the caller's `try` in any test framework.
    ///
    /// ```swift
    /// try page.expect("data.dish.price", 12.5)
    /// // PageHarnessError: expect data.dish.price: expected 12.5, got null
    /// try page.expect("toast", .contains("Saved"))
    /// ```
    public func expect(_ path: String, _ expected: PageValue) throws {
        try expect(path, .equals(expected))
    }

    /// Throws unless the value at `path` satisfies `matcher` (`.contains`, `.count`, `.matches`, `.not`, `.exists`).
    public func expect(_ path: String, _ matcher: FlowExpectation.Matcher) throws {
        let flowPath: FlowPath
        do { flowPath = try FlowPath(path) } catch { throw PageHarnessError(error.message) }
        let expectation = FlowExpectation(flowPath, matcher)
        if let failure = expectation.failure(for: try read(flowPath)) {
            throw PageHarnessError("expect \(path): \(failure)")
        }
    }

    private func readComponent(_ rest: ArraySlice<FlowPath.Segment>) throws -> PageValue {
        guard let (key, after) = try componentKey(rest) else {
            throw PageHarnessError("name the component: component.KEY, then an attribute such as value, enabled, hidden, visible or error")
        }
        let (index, tail) = PageHarness.rowIndex(after)
        if tail.first == .key("exists"), tail.count == 1 { return .bool((try? component(key, index: index)) != nil) }
        let found = try component(key, index: index)
        var json = PageHarness.json(found)
        // A masked field's text as the person sees it (`component.phone.text`); its value is the raw one.
        if let page = try? current, page.mask(of: found) != nil, case .object(var object) = json {
            object["text"] = .string(page.textForValue(in: found))
            json = .object(object)
        }
        return FlowPath.read(tail, in: json)
    }

    /// The component key at the start of `segments` and what follows it. Components inside a
    /// block's use have keys with dots (`shipping.street`), so the longest run of names that is
    /// a key on the page is the key; else the first name is.
    private func componentKey(_ segments: ArraySlice<FlowPath.Segment>) throws -> (String, ArraySlice<FlowPath.Segment>)? {
        var names: [String] = []
        for segment in segments {
            guard case .key(let name) = segment else { break }
            names.append(name)
        }
        guard let first = names.first else { return nil }
        if names.count > 1 {
            let keys = Set(try current.allComponents.compactMap(\.key))
            for count in stride(from: names.count, to: 1, by: -1) where keys.contains(names[..<count].joined(separator: ".")) {
                return (names[..<count].joined(separator: "."), segments.dropFirst(count))
            }
        }
        return (first, segments.dropFirst())
    }

    /// `component.dishRow[1].title`: an index right after the key picks that row's component.
    private static func rowIndex(_ segments: ArraySlice<FlowPath.Segment>) -> (Int?, ArraySlice<FlowPath.Segment>) {
        if case .index(let n)? = segments.first { return (n, segments.dropFirst()) }
        return (nil, segments)
    }

    private func readErrors() throws -> PageValue {
        var errors = PageObject()
        for component in try current.allComponents {
            if let message = component.validationError { errors[component.key ?? component.node.path] = .string(message) }
        }
        return .object(errors)
    }

    /// A component as flows read it: its resolved attributes, with `hidden` and `enabled` as the
    /// person sees them (an ancestor's count) and `accessibility` as a screen reader gets it
    /// (`AccessibilityDescription.jsonValue`), plus `visible`, `error`, `type`, `key`, `exists`.
    static func json(_ component: PageComponent) -> PageValue {
        var object = PageObject()
        for spec in component.type.attributes where !spec.type.holdsNodes {
            object[spec.name] = component.attributes[spec.name] ?? .null
        }
        // NB: a type's own `hidden` or `enabled` (one it declares) reads as the attribute.
        if component.type.engineReads("hidden") { object["hidden"] = .bool(component.isHidden) }
        object["visible"] = .bool(!component.isHidden)
        if component.type.engineReads("enabled") { object["enabled"] = .bool(component.isEnabled) }
        // NB: likewise, the engine's `accessibility` reads as the description a screen reader gets.
        if component.type.engineReads("accessibility") { object["accessibility"] = component.accessibility.jsonValue }
        object["error"] = component.validationError.map { .string($0) } ?? .null
        object["type"] = .string(component.type.id)
        object["key"] = component.key.map { .string($0) } ?? .null
        object["exists"] = .bool(true)
        // NB: a list's rows, not the components built in them (two blocks a row are still one row).
        object["count"] = .int(Int64(component.childRows?.count ?? component.children.count))
        return .object(object)
    }

    /// `{status, result, error, handledBy, reason}` for a chain's outcome.
    static func json(_ outcome: ChainOutcome) -> PageValue {
        switch outcome {
        case .completed(let result): return .object(PageObject([("status", "completed"), ("result", result)]))
        case .cancelled: return .object(PageObject([("status", "cancelled")]))
        case .failed(let error, let handler):
            return .object(PageObject([("status", "failed"), ("error", error), ("handledBy", handler.map { .string($0) } ?? .null)]))
        case .ignored(let reason): return .object(PageObject([("status", "ignored"), ("reason", .string(reason))]))
        }
    }
}
