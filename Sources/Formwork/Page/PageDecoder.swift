import Foundation

/// Reads a page's JSON into a `PageDocument`, compiling every expression and template once and
/// collecting every structural problem (it keeps going after an error so all are reported).
struct PageDecoder {
    let registry: Registry
    let limits: PageLimits
    /// What constant folding may spend, for the whole page.
    let folding: FoldingBudget
    var diagnostics: [PageDiagnostic] = []
    /// The libraries a page's `"libraries"` are resolved against.
    let catalog: BlockCatalog
    /// Where the decoder is in expanding blocks and named chains (see `Blocks/`).
    var blocks = BlockExpansion()
    /// The page's string tables and localized values, as read so far (see `Locales/`).
    var texts = TextDecoding()

    init(registry: Registry, limits: PageLimits = .standard, libraries: BlockCatalog = .empty) {
        self.registry = registry
        self.limits = limits
        catalog = libraries
        folding = FoldingBudget(limits: limits)
    }

    mutating func error(_ code: String, _ path: String, _ message: String, expression: ExpressionError? = nil) {
        diagnostics.append(.error(code, path, message, expression: expression))
    }

    static func join(_ path: String, _ key: String) -> String {
        if path.isEmpty { return key }
        var joined = path
        joined.reserveCapacity(path.utf8.count + 1 + key.utf8.count)
        joined += "."
        joined += key
        return joined
    }

    /// `path.first.second.third` written in one string (a node's path is built for every
    /// attribute, so not level by level); a nil `third` is left out.
    static func join(_ path: String, _ first: String, _ second: String, _ third: String?) -> String {
        var joined = path
        joined.reserveCapacity(path.utf8.count + 3 + first.utf8.count + second.utf8.count + (third?.utf8.count ?? 0))
        if !path.isEmpty { joined += "." }
        joined += first
        joined += "."
        joined += second
        if let third {
            joined += "."
            joined += third
        }
        return joined
    }

    static func join(_ path: String, _ index: Int) -> String {
        var joined = path
        joined.reserveCapacity(path.utf8.count + 22)
        joined += "["
        joined += String(index)
        joined += "]"
        return joined
    }

    /// Complains about members that aren't part of the format, suggesting the near one.
    mutating func checkMembers(_ object: PageObject, allowed: [String], path: String, what: String) {
        for (key, _) in object where !allowed.contains(key) {
            unknownMember(key, allowed: allowed, path: path, what: what)
        }
    }

    /// The complaint of `checkMembers` about one member.
    mutating func unknownMember(_ key: String, allowed: [String], path: String, what: String) {
        let hint = Suggestions.nearest(to: key, in: allowed).map { "; did you mean '\($0)'?" } ?? "; \(what) may have: " + allowed.joined(separator: ", ")
        error("structure", PageDecoder.join(path, key), "unknown member '\(key)' in \(what)" + hint)
    }

    /// The members a component may have (`decodeComponent` reads each in one walk).
    static let componentMembers = ["id", "key", "attributes", "validations", "interactions", "components", "fallback", "description"]

    // MARK: - Page

