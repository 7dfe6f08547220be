/// A JSON Schema (draft 2020-12) for page documents, made from a registry: it knows every
/// registered id and, per id, its attributes, their types and which are required, in both
/// attribute forms. Editors use it to autocomplete `"id": "rat…"` and flag a misspelt attribute
/// or a string where an int belongs; `formwork check` still checks what a schema can't
/// (expressions, keys, params, pushes).
///
/// ```swift
/// let schema = PageSchema.make(for: engine.registry, libraries: engine.libraries)   // `formwork schema` prints it
/// ```
///
/// The blocks of `libraries` are described like registered components (id, attributes, events).
/// A page with blocks of its own can't be described ahead of time: its components are checked
/// for their shape only, and `formwork check` does the rest.
public enum PageSchema {
    /// The page schema knowing every type `registry` has and no block library.
    @available(*, deprecated, message: "name the libraries: PageSchema.make(for: registry, libraries: engine.libraries), or libraries: .empty for none")
    public static func make(for registry: Registry) -> PageValue {
        make(for: registry, libraries: .empty)
    }

    /// The JSON Schema dialect: draft 2020-12.
    public static let draft = "https://json-schema.org/draft/2020-12/schema"

    /// The page schema knowing every type `registry` has, and the blocks of `libraries` (`.empty`
    /// for none).
    public static func make(for registry: Registry, libraries: BlockCatalog) -> PageValue {
        let later = registry.laterCommonAttributes
        let blocks = libraries.libraries.keys.sorted().flatMap { id in (libraries[id]?.blockIDs ?? []).compactMap { libraries[id]?.blocks[$0] } }
        let components = registry.components.all.map { ($0.id, $0.attributes, $0.summary) }
            + blocks.map { ($0.id, $0.attributes + ComponentType.commonAttributes.filter { $0.name != "validateOn" && !later.contains($0.name) }, $0.summary.isEmpty ? "a block from the library \($0.origin.library ?? "")" : $0.summary) }
        let events = registry.components.all.map { ($0.id, $0.events) } + blocks.map { ($0.id, $0.events) }
        var defs = PageObject()
        defs["value"] = ["description": "a literal, {\"expr\": …} or {\"template\": …}"]
        defs["expression"] = object(["expr": ["type": "string", "description": "an expression, like $data.price * $data.qty"]], required: ["expr"])
        defs["template"] = object(["template": ["type": "string", "description": "text with ${…} parts"]], required: ["template"])
        defs["localized"] = object(["text": ["description": "a key of the page's strings, or the text per language", "anyOf": [["type": "string"], ["type": "object"]]],
                                    "args": ["type": "object", "description": "name → expression, for the text's {name} arguments"]], required: ["text"])
        // NB: if/then/else rather than anyOf, so a validator points inside a broken action, not at it.
        defs["chain"] = ["type": "array", "items": ["if": ["required": ["use"]], "then": ["$ref": "#/$defs/use"], "else": ["$ref": "#/$defs/action"]]]
        defs["handlers"] = ["type": "array", "items": ["if": ["required": ["use"]], "then": ["$ref": "#/$defs/use"], "else": ["$ref": "#/$defs/handler"]]]
        defs["use"] = object(["use": ["type": "string", "minLength": 1, "description": "a named chain (or handler list), from the page's or a library's"], "description": ["type": "string"]], required: ["use"])
        defs["looseComponent"] = ["type": "object", "required": ["id"], "properties": ["id": ["type": "string", "minLength": 1]],
                                  "description": "a component on a page with blocks of its own; formwork check checks it"]
        defs["block"] = object([
            "description": ["type": "string"], "summary": ["type": "string"],
            "attributes": ["type": "object", "additionalProperties": object([
                "type": ["enum": .array(["string", "int", "number", "bool", "array", "object", "any"])], "required": ["type": "boolean"],
                "default": [:], "twoWay": ["type": "boolean"], "summary": ["type": "string"], "description": ["type": "string"],
            ])],
            "events": ["type": "array", "items": ["type": "string", "minLength": 1]],
            "data": ["type": "object"],
            "components": ["type": "array", "items": ["$ref": "#/$defs/looseComponent"]],
        ], required: ["components"])
        defs["param"] = object([
            "type": ["enum": .array(["string", "int", "number", "bool", "array", "object", "any"])],
            "required": ["type": "boolean"], "default": [:], "description": ["type": "string"],
        ])
        defs["component"] = node(kind: "component", ids: components, members: [
            "key": ["type": "string", "minLength": 1], "validations": ["type": "array", "items": ["$ref": "#/$defs/validation"]],
            "interactions": ["type": "object", "additionalProperties": ["$ref": "#/$defs/chain"]],
            "components": ["type": "array", "items": ["$ref": "#/$defs/component"]], "fallback": ["$ref": "#/$defs/component"],
        ], fallbackAllowed: true, events: Dictionary(events, uniquingKeysWith: { first, _ in first }))
        defs["action"] = node(kind: "action", ids: registry.actions.all.map { ($0.id, $0.attributes, $0.summary) }, members: [
            "onError": ["$ref": "#/$defs/handlers"],
        ])
        defs["validation"] = node(kind: "validation", ids: registry.validations.all.map { ($0.id, $0.attributes, $0.summary) }, members: [:])
        defs["handler"] = node(kind: "handler", ids: registry.errorHandlers.all.map { ($0.id, $0.attributes, $0.summary) }, members: [:])
        return .object(PageObject([
            ("$schema", .string(draft)), ("title", "Formwork page"),
            ("description", "A page for the Formwork engine (Grammar.md part 2), with the types of one registry."),
            ("type", "object"), ("required", ["page"]), ("additionalProperties", false),
            // NB: a page's own blocks can't be known ahead of time: with some, components are checked for shape only.
            ("if", ["required": ["blocks"]]), ("then", ["properties": ["components": ["items": ["$ref": "#/$defs/looseComponent"]]]]),
            ("else", ["properties": ["components": ["items": ["$ref": "#/$defs/component"]]]]),
            ("properties", .object(PageObject([
                ("$schema", ["type": "string"]), ("description", ["type": "string"]),
                ("page", ["type": "string", "minLength": 1, "description": "the page id"]),
                ("version", ["type": "integer", "minimum": 0]), ("minEngineVersion", ["type": "integer", "minimum": 0]),
                ("libraries", ["type": "object", "description": "each block library the page uses, with the lowest version it needs",
                               "additionalProperties": ["type": "integer", "minimum": 1]]),
                ("blocks", ["type": "object", "description": "the page's own blocks, by id", "additionalProperties": ["$ref": "#/$defs/block"]]),
                ("chains", ["type": "object", "description": "named chains, used as {\"use\": NAME}", "additionalProperties": ["$ref": "#/$defs/chain"]]),
                ("handlers", ["type": "object", "description": "named error-handler lists, used as {\"use\": NAME}", "additionalProperties": ["$ref": "#/$defs/handlers"]]),
                ("title", compactValue(.string)),
                ("defaultLocale", ["type": "string", "description": "the language the page is written in, where every text falls back to (en when not given)"]),
                ("strings", ["type": "object", "description": "the page's texts: language → key → text or plural forms",
                             "additionalProperties": ["type": "object", "additionalProperties": ["anyOf": [["type": "string"], ["type": "object", "additionalProperties": ["type": "string"]]]]]]),
                ("params", ["type": "object", "additionalProperties": ["$ref": "#/$defs/param"]]),
                ("data", ["type": "object"]),
                ("computed", ["type": "object", "description": "values computed from the stores, read as $computed.NAME",
                              "additionalProperties": ["oneOf": [["type": "string"], ["$ref": "#/$defs/expression"], ["$ref": "#/$defs/template"]]]]),
                ("watchers", ["type": "array", "items": ["type": "object", "additionalProperties": false,
                    "properties": ["on": ["type": "string"], "when": ["type": "string"], "actions": ["$ref": "#/$defs/chain"], "description": ["type": "string"]],
                    "required": ["actions"], "oneOf": [["required": ["on"]], ["required": ["when"]]]]]),
                ("whileRunning", ["type": "object", "additionalProperties": ["enum": ["refuse", "queue"]]]),
                ("draft", ["description": "keep what the person typed as a draft that survives the app being killed (Grammar.md 2.18)",
                           "anyOf": [["type": "boolean"], ["type": "object", "additionalProperties": false, "properties": [
                               "exclude": ["type": "array", "items": ["type": "string", "pattern": "^\\$data[.\\[]"], "description": "paths never written, like $data.card or $data.lines[*].note"],
                               "expires": ["type": "string", "pattern": "^[1-9][0-9]*[smhd]$", "description": "how long a draft is kept after its last save, like 30m, 12h, 7d"],
                           ]]]]),
                ("components", ["type": "array"]),
                ("interactions", ["type": "object", "additionalProperties": ["$ref": "#/$defs/chain"]]),
                ("onError", ["$ref": "#/$defs/handlers"]),
            ]))),
            ("$defs", .object(defs)),
        ]))
    }

