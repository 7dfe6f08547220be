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
            #expect(index.readers(affectedBy: written) == expected, "step \(step), writing \(written)")
        }
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
