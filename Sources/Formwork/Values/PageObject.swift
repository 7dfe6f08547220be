/// An object value whose members keep their insertion order, so output is deterministic.
///
/// Two objects are equal when they hold the same keys with equal values, in any order.
///
/// NB: members live in one array in order; a small object (up to `linearLimit` members, which is
/// most objects in a page) is searched by comparing keys, a larger one also keeps a hash index
/// from key to position. So updating a member is one search and an in-place write, a small object
/// costs one allocation, and a member's position can be remembered and checked later without
/// hashing (`position(of:hint:)`, how compiled expressions read `$data.price`).
public struct PageObject: Sendable {
    struct Member: Sendable {
        var key: String
        var value: PageValue
    }

    private var members: [Member] = []
    /// Key → position in `members`; kept only while there are more than `linearLimit` members.
    private var index: [String: Int] = [:]

    /// Objects with at most this many members are searched without hashing.
    static let linearLimit = 8

    /// An empty object.
    public init() {}

    /// An object of `pairs`, in order; a repeated key keeps its first position and its last value.
    public init(_ pairs: [(String, PageValue)]) {
        members.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// An object of `members`, whose keys are all different (the JSON reader checks as it reads).
    init(uniqueMembers members: [Member]) {
        self.members = members
        if members.count > PageObject.linearLimit {
            index.reserveCapacity(members.count)
            for position in members.indices { index[members[position].key] = position }
        }
    }

    /// How many members.
    public var count: Int { members.count }
    /// Whether there are no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The keys in insertion order.
    public var keys: [String] { members.map(\.key) }

    /// Members in insertion order.
    public var entries: [(key: String, value: PageValue)] { members.map { ($0.key, $0.value) } }

    /// The values in insertion order.
    public var values: [PageValue] { members.map(\.value) }

    /// The value for `key`. Assigning `nil` removes the key; assigning to a new key appends it.
    public subscript(key: String) -> PageValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let newValue {
                if let position = position(of: key) { members[position].value = newValue } else { append(key, newValue) }
            } else if let position = position(of: key) {
                remove(at: position)
            }
        }
    }

    // MARK: - Positions

    /// Where `key` is in the member list, if it is there.
    @inline(__always)
    func position(of key: String) -> Int? {
        if members.count > PageObject.linearLimit { return index[key] }
        for position in members.indices where members[position].key == key { return position }
        return nil
    }

    /// `position(of:)`, trying `hint` first: when the member at `hint` has this key the answer
    /// is found without a search. Any hint is safe; a wrong one only costs the search.
    @inline(__always)
    func position(of key: String, hint: Int) -> Int? {
        if hint >= 0, hint < members.count, members[hint].key == key { return hint }
        return position(of: key)
    }

    /// The value of the member at `position` (from `position(of:)`).
    @inline(__always)
    func value(at position: Int) -> PageValue { members[position].value }

    /// Exchanges the value at `position` with `value`. Taking a member's value out this way
    /// leaves the caller holding the only reference to it, so a container in it can then be
    /// changed without being copied.
    @inline(__always)
    mutating func swapValue(at position: Int, with value: inout PageValue) {
        swap(&members[position].value, &value)
    }

    /// Adds a member whose key isn't there yet (check with `position(of:)` first).
    mutating func append(_ key: String, _ value: PageValue) {
        members.append(Member(key: key, value: value))
        if members.count > PageObject.linearLimit {
            if index.isEmpty {
                index.reserveCapacity(members.count)
                for position in members.indices { index[members[position].key] = position }
            } else {
                index[key] = members.count - 1
            }
        }
    }

    private mutating func remove(at position: Int) {
        let removed = members.remove(at: position)
        guard members.count > PageObject.linearLimit else {
            index = [:]
            return
        }
        index[removed.key] = nil
        for later in position..<members.count { index[members[later].key] = later }
    }
}

extension PageObject: Sequence {
    /// Iterates the members in insertion order.
    public struct Iterator: IteratorProtocol {
        fileprivate var members: IndexingIterator<[Member]>
        /// The next member, or nil at the end.
        public mutating func next() -> (key: String, value: PageValue)? {
            members.next().map { ($0.key, $0.value) }
        }
    }

    /// An iterator over the members in insertion order.
    public func makeIterator() -> Iterator { Iterator(members: members.makeIterator()) }

    /// The number of members.
    public var underestimatedCount: Int { members.count }
}

extension PageObject: ExpressibleByDictionaryLiteral {
    /// `["name": "Tofu"]`, its members in the order written.
    public init(dictionaryLiteral elements: (String, PageValue)...) { self.init(elements) }
}

extension PageObject: Equatable {
    /// Whether both have the same keys with equal values, in any order.
    public static func == (lhs: PageObject, rhs: PageObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (position, member) in lhs.members.enumerated() {
            guard let other = rhs.position(of: member.key, hint: position), rhs.members[other].value == member.value else { return false }
        }
        return true
    }
}

