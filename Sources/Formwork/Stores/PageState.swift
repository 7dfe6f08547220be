/// `$page`: what the engine knows about the page's own work, readable by bindings and never
/// written by pages.
///
/// | path | holds |
/// |---|---|
/// | `$page.busy` | `true` while any chain of the page runs (its `loaded`, a tap's chain, a watcher's) or waits its turn (a watcher set off and not yet run), or an asynchronous validation checks a value |
/// | `$page.submitting` | `true` while something the person started runs: a tap's chain (`onTap`), or a page interaction the host triggers (`onSave`; not `appear`/`disappear`); never a watcher's chain, `loaded`, or an edit's `onChange` |
/// | `$page.running.NAME` | `true` while the interaction `NAME` runs: a component's key (`save`), or a page interaction (`onSave`) |
/// | `$page.requests` | how many `api` requests are waiting for an answer |
/// | `$page.locale` | the person's locale (`de-CH`), the host's first preferred language, or the page's default language |
/// | `$page.direction` | `ltr`, or `rtl` for a locale written right to left (Arabic, Hebrew, …) |
/// | `$page.draft` | `restored` when the page opened with the person's draft, `dropped` when a draft was found but no longer fit or had expired, `none` otherwise |
///
/// Each change reports the paths that changed, so the session updates exactly what reads them
/// (`"enabled": {"expr": "!$page.busy"}` disables a button while the page works).
@MainActor
final class PageState {
    private var chains = 0
    private var checks = 0
    /// Whether watchers' chains are queued or running (`WatcherQueue`): from the update that set
    /// the first one off until the queue is empty, so busy doesn't turn off between them.
    private var watchersPending = false
    private var requests = 0
    private var submits = 0
    private var running: [String: Int] = [:]
    /// `$page.draft`: what became of a saved draft when the page opened.
    private var draft = "none"
    /// `locale` and `direction`, fixed for the session.
    private let language: [(String, PageValue)]
    /// The value as expressions read it, rebuilt only when something changes.
    private(set) var value: PageValue

    init(locale: PageLocale = PageLocale()) {
        language = [("locale", .string(locale.locale)), ("direction", .string(locale.direction))]
        value = .null
        rebuild()
    }

    private static let busyPath = StorePath(.page, [.key("busy")])
    private static let requestsPath = StorePath(.page, [.key("requests")])
    private static let submittingPath = StorePath(.page, [.key("submitting")])

    private static let draftPath = StorePath(.page, [.key("draft")])

    /// The page opened with its draft (`restored`), without a draft it had (`dropped`), or had none.
    func draftOpened(_ state: String) -> [StorePath] {
        guard state != draft else { return [] }
        draft = state
        rebuild()
        return [PageState.draftPath]
    }

    var isSubmitting: Bool { submits > 0 }

    /// A run the person started (a tap, a host's trigger) started (`+1`) or ended (`-1`).
    func submit(_ delta: Int) -> [StorePath] {
        let before = isSubmitting
        submits = max(0, submits + delta)
        guard before != isSubmitting else { return [] }
        rebuild()
        return [PageState.submittingPath]
    }

    var isBusy: Bool { chains > 0 || checks > 0 || watchersPending }

    /// A chain started (`+1`) or ended (`-1`); returns the paths that changed.
    func chain(_ delta: Int) -> [StorePath] { changingBusy { chains = max(0, chains + delta) } }

    /// The watcher queue got its first chain (`true`) or ran its last (`false`).
    func watchers(pending: Bool) -> [StorePath] { changingBusy { watchersPending = pending } }

    /// An asynchronous validation started (`+1`) or settled (`-1`).
    func check(_ delta: Int) -> [StorePath] { changingBusy { checks = max(0, checks + delta) } }

    /// A request was sent (`+1`) or answered (`-1`).
    func request(_ delta: Int) -> [StorePath] {
        requests = max(0, requests + delta)
        rebuild()
        return [PageState.requestsPath]
    }

    /// The interaction `name` started (`+1`) or ended (`-1`); it reads `true` while any run of it is on.
    func interaction(_ name: String, _ delta: Int) -> [StorePath] {
        let before = running[name, default: 0] > 0
        let count = max(0, running[name, default: 0] + delta)
        running[name] = count == 0 ? nil : count
        guard before != (count > 0) else { return [] }
        rebuild()
        return [StorePath(.page, [.key("running"), .key(name)])]
    }

    private func changingBusy(_ change: () -> Void) -> [StorePath] {
        let before = isBusy
        change()
        guard before != isBusy else { return [] }
        rebuild()
        return [PageState.busyPath]
    }

    private func rebuild() {
        value = .object(PageObject([
            ("busy", .bool(isBusy)),
            ("submitting", .bool(isSubmitting)),
            ("running", .object(PageObject(running.keys.sorted().map { ($0, .bool(true)) }))),
            ("requests", .int(Int64(requests))),
        ] + language + [("draft", .string(draft))]))
    }
}
