import Testing
@testable import Formwork

/// The dependency index keeps its trie's nodes in one array and gives a pruned node's place to
/// the next one. Whatever was added and removed before, a write must find exactly the readers
/// of a path overlapping it: the same answer as comparing every path with the written one.
@Suite("Dependency index")
struct DependencyIndexTests {
    /// A fixed sequence of numbers (a linear congruential generator), the same on every run.
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let roots: [StorePath.Root] = [.data, .global, .computed]
    static let steps: [StorePath.Component] = [.key("a"), .key("b"), .index(0), .index(1)]

    static func path(_ numbers: inout Numbers) -> StorePath {
        StorePath(roots[numbers.next(roots.count)], (0..<numbers.next(4)).map { _ in steps[numbers.next(steps.count)] })
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func readersAreExactlyThoseOfOverlappingPaths(seed: UInt64) {
        var numbers = Numbers(state: seed)
        var index = DependencyIndex()
        var model: [(reader: Int, path: StorePath)] = []
        for step in 0..<600 {
            if model.isEmpty || numbers.next(3) > 0 {
                let entry = (reader: numbers.next(40), path: Self.path(&numbers))
                guard !model.contains(where: { $0.reader == entry.reader && $0.path == entry.path }) else { continue }
                index.add(entry.reader, reading: entry.path)
                model.append(entry)
            } else {
                let entry = model.remove(at: numbers.next(model.count))
                index.remove(entry.reader, reading: entry.path)
            }
            let written = Self.path(&numbers)
            let expected = Set(model.filter { $0.path.overlaps(written) }.map(\.reader))
            var found: [Int] = []
            index.collectReaders(affectedBy: written, into: &found)
            #expect(Set(found) == expected, "step \(step), writing \(written)")
            // NB: exactly once per (reader, path) pair: a node lists each of its readers once.
            #expect(found.sorted() == model.filter { $0.path.overlaps(written) }.map(\.reader).sorted(), "step \(step), writing \(written)")
            #expect(index.readers(affectedBy: written) == expected, "step \(step), writing \(written)")
        }
    }

    /// A path read by many (its first two readers are kept apart from the rest): each is found
    /// once, adding one twice lists it once, and removing any of them, in any order, leaves
    /// exactly the others.
    @Test(arguments: [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [2, 0, 4, 1, 3], [1, 3, 0, 2, 4]])
    func manyReadersOfOnePath(removalOrder: [Int]) {
        var index = DependencyIndex()
        let path = StorePath(.data, [.key("currency")])
        let readers = [10, 11, 12, 13, 14]
        for reader in readers { index.add(reader, reading: path) }
        index.add(12, reading: path)
        index.add(10, reading: path)
        var left = readers
        var found: [Int] = []
        index.collectReaders(affectedBy: path, into: &found)
        #expect(found.sorted() == left)
        for position in removalOrder {
            index.remove(readers[position], reading: path)
            index.remove(readers[position], reading: path)
            left.removeAll { $0 == readers[position] }
            found = []
            index.collectReaders(affectedBy: path, into: &found)
            #expect(found.sorted() == left, "after removing \(readers[position])")
        }
        index.add(20, reading: path)
        #expect(index.readers(affectedBy: StorePath(.data)) == [20])
    }

    /// Removing what isn't there (an unknown reader, a path never added) changes nothing.
    @Test func removingWhatIsNotThereChangesNothing() {
        var index = DependencyIndex()
        let path = StorePath(.data, [.key("a"), .key("b")])
        index.add(1, reading: path)
        index.remove(2, reading: path)
        index.remove(1, reading: StorePath(.data, [.key("a"), .key("c")]))
        index.remove(1, reading: StorePath(.global, [.key("a")]))
        #expect(index.readers(affectedBy: StorePath(.data, [.key("a")])) == [1])
        index.remove(1, reading: path)
        #expect(index.readers(affectedBy: StorePath(.data)) == [])
        index.add(3, reading: StorePath(.data, [.key("a")]))
        #expect(index.readers(affectedBy: path) == [3])
    }
}
