/// The scope the bindings of one update are evaluated in, built once for the update instead of
/// once per binding.
///
/// The page-wide part (`$data`, `$global`, `$param`, `$computed`, `$page`, the settings) is the
/// same for every binding of an update, so each store is put in at the first evaluation that
/// reads it (`StoreReads`); before each evaluation only the component's own part (`$item`,
/// `$index`, `$value`, `$state`) is put in. A write made while the update runs (a host answering
/// a report by writing, a `$global` write of another page) moves `PageSession.storeGeneration`,
/// and the next evaluation puts the stores it reads in again, so every binding sees the stores
/// as they are when it is evaluated, as before.
///
/// NB: building a whole scope per binding was about 1,400 of the 2,000 instructions of an
/// edit's evaluations (twelve values copied, then destroyed); putting four in is a few dozen.
struct UpdateScope {
    var scope: ExpressionScope
    /// `PageSession.storeGeneration` when `scope` was built; nil before the first evaluation.
    var generation: Int?
    /// The stores put in at `generation`: only those the bindings evaluated since read
    /// (`StoreReads`). A store not put in holds null, or what an earlier generation put in, which
    /// no binding evaluated since has read.
    /// NB: an edit's bindings usually read `$data` alone; putting in `$global` and `$page` too,
    /// and letting them go after, was a copy and a destroy each (about 200 instructions an edit).
    private(set) var filled: StoreReads = []
    /// Whether what never changes for a session is in `scope`: `$param`, and `$computed` of a page
    /// without computed values (`computedIsFixed`). Put in at the first `restart`, and kept by `release()`.
    private var fixedFilled: Bool
    /// Whether `$computed` never changes: the page has no computed values.
    private var computedIsFixed = false

    /// A scope not built yet: the update's first evaluation builds it.
    init() {
        scope = ExpressionScope()
        generation = nil
        fixedFilled = false
    }

    @MainActor
    init(_ session: PageSession) {
        scope = session.scope(for: nil, blockState: false)
        generation = session.storeGeneration
        filled = .all
        computedIsFixed = session.computedValues.nodes.isEmpty
        fixedFilled = true
    }

    /// Starts the generation of the stores as they are now (`PageSession.storeGeneration`): no
    /// store is put in yet (`fill(_:from:)` puts in what a binding reads), `$param` and a fixed
    /// `$computed` are put in the first time, and the settings when they were built again.
    /// NB: `$param` (fixed for the session) and `$computed` of a page without computed values are
    /// put in once, and the settings only when they were built again (about 100 instructions an
    /// update, a copy and a destroy each).
    @MainActor
    mutating func restart(from session: PageSession) {
        if !fixedFilled {
            scope.param = session.params
            computedIsFixed = session.computedValues.nodes.isEmpty
            if computedIsFixed { scope.computed = session.computedValues.value }
            fixedFilled = true
        }
        let settings = session.scopeSettings
        if scope.settings !== settings { scope.settings = settings }
        generation = session.storeGeneration
        filled = []
    }

    /// Puts in each store of `reads` not put in yet at this generation, as it is now (what
    /// `init(_:)` builds for it).
    /// NB: field by field, in place: building a whole scope and assigning it copied it (about
    /// 260 instructions) and destroyed the one built (about 200), each time. The component's own
    /// variables are left as they are: `put(_:readsState:)` sets each before an evaluation.
    @MainActor
    mutating func fill(_ reads: StoreReads, from session: PageSession) {
        let missing = reads.subtracting(filled)
        if missing.contains(.data) { scope.data = session.currentData }
        if missing.contains(.global) { scope.global = session.engine.globals.value }
        if missing.contains(.computed), !computedIsFixed { scope.computed = session.computedValues.value }
        if missing.contains(.page) { scope.page = session.stateStore.value }
        filled.formUnion(missing)
    }

