extension DependencyIndex {
    /// A trie node's children: path component → place of the child node, an open-addressed table
    /// (linear probing, removal by shifting back) keyed by a cheap hash of the component.
    ///
    /// NB: not a `Dictionary`: a dictionary hashes with `Hasher` (SipHash), and looking up an
    /// edit's `$data.vI` spent about 350 instructions of the edit on seeding, feeding and
    /// finalizing it. Here a key's hash is an FNV-1a of its bytes (a few instructions a byte),
    /// stored with it, so a lookup compares hashes and then one component.
    ///
    /// NB: keys are compared as `String`s, by canonical equivalence (`"e\u{301}" == "é"`, and the
    /// Kelvin sign `"\u{212A}" == "K"`), as the dictionary did, but their bytes differ. So only a
    /// key of ASCII bytes is hashed by its bytes (two different ASCII keys are never equivalent);
    /// every other key gets one fixed hash, and when a key isn't found where its hash says, a table
    /// holding such a key, or asked for one, is searched whole with `==`. Pages name their values
    /// in ASCII nearly always; the slow path costs only there.
    ///
    /// A page's keys are its own expressions' names and its lists' positions: a flood of
    /// colliding keys can only come from the page itself, and only slows its own lookups.
    ///
    /// NB: a node without children (most of them: the leaves) holds an empty array, no allocation.
    struct ChildTable {
        private struct Slot {
            /// The child's place in the trie's nodes; -1 for an empty slot.
            var place: Int
            var hash: Int
            var component: StorePath.Component
        }

        private var slots: [Slot] = []
        /// How many slots hold a child.
        private(set) var count = 0
        /// Whether a key not of ASCII bytes was put in since the table was last empty.
        private var holdsOtherKeys = false

        var isEmpty: Bool { count == 0 }

        /// The hash every key not of ASCII bytes is kept under.
        static var otherKeysHash: Int { 0x5EED }

        /// The hash a component is kept under, and whether it is exact (two components with
        /// different exact hashes are never equal): FNV-1a of an ASCII key's bytes, or of an
        /// index's value (with a different start), mixed so the low bits (the ones a slot is
        /// chosen by) depend on every byte; `otherKeysHash`, not exact, for any other key.
        static func hash(_ component: StorePath.Component) -> (hash: Int, exact: Bool) {
            var h: UInt64
            switch component {
            case .key(let name):
                h = 0xCBF2_9CE4_8422_2325
                var bits: UInt8 = 0
                for byte in name.utf8 {
                    bits |= byte
                    h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                }
                if bits >= 0x80 { return (otherKeysHash, false) }
            case .index(let position):
                h = (0x8422_2325_CBF2_9CE4 ^ UInt64(bitPattern: Int64(position))) &* 0x0000_0100_0000_01B3
            }
            h ^= h >> 29
            h = h &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 32
            return (Int(truncatingIfNeeded: h), true)
        }

        /// The place of the child at `component`, or nil.
        func place(of component: StorePath.Component) -> Int? {
            guard let slot = slot(of: component) else { return nil }
            return slots[slot].place
        }

        /// The slot holding `component`, or nil.
        private func slot(of component: StorePath.Component) -> Int? {
            guard count > 0 else { return nil }
            let (hash, exact) = ChildTable.hash(component)
            let mask = slots.count - 1
            var i = hash & mask
            while slots[i].place >= 0 {
                if slots[i].hash == hash, slots[i].component == component { return i }
                i = (i + 1) & mask
            }
            // Not where its hash says: an equivalent key may be kept under another hash.
            guard holdsOtherKeys || !exact else { return nil }
            for i in slots.indices where slots[i].place >= 0 && slots[i].component == component { return i }
            return nil
        }

        /// Puts the child at `component` at `place` (in place of the one there, if any).
        mutating func insert(_ component: StorePath.Component, place: Int) {
            if let slot = slot(of: component) {
                slots[slot].place = place
                return
            }
            if (count + 1) * 2 > slots.count { grow() }
            let (hash, exact) = ChildTable.hash(component)
            if !exact { holdsOtherKeys = true }
            let mask = slots.count - 1
            var i = hash & mask
            while slots[i].place >= 0 { i = (i + 1) & mask }
            slots[i] = Slot(place: place, hash: hash, component: component)
            count += 1
        }

        /// Takes the child at `component` out, if there is one.
        mutating func remove(_ component: StorePath.Component) {
            guard var hole = slot(of: component) else { return }
            count -= 1
            if count == 0 {
                slots = []
                holdsOtherKeys = false
                return
            }
            // Shift back each later slot of the run that may sit at the hole: one whose home is
            // not cyclically after the hole and up to it.
            let mask = slots.count - 1
            var next = hole
            while true {
                next = (next + 1) & mask
                guard slots[next].place >= 0 else { break }
                let home = slots[next].hash & mask
                let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
                if !stays {
                    slots[hole] = slots[next]
                    hole = next
                }
            }
            slots[hole] = Slot(place: -1, hash: 0, component: .index(0))
        }

        /// How many slots there are: `place(inSlot:)` reads each, so every child is found.
        var slotCount: Int { slots.count }

        /// The place of the child kept in slot `slot` (below `slotCount`), or -1 when it is empty.
        func place(inSlot slot: Int) -> Int { slots[slot].place }

        /// Twice the slots (four at first), every child put in again.
        private mutating func grow() {
            let old = slots
            slots = Array(repeating: Slot(place: -1, hash: 0, component: .index(0)), count: max(4, old.count * 2))
            let mask = slots.count - 1
            for slot in old where slot.place >= 0 {
                var i = slot.hash & mask
                while slots[i].place >= 0 { i = (i + 1) & mask }
                slots[i] = slot
            }
        }
    }
}
