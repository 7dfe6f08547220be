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
/// holds only its values, in the declaration's order, so a binding updates its value by position.
public struct PageAttributes: Sendable, Equatable {
    private let specs: [AttributeSpec]
    private var values: [PageValue]

    /// Every attribute of `specs` at its default.
    init(_ specs: [AttributeSpec]) {
        self.specs = specs
        values = specs.map(\.defaultValue)
    }

    /// The value of the attribute `name`; nil when the type has no such attribute.
    public subscript(name: String) -> PageValue? {
        get { position(of: name).map { values[$0] } }
        set {
            guard let position = position(of: name) else { return }
            values[position] = newValue ?? .null
        }
    }

    /// The names, in the order the type declares them.
    public var names: [String] { specs.map(\.name) }

    /// How many attributes.
    public var count: Int { values.count }

    /// Name → value, for a host that wants a plain dictionary.
    public var dictionary: [String: PageValue] {
        Dictionary(uniqueKeysWithValues: zip(specs.lazy.map(\.name), values))
    }

    /// Where `name` is among the type's attributes.
    func position(of name: String) -> Int? {
        specs.firstIndex { $0.name == name }
    }

    /// The value at `position` (from `position(of:)`).
    subscript(position position: Int) -> PageValue {
        get { values[position] }
        set { values[position] = newValue }
    }

    /// Whether both hold the same names with equal values.
    public static func == (lhs: PageAttributes, rhs: PageAttributes) -> Bool {
        lhs.dictionary == rhs.dictionary
    }
}

extension PageAttributes: Sequence {
    /// (name, value) pairs in the order the type declares them.
    public func makeIterator() -> Zip2Sequence<[String], [PageValue]>.Iterator {
        zip(names, values).makeIterator()
    }
}
