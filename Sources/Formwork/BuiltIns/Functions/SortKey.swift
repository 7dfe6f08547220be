/// How `sort`, `minBy` and `maxBy` order keys (Grammar.md 1.7, Lists): numbers by value (ints and
/// numbers together, exactly), strings as `<` compares them (by code points, after canonical
/// composition), `false` before `true`, and `null` after everything, so rows missing the key come
/// last. Keys of different kinds, or arrays and objects as keys, are an error rather than an order
/// made up for them.
enum SortKey {
    /// The kinds of key that can be ordered.
    private enum Kind: String { case number, string, bool }

    private static func kind(_ key: PageValue) -> Kind? {
        switch key {
        case .int, .number: return .number
        case .string: return .string
        case .bool: return .bool
        default: return nil
        }
    }

    /// Throws, naming the function, unless every key that isn't null is a number, or every one a
    /// string, or every one a bool.
    static func checkComparable(_ keys: [PageValue], _ name: String) throws {
        var first: (kind: Kind, key: PageValue)?
        for key in keys where !key.isNull {
            guard let kind = kind(key) else {
                throw FunctionFailure("\(name)() orders numbers, strings or bools, got \(Wording.withArticle(key.typeName)); give a key such as x => x.name", kind: .type)
            }
            guard let seen = first else {
                first = (kind, key)
                continue
            }
            if seen.kind != kind {
                throw FunctionFailure("\(name)() can't order \(seen.key.typeName) with \(key.typeName); every key must be a number, or every one a string or a bool (null may be mixed in)", kind: .type)
            }
        }
    }

    /// -1, 0 or 1 as `a` comes before, with, or after `b`. Keys must have passed `checkComparable`.
    static func order(_ a: PageValue, _ b: PageValue) -> Int {
        switch (a, b) {
        case (.null, .null): return 0
        case (.null, _): return 1
        case (_, .null): return -1
        case (.bool(let x), .bool(let y)): return x == y ? 0 : (x ? 1 : -1)
        case (.string(let x), .string(let y)): return x < y ? -1 : (x == y ? 0 : 1)
        case (.int(let x), .int(let y)): return x < y ? -1 : (x == y ? 0 : 1)
        case (.int(let x), .number(let y)): return Operators.exactOrder(x, y) ?? -1  // NaN after every number
        case (.number(let x), .int(let y)): return Operators.exactOrder(y, x).map { -$0 } ?? 1
        case (.number(let x), .number(let y)):
            if x.isNaN || y.isNaN { return x.isNaN == y.isNaN ? 0 : (x.isNaN ? 1 : -1) }
            return x < y ? -1 : (x == y ? 0 : 1)
        default: return 0
        }
    }

    /// A hash that agrees with `==`: equal values hash alike (an int and the number holding the
    /// same value too; strings under canonical equivalence, as Swift's `String` hashes them).
    /// Arrays hash by their elements in order, objects by their members in any order (as `==`
    /// compares them).
    static func hash(_ value: PageValue) -> Int {
        var hasher = Hasher()
        switch value {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .int(let i): hasher.combine(Double(i))
        case .number(let d): hasher.combine(d)
        case .string(let s): hasher.combine(s)
        case .array(let a):
            hasher.combine(a.count)
            for element in a { hasher.combine(hash(element)) }
        case .object(let o):
            hasher.combine(o.count)
            var members = 0
            for (key, member) in o { members &+= key.hashValue ^ hash(member) }
            hasher.combine(members)
        }
        return hasher.finalize()
    }
}
