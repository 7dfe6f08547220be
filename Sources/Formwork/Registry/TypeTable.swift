/// Registered types of one kind, by id. Registering an id again replaces the earlier entry, so a
/// host's type shadows a built-in of the same id.
public struct TypeTable<Entry: RegisteredType>: Sendable {
    private var entries: [String: Entry] = [:]
    private var order: [String] = []

    /// An empty table.
    public init() {}

    /// Adds `entry`, replacing any entry with its id (which keeps its place in the order).
    public mutating func register(_ entry: Entry) {
        if entries.updateValue(entry, forKey: entry.id) == nil { order.append(entry.id) }
    }

    /// The entry with `id`, if any.
    public subscript(id: String) -> Entry? { entries[id] }

    /// Ids in registration order.
    public var ids: [String] { order }

    /// Every entry, in registration order.
    public var all: [Entry] { order.compactMap { entries[$0] } }

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
