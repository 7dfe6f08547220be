import Foundation

/// One open page: its stores, its live component tree kept up to date by bindings, and the
/// interactions running on it. Runs on the main actor.
///
/// Open one with `PageEngine.open`. Drive it the way a person would (`edit`, `tap`, `trigger`),
/// observe its components, and `close()` it to cancel what is still running.
@MainActor
public final class PageSession: Identifiable {
    /// The session's own id: unique among the sessions the process opens, and fixed while it
    /// lives. Every `PageComponent.id` of the page includes it, so components of several pages
    /// (or of one page opened twice) are told apart; see `PageSessionID`.
    public nonisolated let id: PageSessionID
    /// The page it runs.
    public let document: PageDocument
    /// The engine that opened it.
    public let engine: PageEngine
    /// `$data`.
    public var data: PageValue { currentData }
    /// `$data`, as `write` leaves it.
    /// NB: internal, and only ever loaded or stored whole (a write takes it out, changes it and
    /// puts it back), so the optimizer proves its accesses exclusive when compiling; a `public`
    /// stored property (another module may reach its storage directly), or one changed in place
    /// across a call, is checked at run time on every access (about 90 instructions each).
    var currentData: PageValue
    /// `$param`, checked against the page's `params`.
    public let params: PageValue
    /// The top-level components.
    public private(set) var components: [PageComponent] = []
    /// Whether it was closed: it runs nothing more.
    public var isClosed: Bool { closed }
    /// NB: `isClosed`'s storage, internal for the same reason as `currentData`'s.
    private var closed = false
    /// The value handed back by a `response` action, once there is one.
    public private(set) var response: PageValue?
    /// Called when the page hands back a value with `response`.
    public var onResponse: (@MainActor (PageValue) -> Void)?
    /// Hears this session's reports besides the host's `report`: how `PageRepository.open`
    /// watches a page's `loaded` chain without touching the engine's host, which every page
    /// opened in the engine shares (two openings at once could leave a wrapper behind).
    var reportWatcher: (@MainActor (PageReport) -> Void)?

    /// Sends a report of this session to the host's `report` and to `reportWatcher`.
    func send(_ report: PageReport) {
        engine.host.report?(report)
        reportWatcher?(report)
    }

    /// The latest announcements made on the page (a failed `validate`, a toast, a `status` turning
    /// to loading or error), oldest first; the last 100 are kept.
    public internal(set) var announcements: [PageAnnouncement] = []
    /// The component assistive technology's focus was last moved to (the first invalid field
    /// after a failed `validate`); nil before any move, or once it is gone.
    public internal(set) weak var focusedComponent: PageComponent?

    /// Called for each trace event (actions, requests, navigation, writes).
    public var onTrace: (@MainActor (PageTraceEvent) -> Void)? {
        didSet { isTracing = traceBuffer.capacity > 0 || onTrace != nil }
    }
    /// The latest trace events, oldest first, at most `traceLimit` of them.
    public var trace: [PageTraceEvent] { traceBuffer.events }
    /// How many trace events `trace` keeps (the oldest go first); `PageLimits.traceEvents` unless
    /// changed. 0 turns recording off unless `onTrace` is set.
    public var traceLimit: Int {
        get { traceBuffer.capacity }
        set {
            traceBuffer.capacity = newValue
            isTracing = traceBuffer.capacity > 0 || onTrace != nil
        }
    }
    var traceBuffer: TraceBuffer
    /// Whether anything is recorded: `traceLimit` above 0 or `onTrace` set.
    /// NB: one stored flag, so a write with the trace off reads one property, not two (each read
    /// of a class's stored property is an exclusivity check at run time).
    var isTracing: Bool
    /// How many pages are open on this page's stack, itself included: 1 for a page opened by the
    /// host, one more than its opener's for a pushed page (at most `PageLimits.pushDepth`).
    public let stackDepth: Int
    /// The session that pushed this one, if any.
    public internal(set) weak var opener: PageSession? {
        didSet {
            opener?.pushed.removeAll { $0.isClosed }
            opener?.pushed.append(self)
        }
    }
    /// Pages opened by this one's `push`; closing this page closes them.
    private var pushed: [PageSession] = []

