/// A small open-addressing table from a path's hash to the position of the first path with that
/// hash, for `DependencyAnalysis.withoutCovered`: two arrays sized once, linear probing, no
/// `Hasher` and no dictionary.
///
/// The hash is FNV-1a over the bytes of the root's name and of each key (an index mixed in as
/// its value), so a prefix's hash is a step on the way to the whole path's. Equal paths hash
/// equally; different paths may collide, which the caller checks for by comparing the paths.
struct PathHashTable {
    private var hashes: [UInt64]
    /// A position, or -1 for an empty slot.
    private var positions: [Int]
    private let mask: Int

    /// A table for up to `count` entries, at most half full.
    init(capacityFor count: Int) {
        var capacity = 8
        while capacity < count * 2 { capacity <<= 1 }
        hashes = Array(repeating: 0, count: capacity)
        positions = Array(repeating: -1, count: capacity)
        mask = capacity - 1
    }

    /// The position stored for `hash`, if any.
    subscript(hash: UInt64) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while positions[slot] >= 0 {
            if hashes[slot] == hash { return positions[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `position` for `hash` unless a position is stored for it already.
    mutating func insertIfAbsent(_ hash: UInt64, _ position: Int) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while positions[slot] >= 0 {
            if hashes[slot] == hash { return }
            slot = (slot + 1) & mask
        }
        hashes[slot] = hash
        positions[slot] = position
    }

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of the path that is `root` alone.
    static func hash(_ root: StorePath.Root) -> UInt64 {
        var hash = offsetBasis
        for byte in root.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
        return finished(hash)
    }

    /// The hash of the path whose hash is `hash`, extended by `component`.
    static func hash(_ hash: UInt64, _ component: StorePath.Component) -> UInt64 {
        // NB: a separator first, so `a.bc` and `ab.c` differ; an index is marked apart from a key.
        var hash = (hash ^ 0x2E) &* prime
        switch component {
        case .key(let key):
            for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
        case .index(let index):
            hash = (hash ^ 0x5B) &* prime
            hash = (hash ^ UInt64(truncatingIfNeeded: index)) &* prime
        }
        return finished(hash)
    }

    /// Spreads the high bits into the low ones the table indexes by.
    private static func finished(_ hash: UInt64) -> UInt64 {
        hash ^ (hash >> 29)
    }
}
