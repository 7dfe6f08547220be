import Formwork

/// A rename inside a block's definition (`blocks.NAME`), carried to every place that names the key
/// through a use of the block: the page (`shipping.street`) and, when the block is used inside
/// another block, that block's definition (`shipping.street` inside `checkout`) and then, in turn,
/// that block's uses (`order.shipping.street` on the page).
///
/// ```
/// // address: street → road; checkout uses address as "shipping"; the page uses checkout as "order"
/// result.keys  // [("order.shipping.street", "order.shipping.road")]
/// ```
extension PageRename {
    func applyInBlock(_ block: String, to document: PageValue) -> Result {
        var result = Result(document: document, changes: [], dataPath: nil)
        var changes: [String] = []
        var keys: [(from: String, to: String)] = []
        var path: [String] = []
        result.document = rename(in: block, from: from, to: to, document: document, changes: &changes, keys: &keys, path: &path)
        result.changes = changes
        result.keys = keys
        return result
    }

    /// `from` → `to` inside `block`'s definition, then where its uses name it. `path` holds the
    /// blocks being renamed in, so a block that uses itself (a `check` error) ends the walk.
    private func rename(in block: String, from: String, to: String, document: PageValue,
                        changes: inout [String], keys: inout [(from: String, to: String)], path: inout [String]) -> PageValue {
        guard !path.contains(block), path.count < PageRename.deepestNesting,
              case .object(var page) = document, case .object(var blocks)? = page["blocks"], let definition = blocks[block] else { return document }
        path.append(block)
        defer { path.removeLast() }
        let inside = PageRename(from: from, to: to, registry: registry, block: block)
        var declared: [String] = []
        if case .object(let attributes)? = definition["attributes"] { declared = Array(attributes.keys) }
        let statePath = inside.boundPath(in: definition, root: .state)
        let at = "blocks." + block
        var renamed = inside.rewrite(definition, at: at, changes: &changes, dataPath: statePath, blockAttributes: declared)
        if let statePath, case .object(var object) = renamed, let data = object["data"],
           let member = PageRename.renameMember(data, along: statePath.from.components, to: to) {
            object["data"] = member
            renamed = .object(object)
            changes.append(at + ".data." + statePath.from.components.map(PageRename.text).joined(separator: "."))
        }
        blocks[block] = renamed
        page["blocks"] = .object(blocks)
        var document = PageValue.object(page)
        // Other blocks name it through their uses of this one: `shipping.street` inside `checkout`.
        for (other, otherDefinition) in blocks where other != block {
            for instance in PageRename.instances(of: block, in: otherDefinition) {
                document = rename(in: other, from: instance + "." + from, to: instance + "." + to, document: document, changes: &changes, keys: &keys, path: &path)
            }
        }
        // The page names it through each of its uses: `shipping.street`.
        for instance in PageRename.instances(of: block, in: PageRename.withoutBlocks(document)) {
            let qualified = PageRename(from: instance + "." + from, to: instance + "." + to, registry: registry).apply(to: document)
            document = qualified.document
            changes += qualified.changes
            keys += qualified.keys
        }
        return document
    }

    /// How deep a rename follows blocks inside blocks; past the engine's own `blockDepth` a page
    /// doesn't open, so this only stops a walk on a page that is wrong anyway.
    static let deepestNesting = 32

    /// The names of the uses of `block` among the components of a page or a block definition: a
    /// use's key, else the block's id.
    static func instances(of block: String, in document: PageValue) -> [String] {
        var names: [String] = []
        // NB: not the page's (or the block's) data, whose objects may have an `id` too.
        guard case .object(let page) = document else { return [] }
        visit(.object(PageObject(page.entries.filter { $0.key != "data" }.map { ($0.key, $0.value) }))) { node in
            guard case .object(let object) = node, object["id"]?.stringValue == block else { return }
            let name = object["key"]?.stringValue ?? block
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The page without its `blocks` (whose keys and state are their own).
    static func withoutBlocks(_ document: PageValue) -> PageValue {
        guard case .object(let page) = document, page["blocks"] != nil else { return document }
        return .object(PageObject(page.entries.filter { $0.key != "blocks" }.map { ($0.key, $0.value) }))
    }
}
