/// What flows exercised on each page, by JSON path in the page: interactions started, actions
/// and error handlers run, validations checked, components shown, `if` branches taken.
public struct PageHits: Sendable, Equatable {
    /// JSON paths of the interactions started.
    public var interactions: Set<String> = []
    /// JSON paths of the actions run.
    public var actions: Set<String> = []
    /// JSON paths of the error handlers run.
    public var handlers: Set<String> = []
    /// JSON paths of the validations checked.
    public var validations: Set<String> = []
    /// JSON paths of the components shown.
    public var components: Set<String> = []
    /// `"<path of the if> then"` / `"<path of the if> else"`.
    public var branches: Set<String> = []

    /// Nothing exercised yet.
    public init() {}

    /// Adds what `other` exercised.
    public mutating func merge(_ other: PageHits) {
        interactions.formUnion(other.interactions)
        actions.formUnion(other.actions)
        handlers.formUnion(other.handlers)
        validations.formUnion(other.validations)
        components.formUnion(other.components)
        branches.formUnion(other.branches)
    }
}

/// Records coverage while a harness drives pages. It wraps every action, validation and error
/// handler of a registry so each run is noted by its JSON path, then delegates unchanged.
@MainActor
public final class CoverageProbe {
    /// Page id → what ran on it.
    public private(set) var hits: [String: PageHits] = [:]

    /// A probe that has recorded nothing.
    public init() {}

    /// `registry` with every action, validation and error handler wrapped to record its runs.
    public func instrument(_ registry: Registry) -> Registry {
        // NB: `wrap` keeps whose each type is and what the app stated about it.
        var wrapped = registry
        for id in registry.actions.ids {
            wrapped.actions.wrap(id) { type in
                ActionType(type.id, attributes: type.attributes, summary: type.summary) { [self] context in
                    let page = context.session.document.id
                    hits[page, default: PageHits()].actions.insert(context.path)
                    if type.id == "if", let holds = try? context.bool("condition") {
                        // NB: conditions are pure (the clock is fixed), so evaluating once more is safe.
                        hits[page, default: PageHits()].branches.insert(context.path + (holds ? " then" : " else"))
                    }
                    return try await type.run(context)
                }
            }
        }
        for id in registry.validations.ids {
            wrapped.validations.wrap(id) { type in
                ValidationType(type.id, attributes: type.attributes, summary: type.summary, isAsync: type.isAsync) { [self] context in
                    let paths = context.attributes.items.map(\.path)
                    if let node = context.component.node.validations.first(where: { $0.typeID == context.typeID && $0.attributes.items.map(\.path) == paths }) {
                        hits[context.session.document.id, default: PageHits()].validations.insert(node.path)
                    }
                    return try await type.check(context)
                }
            }
        }
        for id in registry.errorHandlers.ids {
            wrapped.errorHandlers.wrap(id) { type in
                ErrorHandlerType(type.id, attributes: type.attributes, summary: type.summary) { [self] context in
                    hits[context.session.document.id, default: PageHits()].handlers.insert(context.path)
                    try await type.handle(context)
                }
            }
        }
        return wrapped
    }

    /// Notes an interaction started, from a trace event (`loaded`, `onSave`, `save.onTap`).
    func observe(_ event: PageTraceEvent, in session: PageSession) {
        guard event.kind == .event else { return }
        let name = String(event.text.prefix { $0 != " " })
        if session.document.interactions[name] != nil || session.document.watchers.contains(where: { $0.path == name }) {
            hits[session.document.id, default: PageHits()].interactions.insert(name.hasPrefix("watchers[") ? name : "interactions." + name)
            return
        }
        guard let dot = name.lastIndex(of: ".") else { return }
        let owner = String(name[..<dot]), eventName = String(name[name.index(after: dot)...])
        let node = session.allComponents.first { ($0.key ?? $0.type.id) == owner && $0.node.interactions[eventName] != nil }?.node
        if let node { hits[session.document.id, default: PageHits()].interactions.insert(node.path + ".interactions." + eventName) }
    }

    /// Notes every component the person can see now, and one they touched.
    func markShown(_ session: PageSession) {
        var shown = hits[session.document.id, default: PageHits()].components
        for component in session.allComponents where !component.isHidden { shown.insert(component.node.path) }
        hits[session.document.id, default: PageHits()].components = shown
    }
}
