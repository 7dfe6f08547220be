/// Every text a person reads on a page, found in its JSON: literals (`"title": "Your name"`),
/// keys of its `"strings"` (`{"text": "name"}`) and texts written in place per language.
///
/// An attribute holds a text when its type declares so (`AttributeSpec.text`), so built-ins and an
/// app's types are read the same way; the page's `title` is one too. Found only when asked for
/// (`check --locale`, `formwork strings`), never when a page opens.
///
/// ```swift
/// let texts = PageTexts.find(in: page, registry: .standard)
/// texts[0].path    // "components[0].attributes.title"
/// texts[0].form    // .literal("Your name")
/// ```
public struct PageText: Sendable, Equatable {
    /// How the text is written.
    public enum Form: Sendable, Equatable {
        /// The words themselves, in the page's default language only: `"title": "Your name"`.
        case literal(String)
        /// A key of the page's (or a library's) `"strings"`: `{"text": "name"}`.
        case key(String)
        /// Per language, in place: `{"text": {"en": "Name", "de": "Name"}}`.
        case inline([String: String])
    }

    /// Where the text is, as a JSON path: `components[0].attributes.title`.
    public let path: String
    /// The same path, step by step, for writing it.
    public let steps: [StorePath.Component]
    /// What holds it, for a translator: `text-field 'name', title`.
    public let owner: String
    /// How it is written.
    public let form: Form
}

/// Finds `PageText`s in a page's JSON.
public enum PageTexts {
    /// Every text a person reads in `page` (a page's JSON), in document order.
    public static func find(in page: PageValue, registry: Registry) -> [PageText] {
        var finder = Finder(registry: registry)
        if let title = page["title"] { finder.text(title, steps: [.key("title")], owner: "page", role: .whole) }
        if case .object(let object) = page {
            for (name, value) in object where !skipped.contains(name) { finder.nodes(value, steps: [.key(name)], kind: kind(of: name)) }
        }
        return finder.found
    }

    /// Members of a page that hold no texts (or hold them as tables).
    static let skipped: Set<String> = ["$schema", "title", "description", "page", "strings", "data", "params", "computed", "defaultLocale", "requires", "version", "minEngineVersion"]

    enum Kind { case component, action, validation, handler }

    /// The kind of node in an array under a member called `name`.
    static func kind(of name: String) -> Kind {
        switch name {
        case "components", "children", "fallback": return .component
        case "validations": return .validation
        case "onError": return .handler
        default: return .action
        }
    }

    /// The JSON path of `steps`.
    public static func pathText(_ steps: [StorePath.Component]) -> String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    struct Finder {
        let registry: Registry
        var found: [PageText] = []

        /// Walks a node, a list of nodes, or an object of named lists (interactions).
        mutating func nodes(_ value: PageValue, steps: [StorePath.Component], kind: Kind) {
            switch value {
            case .array(let items):
                for (index, item) in items.enumerated() { nodes(item, steps: steps + [.index(index)], kind: kind) }
            case .object(let object):
                guard case .string(let id)? = object["id"] else {
                    for (name, member) in object { nodes(member, steps: steps + [.key(name)], kind: PageTexts.kind(of: name)) }
                    return
                }
                node(id: id, object, steps: steps, kind: kind)
            default: return
            }
        }

        mutating func node(id: String, _ object: PageObject, steps: [StorePath.Component], kind: Kind) {
            let specs: [AttributeSpec]
            switch kind {
            case .component: specs = registry.components[id]?.attributes ?? []
            case .action: specs = registry.actions[id]?.attributes ?? []
            case .validation: specs = registry.validations[id]?.attributes ?? []
            case .handler: specs = registry.errorHandlers[id]?.attributes ?? []
            }
            let key = object["key"]?.stringValue
            let owner = id + (key.map { " '\($0)'" } ?? "")
            // NB: in document order, so a list of texts reads like the page.
            for (member, memberValue) in object where member != "id" && member != "key" {
                if member == "attributes", case .object(let attributes) = memberValue {
                    self.attributes(attributes, specs: specs, steps: steps, owner: owner)
                } else {
                    nodes(memberValue, steps: steps + [.key(member)], kind: PageTexts.kind(of: member))
                }
            }
        }

        mutating func attributes(_ attributes: PageObject, specs: [AttributeSpec], steps: [StorePath.Component], owner: String) {
            for (name, value) in attributes {
                let at = steps + [.key("attributes"), .key(name)]
                guard let spec = specs.first(where: { $0.name == name }) else { continue }
                if let role = spec.text { text(value, steps: at, owner: owner + ", " + name, role: role) }
                if spec.type.holdsNodes {
                    nodes(value, steps: at, kind: spec.type == .components ? .component : .action)
                }
            }
        }

        /// The texts of an attribute's value that `role` says a person reads.
        mutating func text(_ value: PageValue, steps: [StorePath.Component], owner: String, role: PersonText) {
            switch role {
            case .whole: one(value, steps: steps, owner: owner)
            case .members(let names):
                switch value {
                case .object(let object):
                    for name in names { if let member = object[name] { one(member, steps: steps + [.key(name)], owner: owner + "." + name) } }
                case .array(let items):
                    for (index, item) in items.enumerated() {
                        if case .object(let object) = item {
                            for name in names { if let member = object[name] { one(member, steps: steps + [.index(index), .key(name)], owner: owner + "[\(index)]." + name) } }
                        } else {
                            one(item, steps: steps + [.index(index)], owner: owner + "[\(index)]")
                        }
                    }
                default: return
                }
            }
        }

        /// One text: a literal string (also as `{"value": …}`), a key, or one written in place.
        mutating func one(_ value: PageValue, steps: [StorePath.Component], owner: String) {
            switch value {
            case .string(let words) where !words.isEmpty:
                found.append(PageText(path: PageTexts.pathText(steps), steps: steps, owner: owner, form: .literal(words)))
            case .object(let object):
                if case .string(let words)? = object["value"], object["mode"]?.stringValue ?? "literal" == "literal", !words.isEmpty {
                    let at = steps + [.key("value")]
                    found.append(PageText(path: PageTexts.pathText(at), steps: at, owner: owner, form: .literal(words)))
                    return
                }
                guard PageDecoder.isLocalized(value), let text = object["text"] else { return }
                switch text {
                case .string(let key): found.append(PageText(path: PageTexts.pathText(steps), steps: steps, owner: owner, form: .key(key)))
                case .object(let perLanguage):
                    var words: [String: String] = [:]
                    for (tag, message) in perLanguage { if case .string(let s) = message { words[LocaleTag.canonical(tag) ?? tag] = s } }
                    found.append(PageText(path: PageTexts.pathText(steps), steps: steps, owner: owner, form: .inline(words)))
                default: return
                }
            default: return
            }
        }
    }
}
