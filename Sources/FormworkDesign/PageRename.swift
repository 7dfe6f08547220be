import Formwork

/// The editor's rename of a component key, as a refactoring: everything in the page that names
/// the old key, or the `$data` path its value is bound to, names the new one afterwards.
///
/// For `textField1` → `name`, with the field bound to `$data.textField1`:
/// - the component's `key`, and its binding (`$data.textField1` → `$data.name`; a nested binding
///   such as `$data.contact.textField1` becomes `$data.contact.name`);
/// - the page's `data` member for that path (same value, same position);
/// - every expression and template that reads the path or below it (`$data.textField1.first`),
///   parsed with the engine's parser, so a string literal `'textField1'` or a longer name such as
///   `$data.textField10` is left as written;
/// - a `store-var`'s (or any store-path attribute's) literal key naming the path;
/// - `validate`'s `keys` and `show-errors`' `errors` naming the key.
///
/// A page's rename stays out of its `blocks` (their keys are their own). A key inside a block's
/// definition (`block:` names it) is renamed inside that definition — its `validate` and
/// `show-errors` keys, and, when it is bound to `$state.KEY`, that state path in the block's
/// expressions and the member of the block's `data` — and where the page names it through a use
/// of the block (`shipping.street` in a page's `validate` keys, `show-errors` and flows), and
/// through a use inside another block (`checkout.shipping.street`, 2.15), as deep as blocks nest.
/// A block's input bound through an attribute (`$attr.value.street`) keeps its binding: that path
/// is the page's, different for each use, so only the key moves. A key's qualified names follow
/// it too: renaming the use `ship` renames `ship.street` in `validate`, `show-errors` and flows.
///
/// The rename is split by concern: the page's walk (`PageRename+Walk.swift`), the binding it
/// follows (below), blocks and their uses (`PageRename+Blocks.swift`), and
/// the helpers on keys and paths that `FlowRename` shares (`PageRename+Keys.swift`).
///
/// ```
/// let result = PageRename(from: "textField1", to: "name", registry: .latest).apply(to: document)
/// result.changes  // ["components[0].key", "components[0].attributes.value.expr", "data.textField1", …]
/// ```
package struct PageRename: Sendable {
    /// The key before and after.
    package let from: String
    package let to: String
    /// The block whose definition (`blocks.NAME`) holds the component; nil for the page's own.
    package let block: String?
    let registry: Registry

    /// A rename of the component key `from` to `to`, reading attribute kinds (two-way bindings,
    /// store paths) from `registry`; `block` names the block definition the component is in.
    package init(from: String, to: String, registry: Registry, block: String? = nil) {
        self.from = from
        self.to = to
        self.registry = registry
        self.block = block
    }

    /// What the rename did to a page.
    package struct Result: Sendable {
        /// The page afterwards.
        package var document: PageValue
        /// Where it changed the page, as engine paths (`components[0].attributes.value.expr`).
        package var changes: [String]
        /// The `$data` path the renamed field was bound to, before and after; nil when its binding
        /// doesn't end with the old key (then no data path is renamed).
        package var dataPath: (from: StorePath, to: StorePath)?
        /// The keys as the page's flows name them, before and after: `(from, to)` for a page's
        /// component, `(shipping.street, shipping.road)` for each use of a block.
        package var keys: [(from: String, to: String)] = []
    }

    /// The page with the key (and the data path bound to it) renamed everywhere.
    package func apply(to document: PageValue) -> Result {
        var result = Result(document: document, changes: [], dataPath: nil)
        guard from != to, !from.isEmpty, !to.isEmpty else { return result }
        if let block { return applyInBlock(block, to: document) }
        result.keys = [(from, to)]
        result.dataPath = boundPath(in: PageRename.withoutBlocks(document), root: .data)
        var changes: [String] = []
        result.document = rewrite(document, at: "", changes: &changes, dataPath: result.dataPath)
        if let path = result.dataPath, case .object(var page) = result.document, let data = page["data"],
           let renamed = PageRename.renameMember(data, along: path.from.components, to: to) {
            page["data"] = renamed
            result.document = .object(page)
            changes.append("data." + path.from.components.map(PageRename.text).joined(separator: "."))
        }
        result.changes = changes
        return result
    }
}

// MARK: - The binding

extension PageRename {
    /// The `$data` (or, in a block, `$state`) path the component with the old key (or the new,
    /// when the editor already set it) binds its value to, when that path ends with the old key.
    func boundPath(in document: PageValue, root: StorePath.Root) -> (from: StorePath, to: StorePath)? {
        var found: (from: StorePath, to: StorePath)?
        PageRename.visit(document) { node in
            guard found == nil, case .object(let object) = node, let id = object["id"]?.stringValue,
                  let key = object["key"]?.stringValue, key == from || key == to else { return }
            var attributes = PageObject()
            if case .object(let compact)? = object["attributes"] { attributes = compact }
            if case .array(let canonical)? = object["attributes"] {
                for entry in canonical { if let name = entry["name"]?.stringValue { attributes[name] = entry } }
            }
            let twoWay = registry.components[id]?.attributes.filter(\.twoWay).map(\.name) ?? ["value"]
            for name in twoWay {
                let written = attributes[name]
                guard let source = written?["expr"]?.stringValue ?? (written?["mode"]?.stringValue == "expression" ? written?["value"]?.stringValue : nil),
                      let path = StorePath(source.trimmingSpaces), path.root == root,
                      path.components.last == .key(from) else { continue }
                var renamed = path
                renamed.components[renamed.components.count - 1] = .key(to)
                found = (path, renamed)
                return
            }
        }
        return found
    }
}
