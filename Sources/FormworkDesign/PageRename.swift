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
/// of the block (`shipping.street` in a page's `validate` keys, `show-errors` and flows). A block's
/// input bound through an attribute (`$attr.value.street`) keeps its binding: that path is the
/// page's, different for each use, so only the key moves.
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

    // MARK: - In a block

    private func applyInBlock(_ block: String, to document: PageValue) -> Result {
        var result = Result(document: document, changes: [], dataPath: nil)
        guard case .object(var page) = document, case .object(var blocks)? = page["blocks"], let definition = blocks[block] else { return result }
        var declared: [String] = []
        if case .object(let attributes)? = definition["attributes"] { declared = Array(attributes.keys) }
        let statePath = boundPath(in: definition, root: .state)
        var changes: [String] = []
        let at = "blocks." + block
        var renamed = rewrite(definition, at: at, changes: &changes, dataPath: statePath, blockAttributes: declared)
        if let statePath, case .object(var object) = renamed, let data = object["data"],
           let member = PageRename.renameMember(data, along: statePath.from.components, to: to) {
            object["data"] = member
            renamed = .object(object)
            changes.append(at + ".data." + statePath.from.components.map(PageRename.text).joined(separator: "."))
        }
        blocks[block] = renamed
        page["blocks"] = .object(blocks)
        // The page names the key through each use: `shipping.street`.
        var document = PageValue.object(page)
        for instance in PageRename.instances(of: block, in: PageRename.withoutBlocks(document)) {
            let qualified = PageRename(from: instance + "." + from, to: instance + "." + to, registry: registry).apply(to: document)
            document = qualified.document
            changes += qualified.changes
            result.keys += qualified.keys
        }
        result.document = document
        result.changes = changes
        return result
    }

    /// The names of the uses of `block` among the page's components: a use's key, else the block's id.
    static func instances(of block: String, in document: PageValue) -> [String] {
        var names: [String] = []
        // NB: not the page's data, whose objects may have an `id` too.
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

    // MARK: - The binding

    /// The `$data` (or, in a block, `$state`) path the component with the old key (or the new,
    /// when the editor already set it) binds its value to, when that path ends with the old key.
    private func boundPath(in document: PageValue, root: StorePath.Root) -> (from: StorePath, to: StorePath)? {
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

    // MARK: - The walk

    private func rewrite(_ value: PageValue, at path: String, changes: inout [String], dataPath: (from: StorePath, to: StorePath)?, blockAttributes: [String]? = nil) -> PageValue {
        switch value {
        case .array(let items):
            return .array(items.enumerated().map { rewrite($1, at: "\(path)[\($0)]", changes: &changes, dataPath: dataPath, blockAttributes: blockAttributes) })
        case .object(let object):
            // An expression or a template.
            if object.count == 1, let (kind, source) = object.entries.first.flatMap({ entry in entry.value.stringValue.map { (entry.key, $0) } }),
               kind == "expr" || kind == "template" {
                guard let dataPath, let renamed = StorePathRename.rename(source, isTemplate: kind == "template", from: dataPath.from, to: dataPath.to, functions: registry.functions, blockAttributes: blockAttributes) else { return value }
                changes.append(PageRename.join(path, kind))
                return .object(PageObject([(kind, .string(renamed))]))
            }
            // An attribute written with its mode (the canonical form, or compact with `mode`).
            if let mode = object["mode"]?.stringValue, mode == "expression" || mode == "template", let source = object["value"]?.stringValue {
                guard let dataPath, let renamed = StorePathRename.rename(source, isTemplate: mode == "template", from: dataPath.from, to: dataPath.to, functions: registry.functions, blockAttributes: blockAttributes) else { return value }
                changes.append(PageRename.join(path, "value"))
                var object = object
                object["value"] = .string(renamed)
                return .object(object)
            }
            let id = object["id"]?.stringValue
            var entries: [(String, PageValue)] = []
            for (name, member) in object {
                let at = PageRename.join(path, name)
                // The page's data (renamed after the walk) and its blocks' own keys are left here.
                if (path.isEmpty && (name == "data" || name == "blocks")) || (name == "data" && path == block.map({ "blocks." + $0 })) {
                    entries.append((name, member))
                    continue
                }
                if id != nil, name == "key", member.stringValue == from, object["id"] != nil, path.isEmpty == false, isComponent(at: path) {
                    changes.append(at)
                    entries.append((name, .string(to)))
                    continue
                }
                if let id, name == "attributes", case .object(let attributes) = member {
                    entries.append((name, .object(rewriteAttributes(attributes, of: id, at: at, changes: &changes, dataPath: dataPath, blockAttributes: blockAttributes))))
                    continue
                }
                if let id, name == "attributes", case .array(let list) = member {
                    entries.append((name, .array(rewriteCanonical(list, of: id, at: at, changes: &changes, dataPath: dataPath, blockAttributes: blockAttributes))))
                    continue
                }
                entries.append((name, rewrite(member, at: at, changes: &changes, dataPath: dataPath, blockAttributes: blockAttributes)))
            }
            return .object(PageObject(entries))
        default:
            return value
        }
    }

    /// Components sit in lists (`components[0]`, `children[1]`), never directly under an object
    /// member named `key`; anything with an `id` and a string `key` is a component.
    private func isComponent(at path: String) -> Bool { path.hasSuffix("]") }

    /// The canonical form: each literal attribute's `value` as `rewriteAttributes` rewrites a
    /// compact one; expressions and templates as everywhere.
    private func rewriteCanonical(_ list: [PageValue], of id: String, at path: String, changes: inout [String], dataPath: (from: StorePath, to: StorePath)?, blockAttributes: [String]?) -> [PageValue] {
        var result: [PageValue] = []
        for (index, entry) in list.enumerated() {
            let at = "\(path)[\(index)]"
            guard case .object(var object) = entry, let name = object["name"]?.stringValue, let literal = object["value"],
                  (object["mode"]?.stringValue ?? "literal") == "literal" else {
                result.append(rewrite(entry, at: at, changes: &changes, dataPath: dataPath, blockAttributes: blockAttributes))
                continue
            }
            let renamed = rewriteAttributes(PageObject([(name, literal)]), of: id, at: at, changes: &changes, dataPath: dataPath, blockAttributes: blockAttributes)
            object["value"] = renamed[name] ?? literal
            result.append(.object(object))
        }
        return result
    }

    private func rewriteAttributes(_ attributes: PageObject, of id: String, at path: String, changes: inout [String], dataPath: (from: StorePath, to: StorePath)?, blockAttributes: [String]?) -> PageObject {
        let specs = registry.actions[id]?.attributes ?? registry.components[id]?.attributes ?? registry.validations[id]?.attributes ?? registry.errorHandlers[id]?.attributes ?? []
        var entries: [(String, PageValue)] = []
        for (name, value) in attributes {
            let at = PageRename.join(path, name)
            // `validate`'s keys.
            if id == "validate", name == "keys", case .array(let keys) = value {
                let renamed = keys.map { $0.stringValue == from ? PageValue.string(to) : $0 }
                if renamed.contains(where: { $0.stringValue == to }) && keys.contains(where: { $0.stringValue == from }) { changes.append(at) }
                entries.append((name, .array(renamed)))
                continue
            }
            // `show-errors`' literal errors, by key (`qty[2]` names a row's component).
            if id == "show-errors", name == "errors", case .object(let errors) = value {
                var touched = false
                let renamed = PageObject(errors.entries.map { entry in
                    if let rest = PageRename.keyReference(entry.key, naming: from) { touched = true; return (to + rest, entry.value) }
                    return (entry.key, rewrite(entry.value, at: PageRename.join(at, entry.key), changes: &changes, dataPath: dataPath, blockAttributes: blockAttributes))
                })
                if touched { changes.append(at) }
                entries.append((name, .object(renamed)))
                continue
            }
            // A literal store path to write (`store-var`'s key).
            if let dataPath, let text = value.stringValue, specs.first(where: { $0.name == name })?.role == .storePath,
               let path = StorePath(text.trimmingSpaces), path.root == dataPath.from.root, path.components.starts(with: dataPath.from.components) {
                changes.append(at)
                let renamed = StorePath(path.root, dataPath.to.components + path.components.dropFirst(dataPath.from.components.count))
                entries.append((name, .string(renamed.description)))
                continue
            }
            entries.append((name, rewrite(value, at: at, changes: &changes, dataPath: dataPath, blockAttributes: blockAttributes)))
        }
        return PageObject(entries)
    }

    // MARK: - Helpers

    /// `key` when it is `name` or `name[N]` (a row's component): what follows the name.
    static func keyReference(_ key: String, naming name: String) -> String? {
        guard key.hasPrefix(name) else { return nil }
        let rest = String(key.dropFirst(name.count))
        return rest.isEmpty || (rest.hasPrefix("[") && rest.hasSuffix("]")) ? rest : nil
    }

    /// `data` with the member at `components` renamed to `name`, in its place; nil when there is none.
    static func renameMember(_ value: PageValue, along components: [StorePath.Component], to name: String) -> PageValue? {
        guard case .object(let object) = value, case .key(let first)? = components.first, let member = object[first] else { return nil }
        if components.count == 1 {
            guard object[name] == nil else { return nil }
            return .object(PageObject(object.entries.map { $0.key == first ? (name, $0.value) : ($0.key, $0.value) }))
        }
        guard let inner = renameMember(member, along: Array(components.dropFirst()), to: name) else { return nil }
        return .object(PageObject(object.entries.map { $0.key == first ? ($0.key, inner) : ($0.key, $0.value) }))
    }

    static func visit(_ value: PageValue, _ body: (PageValue) -> Void) {
        body(value)
        switch value {
        case .array(let items): for item in items { visit(item, body) }
        case .object(let object): for (_, member) in object { visit(member, body) }
        default: break
        }
    }

    static func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : path + "." + name }

    static func text(_ component: StorePath.Component) -> String {
        switch component {
        case .key(let name): return name
        case .index(let index): return "[\(index)]"
        }
    }
}

fileprivate extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
