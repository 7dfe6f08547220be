import Foundation

/// What a person does: edit, tap, trigger, answer a picker or a confirmation, go back. Each step
/// waits until the pages settle and returns the outcome of the chain it started (nil while that
/// chain waits for the person). Doing something a person couldn't throws `PageHarnessError`.
extension PageHarness {
    // MARK: - Finding components

    /// The component with this key on the current page; `dishRow[1]` is the second component
    /// keyed `dishRow` (a list repeats its children's keys, one per row, counting from 0).
    ///
    /// Throws `no component "sav" on the page 'dish-edit'; did you mean "save"?`
    public func component(_ key: String) throws -> PageComponent {
        var name = key
        var index: Int?
        if key.hasSuffix("]"), let open = key.lastIndex(of: "["), let n = Int(key[key.index(after: open)..<key.index(before: key.endIndex)]) {
            name = String(key[..<open])
            index = n
        }
        return try component(name, index: index)
    }

    /// The `index`th component keyed `key` (the first when nil) on the current page.
    public func component(_ key: String, index: Int?) throws -> PageComponent {
        let page = try current
        let matches = page.allComponents.filter { $0.key == key }
        if let index {
            guard matches.indices.contains(index) else {
                throw PageHarnessError(matches.isEmpty ? missing(key, on: page).message
                    : "there is no \(key)[\(index)] on the page '\(page.document.id)': it has \(matches.count) component\(matches.count == 1 ? "" : "s") keyed \"\(key)\", counted from 0")
            }
            return matches[index]
        }
        guard let first = matches.first else { throw missing(key, on: page) }
        return first
    }

    private func missing(_ key: String, on page: PageSession) -> PageHarnessError {
        var keys: [String] = []
        for key in page.allComponents.compactMap(\.key) where !keys.contains(key) { keys.append(key) }
        let hint = Suggestions.nearest(to: key, in: keys).map { "; did you mean \"\($0)\"?" }
            ?? (keys.isEmpty ? "; it has no keyed components" : "; its keys are " + keys.map { "\"\($0)\"" }.joined(separator: ", "))
        return PageHarnessError("no component \"\(key)\" on the page '\(page.document.id)'" + hint)
    }

    private func live() throws -> PageSession {
        let page = try current
        if page.isClosed { throw PageHarnessError("the page '\(page.document.id)' is closed; nothing more can be done on it") }
        return page
    }

    private func visible(_ key: String, doing verb: String) throws -> PageComponent {
        _ = try live()
        let component = try component(key)
        if component.isHidden { throw PageHarnessError("\"\(key)\" is hidden, so a person can't \(verb) it") }
        if !component.isEnabled { throw PageHarnessError("\"\(key)\" is disabled, so \(verb == "tap" ? "tapping" : "editing") it does nothing; expect component.\(key).enabled to be false instead") }
        return component
    }

    // MARK: - Steps

    /// Edits the input `key` as a person would: writes through its two-way binding, validates if
    /// it says `validateOn: change`, runs its `onChange`.
    @discardableResult
    public func set(_ key: String, _ value: PageValue) async throws -> ChainOutcome? {
        let component = try visible(key, doing: "edit")
        let page = try live()
        return try await perform(on: page) { try await page.edit(component, to: value) }
    }

    /// Enters `text` into the input `key` as a person in the page's locale types it: a number
    /// field reads `1.234,5` in `de`, a date field `14.11.2023` (see
    /// `PageSession.enterText(_:into:)`). Text that doesn't read in the locale changes nothing and
    /// shows its problem as the field's error. A flow's `{"type": KEY, "text": …}` step calls this.
    ///
    /// ```swift
    /// try await harness.enterText("1.234,5", into: "price")
    /// ```
    @discardableResult
    public func enterText(_ text: String, into key: String) async throws -> ChainOutcome? {
        let component = try visible(key, doing: "edit")
        let page = try live()
        return try await perform(on: page) { try await page.enterText(text, into: component) }
    }

    /// The old name of `enterText(_:into:)`, with the key first.
    @available(*, deprecated, message: "use enterText(_:into:), with the text first: enterText(text, into: key)")
    @discardableResult
    public func type(_ key: String, _ text: String) async throws -> ChainOutcome? {
        try await enterText(text, into: key)
    }

    /// Taps `key` (its `onTap`; a `select` opens its picker). With `times`, taps that many times in
    /// a row as fast as a person can, without waiting in between: a double tap. The taps after the
    /// first land on whatever the first left (a button its chain disabled does nothing), and the
    /// outcome is the first tap's.
    @discardableResult
    public func tap(_ key: String, times: Int = 1) async throws -> ChainOutcome? {
        let component = try visible(key, doing: "tap")
        let page = try live()
        return try await perform(on: page) {
            // NB: the later taps are queued before the first one runs, so each lands right after
            // the one before it has reached the engine and before any chain work goes on, as a
            // person's quick taps do; the first runs in the step itself, so the engine knows of it.
            let later = (1..<max(1, times)).map { _ in Task { @MainActor in await page.tap(component) } }
            let first = await page.tap(component)
            for tap in later { _ = await tap.value }
            return first
        }
    }

