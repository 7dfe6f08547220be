import Formwork

/// Which old element each element of a changed array comes from.
///
/// Elements are matched by deep equality (`PageValue.==`, so `12` matches `12.0`): first the
/// longest common subsequence (the elements that stayed in order), then equal elements that
/// changed places (moves), then, between two elements that stayed, the remaining old and new
/// elements are paired when they are alike (an object with some of the same members, two
/// scalars), in order: those are edits in place. What is left is added or removed.
///
/// ```
/// old [A, B, C, D]        new [D, A, B', C, E]
/// → D moved(3), A same(0), B' edited(1), C same(2), E added
/// ```
struct JSONArrayMatch {
    /// Where a new element comes from.
    enum Source: Equatable {
        /// Equal to the old element at this index, in the same order as its neighbours.
        case same(Int)
        /// Equal to the old element at this index, which was elsewhere in the order.
        case moved(Int)
        /// The old element at this index, changed.
        case edited(Int)
        /// Not in the old array.
        case added
    }

    /// For each new element, where it comes from.
    private(set) var sources: [Source]
    /// The old elements no new element comes from, in order.
    private(set) var removed: [Int] = []

    /// The largest table (old × new elements between the common start and end) matched
    /// exactly; a larger change is matched greedily.
    static let exactMatchLimit = 4_000_000
    /// The largest table of unmatched elements between two kept ones paired by likeness.
    static let pairingLimit = 40_000

    /// Matches the elements of `new` to those of `old`.
    init(old: [PageValue], new: [PageValue]) {
        sources = Array(repeating: .added, count: new.count)
        let oldPrints = old.map(JSONFingerprint.of)
        let newPrints = new.map(JSONFingerprint.of)
        func equal(_ i: Int, _ j: Int) -> Bool { oldPrints[i] == newPrints[j] && old[i] == new[j] }

        // Elements that stayed in order: the common start and end, and the longest common
        // subsequence of the middle.
        var usedOld = Array(repeating: false, count: old.count)
        var head = 0
        while head < old.count, head < new.count, equal(head, head) { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, equal(old.count - 1 - tail, new.count - 1 - tail) { tail += 1 }
        var kept: [(old: Int, new: Int)] = (0..<head).map { ($0, $0) }
        kept += JSONArrayMatch.commonSubsequence(old: head..<(old.count - tail), new: head..<(new.count - tail), equal: equal)
        kept += (0..<tail).map { (old.count - tail + $0, new.count - tail + $0) }
        for pair in kept {
            sources[pair.new] = .same(pair.old)
            usedOld[pair.old] = true
        }

        // Equal elements that moved.
        var unusedByPrint: [Int: [Int]] = [:]
        for i in old.indices where !usedOld[i] { unusedByPrint[oldPrints[i], default: []].append(i) }
        for j in new.indices where sources[j] == .added {
            guard let candidates = unusedByPrint[newPrints[j]],
                  let found = candidates.firstIndex(where: { !usedOld[$0] && old[$0] == new[j] }) else { continue }
            let i = candidates[found]
            sources[j] = .moved(i)
            usedOld[i] = true
        }

        // Edits in place, between consecutive kept elements.
        var bounds = kept
        bounds.append((old.count, new.count))
        var previous = (old: -1, new: -1)
        for bound in bounds {
            let oldGap = ((previous.old + 1)..<bound.old).filter { !usedOld[$0] }
            let newGap = ((previous.new + 1)..<bound.new).filter { sources[$0] == .added }
            for pair in JSONArrayMatch.pairAlike(oldGap, newGap, old: old, new: new) {
                sources[pair.new] = .edited(pair.old)
                usedOld[pair.old] = true
            }
            previous = bound
        }
        removed = old.indices.filter { !usedOld[$0] }
    }

    /// The longest common subsequence of two ranges, as pairs of indices in order; greedy
    /// (each new element takes the next equal old one) when the table would be too large.
    private static func commonSubsequence(old: Range<Int>, new: Range<Int>, equal: (Int, Int) -> Bool) -> [(old: Int, new: Int)] {
        guard !old.isEmpty, !new.isEmpty else { return [] }
        let rows = old.count + 1
        let columns = new.count + 1
        guard old.count.multipliedReportingOverflow(by: new.count).partialValue <= exactMatchLimit,
              old.count <= exactMatchLimit, new.count <= exactMatchLimit else {
            var pairs: [(old: Int, new: Int)] = []
            var next = old.lowerBound
            for j in new {
                guard let i = (next..<old.upperBound).first(where: { equal($0, j) }) else { continue }
                pairs.append((i, j))
                next = i + 1
            }
            return pairs
        }
        // lengths[r * columns + c]: the longest common subsequence of old[r...] and new[c...].
        var lengths = [Int32](repeating: 0, count: rows * columns)
        for r in stride(from: old.count - 1, through: 0, by: -1) {
            for c in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[r * columns + c] = equal(old.lowerBound + r, new.lowerBound + c)
                    ? lengths[(r + 1) * columns + c + 1] + 1
                    : max(lengths[(r + 1) * columns + c], lengths[r * columns + c + 1])
            }
        }
        var pairs: [(old: Int, new: Int)] = []
        var r = 0
        var c = 0
        while r < old.count, c < new.count {
            let here = lengths[r * columns + c]
            if here == lengths[(r + 1) * columns + c] {
                r += 1
            } else if here == lengths[r * columns + c + 1] {
                c += 1
            } else {
                pairs.append((old.lowerBound + r, new.lowerBound + c))
                r += 1
                c += 1
            }
        }
        return pairs
    }