    let runner = ChainRunner()
    /// Every binding made, by id (its position here); a disposed component's are nil. Which store
    /// paths each reads is in `index` (see `Binding/`).
    var bindings: [Binding?] = []
    /// Ids of disposed bindings, given to the next ones made, so a page whose rows come and go
    /// doesn't grow its table.
    var freeBindingIDs: [Int] = []
    /// NB: `@exclusivity(unchecked)`, as `PageComponent.currentAttributes`: `DependencyIndex`'s
    /// methods call no other code while they hold it, so its accesses never overlap; checked, it
    /// was a runtime check at every update.
    @exclusivity(unchecked) var index = DependencyIndex()
    /// `$computed`: recomputed before the bindings, when what a value reads changes.
    let computedValues: ComputedValues
    /// Which watchers an update sets off, and the queue their chains run from.
    let watchers: PageWatchers
    private(set) lazy var watcherQueue = WatcherQueue(session: self, activity: engine.activity)
    /// `$page`: busy, running, requests, locale, direction.
    let stateStore: PageState
    /// The person's languages (the host's) with the page's texts, for `text()` and the formatters.
    let pageLocale: PageLocale
    /// One run of an interaction at a time (refused or queued).
    let gate: InteractionGate
    var running: [Int: Task<ChainOutcome, Never>] = [:]
    var nextTaskID = 0
    /// Components validated at least once, in that order; an edit re-checks the live ones among them.
    var liveValidated: [PageComponent] = []
    /// Whoever awaits this page's response, with the wait that parks their strand.
    private var responseWaiters: [(continuation: CheckedContinuation<PageValue, any Error>, park: PageActivity.Park?)] = []
    /// The title as last resolved, so `onTitleChange` fires only when it changes.
    var shownTitle: String?
    /// Lists whose items are a plain path into `$data`, by that path (see `ListRows`).
    var listsByItemsPath: [StorePath: [WeakComponent]] = [:]
    /// Lists whose `items` was written below since their last update: their old items aren't kept.
    var rewrittenItems = Set<ObjectIdentifier>()
    /// Paths of unknown components already reported, so a list's rows (and each rebuild) warn once.
    var reportedUnknown: Set<String> = []
    /// How many components were built at each identity path (`ComponentIdentity`), so none is
    /// given twice. NB: grows by one entry per path ever built (a list's distinct item keys).
    var identitiesBuilt: [String: Int] = [:]
    /// The text a masked field shows, by component, where it says more than its value (a currency
    /// field's `12,` while the person types decimals); see `PageSession+Masks`.
    var maskedTexts: [ObjectIdentifier: String] = [:]

    struct Binding {
        /// NB: held strongly (a disposed component's bindings are dropped with it, and the session
        /// holds its components anyway): an `unowned` reference cost an unowned retain, a check
        /// and a strong load each time an edit read a binding.
        let component: PageComponent
        /// Where the attribute is among the component type's attributes.
        let position: Int
        let type: AttributeType
        let expression: CompiledExpression
        /// What the attribute drives besides its value: a list's rows, a status's children.
        var drives: BindingRole = .value
        /// The page-wide stores the expression reads: what an update puts in its scope for it.
        var reads: StoreReads = .all

        var name: String { component.type.attributes[position].name }
    }

    /// Moves at every store write and every update, so a scope kept for an update's bindings is
    /// built again when a store changed under it (`UpdateScope`).
    var storeGeneration = 0
    /// The last update's arrays, emptied, and its scope, its stores let go, for the next update
    /// (`KeptUpdate`).
    /// NB: `@exclusivity(unchecked)`: an update holds it for its whole run, across calls to host
    /// code (observers, `onTitleChange`), so an update started from there must not touch it;
    /// `keptInUse` sees to that (`runUpdate(of:and:)` and `spareScope`, the only code that reaches
    /// it, check the flag first). Checked, it cost a runtime check at every update.
    @exclusivity(unchecked) var kept = KeptUpdate()
    /// True while an update runs in `kept`: one started meanwhile (a host writing while it hears
    /// about a change) runs in arrays and a scope of its own.
    var keptInUse = false

    /// `scopeSettings`, and the `PageEngine.hostChanges` it was built at.
    private var sharedSettings: (hostChanges: Int, settings: ScopeSettings)?

    /// True while `init` builds the tree (see there).
    private var isOpening = true

    /// Keeps the page's draft, when it asks for one and the engine has a storage (`PageSession+Drafts`).
    var draftKeeper: DraftKeeper?

    init(document: PageDocument, engine: PageEngine, params: PageValue, stackDepth: Int = 1, data: PageValue? = nil) {
        id = PageSessionID.next()
        self.document = document
        self.engine = engine
        currentData = data ?? document.data
        self.params = params
        self.stackDepth = stackDepth
        pageLocale = PageLocale(languages: engine.languages, strings: document.strings)
        stateStore = PageState(locale: pageLocale)
        traceBuffer = TraceBuffer(capacity: engine.limits.traceEvents)
        isTracing = engine.limits.traceEvents > 0
        computedValues = ComputedValues(document.computed)
        watchers = PageWatchers(document.watchers)
        gate = InteractionGate(activity: engine.activity)
        startReactiveState()
        // NB: room for every component the page writes, so the table isn't grown (and every path
        // in it hashed again) as they are built.
        identitiesBuilt.reserveCapacity(PageSession.count(document.components))
        // NB: listening before the tree is built only to see a `$global` write made meanwhile (by
        // another page, answering a report): it moves `storeGeneration`, so the bindings built
        // after it don't read `$global` from the scope the build reuses. The page is refreshed
        // by writes only once its tree is built, as before.
        engine.globals.addListener(self) { [weak self] paths in
            guard let self else { return }
            if self.isOpening { self.storeGeneration &+= 1 } else { self.refresh(paths) }
        }
        components = build(document.components, parent: nil, item: .null, index: .null)
        isOpening = false
        if document.title?.expression != nil { shownTitle = title }
    }