    /// Lets go of the stores and the last component's variables, so the session can keep it for
    /// its next update (`PageSession.refresh`) without holding a store's storage: a write to
    /// `$data` would otherwise find it shared and copy it. The next evaluation puts back what it reads.
    ///
    /// NB: keeping it costs a few assignments; building and destroying one per update cost about
    /// 500 instructions (twelve values and the settings destroyed, a new scope built).
    /// `$param` never changes and the settings are shared, so both stay, and so does a `$computed`
    /// that never changes (`computedIsFixed`).
    mutating func release() {
        generation = nil
        filled = []
        if !scope.data.isNull { scope.data = .null }
        if !scope.global.isNull { scope.global = .null }
        if !computedIsFixed, !scope.computed.isNull { scope.computed = .null }
        if !scope.page.isNull { scope.page = .null }
        if !scope.item.isNull { scope.item = .null }
        if !scope.index.isNull { scope.index = .null }
        if !scope.value.isNull { scope.value = .null }
        if !scope.state.isNull { scope.state = .null }
    }
}

extension PageSession {
    /// `evaluate(_:)`, in `reused` with `binding`'s component's variables put in (see `UpdateScope`).
    func evaluate(_ binding: Binding, reusing reused: inout UpdateScope) -> PageValue {
        if reused.generation != storeGeneration { reused.restart(from: self) }
        if !reused.filled.isSuperset(of: binding.reads) { reused.fill(binding.reads, from: self) }
        reused.put(binding.component, readsState: binding.expression.readsBlockState)
        do {
            return binding.type.coerce(try binding.expression.evaluate(in: reused.scope))
        } catch {
            return report(error, evaluating: binding)
        }
    }
}

extension UpdateScope {
    /// Puts `component`'s own variables in: `$item`, `$index`, `$value`, and `$state` when the
    /// expression reads it (null otherwise, as `PageSession.scope(for:blockState:)` gives).
    ///
    /// NB: a variable that is null for the component and already null in the scope isn't written:
    /// outside a list's rows `$item` and `$index` are null for the component's life
    /// (`PageComponent.isInRow`), so they aren't read from it (each read of a class's stored
    /// property is a runtime exclusivity check, and each write here a copy and a destroy).
    @MainActor
    mutating func put(_ component: PageComponent, readsState: Bool) {
        if component.isInRow {
            scope.item = component.item
            scope.index = component.index
        } else {
            if !scope.item.isNull { scope.item = .null }
            if !scope.index.isNull { scope.index = .null }
        }
        if component.type.valuePosition != nil {
            scope.value = component.scopeValue
        } else if !scope.value.isNull {
            scope.value = .null
        }
        if readsState && component.isInBlock {
            scope.state = component.visibleBlockState
        } else if !scope.state.isNull {
            scope.state = .null
        }
    }
}

/// Which of the page-wide stores an expression reads (`$data`, `$global`, `$computed`, `$page`),
/// from its dependencies: an expression names every store it reads (`$global[$data.k]` depends
/// on `$global` and `$data.k`), so one that doesn't depend on a store never reads it.
struct StoreReads: OptionSet {
    let rawValue: UInt8

    static let data = StoreReads(rawValue: 1)
    static let global = StoreReads(rawValue: 2)
    static let computed = StoreReads(rawValue: 4)
    static let page = StoreReads(rawValue: 8)
    static let all: StoreReads = [.data, .global, .computed, .page]

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The stores `expression` depends on. `$param` is always in an update's scope, and `$state`
    /// is the component's (`UpdateScope.put(_:readsState:)`). An expression that calls a function
    /// reads them all: a function is handed the whole scope (`FunctionInvocation.scope`), and an
    /// app's function may read a store its call doesn't name.
    init(_ expression: CompiledExpression) {
        guard expression.calls.isEmpty else {
            self = .all
            return
        }
        var reads: StoreReads = []
        for path in expression.dependencies {
            switch path.root {
            case .data: reads.insert(.data)
            case .global: reads.insert(.global)
            case .computed: reads.insert(.computed)
            case .page: reads.insert(.page)
            case .param, .state: break
            }
        }
        self = reads
    }
}
