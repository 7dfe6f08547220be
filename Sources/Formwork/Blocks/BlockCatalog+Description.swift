extension BlockCatalog {
    /// The blocks of every library, described the way a registry file describes components
    /// (id, summary, attributes, events) plus the library and version each comes from: what
    /// `formwork registry --pages DIR` adds under `"blocks"`, so editors offer a block like any
    /// component.
    ///
    /// ```json
    /// [ { "id": "money-row", "library": "shop-kit", "version": 1, "summary": "…",
    ///     "attributes": [ { "name": "amount", "type": "number", "required": true } ], "events": [] } ]
    /// ```
    public var descriptionValue: PageValue {
        var blocks: [PageValue] = []
        for id in libraries.keys.sorted() {
            guard let library = libraries[id] else { continue }
            for block in library.blockIDs.compactMap({ library.blocks[$0] }) {
                var object = PageObject([("id", .string(block.id)), ("library", .string(library.id)), ("version", .int(Int64(library.version)))])
                if !block.summary.isEmpty { object["summary"] = .string(block.summary) }
                object["attributes"] = .array(block.attributes.map(RegistryCoding.value(of:)))
                object["events"] = .array(block.events.map { .string($0) })
                blocks.append(.object(object))
            }
        }
        return .array(blocks)
    }
}