    // MARK: - Nodes

    /// A component, action, validation or handler: `id` one of the registered ids (any string
    /// for a component with a `fallback`), and per id, its attributes.
    private static func node(kind: String, ids: [(id: String, attributes: [AttributeSpec], summary: String)], members: [String: PageValue],
                             fallbackAllowed: Bool = false, events: [String: [String]] = [:]) -> PageValue {
        var properties = PageObject([("id", ["type": "string", "minLength": 1]), ("attributes", ["type": ["array", "object"]]), ("description", ["type": "string"])])
        for (name, schema) in members.sorted(by: { $0.key < $1.key }) { properties[name] = schema }
        let idEnum: PageValue = ["properties": ["id": ["enum": .array(ids.map { .string($0.id) })]]]
        var rules: [PageValue] = [fallbackAllowed ? ["if": ["required": ["fallback"]], "else": idEnum] : idEnum]
        for entry in ids {
            var checked = PageObject([("attributes", attributes(entry.attributes))])
            if let names = events[entry.id] {
                checked["interactions"] = ["propertyNames": ["enum": .array(names.map { .string($0) })]]
            }
            let then = PageObject([("properties", .object(checked)), ("description", .string(entry.summary))])
            rules.append(["if": ["properties": ["id": ["const": .string(entry.id)]], "required": ["id"]], "then": .object(then)])
        }
        return .object(PageObject([("type", "object"), ("required", ["id"]), ("properties", .object(properties)), ("additionalProperties", false), ("allOf", .array(rules))]))
    }