    mutating func decodePage(_ root: PageValue, file: String?, locations: JSONReader.Document? = nil) -> PageDocument? {
        guard case .object(let page) = root else {
            error("structure", "", "a page must be a JSON object with \"page\", \"components\" and so on, not \(Wording.withArticle(root.typeName))")
            return nil
        }
        checkMembers(page, allowed: ["$schema", "description", "page", "version", "minEngineVersion", "libraries", "title", "params", "data", "computed", "blocks", "chains", "handlers", "components", "interactions", "watchers", "onError", "whileRunning", "strings", "defaultLocale", "draft"], path: "", what: "a page")
        // NB: the header follows the rules delivery uses, so a page that opens can be published.
        let (header, headerProblems) = PageHeader.read(page)
        for problem in headerProblems { error(problem.code, problem.path, problem.message) }
        let id = header?.id ?? page["page"]?.stringValue ?? ""
        let version = header?.version ?? 1
        let minEngine = header?.minEngineVersion ?? 1
        let requiredLibraries = decodeLibraryRequirements(page["libraries"], path: "libraries")
        let (libraries, problems) = catalog.resolve(requiredLibraries)
        for problem in problems { error("library", PageDecoder.join("libraries", problem.id), "the page " + problem.message) }
        for library in libraries { blocks.used[library.id] = library }
        decodeStrings(page, libraries: libraries)
        let own = decodeDefinitions(page, origin: .page)
        blocks.namespace.own = own
        blocks.namespace.libraries = libraries
        let title = page["title"].flatMap { decodeLooseAttribute(name: "title", raw: $0, type: .string, owner: nil) }
        let params = decodeParams(page["params"])
        var data = PageValue.object(PageObject())
        if let raw = page["data"] {
            if case .object = raw { data = raw } else { error("type", "data", "\"data\" must be an object holding the page's initial $data") }
        }
        let computed = decodeComputed(page["computed"])
        let components = decodeComponents(page["components"], path: "components")
        let interactions = decodeInteractions(page["interactions"], path: "interactions")
        let onError = decodeHandlers(page["onError"], path: "onError")
        let queued = decodeWhileRunning(page["whileRunning"])
        let watchers = decodeWatchers(page["watchers"])
        let blockChecks = definitionChecks(Array(own.blocks.values))
        var document = PageDocument(
            id: id, version: version, minEngineVersion: minEngine, title: title, params: params, data: data, computed: computed, components: components,
            interactions: interactions, onError: onError, watchers: watchers, queued: queued, blocks: own.blocks.values.sorted { $0.id < $1.id },
            libraries: libraries, requiredLibraries: requiredLibraries, blockChecks: blockChecks, file: file, keptSource: locations == nil ? Optional.some(root) : Optional.none, locations: locations,
            strings: texts.table, texts: texts.uses)
        document.draft = decodeDraft(page["draft"])
        document.writtenMembers = Array(page.keys)
        document.writtenWhileRunning = page["whileRunning"]
        return document
    }

    private mutating func decodeParams(_ value: PageValue?) -> [ParamSpec] {
        guard let value else { return [] }
        guard case .object(let object) = value else {
            error("type", "params", "\"params\" must be an object: { \"dishId\": { \"type\": \"string\", \"required\": true } }")
            return []
        }
        var specs: [ParamSpec] = []
        for (name, raw) in object {
            let path = PageDecoder.join("params", name)
            guard case .object(let spec) = raw else {
                error("type", path, "a param is declared as an object like { \"type\": \"string\", \"required\": true }")
                continue
            }
            checkMembers(spec, allowed: ["type", "required", "default", "description"], path: path, what: "a param")
            var type = AttributeType.any
            if let t = spec["type"] {
                if let parsed = t.stringValue.flatMap(AttributeType.init(rawValue:)), !parsed.holdsNodes { type = parsed } else {
                    error("type", PageDecoder.join(path, "type"), "unknown param type \(t.jsonText); use string, int, number, bool, array, object or any")
                }
            }
            let required = spec["required"]?.boolValue ?? false
            if let d = spec["default"], !type.accepts(d) {
                error("type", PageDecoder.join(path, "default"), "the default \(d.preview()) is not \(Wording.withArticle(type.rawValue))")
            }
            specs.append(ParamSpec(name: name, type: type, required: required, defaultValue: spec["default"]))
        }
        return specs
    }

    // MARK: - Nodes