    /// Runs the page interaction `name` (a nav-bar button's `onSave`, `appear`, …).
    @discardableResult
    public func trigger(_ name: String, event: PageValue = .null) async throws -> ChainOutcome? {
        let page = try live()
        if page.document.interactions[name] == nil, !PageDocument.lifecycleInteractions.contains(name) {
            let names = page.document.interactions.keys.sorted()
            let hint = Suggestions.nearest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? (names.isEmpty ? "" : "; it has " + names.joined(separator: ", "))
            throw PageHarnessError("the page '\(page.document.id)' has no interaction '\(name)'" + hint)
        }
        return try await perform(on: page) { await page.trigger(name, event: event) }
    }

    /// Attaches `files` to the `file` input `key`, as a person tapping it and choosing them would:
    /// paths relative to `fileFolder`, or absolute. A file that doesn't exist fails the step.
    @discardableResult
    public func attach(_ files: [String], to key: String) async throws -> ChainOutcome? {
        let component = try visible(key, doing: "attach to")
        guard component.type.id == "file" else {
            throw PageHarnessError("'\(key)' is a \(component.type.id), not a file input; attach files to a component with id \"file\"")
        }
        var paths: [String] = []
        for file in files {
            let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : fileFolder.appendingPathComponent(file)
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &folder), !folder.boolValue else {
                throw PageHarnessError("there is no file to attach at \(url.path); give a path from \(fileFolder.path), or an absolute one")
            }
            paths.append(url.standardizedFileURL.path)
        }
        filePicker.answer(paths)
        let page = try live()
        return try await perform(on: page) { await page.tap(component) }
    }

    /// Chooses option `index` (from 0) in the pending picker.
    public func pick(_ index: Int) async throws {
        guard let request = presenter.pendingPicker else { throw noQuestion("picker", answer: "pick") }
        guard request.options.indices.contains(index) else {
            let listed = request.options.enumerated().map { "\($0.offset): \($0.element.title)" }.joined(separator: ", ")
            throw PageHarnessError("the picker \"\(request.title)\" has no option \(index); its options are \(listed.isEmpty ? "none" : listed)")
        }
        _ = presenter.answerPicker(index)
        try await settle()
    }

    /// Chooses the option titled `title` in the pending picker.
    public func pick(_ title: String) async throws {
        guard let request = presenter.pendingPicker else { throw noQuestion("picker", answer: "pick") }
        guard let index = request.options.firstIndex(where: { $0.title == title }) else {
            let titles = request.options.map(\.title)
            let hint = Suggestions.nearest(to: title, in: titles).map { "; did you mean \"\($0)\"?" } ?? "; its options are " + titles.map { "\"\($0)\"" }.joined(separator: ", ")
            throw PageHarnessError("the picker \"\(request.title)\" has no option \"\(title)\"" + hint)
        }
        try await pick(index)
    }

    /// Cancels the pending picker (its chain ends quietly).
    public func cancelPicker() async throws {
        guard presenter.answerPicker(nil) else { throw noQuestion("picker", answer: "cancel") }
        try await settle()
    }

    /// Answers the pending confirmation: yes goes on, no ends the chain quietly.
    public func confirm(_ yes: Bool) async throws {
        guard presenter.answerConfirm(yes) else { throw noQuestion("confirmation", answer: "confirm") }
        try await settle()
    }

    /// Leaves the current page as the back button does: a pushed page closes (a `push` waiting
    /// for its result ends quietly) and its opener is current again; the first page closes.
    public func back() async throws {
        let page = try live()
        presenter.cancel(page: page.document.id)
        navigator.record(NavigationEvent(kind: .back, page: page.document.id, from: page.opener?.document.id))
        if page !== root { navigator.remove(page) }
        page.close()
        try await settle()
    }

    private func noQuestion(_ what: String, answer: String) -> PageHarnessError {
        var message = "no \(what) is waiting for an answer, so there is nothing to \(answer)"
        switch presenter.pending.first {
        case .picker(let request)?: message += "; a picker \"\(request.title)\" is waiting: pick an option"
        case .confirm(let title, _)?: message += "; a confirmation \"\(title)\" is waiting: confirm yes or no"
        case nil: message += what == "picker" ? "; tap a select, or run a picker action first" : "; run a confirm action first"
        }
        return PageHarnessError(message)
    }
}
