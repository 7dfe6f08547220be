/// Reading block definitions, named chains and libraries: the `"blocks"`, `"chains"` and
/// `"handlers"` of a page or a library, and a library file's header.
extension PageDecoder {
    /// Members every block definition may have.
    static let blockMembers = ["description", "summary", "attributes", "events", "data", "components"]
    /// Members an attribute declaration may have.
    static let blockAttributeMembers = ["type", "required", "default", "twoWay", "summary", "description"]

    // MARK: - Libraries

    mutating func decodeLibrary(_ root: PageValue, file: String?, locations: JSONReader.Document?) -> BlockLibrary? {
        guard case .object(let object) = root else {
            error("structure", "", "a library must be a JSON object like { \"library\": \"shop-kit\", \"version\": 1, \"blocks\": { … } }, not \(Wording.withArticle(root.typeName))")
            return nil
        }
        checkMembers(object, allowed: ["$schema", "description", "library", "version", "minEngineVersion", "libraries", "blocks", "chains", "handlers", "strings", "defaultLocale"], path: "", what: "a library")
        var id = ""
        switch object["library"] {
        case .string(let text)? where PageHeader.isValidID(text): id = text
        case let other?: error("library", "library", "\"library\" is \(other.preview()): " + PageHeader.idRule.replacingOccurrences(of: "a page id", with: "a library id"))
        case nil: break
        }
        let version = positiveInt(object["version"], path: "version", what: "\"version\"", required: true) ?? 1
        let minEngine = positiveInt(object["minEngineVersion"], path: "minEngineVersion", what: "\"minEngineVersion\"", required: false) ?? 1
        let requires = decodeLibraryRequirements(object["libraries"], path: "libraries")
        if requires[id] != nil { error("library", PageDecoder.join("libraries", id), "the library '\(id)' can't need itself") }
        let origin = BlockOrigin(library: id, version: version)
        let (blocks, chains, handlers) = decodeDefinitions(object, origin: origin)
        decodeStrings(object, libraries: [])
        var library = BlockLibrary(id: id, version: version, minEngineVersion: minEngine, requires: requires, blocks: blocks, chains: chains, handlers: handlers, file: file, locations: locations)
        library.strings = texts.messages
        library.defaultLocale = texts.defaultLocale
        library.writtenMembers = Array(object.keys)
        return library
    }

    private mutating func positiveInt(_ value: PageValue?, path: String, what: String, required: Bool) -> Int? {
        guard let value else {
            if required { error("structure", "", "the library has no \(what); give it a whole number from 1, raised with each release") }
            return nil
        }
        guard case .int(let n) = value, n >= 1, n <= Int64(Int32.max) else {
            error("type", path, "\(what) must be a whole number from 1, not \(value.preview())")
            return nil
        }
        return Int(n)
    }

    /// `"libraries": { "shop-kit": 3 }`: each library and the lowest version needed.
    mutating func decodeLibraryRequirements(_ value: PageValue?, path: String) -> [String: Int] {
        guard let value else { return [:] }
        guard case .object(let object) = value else {
            error("type", path, "\"libraries\" must be an object naming each library and the lowest version needed, like { \"shop-kit\": 3 }")
            return [:]
        }
        var requires: [String: Int] = [:]
        for (id, raw) in object {
            let itemPath = PageDecoder.join(path, id)
            guard PageHeader.isValidID(id) else {
                error("library", itemPath, "'\(id)' can't be a library id: " + PageHeader.idRule.replacingOccurrences(of: "a page id", with: "a library id"))
                continue
            }
            guard case .int(let n) = raw, n >= 1, n <= Int64(Int32.max) else {
                error("type", itemPath, "the lowest version of '\(id)' needed must be a whole number from 1, not \(raw.preview())")
                continue
            }
            requires[id] = Int(n)
        }
        return requires
    }

    // MARK: - Definitions

    /// The `"blocks"`, `"chains"` and `"handlers"` of a page or library object.
    mutating func decodeDefinitions(_ object: PageObject, origin: BlockOrigin) -> (blocks: [String: BlockDefinition], chains: [String: NamedChain], handlers: [String: NamedChain]) {
        var blocks: [String: BlockDefinition] = [:]
        if let raw = object["blocks"] {
            if case .object(let table) = raw {
                for (id, definition) in table {
                    if let block = decodeBlockDefinition(id: id, definition, origin: origin) { blocks[id] = block }
                }
            } else {
                error("type", "blocks", "\"blocks\" must be an object of block id → definition, like { \"money-row\": { \"attributes\": { … }, \"components\": [ … ] } }")
            }
        }
        return (blocks, decodeNamedChains(object["chains"], member: "chains", origin: origin), decodeNamedChains(object["handlers"], member: "handlers", origin: origin))
    }

