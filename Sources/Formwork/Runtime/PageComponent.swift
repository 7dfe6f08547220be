import Foundation

/// A live component: its registered type, its resolved attributes (kept up to date by bindings),
/// its children and its validation error. Hosts map `type.id` to a view and observe changes.
///
/// ```swift
/// let field = session.component("menuName")
/// field?.attributes["value"]        // "Mapo tofu"
/// let token = field?.observe { change in print(change.attributes) }   // ["value"]
/// ```
///
/// It is `Identifiable`, `Hashable` and `Equatable` by its `id` (its session's id with its
/// `identity`), which no other component of any page of the process ever has: use it, or the
/// component itself, wherever views, sets and dictionaries need a key — `ForEach(list.children)`,
/// `Set<PageComponent>`, `[PageComponent.ID: RowModel]` — never `ObjectIdentifier(component)`,
/// which the runtime reuses for a new row once an old one is gone.
@MainActor
public final class PageComponent: Identifiable, Hashable {
    /// The registered type it is an instance of.
    public let type: ComponentType
    /// The component as the page declares it.
    public let node: ComponentNode
    /// The instance key; a fallback keeps the key of the component it stands in for.
    public let key: String?
    /// Who it is for a host, for as long as it lives: unique in its session and never given to
    /// another component (`lines[sku-1].qty`; see `ComponentIdentity`). Key views by this rather
    /// than by `ObjectIdentifier`, which a later component can reuse.
    public let identity: ComponentIdentity
    /// Its key for views, sets and dictionaries: its session's id with its `identity`
    /// (`s1/lines[sku-1].qty`), unique among every component of every page the process opens,
    /// and never given to another. What `==` and `hash(into:)` compare.
    public nonisolated let id: PageComponentID
    /// Resolved attribute values, with the type's defaults for attributes the page doesn't give.
    public var attributes: PageAttributes { currentAttributes }
    /// `attributes`' storage: changed only by `setAttribute(_:to:)` and `replaceAttribute(at:with:)`,
    /// or stored whole.
    /// NB: `@exclusivity(unchecked)`: no access to it is checked at run time. Every access is a
    /// whole load or store, a subscript, or `PageAttributes.replace(at:with:)`, and none of these
    /// calls out to other code (an observer, a closure, another component) while it holds the
    /// attributes, so no two accesses can overlap. Checked, each access was about 115
    /// instructions (three an edit). Taking the attributes out and putting them back, as
    /// `PageSession.currentData` is written, avoided the checks but copied the attributes.
    /// Keep it so: an access that spans a call out must not be added here.
    @exclusivity(unchecked) var currentAttributes: PageAttributes
    /// The children currently built (for `list`, one set per item; for `status`, the current state's).
    public internal(set) var children: [PageComponent] = []
    /// The message of the first failing validation, or nil.
    public internal(set) var validationError: String?
    /// Whether validations ran on it at least once (it is then in the session's `liveValidated`).
    var hasBeenValidated = false
    /// Counts validation runs, so a slow asynchronous check can't overwrite a newer answer.
    var validationRound = 0
    /// Whether `validationError` was put there by the server (`show-errors`) rather than a validation.
    public internal(set) var errorIsFromServer = false
    /// Whether it validates on every edit (`validateOn: "change"`) rather than on submit.
    var validatesOnChange: Bool { type.engineReads("validateOn") && attributes["validateOn"]?.stringValue == "change" }
    /// The component it is inside; nil at the top of the page.
    public internal(set) weak var parent: PageComponent?
    /// `$item` and `$index` for components inside a repeated parent; a row kept when its list's
    /// items change takes its item's new value and position.
    var item: PageValue
    var index: PageValue
    /// Where `$item` lives in the stores (`$data.lines[2]`), when the list's items are a plain
    /// path; what a two-way `$item.qty` writes.
    var itemPath: StorePath?
    /// For a `list`: its children grouped by item, one row per element of `items`.
    var rows: [ListRow] = []
    /// For a component that repeats its children per item (`list`): the children built now,
    /// grouped by row, one row per element of `items` in their order; nil for any other component.
    public var childRows: [[PageComponent]]? {
        guard case .repeated = type.layout else { return nil }
        return rows.map(\.components)
    }
    /// For the component standing for a use of a block: the instance's `$state`.
    public internal(set) var blockState: PageValue
    /// Whether it is, or is inside, a block's instance (its expressions may read `$state`).
    let isInBlock: Bool
    /// Whether it was built in a list's row (`$item` or `$index` given): only such a component's
    /// `item` and `index` change (a row reseated); for any other both are null for its life, so
    /// an update needn't read them (`UpdateScope`).
    let isInRow: Bool
    /// Binding ids owned by this component, so they can be dropped when it is rebuilt.
    var bindingIDs = ComponentBindingIDs()
    /// Set when the component was removed (its row's item left its list, or its `status` changed
    /// state): it gets no more changes.
    public var isDisposed: Bool { disposed }
    /// `isDisposed`, set only by `PageSession.dispose(_:)`.
    /// NB: internal and only ever loaded or stored whole, so the optimizer checks its exclusivity
    /// when compiling (a `public` stored property, which another module may reach directly, is
    /// checked at run time on every read: about 90 instructions, twice an edit).
    var disposed = false
    /// Its observers and `changes` sequences, made at the first `observe` (`ComponentObservers`).
    private var observers: ComponentObservers?
    private var changesEnded = false

