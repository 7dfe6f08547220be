/// What a page, or a library's own blocks and chains, can use by name: its own blocks and named
/// chains first, then those of the libraries it names (and the ones they name).
///
/// A name may be qualified by its library, `shop-kit/money-row`, when two libraries both have it.
struct BlockNamespace: Sendable {
    /// The page's own, or the library's own.
    var own: (blocks: [String: BlockDefinition], chains: [String: NamedChain], handlers: [String: NamedChain]) = ([:], [:], [:])
    /// The libraries that can be used, in the order named.
    var libraries: [BlockLibrary] = []

    enum Lookup<Entry> {
        case found(Entry)
        case ambiguous([String])
        case missing
    }

    func block(_ name: String) -> Lookup<BlockDefinition> { lookup(name, own.blocks, \.blocks) }
    func chain(_ name: String) -> Lookup<NamedChain> { lookup(name, own.chains, \.chains) }
    func handlers(_ name: String) -> Lookup<NamedChain> { lookup(name, own.handlers, \.handlers) }

    /// Every block id that can be used, for suggestions.
    /// Sorted within each source, so a tie between near names is broken the same way every run.
    var blockNames: [String] { own.blocks.keys.sorted() + libraries.flatMap { library in library.blockIDs.map { "\(library.id)/\($0)" } } + libraries.flatMap(\.blockIDs) }
    var chainNames: [String] { own.chains.keys.sorted() + libraries.flatMap(\.chainNames) }
    var handlerNames: [String] { own.handlers.keys.sorted() + libraries.flatMap(\.handlerNames) }

    private func lookup<Entry>(_ name: String, _ mine: [String: Entry], _ table: KeyPath<BlockLibrary, [String: Entry]>) -> Lookup<Entry> {
        if let slash = name.firstIndex(of: "/") {
            let libraryID = String(name[..<slash]), local = String(name[name.index(after: slash)...])
            guard let library = libraries.first(where: { $0.id == libraryID }), let entry = library[keyPath: table][local] else { return .missing }
            return .found(entry)
        }
        if let entry = mine[name] { return .found(entry) }
        let holders = libraries.filter { $0[keyPath: table][name] != nil }
        if holders.count > 1 { return .ambiguous(holders.map { "\($0.id)/\(name)" }) }
        if let holder = holders.first, let entry = holder[keyPath: table][name] { return .found(entry) }
        return .missing
    }
}
