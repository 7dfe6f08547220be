import Foundation

/// Opens pages. Holds what pages share: the registry, the host, `$global`, where pushed pages
/// come from, and the budgets every page runs within. Runs on the main actor.
///
/// ```swift
/// let engine = PageEngine(registry: appRegistry, host: PageHost(transport: transport))
/// let page = try engine.open(document, params: ["dishId": "42"])
/// await page.waitUntilIdle()          // `loaded` has run
/// page.component("menuName")?.attributes["value"]
/// ```
@MainActor
public final class PageEngine {
    /// The types pages may use.
    public let registry: Registry
    /// NB: why the registry can't be used (`Registry.clashes`), worked out once; `open` refuses it.
    private let clashMessage: String?
    /// The app around the pages: navigation, presentation, transport, router, clock.
    public var host: PageHost {
        didSet { hostChanges &+= 1 }
    }
    /// How many times `host` was set: a page's scopes share settings read from the host, built
    /// again when this moves.
    private(set) var hostChanges = 0
    /// `$global`, shared by every page the engine opens.
    public let globals: GlobalStore
    /// Where `push` finds pages by id.
    public var pages: (any PageSource)?
    /// The budgets pages opened here run within: evaluation work, stored values, actions per
    /// interaction, pushed pages, the trace (Grammar.md, part 4).
    public let limits: PageLimits
    /// What the pages' chains are doing, for `isIdle` and `waitUntilIdle()`.
    let activity = PageActivity()
    /// Where the drafts of pages that ask for one (`"draft"`) are kept; nil keeps none.
    public let drafts: (any DraftStorage)?
    /// The draft keepers of the open pages, for `applicationWillResignActive()`.
    var draftKeepers: [WeakDraftKeeper] = []
    /// What repositories made by `pageRepository(…)` reported, for the app's closure.
    let deliveryReports = DeliveryReports()
    /// The `Idempotency-Key`s of `api` writes not yet settled (made on the first write).
    lazy var submissions = SubmissionKeys()
    /// Where `api` actions with `"offline": "queue"` keep requests to send later; nil keeps none
    /// (such an action then fails, saying so). Send what waits with `networkIsBack()`.
    /// From behaviour level 2, what waits in it is `$global.outbox` (Grammar.md 2.19).
    public var outbox: Outbox? {
        didSet { outboxChanged(from: oldValue) }
    }
    /// The files behind the attachments pages hold (`file` inputs), by id; nil until the first.
    private(set) var attachmentTable: AttachmentTable?
    /// `attachmentTable`, made on first use.
    var attachments: AttachmentTable {
        if let attachmentTable { return attachmentTable }
        let table = AttachmentTable()
        attachmentTable = table
        return table
    }

    /// An engine opening pages with `registry`'s types, in `host`, sharing `globals`, finding pushed pages in `pages`, within `limits`.
    ///
    /// - Parameters:
    ///   - registry: the types pages may use: the app's registry (`Registry.standard` and what the
    ///     app registers on it). There is no default: an engine given only the built-ins reads the
    ///     app's own ids as unknown.
    ///   - host: the app around the pages.
    ///   - globals: `$global`, with its persistence.
    ///   - pages: where `push` finds pages by id.
    ///   - limits: the budgets pages run within.
    ///   - drafts: where pages that ask for a draft (`"draft": true`) keep what the person typed
    ///     (`FileDraftStorage`); nil keeps no drafts.
    public init(registry: Registry, host: PageHost = PageHost(), globals: GlobalStore = GlobalStore(), pages: (any PageSource)? = nil, limits: PageLimits = .standard,
                drafts: (any DraftStorage)? = nil) {
        self.registry = registry
        clashMessage = registry.clashMessage
        self.host = host
        self.globals = globals
        self.pages = pages
        self.limits = limits
        self.drafts = drafts
    }

    /// An engine with only the built-in types.
    @available(*, deprecated, message: "name the registry: PageEngine(registry: appRegistry, host: host), or PageEngine(registry: .standard, host: host) for the built-ins only")
    public convenience init(host: PageHost = PageHost(), globals: GlobalStore = GlobalStore(), pages: (any PageSource)? = nil, limits: PageLimits = .standard,
                            drafts: (any DraftStorage)? = nil) {
        self.init(registry: .standard, host: host, globals: globals, pages: pages, limits: limits, drafts: drafts)
    }

    /// Whether every page this engine opened is settled: no chain is working; each one has ended or
    /// waits for the person (a picker, a confirmation, an alert, a pushed page) or the app (a
    /// call to its navigator, presenter or router).
    ///
    /// A chain is working from the moment it starts, while it sends requests or runs a host's
    /// action, and again from the moment the engine wakes it (a pushed page responds or closes, a
    /// chain it waited for ends) until it has moved on. An answer from the app is seen when the
    /// call that asked for it returns.
    public var isIdle: Bool { activity.isIdle }

