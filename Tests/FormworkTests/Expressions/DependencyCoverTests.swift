import Testing
@testable import Formwork

/// `DependencyAnalysis.withoutCovered` (by hash, linear) gives what its definition
/// (`withoutCoveredByComparison`, every path against every other) gives.
@Suite("Dependencies: the linear cover")
struct DependencyCoverTests {
    /// Lists of paths over a few roots and short keys, so repeats, ancestors and descendants are common.
    static func randomPaths(seed: UInt64, count: Int) -> [StorePath] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let roots: [StorePath.Root] = [.data, .global, .computed]
        return (0..<count).map { _ in
            StorePath(roots[next(roots.count)], (0..<next(4)).map { _ in next(3) == 0 ? .index(next(3)) : .key(["a", "b", "c"][next(3)]) })
        }
    }

    @Test("the same paths, in the same order, as the definition", arguments: Array(0..<200))
    func sameAsDefinition(seed: Int) {
        let paths = Self.randomPaths(seed: UInt64(seed), count: 1 + seed % 40)
        #expect(DependencyAnalysis.withoutCovered(paths) == DependencyAnalysis.withoutCoveredByComparison(paths))
    }

    @Test func aLongSumKeepsEachPathOnceAndDropsThoseBelowAnotherRead() throws {
        let terms = (0..<30).map { "$data.a\($0)" } + ["$data.a3", "$data.b.c", "$data.b", "$data.a7.x"]
        let compiled = try CompiledExpression(terms.joined(separator: " + "), functions: .standard)
        #expect(compiled.dependencies.map(\.description) == (0..<30).map { "$data.a\($0)" } + ["$data.b"])
    }
}
