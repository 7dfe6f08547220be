/// An object value whose keys keep their insertion order, so output is deterministic.
///
/// Lookups are hashed; order only matters for iteration and printing. Two objects are equal
/// when they hold the same keys with equal values, in any order.
public struct PageObject: Sendable {
    public private(set) var keys: [String] = []
    private var storage: [String: PageValue] = [:]

    public init() {}

    public init(_ pairs: [(String, PageValue)]) {
        keys.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for `key`. Assigning `nil` removes the key; assigning to a new key appends it.
    public subscript(key: String) -> PageValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil, let index = keys.firstIndex(of: key) {
                keys.remove(at: index)
            }
        }
    }

    /// Members in insertion order.
    public var entries: [(key: String, value: PageValue)] {
        keys.compactMap { key in storage[key].map { (key, $0) } }
    }

    public var values: [PageValue] { keys.compactMap { storage[$0] } }
}

extension PageObject: Sequence {
    public func makeIterator() -> AnyIterator<(key: String, value: PageValue)> {
        var index = 0
        return AnyIterator {
            while index < keys.count {
                let key = keys[index]
                index += 1
                if let value = storage[key] { return (key, value) }
            }
            return nil
        }
    }
}

extension PageObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, PageValue)...) { self.init(elements) }
}

extension PageObject: Equatable {
    public static func == (lhs: PageObject, rhs: PageObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.storage {
            guard let other = rhs.storage[key], other == value else { return false }
        }
        return true
    }
}
