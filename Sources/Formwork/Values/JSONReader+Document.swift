import Foundation

extension JSONReader {
    /// A parsed document that knows where each node starts, to point diagnostics into the file.
    ///
    /// NB: positions are found only when a diagnostic first asks for one: most pages open without
    /// any, so reading them costs nothing then. The first `location(of:)` reads the bytes again,
    /// noting where each node starts, and keeps that for later questions. They are kept per node
    /// in file order (two integers each), not per JSON path: a table keyed by path text grows with
    /// depth × nodes — 2 MB of zeros nested 241 deep made 1.4 GB of keys. A path is resolved by
    /// walking the value.
    ///
    /// A decoded page keeps its document without the value (`forgettingValue()`): the tree of
    /// `PageValue`s is most of a page's JSON in memory, and once the page is decoded nothing needs
    /// it unless a diagnostic asks where a node is, or someone reads `PageDocument.source`; then
    /// the bytes are read again (once, with the positions).
    public struct Document: Sendable {
        /// The document's value.
        public var value: PageValue { kept ?? positions.value(for: bytes) }
        /// The value, unless it was let go (`forgettingValue()`).
        private let kept: PageValue?
        let bytes: [UInt8]
        private let positions: Positions

        init(value: PageValue, bytes: [UInt8], maximumDepth: Int) {
            kept = value
            self.bytes = bytes
            positions = Positions(maximumDepth: maximumDepth)
        }

        private init(bytes: [UInt8], positions: Positions) {
            kept = Optional.none
            self.bytes = bytes
            self.positions = positions
        }

        /// Whether the value is held in memory (false once let go by `forgettingValue()`).
        var keepsValue: Bool { kept != nil }

        /// The same document without its value in memory: `value` reads the bytes again the
        /// first time it is asked for (with the positions, which need that reading anyway).
        func forgettingValue() -> Document {
            Document(bytes: bytes, positions: positions)
        }

        /// Line and column (1-based) where the node at `path` (`components[2].attributes.value`)
        /// starts, if there is one.
        public func location(of path: String) -> (line: Int, column: Int)? {
            let (starts, ends) = positions.table(for: bytes)
            guard !starts.isEmpty, let node = node(at: Substring(path), in: value, number: 0, ends: ends) else { return nil }
            return JSONReader.lineAndColumn(in: bytes, offset: starts[node])
        }

        private func node(at path: Substring, in value: PageValue, number: Int, ends: [Int]) -> Int? {
            if path.isEmpty { return number }
            switch value {
            case .array(let items):
                guard path.first == "[", let close = path.firstIndex(of: "]"),
                      let position = Int(path[path.index(after: path.startIndex)..<close]), items.indices.contains(position) else { return nil }
                var child = number + 1
                for _ in 0..<position { child = ends[child] }
                var rest = path[path.index(after: close)...]
                if rest.first == "." { rest = rest.dropFirst() }
                return node(at: rest, in: items[position], number: child, ends: ends)
            case .object(let object):
                var child = number + 1
                for (key, member) in object {
                    if path.hasPrefix(key) {
                        let rest = path.dropFirst(key.count)
                        if rest.isEmpty { return child }
                        if rest.first == ".", let found = node(at: rest.dropFirst(), in: member, number: child, ends: ends) { return found }
                        if rest.first == "[", let found = node(at: rest, in: member, number: child, ends: ends) { return found }
                    }
                    child = ends[child]
                }
                return nil
            default:
                return nil
            }
        }
    }

    /// Where each node of a document starts, found the first time it is needed and then kept.
    /// Shared by copies of the document; the lock makes the first reading happen once.
    /// The value read again, for a document that let it go, is kept here too.
    final class Positions: @unchecked Sendable {
        private let lock = NSLock()
        private let maximumDepth: Int
        private var found: (starts: [Int], ends: [Int], value: PageValue)?

        init(maximumDepth: Int) { self.maximumDepth = maximumDepth }

        func table(for bytes: [UInt8]) -> (starts: [Int], ends: [Int]) {
            let found = reading(bytes)
            return (found.starts, found.ends)
        }

        func value(for bytes: [UInt8]) -> PageValue { reading(bytes).value }

        private func reading(_ bytes: [UInt8]) -> (starts: [Int], ends: [Int], value: PageValue) {
            lock.withLock {
                if let found { return found }
                let table = JSONReader.positions(in: bytes, maximumDepth: maximumDepth)
                found = table
                return table
            }
        }
    }
}