    mutating func decodeComponents(_ value: PageValue?, path: String) -> [ComponentNode] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            error("type", path, "\"components\" must be an array of components")
            return []
        }
        var nodes: [ComponentNode] = []
        nodes.reserveCapacity(items.count)
        // NB: each element's path written after the array's, in one buffer (`IndexedPaths`).
        var paths = IndexedPaths(path)
        for (index, item) in items.enumerated() {
            if let node = decodeComponent(item, path: paths.path(index)) { nodes.append(node) }
        }
        return nodes
    }

    mutating func decodeComponent(_ value: PageValue, path: String) -> ComponentNode? {
        guard case .object(let object) = value else {
            error("type", path, "a component must be an object like { \"id\": \"label\", \"attributes\": … }")
            return nil
        }
        // NB: one walk over the members finds each one and complains about unknown ones (looking
        // each up by name searched the members seven times per component).
        var rawKey, rawAttributes, rawValidations, rawInteractions, rawChildren, rawFallback: PageValue?
        for (member, raw) in object {
            switch member {
            case "id", "description": break
            case "key": rawKey = raw
            case "attributes": rawAttributes = raw
            case "validations": rawValidations = raw
            case "interactions": rawInteractions = raw
            case "components": rawChildren = raw
            case "fallback": rawFallback = raw
            default: unknownMember(member, allowed: PageDecoder.componentMembers, path: path, what: "a component")
            }
        }
        guard let typeID = readTypeID(object, path: path, kind: "component") else { return nil }
        guard countBlockComponent(at: path) else { return nil }
        // NB: looked up once (each lookup hashes the id).
        let type = registry.components[typeID]
        if type == nil {
            switch blocks.namespace.block(typeID) {
            case .found(let definition): return expandBlock(object, definition: definition, path: path)
            case .ambiguous(let names):
                error("block", PageDecoder.join(path, "id"), "more than one library has a block '\(typeID)'; name the one meant: " + names.joined(separator: " or "))
                return nil
            case .missing: break
            }
        }
        var key: String?
        if let rawKey {
            if case .string(let s) = rawKey, !s.isEmpty { key = blocks.context.map { "\($0.instance).\(s)" } ?? s } else { error("type", PageDecoder.join(path, "key"), "\"key\" must be a non-empty string naming this component") }
        }
        // NB: a member's path is built only when the member is there (most components have no
        // interactions, validations or children): paths are strings, and there is one per node.
        let start = diagnostics.count
        let attributes = rawAttributes == nil ? AttributeList([]) : decodeAttributes(rawAttributes, owner: path) { type?.attribute($0) }
        diagnostics.explainReplaced(from: start, owner: path, type: type, what: "the component '\(typeID)'", common: ComponentType.commonAttributes)
        var validations: [ValidationNode] = []
        if let raw = rawValidations {
            let validationsPath = PageDecoder.join(path, "validations")
            if case .array(let items) = raw {
                for (index, item) in items.enumerated() {
                    let itemPath = PageDecoder.join(validationsPath, index)
                    guard case .object(let v) = item else { error("type", itemPath, "a validation must be an object like { \"id\": \"required\" }"); continue }
                    checkMembers(v, allowed: ["id", "attributes", "description"], path: itemPath, what: "a validation")
                    guard let id = readTypeID(v, path: itemPath, kind: "validation") else { continue }
                    let spec = registry.validations[id]
                    let start = diagnostics.count
                    validations.append(ValidationNode(typeID: id, attributes: decodeAttributes(v["attributes"], owner: itemPath) { spec?.attribute($0) }, path: itemPath))
                    diagnostics.explainReplaced(from: start, owner: itemPath, type: spec, what: "the validation '\(id)'", common: ValidationType.commonAttributes)
                }
            } else {
                error("type", validationsPath, "\"validations\" must be an array")
            }
        }
        let interactions = rawInteractions == nil ? .init() : decodeInteractions(rawInteractions, path: PageDecoder.join(path, "interactions"))
        // NB: inside a block, a list's rows have their own $item (see BlockExpressionScope.insideOwnRows).
        var repeats = false
        if blocks.context != nil, case .repeated? = type?.layout { repeats = true }
        if repeats { blocks.rowDepth += 1 }
        let children = rawChildren == nil ? [] : decodeComponents(rawChildren, path: PageDecoder.join(path, "components"))
        if repeats { blocks.rowDepth -= 1 }
        let fallback = rawFallback.flatMap { decodeComponent($0, path: PageDecoder.join(path, "fallback")) }
        return ComponentNode(typeID: typeID, key: key, attributes: attributes, validations: validations, interactions: interactions, children: children, fallback: fallback, path: path)
    }

    private mutating func readTypeID(_ object: PageObject, path: String, kind: String) -> String? {
        switch object["id"] {
        case .string(let s) where !s.isEmpty: return s
        case nil:
            error("structure", path, "this \(kind) has no \"id\"; the id names its registered type, like \"\(kind == "component" ? "text-field" : kind == "action" ? "store-var" : kind == "validation" ? "required" : "toast")\"")
        default:
            error("type", PageDecoder.join(path, "id"), "\"id\" must be a string naming a registered \(kind)")
        }
        return nil
    }

    mutating func decodeInteractions(_ value: PageValue?, path: String) -> [String: [ActionNode]] {
        guard let value else { return [:] }
        guard case .object(let object) = value else {
            error("type", path, "\"interactions\" must be an object: { \"onSave\": [ …actions… ] }")
            return [:]
        }
        var result: [String: [ActionNode]] = [:]
        for (name, chain) in object {
            result[name] = decodeActions(chain, path: PageDecoder.join(path, name))
        }
        return result
    }

    mutating func decodeActions(_ value: PageValue, path: String) -> [ActionNode] {
        guard case .array(let items) = value else {
            error("type", path, "a chain must be an array of actions like [ { \"id\": \"store-var\", … } ]")
            return []
        }
        var actions: [ActionNode] = []
        for (index, item) in items.enumerated() {
            let itemPath = PageDecoder.join(path, index)
            guard case .object(let object) = item else { error("type", itemPath, "an action must be an object like { \"id\": \"api\", \"attributes\": … }"); continue }
            if object["use"] != nil {
                if let named = namedItems(object, path: itemPath, handlers: false), case .string(let name)? = object["use"] {
                    actions += readNamed(named, name: name) { decoder, items, path in decoder.decodeActions(items, path: path) }
                }
                continue
            }
            checkMembers(object, allowed: ["id", "attributes", "onError", "description"], path: itemPath, what: "an action")
            guard let id = readTypeID(object, path: itemPath, kind: "action") else { continue }
            let spec = registry.actions[id]
            let attributes = decodeAttributes(object["attributes"], owner: itemPath) { spec?.attribute($0) }
            actions.append(ActionNode(typeID: id, attributes: attributes, onError: decodeHandlers(object["onError"], path: PageDecoder.join(itemPath, "onError")), path: itemPath))
        }
        return actions
    }

    mutating func decodeHandlers(_ value: PageValue?, path: String) -> [HandlerNode] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            error("type", path, "\"onError\" must be an array of error handlers like [ { \"id\": \"toast\" } ]")
            return []
        }
        var handlers: [HandlerNode] = []
        for (index, item) in items.enumerated() {
            let itemPath = PageDecoder.join(path, index)
            guard case .object(let object) = item else { error("type", itemPath, "an error handler must be an object like { \"id\": \"toast\" }"); continue }
            if object["use"] != nil {
                if let named = namedItems(object, path: itemPath, handlers: true), case .string(let name)? = object["use"] {
                    handlers += readNamed(named, name: name) { decoder, items, path in decoder.decodeHandlers(items, path: path) }
                }
                continue
            }
            checkMembers(object, allowed: ["id", "attributes", "description"], path: itemPath, what: "an error handler")
            guard let id = readTypeID(object, path: itemPath, kind: "error handler") else { continue }
            let spec = registry.errorHandlers[id]
            let start = diagnostics.count
            handlers.append(HandlerNode(typeID: id, attributes: decodeAttributes(object["attributes"], owner: itemPath) { spec?.attribute($0) }, path: itemPath))
            diagnostics.explainReplaced(from: start, owner: itemPath, type: spec, what: "the error handler '\(id)'", common: ErrorHandlerType.commonAttributes)
        }
        return handlers
    }

    // MARK: - Attributes

    /// The canonical array form `[{name, type, mode, value}]` or the compact object form
    /// `{ "title": "Name", "text": { "expr": "$data.name" } }`.
    /// The attributes of the node at `owner` (its JSON path; theirs is `owner.attributes…`).
    mutating func decodeAttributes(_ value: PageValue?, owner: String, spec: (String) -> AttributeSpec?) -> AttributeList {
        guard let value else { return AttributeList([]) }
        var nodes: [AttributeNode] = []
        var seen = Set<String>()
        switch value {
        case .array(let items):
            let path = PageDecoder.join(owner, "attributes")
            nodes.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                let itemPath = PageDecoder.join(path, index)
                guard case .object(let object) = item else {
                    error("type", itemPath, "an attribute must be an object like { \"name\": \"title\", \"type\": \"string\", \"mode\": \"literal\", \"value\": \"Name\" }")
                    continue
                }
                checkMembers(object, allowed: ["name", "type", "mode", "value", "description"], path: itemPath, what: "an attribute")
                guard case .string(let name) = object["name"] ?? .null, !name.isEmpty else {
                    error("structure", itemPath, "this attribute has no \"name\"")
                    continue
                }
                if !seen.insert(name).inserted { error("structure", itemPath, "the attribute '\(name)' is given twice") }
                var type = spec(name)?.type ?? .any
                if let rawType = object["type"] {
                    if let parsed = rawType.stringValue.flatMap(AttributeType.init(rawValue:)) { type = parsed } else {
                        error("type", PageDecoder.join(itemPath, "type"), "unknown attribute type \(rawType.jsonText); use one of " + AttributeType.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                }
                var mode = AttributeMode.literal
                if let rawMode = object["mode"] {
                    if let parsed = rawMode.stringValue.flatMap(AttributeMode.init(rawValue:)) { mode = parsed } else {
                        error("type", PageDecoder.join(itemPath, "mode"), "unknown mode \(rawMode.jsonText); use literal, expression or template")
                    }
                }
                guard let raw = object["value"] else {
                    error("structure", itemPath, "the attribute '\(name)' has no \"value\"")
                    continue
                }
                nodes.append(resolveNames(decodeValue(name: name, raw: raw, type: type, mode: mode, location: AttributePath(PageDecoder.join(itemPath, "value"))), role: spec(name)?.role ?? .value))
            }
        case .object(let object):
            nodes.reserveCapacity(object.count)
            for (name, raw) in object {
                let declared = spec(name)
                if let node = decodeLooseAttribute(name: name, raw: raw, type: declared?.type ?? .any, owner: owner) { nodes.append(resolveNames(node, role: declared?.role ?? .value)) }
            }
        default:
            error("type", PageDecoder.join(owner, "attributes"), "\"attributes\" must be an array of { name, type, mode, value } or an object of name → value")
        }
        return AttributeList(nodes)
    }

    /// The compact form of one value: a literal, `{ "expr": "…" }` or `{ "template": "…" }`; also
    /// accepts a canonical `{ "type", "mode", "value" }` object. The attribute's path is
    /// `owner.attributes.name`, or just `name` for a page's own (`title`).
    mutating func decodeLooseAttribute(name: String, raw: PageValue, type: AttributeType, owner: String?) -> AttributeNode? {
        // NB: the path is kept as the owner's and written out only when read (`AttributePath`).
        func path(_ member: AttributePath.Member = .attribute) -> AttributePath {
            guard let owner else {
                let suffix: String? = switch member {
                case .whole, .attribute: nil
                case .expr: "expr"
                case .template: "template"
                case .value: "value"
                }
                return AttributePath(suffix.map { PageDecoder.join(name, $0) } ?? name)
            }
            return AttributePath(owner: owner, member: member)
        }
        // A localized value (`{"text": …, "args": …}`) is read as the `text()` call it stands for.
        if type == .string, PageDecoder.isLocalized(raw) {
            guard let source = localizedSource(raw, path: path().text(name: name)) else { return AttributeNode(name: name, type: type, mode: .expression, content: .invalid, location: path()) }
            return decodeValue(name: name, raw: .string(source), type: type, mode: .expression, location: path())
        }
        // NB: the type first: only an object attribute pays for comparing the name.
        if type == .object, name == "accessibility", case .object(let object) = raw, PageDecoder.computesAccessibility(raw) {
            return decodeAccessibility(name: name, object: object, path: path().text(name: name))
        }
        // A choice's options with a translated title (`{"title": {"text": KEY}, "value": …}`).
        if type == .array, name == "options", case .array(let items) = raw, PageDecoder.localizesOptions(raw) {
            return decodeLocalizedOptions(name: name, items: items, path: path().text(name: name))
        }
        if case .object(let object) = raw, object.count == 1 {
            if let expr = object["expr"] { return decodeValue(name: name, raw: expr, type: type, mode: .expression, location: path(.expr)) }
            if let template = object["template"] { return decodeValue(name: name, raw: template, type: type, mode: .template, location: path(.template)) }
        }
        if case .object(let object) = raw, object["mode"] != nil, let value = object["value"] {
            var declared = type
            if let parsed = object["type"]?.stringValue.flatMap(AttributeType.init(rawValue:)) { declared = parsed }
            guard let mode = object["mode"]?.stringValue.flatMap(AttributeMode.init(rawValue:)) else {
                error("type", owner.map { PageDecoder.join($0, "attributes", name, "mode") } ?? PageDecoder.join(name, "mode"), "unknown mode; use literal, expression or template")
                return nil
            }
            return decodeValue(name: name, raw: value, type: declared, mode: mode, location: path(.value))
        }
        return decodeValue(name: name, raw: raw, type: type, mode: .literal, location: path())
    }

    private mutating func decodeValue(name: String, raw: PageValue, type: AttributeType, mode: AttributeMode, location: AttributePath) -> AttributeNode {
        func node(_ content: AttributeContent) -> AttributeNode {
            AttributeNode(name: name, type: type, mode: mode, content: content, location: location)
        }
        // NB: written out only for a message or for nodes nested below it.
        var path: String { location.text(name: name) }
        if type.holdsNodes {
            guard mode == .literal else {
                error("type", path, "the attribute '\(name)' holds \(type.rawValue) and must be literal, not \(mode.rawValue)")
                return node(.invalid)
            }
            switch type {
            case .actions: return node(.actions(decodeActions(raw, path: path)))
            case .components: return node(.components(decodeComponents(raw, path: path)))
            default:
                guard case .array(let chains) = raw else {
                    error("type", path, "the attribute '\(name)' must be an array of chains: [[…actions…], [...]]")
                    return node(.invalid)
                }
                return node(.chains(chains.enumerated().map { index, chain in decodeActions(chain, path: PageDecoder.join(path, index)) }))
            }
        }
        switch mode {
        case .literal:
            if !type.accepts(raw) {
                error("type", path, "the attribute '\(name)' is \(Wording.withArticle(type.rawValue)), but the literal \(raw.preview()) is \(Wording.withArticle(raw.typeName))")
                return node(.invalid)
            }
            return node(.literal(raw))
        case .expression, .template:
            guard case .string(let source) = raw else {
                error("type", path, "\(Wording.withArticle(mode.rawValue)) must be written as a string, like \"$data.name\"")
                return node(.invalid)
            }
            do {
                let block = blockScope
                // NB: `$attr.NAME` given a literal by the use is that literal: nothing to compile.
                if mode == .expression, let block, let literal = block.literal(named: source), type.accepts(literal) {
                    return node(.literal(literal))
                }
                let compiled = mode == .expression
                    ? try CompiledExpression(source, functions: registry.functions, limits: limits, folding: folding, block: block)
                    : try CompiledExpression(template: source, functions: registry.functions, limits: limits, folding: folding, block: block)
                // NB: the checker can't tell a named chain's actions from the block's own.
                if blocks.namedInBlock, compiled.dependencies.contains(where: { $0.root == .state }) { error("expression", path, PageDecoder.stateInNamedChain) }
                if let constant = compiled.constantValue, !type.accepts(constant) {
                    error("type", path, "the attribute '\(name)' is \(Wording.withArticle(type.rawValue)), but this \(mode.rawValue) always gives \(constant.typeName) \(constant.preview())")
                }
                // NB: inside a block, an expression made constant by a literal the use gave
                // (`$attr.title` with "Total") is that literal, as if written out: no binding.
                if block != nil, let constant = compiled.constantValue, compiled.dependencies.isEmpty, type.accepts(constant) {
                    return node(.literal(constant))
                }
                return node(mode == .expression ? .expression(compiled) : .template(compiled))
            } catch {
                // NB: an unknown function with no near name may be the app's own: say how to give its registry.
                let message = error.kind == .unknownFunction && !error.message.contains("did you mean") ? error.message + "; \(registry.unknownAdvice)" : error.message
                self.error("expression", path, message, expression: error)
                return node(.invalid)
            }
        }
    }
}
