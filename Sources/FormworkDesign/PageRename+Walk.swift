import Formwork

/// The walk through a page (or a block's definition) that renames the key, its expressions and
/// templates, `validate`'s and `show-errors`' keys and store paths naming the bound path, in the
/// compact and the canonical form of attributes.
extension PageRename {
    func rewrite(_ value: PageValue, at path: String, changes: inout [String], dataPath: (from: StorePath, to: StorePath)?, blockAttributes: [String]? = nil) -> PageValue {
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
    func isComponent(at path: String) -> Bool { path.hasSuffix("]") }

    /// The canonical form: each literal attribute's `value` as `rewriteAttributes` rewrites a
    /// compact one; expressions and templates as everywhere.
    func rewriteCanonical(_ list: [PageValue], of id: String, at path: String, changes: inout [String], dataPath: (from: StorePath, to: StorePath)?, blockAttributes: [String]?) -> [PageValue] {
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

    func rewriteAttributes(_ attributes: PageObject, of id: String, at path: String, changes: inout [String], dataPath: (from: StorePath, to: StorePath)?, blockAttributes: [String]?) -> PageObject {
        let specs = registry.actions[id]?.attributes ?? registry.components[id]?.attributes ?? registry.validations[id]?.attributes ?? registry.errorHandlers[id]?.attributes ?? []
        var entries: [(String, PageValue)] = []
        for (name, value) in attributes {
            let at = PageRename.join(path, name)
            // `validate`'s keys (`qty[2]` names a row's component, `ship.street` one inside a use of a block).
            if id == "validate", name == "keys", case .array(let keys) = value {
                var touched = false
                let renamed = keys.map { key -> PageValue in
                    guard let text = key.stringValue, let rest = PageRename.keyReference(text, naming: from) else { return key }
                    touched = true
                    return .string(to + rest)
                }
                if touched { changes.append(at) }
                entries.append((name, .array(renamed)))
                continue
            }
            // `show-errors`' literal errors, by key, named as `validate`'s keys are.
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
}
