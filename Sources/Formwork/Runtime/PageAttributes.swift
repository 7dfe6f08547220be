/// A live component's resolved attributes: one value for each attribute its type declares (the
/// type's default where the page gives none), looked up by name.
///
/// ```swift
/// let field = session.component("menuName")
/// field?.attributes["value"]      // "Mapo tofu"
/// field?.attributes["hidden"]     // false: the default
/// field?.attributes["nope"]       // nil: the type has no such attribute
/// ```
///
/// NB: the names are the type's declaration, shared by every component of the type; a component
/// holds only the values the page gave it (written or bound), by position in the declaration, so
/// a binding updates its value by position. An attribute the page didn't write is absent and
/// reads as its default, computed on read: no component stores a default.
public struct PageAttributes: Sendable, Equatable {
    private let specs: [AttributeSpec]
    /// The values set, each with its position, in the order first set (most components set one
    /// to three, so a search is a few comparisons of integers).
    private var slots: [(position: Int, value: PageValue)] = []

    /// Every attribute of `specs` at its default.
    init(_ specs: [AttributeSpec]) {
        self.specs = specs
    }

    /// Every attribute of `specs` at its default, with room for `capacity` values to be set
    /// (opening knows how many the page writes: one allocation, not one per growth).
    init(_ specs: [AttributeSpec], capacity: Int) {
        self.specs = specs
        if capacity > 0 { slots.reserveCapacity(capacity) }
    }

    /// The value of the attribute `name`; nil when the type has no such attribute.
    public subscript(name: String) -> PageValue? {
        get { position(of: name).map { self[position: $0] } }
        set {
            guard let position = position(of: name) else { return }
            self[position: position] = newValue ?? .null
        }
    }

    /// The names, in the order the type declares them.
    public var names: [String] { specs.map(\.name) }

    /// How many attributes.
    public var count: Int { specs.count }

    /// Name → value, for a host that wants a plain dictionary.
    public var dictionary: [String: PageValue] {
        Dictionary(uniqueKeysWithValues: specs.indices.lazy.map { (specs[$0].name, self[position: $0]) })
    }

    /// Where `name` is among the type's attributes.
    func position(of name: String) -> Int? {
        specs.firstIndex { $0.name == name }
    }

    /// The value at `position` (from `position(of:)`): the one set there, else the default.
    subscript(position position: Int) -> PageValue {
        get {
            for slot in slots where slot.position == position { return slot.value }
            return specs[position].defaultValue
        }
        set {
            if let slot = slots.firstIndex(where: { $0.position == position }) {
                slots[slot].value = newValue
            } else {
                slots.append((position, newValue))
            }
        }
    }

    /// How many values it holds: the ones set, not the defaults (a test's question).
    var storedCount: Int { slots.count }

    /// Whether both hold the same names with equal values.
    public static func == (lhs: PageAttributes, rhs: PageAttributes) -> Bool {
        lhs.dictionary == rhs.dictionary
    }
}

extension PageAttributes: Sequence {
    /// (name, value) pairs in the order the type declares them.
    public func makeIterator() -> Zip2Sequence<[String], [PageValue]>.Iterator {
        zip(names, specs.indices.map { self[position: $0] }).makeIterator()
    }
}