    /// Both attribute forms: compact `{name: value}` and canonical `[{name, type, mode, value}]`.
    static func attributes(_ specs: [AttributeSpec]) -> PageValue {
        var compact = PageObject()
        // NB: an attribute with its own `check` is checked by that alone (`api`'s `method` takes
        // `post`); its `values` are only the editor's menu, so they aren't the schema's enum.
        for spec in specs { compact[spec.name] = describe(compactValue(spec.type, values: spec.check == nil ? spec.values : nil), spec) }
        let required = PageValue.array(specs.filter(\.required).map { .string($0.name) })
        let canonicalItems: [PageValue] = specs.map { spec in
            object([
                "name": ["const": .string(spec.name)], "type": ["enum": .array(AttributeType.allCases.map { .string($0.rawValue) })],
                "mode": ["enum": .array(AttributeMode.allCases.map { .string($0.rawValue) })],
                "value": spec.type.holdsNodes ? literal(spec.type) : ["anyOf": [literal(spec.type, values: spec.check == nil ? spec.values : nil), ["type": "string"]]],
                "description": ["type": "string"],
            ], required: ["name", "value"])
        }
        let contains: [PageValue] = specs.filter(\.required).map { ["contains": ["properties": ["name": ["const": .string($0.name)]], "required": ["name"]]] }
        return ["anyOf": [
            ["type": "object", "properties": .object(compact), "required": required, "additionalProperties": false],
            .object(PageObject([("type", "array"), canonicalItems.isEmpty ? ("maxItems", 0) : ("items", ["anyOf": .array(canonicalItems)])]
                               + (contains.isEmpty ? [] : [("allOf", .array(contains))]))),
        ]]
    }

    /// A value in the compact form: a literal of the type, an expression, a template, or a
    /// canonical `{type, mode, value}` object. Node types are always literal.
    static func compactValue(_ type: AttributeType, values: [PageValue]? = nil) -> PageValue {
        if type.holdsNodes { return literal(type) }
        if type == .string {
            return ["anyOf": [literal(type, values: values), ["$ref": "#/$defs/expression"], ["$ref": "#/$defs/template"], ["$ref": "#/$defs/localized"],
                              object(["type": ["type": "string"], "mode": ["enum": .array(AttributeMode.allCases.map { .string($0.rawValue) })], "value": [:]], required: ["mode", "value"])]]
        }
        return ["anyOf": [literal(type, values: values), ["$ref": "#/$defs/expression"], ["$ref": "#/$defs/template"],
                          object(["type": ["type": "string"], "mode": ["enum": .array(AttributeMode.allCases.map { .string($0.rawValue) })], "value": [:]], required: ["mode", "value"])]]
    }

    /// The JSON a literal of `type` may be (`null` means "not set" and fits every type); one of
    /// `values` (or null) when the attribute declares them.
    static func literal(_ type: AttributeType, values: [PageValue]?) -> PageValue {
        guard let values else { return literal(type) }
        return ["enum": .array(values + [.null])]
    }

    /// The JSON a literal of `type` may be (`null` means "not set" and fits every type).
    static func literal(_ type: AttributeType) -> PageValue {
        switch type {
        case .string: return ["type": ["string", "null"]]
        case .int: return ["type": ["integer", "null"]]
        case .number: return ["type": ["number", "null"]]
        case .bool: return ["type": ["boolean", "null"]]
        case .array: return ["type": ["array", "null"]]
        case .object: return ["type": ["object", "null"]]
        case .any: return [:]
        case .actions: return ["$ref": "#/$defs/chain"]
        case .chains: return ["type": "array", "items": ["$ref": "#/$defs/chain"]]
        case .components: return ["type": "array", "items": ["$ref": "#/$defs/component"]]
        }
    }

    private static func describe(_ schema: PageValue, _ spec: AttributeSpec) -> PageValue {
        guard case .object(var object) = schema else { return schema }
        var text = spec.type.rawValue + (spec.required ? ", required" : "") + (spec.twoWay ? ", two-way" : "")
        if !spec.summary.isEmpty { text += ": " + spec.summary }
        object["description"] = .string(text)
        return .object(object)
    }

    /// An object schema with these properties and no others (shared with the flow schema).
    public static func object(_ properties: [String: PageValue], required: [String] = []) -> PageValue {
        .object(PageObject([
            ("type", "object"), ("properties", .object(PageObject(properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))),
            ("required", .array(required.map { .string($0) })), ("additionalProperties", false),
        ]))
    }
}
