import Testing
@testable import Formwork

/// A trie node's children (`DependencyIndex.ChildTable`) are an open-addressed table with a cheap
/// hash of their own, not a `Dictionary`. Whatever was put in and taken out before, it must
/// answer as a dictionary keyed by the same components does, `String`'s canonical equivalence
/// included.
@Suite("Dependency index child table")
struct ChildTableTests {
    typealias Table = DependencyIndex.ChildTable

    /// ASCII keys (many, so the table grows, its runs wrap and removals shift slots back),
    /// positions, the empty key, and keys that are not ASCII, some canonically equivalent to
    /// others (`é` and `e` with a combining accent; the Kelvin sign and `K`; the Ångström sign,
    /// `Å` and `A` with a ring).
    static let keys: [StorePath.Component] =
        (0..<150).map { .key("v\($0)") } + (0..<60).map { .index($0) } + [.index(-1), .index(Int.max)] +
        ["", "K", "\u{212A}", "é", "e\u{301}", "Å", "\u{212B}", "A\u{30A}", "日本", "naïve", "a.b", " "].map { .key($0) }

    /// A fixed sequence of numbers (a linear congruential generator), the same on every run.
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func answersAsADictionaryDoes(seed: UInt64) {
        var numbers = Numbers(state: seed)
        var table = Table()
        var model: [StorePath.Component: Int] = [:]
        // NB: a seed's mix of putting in and taking out: more in at first, so the table grows,
        // then more out, so it empties and starts again.
        for step in 0..<900 {
            let key = Self.keys[numbers.next(Self.keys.count)]
            let putting = step % 300 < 180 ? numbers.next(4) > 0 : numbers.next(4) == 0
            if putting {
                let place = step
                table.insert(key, place: place)
                model[key] = place
            } else {
                table.remove(key)
                model[key] = nil
            }
            // NB: one expectation per step over every key (one per key made the test take minutes).
            let answers = Self.keys.map { table.place(of: $0) }
            #expect(answers == Self.keys.map { model[$0] }, "step \(step)")
            #expect(table.count == model.count && table.isEmpty == model.isEmpty, "step \(step)")
            var places: [Int] = []
            for slot in 0..<table.slotCount where table.place(inSlot: slot) >= 0 { places.append(table.place(inSlot: slot)) }
            #expect(places.sorted() == model.values.sorted(), "step \(step)")
        }
    }

    /// A key put in is found, and taken out, by any key equal to it as a `String`, however its
    /// bytes are written, with other keys around it or alone.
    @Test(arguments: [("é", "e\u{301}"), ("e\u{301}", "é"), ("K", "\u{212A}"), ("\u{212A}", "K"),
                      ("Å", "\u{212B}"), ("\u{212B}", "A\u{30A}"), ("A\u{30A}", "Å")])
    func equivalentKeysAreOneKey(put: String, asked: String) {
        #expect(StorePath.Component.key(put) == .key(asked))
        for others in [0, 40] {
            var table = Table()
            for i in 0..<others { table.insert(.key("w\(i)"), place: 100 + i) }
            table.insert(.key(put), place: 7)
            #expect(table.place(of: .key(asked)) == 7, "with \(others) others")
            table.insert(.key(asked), place: 8)
            #expect(table.count == others + 1, "with \(others) others")
            #expect(table.place(of: .key(put)) == 8, "with \(others) others")
            table.remove(.key(asked))
            #expect(table.place(of: .key(put)) == nil, "with \(others) others")
            #expect(table.count == others, "with \(others) others")
            for i in 0..<others { #expect(table.place(of: .key("w\(i)")) == 100 + i) }
        }
    }

    /// Through the index: a write at a key finds the readers of an equivalent key.
    @Test(arguments: [("é", "e\u{301}"), ("\u{212A}", "K"), ("K", "\u{212A}")])
    func aWriteFindsTheReadersOfAnEquivalentKey(read: String, written: String) {
        var index = DependencyIndex()
        index.add(1, reading: StorePath(.data, [.key(read), .key("x")]))
        index.add(2, reading: StorePath(.data, [.key("other")]))
        #expect(index.readers(affectedBy: StorePath(.data, [.key(written)])) == [1])
        #expect(index.readers(affectedBy: StorePath(.data, [.key(written), .key("x")])) == [1])
        index.remove(1, reading: StorePath(.data, [.key(written), .key("x")]))
        #expect(index.readers(affectedBy: StorePath(.data)) == [2])
    }
}
