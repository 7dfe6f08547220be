extension JSONReader {
    /// A parsed document that knows where each node starts, to point diagnostics into the file.
    ///
    /// NB: positions are kept per node in file order (two integers each), not per JSON path: a
    /// table keyed by path text grows with depth × nodes — 2 MB of zeros nested 241 deep made 1.4 GB
    /// of keys. A path is resolved when a diagnostic asks for it, by walking the value.
    public struct Document: Sendable {
        public let value: PageValue
        let bytes: [UInt8]
        /// Where each node starts, in file order (a node's children follow it).
        let starts: [Int]
        /// For each node, the number of the first node after everything inside it.
        let ends: [Int]

        /// Line and column (1-based) where the node at `path` (`components[2].attributes.value`)
        /// starts, if there is one.
        public func location(of path: String) -> (line: Int, column: Int)? {
            guard !starts.isEmpty, let node = node(at: Substring(path), in: value, number: 0) else { return nil }
            return JSONReader.lineAndColumn(in: bytes, offset: starts[node])
        }

        private func node(at path: Substring, in value: PageValue, number: Int) -> Int? {
            if path.isEmpty { return number }
            switch value {
            case .array(let items):
                guard path.first == "[", let close = path.firstIndex(of: "]"),
                      let position = Int(path[path.index(after: path.startIndex)..<close]), items.indices.contains(position) else { return nil }
                var child = number + 1
                for _ in 0..<position { child = ends[child] }
                var rest = path[path.index(after: close)...]
                if rest.first == "." { rest = rest.dropFirst() }
                return node(at: rest, in: items[position], number: child)
            case .object(let object):
                var child = number + 1
                for (key, member) in object {
                    if path.hasPrefix(key) {
                        let rest = path.dropFirst(key.count)
                        if rest.isEmpty { return child }
                        if rest.first == ".", let found = node(at: rest.dropFirst(), in: member, number: child) { return found }
                        if rest.first == "[", let found = node(at: rest, in: member, number: child) { return found }
                    }
                    child = ends[child]
                }
                return nil
            default:
                return nil
            }
        }
    }
}
