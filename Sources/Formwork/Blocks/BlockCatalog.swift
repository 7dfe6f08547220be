/// The block libraries an app has at hand (bundled, synced, or beside the pages in a folder),
/// the newest version of each: what a page's `"libraries"` are resolved against when it is read.
///
/// ```swift
/// let (kit, _) = BlockLibrary.decode(kitBytes, file: "lib/shop-kit.json")
/// let catalog = BlockCatalog([kit].compactMap { $0 })
/// let (page, problems) = PageDocument.decode(pageBytes, registry: registry, libraries: catalog)
/// ```
public struct BlockCatalog: Sendable {
    /// By id; the newest version given of each.
    public let libraries: [String: BlockLibrary]

    /// A catalog of `libraries`; of several versions of one library, the newest is kept.
    public init(_ libraries: [BlockLibrary] = []) {
        var newest: [String: BlockLibrary] = [:]
        for library in libraries where (newest[library.id]?.version ?? Int.min) < library.version {
            newest[library.id] = library
        }
        self.libraries = newest
    }

    /// No libraries: pages may use only their own blocks.
    public static let empty = BlockCatalog()

    /// The library `id` (its newest version here), or nil when the catalog doesn't have it.
    public subscript(id: String) -> BlockLibrary? { libraries[id] }

    /// Why a page (or library) needing `id` at version `minimum` or later can't have it, or nil
    /// when it can.
    func problem(needing id: String, atLeast minimum: Int) -> String? {
        guard let library = libraries[id] else {
            // NB: sorted, so a tie between near names is broken the same way every run.
            let hint = Suggestions.nearest(to: id, in: libraries.keys.sorted()).map { "; did you mean '\($0)'?" }
                ?? (libraries.isEmpty ? "; no library is at hand (put its file beside the pages, or in lib/ below them)" : "; the libraries at hand are " + libraries.keys.sorted().joined(separator: ", "))
            return "needs the library '\(id)' (version \(minimum) or later), which isn't at hand" + hint
        }
        if library.version < minimum {
            return "needs the library '\(id)' version \(minimum) or later, but the one at hand is version \(library.version)"
        }
        return nil
    }

    /// The libraries `requires` names and, in turn, the ones they need, each once, in the order
    /// they are first named; with a message for each one that can't be had.
    func resolve(_ requires: [String: Int]) -> (libraries: [BlockLibrary], problems: [(id: String, message: String)]) {
        var found: [BlockLibrary] = []
        var problems: [(String, String)] = []
        var seen = Set<String>()
        var queue = requires.sorted { $0.key < $1.key }.map { (id: $0.key, minimum: $0.value) }
        var next = 0
        while next < queue.count {
            let (id, minimum) = queue[next]
            next += 1
            if let problem = problem(needing: id, atLeast: minimum) {
                problems.append((id, problem))
                continue
            }
            guard seen.insert(id).inserted, let library = libraries[id] else { continue }
            found.append(library)
            queue += library.requires.sorted { $0.key < $1.key }.map { (id: $0.key, minimum: $0.value) }
        }
        return (found, problems)
    }
}
