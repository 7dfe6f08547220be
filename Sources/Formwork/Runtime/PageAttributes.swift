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
    /// NB: the first two are kept inline and only a third starts an array (`more`): most
    /// components set one or two (a field's `title` and `value`, a label's `text`), and an array
    /// per component was an allocation at open and a free at close.
    private var first: (position: Int, value: PageValue) = (-1, .null)
    private var second: (position: Int, value: PageValue) = (-1, .null)
    private var more: [(position: Int, value: PageValue)] = []

    /// Every attribute of `specs` at its default.
    init(_ specs: [AttributeSpec]) {
        self.specs = specs
    }

    /// Every attribute of `specs` at its default, with room for `capacity` values to be set
    /// (opening knows how many the page writes: at most one allocation, not one per growth).
    init(_ specs: [AttributeSpec], capacity: Int) {
        self.specs = specs
        if capacity > 2 { more.reserveCapacity(capacity - 2) }
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
            if first.position == position { return first.value }
            if second.position == position { return second.value }
            if !more.isEmpty { for slot in more where slot.position == position { return slot.value } }
            return specs[position].defaultValue
        }
        set {
            if first.position == position {
                first.value = newValue
            } else if second.position == position {
                second.value = newValue
            } else if first.position < 0 {
                first = (position, newValue)
            } else if second.position < 0 {
                second = (position, newValue)
            } else if let slot = more.firstIndex(where: { $0.position == position }) {
                more[slot].value = newValue
            } else {
                more.append((position, newValue))
            }
        }
    }

    /// How many values it holds: the ones set, not the defaults (a test's question).
    var storedCount: Int { first.position < 0 ? 0 : second.position < 0 ? 1 : 2 + more.count }

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
