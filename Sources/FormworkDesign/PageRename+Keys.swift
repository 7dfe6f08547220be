import Formwork

/// Helpers on keys, `data` members and page values that the rename and `FlowRename` share.
extension PageRename {
    /// What follows `name` in `key` when `key` names that component or one inside it: `""` for
    /// `name`, `[2]` for a row's (`name[2]`), `.street` for a component inside a use of a block
    /// (`name.street`, `name.street[1]`); nil for another key (`name2`, `names.street`).
    static func keyReference(_ key: String, naming name: String) -> String? {
        guard key.hasPrefix(name) else { return nil }
        let rest = String(key.dropFirst(name.count))
        return rest.isEmpty || (rest.hasPrefix("[") && rest.hasSuffix("]")) || (rest.hasPrefix(".") && rest.count > 1) ? rest : nil
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

extension String {
    /// The text without the spaces around it (a binding written `" $data.name "`).
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
