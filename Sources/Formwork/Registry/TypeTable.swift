/// Registered types of one kind, by id, and whose each one is: the engine's (a built-in) or the
/// app's, with what the app stated about names it shares with the engine (`RegistrationChoice`).
///
/// Registering an id again replaces the earlier entry. An app's entry with a built-in's id is a
/// clash unless the app said it means to override it (`Registry.clashes`).
public struct TypeTable<Entry: RegisteredType>: Sendable {
    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    /// NB: the ids whose entry is the engine's own; every other entry is the app's.
    private var engine: Set<String> = []
    private var choices: [String: RegistrationChoice] = [:]

    /// An empty table.
    public init() {}

    /// Adds the app's `entry`, replacing any entry with its id (which keeps its place in the
    /// order), with what the app states about names it shares with the engine, as
    /// `Registry.register(_:overriding:replacing:)` does.
    ///
    /// An id or an attribute name the engine has too is a clash unless stated;
    /// `Registry.clashes` lists the clashes, and the engine refuses a registry with any.
    public mutating func register(_ entry: Entry, overriding: BuiltInOverride? = nil, replacing: [String] = []) {
        let choice = RegistrationChoice(overriding: overriding, replacing: replacing)
        put(entry)
        engine.remove(entry.id)
        choices[entry.id] = choice.isEmpty ? nil : choice
    }

    /// Adds the engine's own `entry` (a built-in), replacing any entry with its id.
    mutating func registerEngine(_ entry: Entry) {
        put(entry)
        engine.insert(entry.id)
        choices[entry.id] = nil
    }

    /// Replaces the entry `id` with `wrapper(entry)` — the same type with more behaviour around
    /// it, as a test harness records runs — keeping whose it is and what the app stated. Nothing
    /// happens when there is no such entry or the wrapper changes the id.
    public mutating func wrap(_ id: String, _ wrapper: (Entry) -> Entry) {
        guard let old = entries[id] else { return }
        let new = wrapper(old)
        if new.id == id { entries[id] = new }
    }

    /// Makes every entry the engine's own: the built-ins, once registered.
    mutating func claimForEngine() {
        engine = Set(order)
        choices = [:]
    }

    /// Takes the entry `id` out: a built-in a later behaviour level brings.
    mutating func remove(_ id: String) {
        guard entries.removeValue(forKey: id) != nil else { return }
        order.removeAll { $0 == id }
        engine.remove(id)
        choices[id] = nil
    }

    private mutating func put(_ entry: Entry) {
        if entries.updateValue(entry, forKey: entry.id) == nil { order.append(entry.id) }
    }

    /// The entry with `id`, if any.
    public subscript(id: String) -> Entry? { entries[id] }

    /// Ids in registration order.
    public var ids: [String] { order }

    /// Every entry, in registration order.
    public var all: [Entry] { order.compactMap { entries[$0] } }

    /// Whether the entry `id` is the app's own (registered by the app, not built in).
    public func isApps(_ id: String) -> Bool { entries[id] != nil && !engine.contains(id) }

    /// What the app stated when it registered the entry `id`: empty for the engine's entries and
    /// for an app's entry that shares no name with the engine.
    public func choice(_ id: String) -> RegistrationChoice { choices[id] ?? RegistrationChoice() }

    /// "unknown component 'number-feild'; did you mean 'number-field'?" — without a near match,
    /// `advice` (what to do about a type the registry lacks) and the ids there are.
    public func unknownMessage(_ id: String, advice: String = Registry.defaultUnknownAdvice) -> String {
        var message = "unknown \(Entry.kindName) '\(id)'"
        if let near = Suggestions.nearest(to: id, in: order) {
            message += "; did you mean '\(near)'?"
        } else {
            message += "; \(advice), or use one of: " + order.sorted().joined(separator: ", ")
        }
        return message
    }
}