    /// Waits until `isIdle` holds. Returns early when the calling task is cancelled.
    ///
    /// ```swift
    /// let page = try engine.open(document)
    /// await engine.waitUntilIdle()     // `loaded` has run, or waits for the person
    /// ```
    public func waitUntilIdle() async { await activity.waitUntilIdle() }

    /// Decodes and checks the page with this id from `pages`.
    ///
    /// The id is checked first, by the rule delivery checks manifests and pages with
    /// (`PageHeader.isValidID`): a page id computed by an expression (`push` with a template)
    /// can't reach outside the pages the source holds, whatever the source.
    public func document(_ pageID: String) throws(PageError) -> PageDocument {
        // NB: what the repository reported while finding the page reaches the app before this returns.
        defer { deliveryReports.deliver() }
        guard PageHeader.isValidID(pageID) else {
            throw PageError(.error("page", "", "can't open the page \(PageValue.string(pageID).preview()): \(PageHeader.idRule)"))
        }
        guard let pages else {
            throw PageError(.error("page", "", "can't open the page '\(pageID)': no page source is configured (give the engine a folder of pages)"))
        }
        let found: (bytes: [UInt8], file: String?)
        do {
            found = try pages.page(pageID)
        } catch let error as PageError {
            throw error
        } catch {
            throw PageError(.error("page", "", "can't read the page '\(pageID)': \(error)"))
        }
        return try load(found.bytes, file: found.file)
    }

    /// Opens a page: checks the engine version and the params, restores the page's draft when it
    /// keeps one (`"draft"`), builds the component tree with its bindings, and starts `loaded`. Returns at once; `waitUntilIdle()` waits for `loaded`.
    ///
    /// Refuses every page while the registry has a clash (`Registry.clashes`): an app's name
    /// shared with the engine's, without the app saying which one pages mean.
    public func open(_ document: PageDocument, params: PageValue = .null, opener: PageSession? = nil) throws(PageError) -> PageSession {
        if let clashMessage { throw PageError(.error("registry", "", clashMessage)) }
        if document.minEngineVersion > FormworkEngine.version {
            throw PageError(.error("engine", "minEngineVersion", "the page '\(document.id)' needs engine version \(document.minEngineVersion), but this is version \(FormworkEngine.version); update the app or publish a page for this engine"))
        }
        let depth = (opener?.stackDepth ?? 0) + 1
        if depth > limits.pushDepth {
            throw PageError(.error("limit", "", "can't open the page '\(document.id)': \(limits.pushDepth) pages are already open on this stack (the pushDepth limit); a page that keeps pushing pages (itself, or pages that push each other) never ends, so it was stopped"))
        }
        let bound = try ParamBinder.bind(params, to: document.params, page: document.id)
        let draft = openDraft(of: document)
        let session = PageSession(document: document, engine: self, params: bound, stackDepth: depth, data: draft.data)
        session.opener = opener
        session.startDraft(draft.opening)
        if let chain = document.interactions["loaded"] {
            session.start(chain, event: .null, component: nil, name: "loaded")
        }
        return session
    }

    /// Opens the page with this id from `pages`.
    public func open(pageID: String, params: PageValue = .null, opener: PageSession? = nil) throws(PageError) -> PageSession {
        try open(try document(pageID), params: params, opener: opener)
    }
}

// MARK: - Outbox

extension PageEngine {
    /// Tells the engine the network is back (or the app has just launched): marks the outbox
    /// online and sends what waits in it that is due, oldest first, through the host's transport.
    /// Returns what became of each request tried; the outbox's `onOutcome` hears them too.
    @discardableResult
    public func networkIsBack() async -> [OutboxOutcome] {
        guard let outbox else { return [] }
        outbox.networkIsAvailable = true
        guard let transport = host.transport else { return [] }
        let clock = host.clock
        return await activity.entering { await outbox.send(through: transport, clock: clock, ignoringBackoff: true) }
    }

    /// Sends what waits in the outbox that is due by its backoff: for a timer the app sets at
    /// `outbox.nextAttemptAt`. Returns what became of each request tried.
    @discardableResult
    public func sendOutbox() async -> [OutboxOutcome] {
        guard let outbox, outbox.networkIsAvailable, let transport = host.transport else { return [] }
        let clock = host.clock
        return await activity.entering { await outbox.send(through: transport, clock: clock) }
    }

    /// Tells the engine the network is gone: `api` actions with `"offline": "queue"` queue their
    /// requests without trying to send them, until `networkIsBack()`.
    public func networkIsGone() {
        outbox?.networkIsAvailable = false
    }
}
