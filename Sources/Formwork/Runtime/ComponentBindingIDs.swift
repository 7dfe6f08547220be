/// The ids of the bindings a live component owns (positions in `PageSession.bindings`), so they
/// can be dropped when it is disposed.
///
/// ```swift
/// var ids = ComponentBindingIDs()
/// ids.append(4); ids.append(9); ids.append(12)
/// Array(ids)   // [4, 9, 12]
/// ```
///
/// NB: most components own one or two bindings (a field's `value`, a label's `text`), so the
/// first two are kept inline and only a third starts an array: an array per component was an
/// allocation (and its growth) at open and a free at close for every component with a binding.
struct ComponentBindingIDs: Sequence {
    private var first = -1
    private var second = -1
    private var more: [Int] = []

    /// No ids.
    init() {}

    /// Whether it holds no id.
    var isEmpty: Bool { first < 0 }

    /// How many ids it holds.
    var count: Int { first < 0 ? 0 : second < 0 ? 1 : 2 + more.count }

    /// Adds `id` (never negative) after the others.
    mutating func append(_ id: Int) {
        assert(id >= 0, "a binding id is a position in the session's bindings")
        if first < 0 {
            first = id
        } else if second < 0 {
            second = id
        } else {
            more.append(id)
        }
    }

    /// The ids in the order added.
    struct Iterator: IteratorProtocol {
        fileprivate let ids: ComponentBindingIDs
        fileprivate var position = 0

        mutating func next() -> Int? {
            defer { position += 1 }
            switch position {
            case 0: return ids.first < 0 ? nil : ids.first
            case 1: return ids.second < 0 ? nil : ids.second
            default: return position - 2 < ids.more.count ? ids.more[position - 2] : nil
            }
        }
    }

    func makeIterator() -> Iterator { Iterator(ids: self) }

    var underestimatedCount: Int { count }
}