    private mutating func decodeNamedChains(_ value: PageValue?, member: String, origin: BlockOrigin) -> [String: NamedChain] {
        guard let value else { return [:] }
        let what = member == "chains" ? "chain of actions" : "list of error handlers"
        guard case .object(let table) = value else {
            error("type", member, "\"\(member)\" must be an object of name → \(what), like { \"sign-in-and-retry\": [ … ] }")
            return [:]
        }
        var named: [String: NamedChain] = [:]
        for (name, items) in table {
            let path = PageDecoder.join(member, name)
            guard !name.isEmpty, !name.contains("/") else {
                error("structure", path, "'\(name)' can't name a \(what): a name is not empty and has no '/' (that separates a library's id, as in shop-kit/\(name))")
                continue
            }
            guard case .array = items else {
                error("type", path, "a named \(what) must be an array, like [ { \"id\": \"toast\" } ]")
                continue
            }
            named[name] = NamedChain(name: name, items: items, origin: origin, path: origin.pathPrefix + path)
        }
        return named
    }

    private mutating func decodeBlockDefinition(id: String, _ raw: PageValue, origin: BlockOrigin) -> BlockDefinition? {
        let path = PageDecoder.join("blocks", id)
        guard PageHeader.isValidID(id) else {
            error("structure", path, "'\(id)' can't be a block id: " + PageHeader.idRule.replacingOccurrences(of: "a page id", with: "a block id"))
            return nil
        }
        if registry.components[id] != nil {
            error("structure", path, "the block '\(id)' has the id of a registered component; a page couldn't tell them apart, so pick another id")
            return nil
        }
        guard case .object(let object) = raw else {
            error("type", path, "a block is defined by an object like { \"attributes\": { … }, \"components\": [ … ] }")
            return nil
        }
        checkMembers(object, allowed: PageDecoder.blockMembers, path: path, what: "a block")
        let attributes = decodeBlockAttributes(object["attributes"], path: PageDecoder.join(path, "attributes"))
        var events: [String] = []
        if let raw = object["events"] {
            let eventsPath = PageDecoder.join(path, "events")
            if case .array(let items) = raw, items.allSatisfy({ $0.stringValue?.isEmpty == false }) {
                events = items.compactMap(\.stringValue)
                if Set(events).count != events.count { error("structure", eventsPath, "an event is named twice") }
            } else {
                error("type", eventsPath, "\"events\" must be an array of event names, like [\"onSelect\"]")
            }
        }
        var data = PageValue.object(PageObject())
        if let raw = object["data"] {
            if case .object = raw { data = raw } else { error("type", PageDecoder.join(path, "data"), "\"data\" must be an object holding each instance's initial $state") }
        }
        guard let components = object["components"] else {
            error("structure", path, "the block '\(id)' has no \"components\"; list what it is made of, like [ { \"id\": \"label\", … } ]")
            return nil
        }
        guard case .array = components else {
            error("type", PageDecoder.join(path, "components"), "\"components\" must be an array of components")
            return nil
        }
        let summary = object["summary"]?.stringValue ?? object["description"]?.stringValue ?? ""
        return BlockDefinition(id: id, attributes: attributes, events: events, data: data, summary: summary, components: components, origin: origin, path: origin.pathPrefix + path)
    }

    /// `"attributes": { "amount": { "type": "number", "required": true } }`.
    private mutating func decodeBlockAttributes(_ value: PageValue?, path: String) -> [AttributeSpec] {
        guard let value else { return [] }
        guard case .object(let table) = value else {
            error("type", path, "a block's \"attributes\" must be an object of name → declaration, like { \"amount\": { \"type\": \"number\", \"required\": true } }")
            return []
        }
        var specs: [AttributeSpec] = []
        for (name, raw) in table {
            let itemPath = PageDecoder.join(path, name)
            if ComponentType.commonAttributes.contains(where: { $0.name == name }) {
                error("structure", itemPath, "'\(name)' is given to every use of a block by the engine (it applies to the whole block); pick another name")
                continue
            }
            guard case .object(let spec) = raw else {
                error("type", itemPath, "an attribute is declared as an object like { \"type\": \"string\", \"required\": true }")
                continue
            }
            checkMembers(spec, allowed: PageDecoder.blockAttributeMembers, path: itemPath, what: "an attribute declaration")
            var type = AttributeType.any
            if let t = spec["type"] {
                if let parsed = t.stringValue.flatMap(AttributeType.init(rawValue:)), !parsed.holdsNodes { type = parsed } else {
                    error("type", PageDecoder.join(itemPath, "type"), "unknown attribute type \(t.jsonText); use string, int, number, bool, array, object or any")
                }
            }
            let defaultValue = spec["default"] ?? .null
            if !defaultValue.isNull, !type.accepts(defaultValue) {
                error("type", PageDecoder.join(itemPath, "default"), "the default \(defaultValue.preview()) is not \(Wording.withArticle(type.rawValue))")
            }
            let summary = spec["summary"]?.stringValue ?? spec["description"]?.stringValue ?? ""
            specs.append(AttributeSpec(name, type, default: defaultValue, required: spec["required"]?.boolValue ?? false, twoWay: spec["twoWay"]?.boolValue ?? false, summary: summary))
        }
        return specs
    }
}
