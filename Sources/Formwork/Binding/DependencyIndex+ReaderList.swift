extension DependencyIndex {
    /// The readers of one path in the trie: a set of binding (or computed value, or watcher) ids,
    /// each listed once, in no particular order.
    ///
    /// NB: the first two are stored inline and only a third and later reader go into a set, so
    /// the usual path (read by a field and perhaps a label) allocates nothing; a `Set<Int>` for
    /// every path was an allocation, a hash per insert and a free at close. A path read by very
    /// many bindings (every row reading `$data.currency`) still adds and removes one in constant
    /// time, as before.
    struct ReaderList {
        /// No reader: -1 (ids are positions in a table, never negative). `second` is set only
        /// when `first` is, and `more` holds readers only when both are.
        private var first = -1
        private var second = -1
        private var more = Set<Int>()

        /// Lists `reader`; false (and nothing changes) when it is listed already.
        mutating func insert(_ reader: Int) -> Bool {
            if first < 0 {
                first = reader
                return true
            }
            if first == reader { return false }
            if second < 0 {
                second = reader
                return true
            }
            if second == reader { return false }
            return more.insert(reader).inserted
        }

        /// Takes `reader` off the list; false (and nothing changes) when it isn't listed.
        mutating func remove(_ reader: Int) -> Bool {
            if reader < 0 { return false }
            if first == reader {
                first = second
                second = more.isEmpty ? -1 : more.removeFirst()
                return true
            }
            if second == reader {
                second = more.isEmpty ? -1 : more.removeFirst()
                return true
            }
            return !more.isEmpty && more.remove(reader) != nil
        }

        /// Appends every listed reader to `found`.
        /// NB: inlined, so an edit's walk reads a node's readers where they are instead of copying
        /// the list (and retaining its set) to pass it.
        @inline(__always)
        func append(to found: inout [Int]) {
            guard first >= 0 else { return }
            found.append(first)
            guard second >= 0 else { return }
            found.append(second)
            if !more.isEmpty { for reader in more { found.append(reader) } }
        }
    }
}
