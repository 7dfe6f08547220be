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
    private(set) var currentData: PageValue
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
    private var traceBuffer: TraceBuffer
    /// Whether anything is recorded: `traceLimit` above 0 or `onTrace` set.
    /// NB: one stored flag, so a write with the trace off reads one property, not two (each read
    /// of a class's stored property is an exclusivity check at run time).
    private var isTracing: Bool
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
    private var freeBindingIDs: [Int] = []
    /// NB: `@exclusivity(unchecked)`, as `PageComponent.currentAttributes`: `DependencyIndex`'s
    /// methods call no other code while they hold it, so its accesses never overlap; checked, it
    /// was a runtime check at every update.
    @exclusivity(unchecked) private var index = DependencyIndex()
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
    private var running: [Int: Task<ChainOutcome, Never>] = [:]
    private var nextTaskID = 0
    /// Components validated at least once, in that order; an edit re-checks the live ones among them.
    var liveValidated: [PageComponent] = []
    /// Whoever awaits this page's response, with the wait that parks their strand.
    private var responseWaiters: [(continuation: CheckedContinuation<PageValue, any Error>, park: PageActivity.Park?)] = []
    /// The title as last resolved, so `onTitleChange` fires only when it changes.
    private var shownTitle: String?
    /// Lists whose items are a plain path into `$data`, by that path (see `ListRows`).
    var listsByItemsPath: [StorePath: [WeakComponent]] = [:]
    /// Lists whose `items` was written below since their last update: their old items aren't kept.
    var rewrittenItems = Set<ObjectIdentifier>()
    /// Paths of unknown components already reported, so a list's rows (and each rebuild) warn once.
    private var reportedUnknown: Set<String> = []
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
    private func titleReads(_ paths: [StorePath]) -> Bool {
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

    // MARK: - Building the tree

    func build(_ nodes: [ComponentNode], parent: PageComponent?, item: PageValue, index: PageValue, itemPath: StorePath? = nil) -> [PageComponent] {
        // NB: one scope for every binding this build evaluates (`UpdateScope`: the page-wide part
        // built at the first evaluation, the component's own variables put in before each), not
        // one per binding; it goes when the build returns, so it keeps no store alive.
        var scope = UpdateScope()
        return build(nodes, parent: parent, item: item, index: index, itemPath: itemPath, scope: &scope)
    }

    private func build(_ nodes: [ComponentNode], parent: PageComponent?, item: PageValue, index: PageValue, itemPath: StorePath?, scope: inout UpdateScope) -> [PageComponent] {
        var built: [PageComponent] = []
        built.reserveCapacity(nodes.count)
        for node in nodes {
            if let component = buildOne(node, parent: parent, item: item, index: index, itemPath: itemPath, scope: &scope) { built.append(component) }
        }
        return built
    }

    private func buildOne(_ written: ComponentNode, parent: PageComponent?, item: PageValue, index: PageValue, itemPath: StorePath?, scope: inout UpdateScope) -> PageComponent? {
        var node = written
        // NB: one lookup per component (the type is the one found, not looked up again).
        var found = engine.registry.components[node.typeID]
        while found == nil {
            guard let fallback = node.fallback else {
                guard reportedUnknown.insert(written.path).inserted else { return nil }
                send(.diagnostic(.warning("unknown-id", written.path, engine.registry.unknownMessage(engine.registry.components, written.typeID) + "; the component is left out (give it a \"fallback\" to show something instead)")))
                return nil
            }
            node = fallback
            found = engine.registry.components[node.typeID]
        }
        guard let type = found else { return nil }
        let key = written.key ?? node.key
        let component = PageComponent(type: type, node: node, key: key, identity: identity(key: key, node: written, parent: parent, item: item, index: index), session: id,
                                      parent: parent, item: item, index: index, itemPath: itemPath)
        // NB: attributes start at their defaults (stored nowhere); only the ones the page gives
        // are set here, in the type's order (the order bindings are made, evaluated and reported in).
        // NB: positions and item indexes only; the attribute nodes are read in place, not copied.
        // NB: the values and binding ids are gathered here and given to the component once: each
        // access to a class's stored property is checked for exclusivity at run time, and the
        // component can't be reached from outside before this returns.
        let given = PageSession.writtenInTypeOrder(node.attributes, of: type)
        var attributes = PageAttributes(type.attributes, capacity: given.count)
        var ids = ComponentBindingIDs()
        for (position, place) in given {
            let spec = type.attributes[position]
            switch node.attributes.items[place].content {
            case .literal(let value):
                attributes[position: position] = spec.type.coerce(value)
            case .expression(let expression), .template(let expression):
                let binding = Binding(component: component, position: position, type: spec.type, expression: expression, drives: BindingRole(spec.name, of: type), reads: StoreReads(expression))
                let id = add(binding)
                ids.append(id)
                for path in expression.dependencies { self.index.add(id, reading: path) }
                // NB: `$value` is the value as set so far, as `scopeValue` reads it on a built component.
                // NB: a failure names the attribute's path, written out only then (AttributePath).
                let value = type.valuePosition.map { attributes[position: $0] } ?? .null
                attributes[position: position] = evaluate(binding, item: item, index: index, value: value, reusing: &scope)
            case .actions, .chains, .components, .invalid:
                break
            }
        }
        if !given.isEmpty { component.currentAttributes = attributes }
        if !ids.isEmpty { component.bindingIDs = ids }
        component.children = buildChildren(of: component, scope: &scope)
        return component
    }

    /// Keeps `binding` in `bindings`, at a free id when there is one; returns its id.
    /// NB: the table is taken out, changed and put back (as in `dispose(_:)`), so every access
    /// to `bindings` is a whole load or store and the optimizer proves them exclusive when
    /// compiling: changed in place, each access, an edit's reads too, was checked at run time.
    private func add(_ binding: Binding) -> Int {
        var table = bindings
        bindings = []
        defer { bindings = table }
        if let free = freeBindingIDs.popLast() {
            table[free] = binding
            return free
        }
        table.append(binding)
        return table.count - 1
    }

    /// Evaluates `binding` of a component being built, whose `$item`, `$index` and `$value` are
    /// given (its attributes aren't on it yet), in `reused` (see `UpdateScope`): what
    /// `evaluate(_:)` gives in a scope of its own.
    private func evaluate(_ binding: Binding, item: PageValue, index: PageValue, value: PageValue, reusing reused: inout UpdateScope) -> PageValue {
        if reused.generation != storeGeneration { reused = UpdateScope(self) }
        reused.scope.item = item
        reused.scope.index = index
        reused.scope.value = value
        reused.scope.state = binding.expression.readsBlockState && binding.component.isInBlock ? binding.component.visibleBlockState : .null
        do {
            return binding.type.coerce(try binding.expression.evaluate(in: reused.scope))
        } catch {
            return report(error, evaluating: binding)
        }
    }

    /// How many components `nodes` write, those inside them included (a list's once).
    private static func count(_ nodes: [ComponentNode]) -> Int {
        var total = nodes.count
        for node in nodes where !node.children.isEmpty { total += count(node.children) }
        return total
    }

    /// The attributes `written` that `type` declares, each with its position among the type's
    /// attributes, in the type's order; the first written of a name when one is written twice.
    /// NB: searches the type's declaration for each written attribute (a component writes two or
    /// three of its ten or so), not the written ones for each declared attribute.
    /// NB: `nonisolated`, with plain loops: a closure made in this main-actor class (the
    /// predicates of `firstIndex(where:)` and `contains(where:)`) checked at run time that it ran
    /// on the main actor at every call, and copied each declared attribute it was handed: about
    /// half of this function's cost, 1.3% of opening the 1,000-component page.
    nonisolated static func writtenInTypeOrder(_ written: AttributeList, of type: ComponentType) -> [(position: Int, item: Int)] {
        let specs = type.attributes
        var found: [(position: Int, item: Int)] = []
        found.reserveCapacity(written.items.count)
        // NB: written in the type's order already (the usual case), it needs no sort.
        var sorted = true
        for item in written.items.indices {
            let name = written.items[item].name
            // NB: the lengths first: most names differ in length, and comparing two different
            // strings is a call into the runtime.
            let length = name.utf8.count
            var position = -1
            for place in specs.indices where specs[place].name.utf8.count == length && specs[place].name == name {
                position = place
                break
            }
            guard position >= 0, !isListed(position, in: found) else { continue }
            if let last = found.last, last.position > position { sorted = false }
            found.append((position, item))
        }
        if !sorted { found.sort { $0.position < $1.position } }
        return found
    }

    /// Whether `position` is among `found`'s positions already (a name written twice).
    private nonisolated static func isListed(_ position: Int, in found: [(position: Int, item: Int)]) -> Bool {
        for entry in found where entry.position == position { return true }
        return false
    }

    func buildChildren(of component: PageComponent) -> [PageComponent] {
        var scope = UpdateScope()
        return buildChildren(of: component, scope: &scope)
    }

    private func buildChildren(of component: PageComponent, scope: inout UpdateScope) -> [PageComponent] {
        switch component.type.layout {
        case .leaf:
            return []
        case .container:
            return build(component.node.children, parent: component, item: component.item, index: component.index, itemPath: component.itemPath, scope: &scope)
        case .repeated(let items, _):
            component.rows = buildRows(of: component, items: component.attributes[items]?.arrayValue ?? [])
            return component.rows.flatMap(\.components)
        case .switched(let state):
            let name = component.attributes[state]?.stringValue ?? "normal"
            if name == "normal" { return build(component.node.children, parent: component, item: component.item, index: component.index, itemPath: component.itemPath, scope: &scope) }
            if case .components(let nodes) = component.node.attributes[name]?.content {
                return build(nodes, parent: component, item: component.item, index: component.index, itemPath: component.itemPath, scope: &scope)
            }
            return []
        }
    }

    func dispose(_ component: PageComponent) {
        component.disposed = true
        if !component.bindingIDs.isEmpty {
            // NB: taken out and put back, as in `add(_:)`.
            var table = bindings
            bindings = []
            for id in component.bindingIDs {
                if let binding = table[id] {
                    table[id] = nil
                    freeBindingIDs.append(id)
                    for path in binding.expression.dependencies { index.remove(id, reading: path) }
                }
            }
            bindings = table
        }
        component.bindingIDs = ComponentBindingIDs()
        component.finishChanges()
        for child in component.children { dispose(child) }
    }

    func evaluate(_ binding: Binding) -> PageValue {
        do {
            return binding.type.coerce(try binding.expression.evaluate(in: scope(for: binding.component, blockState: binding.expression.readsBlockState)))
        } catch {
            return report(error, evaluating: binding)
        }
    }

    /// Reports that `binding` can't be computed; its attribute takes null.
    func report(_ error: ExpressionError, evaluating binding: Binding) -> PageValue {
        let where_ = binding.component.node.attributes[binding.name]?.path ?? binding.component.node.path
        send(.diagnostic(.error("expression", where_, "the attribute '\(binding.name)' of \(binding.component.key.map { "'\($0)'" } ?? binding.component.type.id) can't be computed: \(error.message)", expression: error)))
        return .null
    }

    // MARK: - Updating

    /// Re-evaluates exactly the bindings that read one of `paths`, each once, rebuilds children
    /// whose `items` or `state` changed, then notifies each changed component once.
    func refresh(_ written: [StorePath]) {
        guard !written.isEmpty, !isClosed else { return }
        runUpdate(of: nil, and: written)
    }

    /// `refresh(_:)` of `update.written`, evaluating in `scope`; the `$computed` paths that
    /// followed are added to `update.written`.
    func refresh(_ update: inout BindingUpdate, reusing scope: inout UpdateScope) {
        guard !update.written.isEmpty, !isClosed else { return }
        storeGeneration &+= 1
        // NB: only a page with computed values forms the closure (a retain of the session).
        if !computedValues.nodes.isEmpty {
            let followed = computedValues.update(after: update.written, evaluateComputed)
            if !followed.isEmpty { update.written.append(contentsOf: followed) }
        }
        if titleReads(update.written) {
            let newTitle = title
            if newTitle != shownTitle {
                shownTitle = newTitle
                onTitleChange?(newTitle)
            }
        }
        // NB: the readers in an array, sorted, repeats skipped: an edit has a few, and a set
        // hashed each one twice (building it, then sorting out of it).
        // NB: two readers (an edit's field and label) are put in order by hand: `sort()` is a call
        // of about 60 instructions even for two.
        for path in update.written { index.collectReaders(affectedBy: path, into: &update.readers) }
        if update.readers.count > 2 {
            update.readers.sort()
        } else if update.readers.count == 2, update.readers[0] > update.readers[1] {
            update.readers.swapAt(0, 1)
        }
        var previous = -1
        // NB: one scope for the update's evaluations (`UpdateScope`), filled only when one reads;
        // the kept one, its stores let go after, so none is built or destroyed per update.
        for position in update.readers.indices {
            let id = update.readers[position]
            guard id != previous else { continue }
            previous = id
            if update.done.isEmpty || !update.done.contains(id) { apply(binding: id, in: &update, reusing: &scope) }
        }
        scope.release()
        for component in update.rebuild where !component.isDisposed {
            for child in component.children { dispose(child) }
            component.children = buildChildren(of: component)
            update.childrenChanged.insert(ObjectIdentifier(component))
            announceState(of: component)
        }
        update.notify()
        if !watchers.nodes.isEmpty { runWatchers(after: update.written) }
    }

    // MARK: - Writing stores

    /// Writes one store path (`$data…` or `$global…`) and updates everything that reads it.
    public func set(_ value: PageValue, at path: StorePath) throws {
        try write(value, at: path, from: nil)
        // NB: `commit(_:)` for one path, with the path in the kept update's array: an edit makes
        // no batch and no array of its own.
        runUpdate(of: path, and: [])
        // NB: what `draftDataChanged(_:)` does with the paths written (the `$computed` paths that
        // followed are never `$data`), without an array.
        if path.root == .data, let draftKeeper { draftKeeper.changed() }
        if path.root == .global { try engine.globals.commit([path], origin: ObjectIdentifier(self)) }
    }

    /// Makes several writes one update: each affected binding recomputes once.
    public func batch(_ body: (_ write: (PageValue, StorePath) throws -> Void) throws -> Void) throws {
        let batch = WriteBatch()
        try body { value, path in try self.write(value, at: path, into: batch) }
        try commit(batch)
    }

    /// Writes one path into a batch. A value nested deeper or larger than `PageLimits.valueDepth`
    /// and `valueBytes` allow is refused (an `ActionFailure` of kind `limit`), so everything in
    /// the stores can be saved as JSON and read back.
    /// A write to `$state` needs `component`, a component of the block instance it belongs to.
    func write(_ value: PageValue, at path: StorePath, into batch: WriteBatch, from component: PageComponent? = nil) throws {
        try write(value, at: path, from: component)
        batch.paths.append(path)
    }

    /// `write(_:at:into:from:)` without a batch: the caller updates what reads `path`.
    private func write(_ value: PageValue, at path: StorePath, from component: PageComponent?) throws {
        if path.root != .param, !PageSession.fitsWithoutMeasuring(value, valueBytes: engine.limits.valueBytes),
           let problem = value.sizeProblem(engine.limits, what: "the value written to \(path)", nesting: path.components.count) {
            throw ActionFailure(kind: "limit", message: problem)
        }
        switch path.root {
        case .data:
            // NB: lists drop their copy of an array written below, so the write doesn't copy it (ListRows).
            let lists = detachItems(below: path)
            defer { reattachItems(lists) }
            // NB: taken out and put back (see `currentData`); the set changes it in place all the same.
            var taken = currentData
            currentData = .null
            defer { currentData = taken }
            try taken.set(value, at: path.components[...])
        case .global:
            if let member = engine.globals.engineMember(of: path) {
                throw ActionFailure(kind: "read-only", message: "\(path) can't be written: $global.\(member) is what the engine reports (what waits in the outbox), and pages only read it")
            }
            try engine.globals.write(value, at: path)
        case .state: try writeBlockState(value, at: path, from: component)
        case .param, .computed, .page: throw ActionFailure(kind: "read-only", message: "\(path) can't be written: " + path.root.readOnlyReason)
        }
        storeGeneration &+= 1
        record(.store, assigning: value, to: .store(path))
    }

    /// Whether `value` is null, a truth value or a number: it nests nothing and its JSON is at most
    /// 24 bytes (`PageValue.Size`), so `sizeProblem` finds nothing in it when `valueBytes` is 24 or
    /// more, at any depth. Anything else is measured.
    /// NB: an edit writes such a value at nearly every keystroke; measuring it copied the whole
    /// `PageLimits` and walked the value (about 150 instructions an edit). `WriteSizeTests`
    /// checks it against `sizeProblem` on a table of values and limits.
    nonisolated static func fitsWithoutMeasuring(_ value: PageValue, valueBytes: Int) -> Bool {
        guard valueBytes >= 24 else { return false }
        switch value {
        case .null, .bool, .int, .number: return true
        case .string, .array, .object: return false
        }
    }

    func commit(_ batch: WriteBatch) throws {
        let paths = batch.paths
        batch.paths = []
        refresh(paths)
        draftDataChanged(paths)
        try engine.globals.commit(paths.filter { $0.root == .global }, origin: ObjectIdentifier(self))
    }

    // MARK: - Chains

    /// Starts `chain` as a task the page owns (so `close()` cancels it). It counts as working from
    /// this moment, so `waitUntilIdle()` right after waits for it. When it ends, it wakes `park`
    /// (the caller waiting for it) before it stops counting, so the engine never looks idle in between.
    @discardableResult
    func start(_ chain: [ActionNode], event: PageValue, component: PageComponent?, name: String, waking park: PageActivity.Park? = nil, ticket: InteractionTicket? = nil) -> Task<ChainOutcome, Never> {
        let id = nextTaskID
        nextTaskID += 1
        record(.event, name + (event.isNull ? "" : " \(tracePreview(event))"))
        refresh(stateStore.chain(+1))
        let activity = engine.activity
        let strand = activity.begin()
        let task = Task { @MainActor in
            let row = component.map { (item: $0.item, index: $0.index) }
            let outcome = await activity.run(strand) {
                await ChainRow.$current.withValue(row) { await self.runner.run(chain, in: self, event: event, component: component) }
            }
            ticket?.end()   // NB: before this run stops counting, so a queued run takes over without an idle gap
            self.running[id] = nil
            self.refresh(self.stateStore.chain(-1))
            activity.wake(park)
            activity.end(strand)
            return outcome
        }
        running[id] = task
        return task
    }

    /// Runs `chain` as a task the page owns and waits for its outcome (the caller's strand is
    /// parked meanwhile: the chain's own work and waits are what count).
    func launch(_ chain: [ActionNode], event: PageValue, component: PageComponent?, name: String, ticket: InteractionTicket? = nil) async -> ChainOutcome {
        guard !isClosed else { return .ignored("the page is closed") }
        let park = engine.activity.park()
        let outcome = await start(chain, event: event, component: component, name: name, waking: park, ticket: ticket).value
        engine.activity.unpark(park)
        return outcome
    }

    /// Runs `body` (a wait on the app or the person) with the calling chain parked.
    func waitingForPerson<T>(_ body: () async throws -> T) async throws -> T {
        try await engine.activity.parked(body)
    }

    /// `waitingForPerson` for answers that can't fail.
    func waitingForPerson<T>(_ body: () async -> T) async -> T {
        await engine.activity.parked(body)
    }

    /// Waits until the engine is idle (see `PageEngine.isIdle`): no chain of this page or any
    /// other page of its engine is working; each has ended or waits for the person or the app.
    /// Returns early when the calling task is cancelled.
    public func waitUntilIdle() async {
        await engine.waitUntilIdle()
    }

    func record(_ kind: PageTraceEvent.Kind, _ text: @autoclosure () -> String) {
        record(PageTraceEvent(page: document.id, kind: kind, text: text()))
    }

    /// Records `target = value` (`PageTraceEvent` writes the line only when it is read).
    func record(_ kind: PageTraceEvent.Kind, assigning value: PageValue, to target: PageTraceEvent.Target) {
        record(PageTraceEvent(page: document.id, kind: kind, assigning: value, to: target, limit: engine.limits.tracePreviewCharacters))
    }

    /// Keeps `event` and hands it to `onTrace`; nothing is made when nobody would see it.
    private func record(_ event: @autoclosure () -> PageTraceEvent) {
        guard isTracing else { return }
        let event = event()
        traceBuffer.append(event)
        onTrace?(event)
    }

    /// The start of `value` as a trace line shows it (`PageLimits.tracePreviewCharacters`); only
    /// that much of it is ever written.
    func tracePreview(_ value: PageValue) -> String {
        value.preview(limit: engine.limits.tracePreviewCharacters)
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
