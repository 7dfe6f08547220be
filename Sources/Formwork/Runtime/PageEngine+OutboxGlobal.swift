/// `$global.outbox` (behaviour level 2): what waits in the engine's outbox, for pages to show
/// ("2 orders waiting to be sent"). Read-only; published only when the engine keeps an outbox,
/// and only when it changes, so a page that doesn't read it pays nothing.
///
/// ```json
/// {"count": 1, "entries": [{"id": "6F1C…", "page": "order", "method": "POST", "url": "/api/orders",
///                           "queuedAt": 1704067200000, "attempts": 0, "lastProblem": null}]}
/// ```
extension PageEngine {
    /// The name of the member of `$global` that holds what waits in the outbox.
    static let outboxMember = "outbox"

    /// Wires a newly set outbox to `$global.outbox` (from level 2), and unwires the old one.
    func outboxChanged(from old: Outbox?) {
        guard registry.behavior >= .v2, old !== outbox else { return }
        old?.onEntriesChange = nil
        guard let outbox else {
            globals.publish(nil, as: PageEngine.outboxMember)
            return
        }
        outbox.onEntriesChange = { [weak self, weak outbox] in
            guard let self, let outbox, self.outbox === outbox else { return }
            self.globals.publish(PageEngine.outboxValue(outbox), as: PageEngine.outboxMember)
        }
        globals.publish(PageEngine.outboxValue(outbox), as: PageEngine.outboxMember)
    }

    /// `{count, entries}` as `$global.outbox` holds it.
    static func outboxValue(_ outbox: Outbox) -> PageValue {
        .object(PageObject([("count", .int(Int64(outbox.entries.count))), ("entries", outbox.jsonValue)]))
    }
}