    init(type: ComponentType, node: ComponentNode, key: String?, identity: ComponentIdentity, session: PageSessionID, parent: PageComponent?, item: PageValue, index: PageValue, itemPath: StorePath? = nil) {
        self.itemPath = itemPath
        self.identity = identity
        id = PageComponentID(session: session, identity: identity)
        self.type = type
        self.node = node
        self.key = key
        currentAttributes = PageAttributes(type.attributes)
        self.parent = parent
        self.item = item
        self.index = index
        blockState = node.block?.initialState ?? .null
        isInBlock = node.block != nil || parent?.isInBlock == true
        isInRow = !item.isNull || !index.isNull
    }

    /// Sets the attribute `name` (nil: back to its default); a name the type doesn't declare is ignored.
    func setAttribute(_ name: String, to value: PageValue?) {
        currentAttributes[name] = value
    }

    /// `PageAttributes.replace(at:with:)` on its attributes: puts `newValue` at `position` unless it
    /// is the same as the value there; returns whether it changed.
    func replaceAttribute(at position: Int, with newValue: PageValue) -> Bool {
        currentAttributes.replace(at: position, with: newValue)
    }

    /// The block instance this component is part of, or stands for: the nearest component at or
    /// above it that stands for a use of a block.
    var enclosingInstance: PageComponent? {
        var current: PageComponent? = self
        while let component = current {
            if component.node.block != nil { return component }
            current = component.parent
        }
        return nil
    }

    /// `$state` as this component's expressions see it: each enclosing instance's state under its
    /// name.
    var visibleBlockState: PageValue {
        var states = PageObject()
        var current: PageComponent? = self
        while let component = current {
            if let block = component.node.block, states[block.instance] == nil { states[block.instance] = component.blockState }
            current = component.parent
        }
        return .object(states)
    }

    /// True when this component or an ancestor is hidden. A type that declares its own `hidden`
    /// is never hidden by it (`ComponentType.replacedCommonAttributes`); likewise `enabled`.
    public var isHidden: Bool {
        if type.engineReads("hidden"), attributes["hidden"]?.isTruthy == true { return true }
        return parent?.isHidden ?? false
    }

    /// False when this component or an ancestor is disabled.
    public var isEnabled: Bool {
        if type.engineReads("enabled"), attributes["enabled"]?.isTruthy == false { return false }
        return parent?.isEnabled ?? true
    }

    /// The input's value (`value` for the built-in inputs), when the type has one.
    public var value: PageValue? { type.valueAttribute.flatMap { attributes[$0] } }

    /// `$value` in the scope of its expressions: `value`, or null (read by position, not by name).
    var scopeValue: PageValue {
        guard let position = type.valuePosition else { return .null }
        return currentAttributes[position: position]
    }

