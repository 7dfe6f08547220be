import Formwork

/// Sending the page to the browser views: the whole state as one `state` event whenever it
/// changes (numbered by `revision`), and the side panel's record as `log` events with only what is
/// new.
extension PagePreview {
    /// Adds a view: it gets the current state and the whole record at once, then every change.
    /// Returns its number, for `unsubscribe`.
    func subscribe(_ send: @escaping @Sendable (_ event: String, _ data: String) -> Bool) -> Int {
        // NB: flush first, so what the others haven't been sent yet isn't sent to this one twice.
        publish()
        let id = nextView
        nextView += 1
        views[id] = send
        _ = send("state", lastState)
        _ = send("log", feed.full(current: stub.requests).jsonText)
        return id
    }

    func unsubscribe(_ id: Int) {
        views[id] = nil
    }

    /// Publishes once, soon: many changes in one turn of the main actor make one update.
    func scheduleUpdate() {
        guard !updateScheduled else { return }
        updateScheduled = true
        Task { @MainActor in
            self.updateScheduled = false
            if !self.isOpening { self.publish() }
        }
    }

    /// Sends what changed to every view now; returns the revision the views are at.
    @discardableResult
    package func publish() -> Int {
        let body = stateBody()
        let text = PageValue.object(body).jsonText
        if text != lastStateBody {
            lastStateBody = text
            revision += 1
            lastState = PageValue.object(PageObject([("revision", .int(Int64(revision)))] + body.entries.map { ($0.key, $0.value) })).jsonText
            broadcast("state", lastState)
        }
        if let delta = feed.delta(current: stub.requests) { broadcast("log", delta.jsonText) }
        workspace.noticeGlobals(from: self)
        return revision
    }

    /// The current state, as `GET …/state` answers it.
    var currentState: String {
        publish()
        return lastState
    }

    private func broadcast(_ event: String, _ data: String) {
        for (id, send) in views where !send(event, data) { views[id] = nil }
    }

    /// Tells the views the preview stopped, and forgets them.
    func closeViews() {
        broadcast("stopped", "{}")
        views = [:]
    }

    // MARK: - The state

    /// `{file, problems, broken, stack, page, questions, data, global, param, connection, response, reloads}`.
    private func stateBody() -> PageObject {
        var object = PageObject()
        object["file"] = .string(file)
        object["path"] = .string(displayPath)
        object["reloads"] = .int(Int64(reloads))
        object["broken"] = .bool(isBroken)
        object["lastGood"] = .bool(showsLastGood)
        object["unsaved"] = .bool(unsaved != nil)
        object["problems"] = .array(problems.map(PreviewSnapshot.problem))
        // The locale switch: the languages the page's texts are written in, and the one shown.
        if let document = (top ?? root)?.document {
            let shown = PageLocale(languages: languages, strings: document.strings)
            object["locales"] = .array(document.strings.locales.map(PageValue.string))
            object["locale"] = .string(shown.locale)
            object["direction"] = .string(shown.direction)
        } else {
            object["locales"] = .array([])
            object["locale"] = .string(languages.first ?? "en")
            object["direction"] = .string(LocaleTag.direction(languages.first ?? "en"))
        }
        object["stack"] = .array(host.stack.map(PreviewSnapshot.session))
        if let page = top {
            let interactions = page.document.interactions.keys.filter { !PageDocument.lifecycleInteractions.contains($0) }.sorted()
            object["page"] = .object(PageObject([
                ("id", .string(page.document.id)),
                ("title", .string(page.title)),
                ("closed", .bool(page.isClosed)),
                ("interactions", .array(interactions.map { .string($0) })),
                ("components", .array(page.components.map { PreviewSnapshot.component($0, ids: ids, page: page) })),
                // Accessibility: what the page announced (oldest first), and the component focus
                // was last moved to (its "id" among the components), for live regions and focus.
                ("announcements", .array(page.announcements.map(\.jsonValue))),
                ("focused", page.focusedComponent.map { .int(Int64(ids.id(for: $0))) } ?? .null),
            ]))
            ids.prune(keeping: page.allComponents)
            object["data"] = page.data
            object["param"] = page.params
        } else {
            object["page"] = .null
            object["data"] = root?.data ?? .null
            object["param"] = root?.params ?? .null
        }
        object["global"] = workspace.globals.value
        object["connection"] = connection.jsonValue
        object["questions"] = .array(host.questions.map(PreviewSnapshot.question))
        object["response"] = response ?? .null
        object["responded"] = .bool(response != nil)
        return object
    }
}