    /// `$global`.
    public var globals: PageValue { engine.globals.value }

    /// `$page.locale`: the locale the page shows its texts, numbers, money and dates in (`de-CH`,
    /// `zh-Hans`) — the first of the host's `PageHost.languages`, or the page's default language
    /// when the host gives none. Fixed for the session; `page.state` holds it too.
    ///
    /// ```swift
    /// page.locale   // "de-CH", for a host whose PageHost.languages are ["de-CH", "en"]
    /// ```
    public var locale: String { pageLocale.locale }

    /// The page's title, resolved now.
    public var title: String {
        guard let node = document.title else { return document.id }
        return (try? AttributeReader(attributes: AttributeList([node]), specs: [], scope: scope(for: nil)).value("title").displayText) ?? document.id
    }

    /// Called with the new title when a title bound to the stores changes ("Menu (3)"); a write
    /// the title reads that leaves its text as it was doesn't call it.
    public var onTitleChange: (@MainActor (String) -> Void)?

    /// Whether a write at one of `paths` can change the title.
    func titleReads(_ paths: [StorePath]) -> Bool {
        guard let dependencies = document.title?.expression?.dependencies else { return false }
        return paths.contains { path in dependencies.contains { $0.overlaps(path) } }
    }

    // MARK: - Finding components

    /// Every component currently built, depth first.
    public var allComponents: [PageComponent] {
        var found: [PageComponent] = []
        for component in components { component.appendAll(to: &found) }
        return found
    }

    /// The first component with this key.
    public func component(_ key: String) -> PageComponent? {
        allComponents.first { $0.key == key }
    }

    /// The scope expressions on `component` are evaluated in.
    public func scope(for component: PageComponent?) -> ExpressionScope {
        scope(for: component, blockState: true)
    }

    /// The scope, with `$state` gathered only when `blockState` (an expression that doesn't read
    /// it needn't pay for walking up to the instances around its component).
    func scope(for component: PageComponent?, blockState: Bool) -> ExpressionScope {
        // NB: built in one initializer, not assigned field by field (each assignment copied and
        // destroyed the whole scope's worth of values again).
        guard let component else {
            return ExpressionScope(data: currentData, global: engine.globals.value, param: params, computed: computedValues.value, page: stateStore.value,
                                   item: .null, index: .null, value: .null, state: .null, settings: scopeSettings)
        }
        return ExpressionScope(data: currentData, global: engine.globals.value, param: params, computed: computedValues.value, page: stateStore.value,
                               item: component.item, index: component.index, value: component.scopeValue,
                               state: blockState && component.isInBlock ? component.visibleBlockState : .null, settings: scopeSettings)
    }

    /// The clock, time zone, budgets and locale every scope of the page shares, built again
    /// when the host changes (`PageEngine.hostChanges`).
    var scopeSettings: ScopeSettings {
        if let cached = sharedSettings, cached.hostChanges == engine.hostChanges { return cached.settings }
        let settings = ScopeSettings(clock: engine.host.clock, timeZone: engine.host.timeZone, limits: engine.limits, locale: pageLocale)
        sharedSettings = (engine.hostChanges, settings)
        return settings
    }

    // MARK: - Response and closing

    /// Hands `value` back to whoever opened the page: a `push` waiting for a result, and `onResponse`.
    public func respond(_ value: PageValue) {
        response = value
        record(.navigation, "response \(tracePreview(value))")
        // The page handed its work in: what the person typed for it is no draft any more.
        draftKeeper?.discard(why: "the page handed back a response")
        let waiters = responseWaiters
        responseWaiters = []
        for waiter in waiters {
            engine.activity.wake(waiter.park)
            waiter.continuation.resume(returning: value)
        }
        onResponse?(value)
    }

    /// Waits for this page's `response`; throws `ChainCancelled` if it closes without one.
    ///
    /// A chain that awaits it counts as waiting for the person until the page responds or closes.
    public func awaitResponse() async throws -> PageValue {
        if let response { return response }
        if isClosed { throw ChainCancelled() }
        let activity = engine.activity
        let park = activity.park()
        do {
            let value = try await withCheckedThrowingContinuation { responseWaiters.append(($0, park)) }
            activity.unpark(park)
            return value
        } catch {
            activity.unpark(park)
            throw error
        }
    }

    /// Closes the page: writes its draft if edits wait, cancels its running chains and their
    /// requests, and stops listening to `$global`.
    public func close() {
        guard !isClosed else { return }
        draftKeeper?.stop()
        closed = true
        for task in running.values { task.cancel() }
        gate.close()
        // Pages this one pushed can't hand anything back to it any more.
        for page in pushed where !page.isClosed { page.close() }
        engine.globals.removeListener(self)
        let waiters = responseWaiters
        responseWaiters = []
        for waiter in waiters {
            engine.activity.wake(waiter.park)
            waiter.continuation.resume(throwing: ChainCancelled())
        }
        for component in components { component.finishChangesBelow() }
        record(.navigation, "closed")
    }
}