    /// This component and every component below it, depth first.
    public var allComponents: [PageComponent] {
        var found: [PageComponent] = []
        appendAll(to: &found)
        return found
    }

    /// Appends this component and every component below it, depth first, to `found`.
    /// NB: one array for the whole walk, not one per component (`[self] + children.flatMap`
    /// built and copied an array at every level).
    func appendAll(to found: inout [PageComponent]) {
        found.append(self)
        for child in children { child.appendAll(to: &found) }
    }

    /// Calls `body` with this component and every component below it, depth first, building no array.
    func forEachComponent(_ body: (PageComponent) -> Void) {
        body(self)
        for child in children { child.forEachComponent(body) }
    }

    // MARK: - Identity

    /// Whether both are the same component: their `id`s are equal.
    public nonisolated static func == (lhs: PageComponent, rhs: PageComponent) -> Bool { lhs.id == rhs.id }

    /// Hashes the component's `id`.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(id) }

    // MARK: - Observation

    /// Calls `observer` after each batch of changes to this component, until the token is released.
    public func observe(_ observer: @escaping @MainActor (PageComponentChange) -> Void) -> PageObservation {
        isObserved = true
        return observerList().add(observer).token
    }

    /// Changes as an async sequence, for hosts that prefer `for await`. The sequence ends when
    /// the component goes away: its list or status rebuilt its children, or the page closed.
    public var changes: AsyncStream<PageComponentChange> {
        let (stream, continuation) = AsyncStream<PageComponentChange>.makeStream()
        guard !changesEnded else {
            continuation.finish()
            return stream
        }
        isObserved = true
        observerList().addStream(continuation)
        return stream
    }

    /// `observers`, made when there is none yet.
    private func observerList() -> ComponentObservers {
        if let observers { return observers }
        let made = ComponentObservers()
        observers = made
        return made
    }

    /// Ends every `changes` sequence; the component was removed.
    func finishChanges() {
        changesEnded = true
        observers?.finishStreams()
    }

    /// Ends the `changes` sequences of this component and of every component below it (the page
    /// closed). NB: a method walking the tree, not `forEachComponent` with a closure: a closure
    /// made on the main actor checks at each call that it runs there.
    func finishChangesBelow() {
        finishChanges()
        for child in children { child.finishChangesBelow() }
    }

    /// Whether anyone observes it: an update notes a component's change only when someone will
    /// hear it. Set by `observe` and `changes`; cleared by the first `notify(_:)` that finds every
    /// observer gone (a cancelled token's entry goes later, on the main actor).
    /// NB: a flag on the component, only ever loaded or stored, so its exclusivity is checked when
    /// compiling; reading it costs an update no call.
    private(set) var isObserved = false

    func notify(_ change: PageComponentChange) {
        guard let observers else { return }
        observers.notify(change)
        if observers.isEmpty { isObserved = false }
    }
}

/// What changed on a component in one batch.
public struct PageComponentChange: Sendable, Equatable {
    /// Attribute names whose values changed.
    public let attributes: [String]
    /// Whether the children were rebuilt (a `list`'s items or a `status`'s state changed).
    public let childrenChanged: Bool
    /// Whether the validation message changed.
    public let validationChanged: Bool
}

/// Keeps an observation alive; call `cancel()` or drop it to stop observing.
public final class PageObservation: Sendable {
    private let stopped: Flag
    private let onCancel: @Sendable () -> Void

    init(_ stopped: Flag, _ onCancel: @escaping @Sendable () -> Void) {
        self.stopped = stopped
        self.onCancel = onCancel
    }

    /// Stops the observation: no change is delivered after this returns.
    public func cancel() {
        if stopped.set() { onCancel() }
    }

    deinit { cancel() }

    /// Set once, from any thread.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false

        var isSet: Bool { lock.withLock { value } }

        /// Sets the flag; true the first time.
        func set() -> Bool {
            lock.withLock {
                defer { value = true }
                return !value
            }
        }
    }
}