    /// Pairs old and new elements that are alike, in order, most alike overall; in order of
    /// position when there are too many to compare.
    private static func pairAlike(_ oldGap: [Int], _ newGap: [Int], old: [PageValue], new: [PageValue]) -> [(old: Int, new: Int)] {
        guard !oldGap.isEmpty, !newGap.isEmpty else { return [] }
        guard oldGap.count * newGap.count <= pairingLimit else {
            return zip(oldGap, newGap).filter { likeness(old[$0.0], new[$0.1]) > 0 }.map { ($0.0, $0.1) }
        }
        let columns = newGap.count + 1
        var likenesses = [Int](repeating: 0, count: oldGap.count * newGap.count)
        for (r, i) in oldGap.enumerated() {
            for (c, j) in newGap.enumerated() { likenesses[r * newGap.count + c] = likeness(old[i], new[j]) }
        }
        // best[r * columns + c]: the most likeness pairing old gap[r...] with new gap[c...] can give.
        var best = [Int](repeating: 0, count: (oldGap.count + 1) * columns)
        for r in stride(from: oldGap.count - 1, through: 0, by: -1) {
            for c in stride(from: newGap.count - 1, through: 0, by: -1) {
                var value = max(best[(r + 1) * columns + c], best[r * columns + c + 1])
                let alike = likenesses[r * newGap.count + c]
                if alike > 0 { value = max(value, alike + best[(r + 1) * columns + c + 1]) }
                best[r * columns + c] = value
            }
        }
        var pairs: [(old: Int, new: Int)] = []
        var r = 0
        var c = 0
        while r < oldGap.count, c < newGap.count {
            let here = best[r * columns + c]
            let alike = likenesses[r * newGap.count + c]
            if alike > 0, here == alike + best[(r + 1) * columns + c + 1] {
                pairs.append((oldGap[r], newGap[c]))
                r += 1
                c += 1
            } else if here == best[(r + 1) * columns + c] {
                r += 1
            } else {
                c += 1
            }
        }
        return pairs
    }

    /// How alike two values are, 0 for not at all: objects by their equal members, arrays by
    /// their equal elements at the same index, any two scalars a little.
    static func likeness(_ old: PageValue, _ new: PageValue) -> Int {
        switch (old, new) {
        case (.object(let a), .object(let b)):
            return 1 + b.reduce(0) { count, member in a[member.key] == member.value ? count + 1 : count }
        case (.array(let a), .array(let b)):
            return 1 + zip(a, b).reduce(0) { count, pair in pair.0 == pair.1 ? count + 1 : count }
        case (.object, _), (.array, _), (_, .object), (_, .array):
            return 0
        default:
            return 1
        }
    }
}
