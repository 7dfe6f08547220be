/// Reads a registry description into a `Registry`, checking every member: a described type that
/// is exactly a built-in gets the built-in's behaviour, any other runs through `standIn`.
struct RegistryDecoder {
    typealias Problem = RegistryDescriptionError.Problem

    let standIn: any HostStandIn
    init(standIn: any HostStandIn) { self.standIn = standIn }

    /// NB: `blocks` (what `formwork registry --pages` adds for editors) is read past: blocks come
    /// with the pages, in libraries, and are never registered.
    static let members = ["$schema", "description", "format", "engineVersion", "behavior", "components", "actions", "validations", "errorHandlers", "functions", "blocks"]

    func decode(_ root: PageValue, source: String) throws(Problem) -> (registry: Registry, hostTypes: RegistryIDs, engineVersion: Int?) {
        guard case .object(let object) = root else {
            throw Problem("", "a registry file is a JSON object with \"components\", \"actions\", \"validations\", \"errorHandlers\" and \"functions\"; write one with Registry.writeDescription(to:)")
        }
        try RegistryDecoder.checkMembers(object, RegistryDecoder.members, path: "", what: "a registry file")
        try RegistryDecoder.checkFormat(object["format"], source: source)
        var engineVersion: Int?
        if let engine = object["engineVersion"] {
            guard let number = engine.intValue, number >= 1, let small = Int(exactly: number) else { throw Problem("engineVersion", "\"engineVersion\" must be a whole number of at least 1") }
            engineVersion = small
        }
        let behavior = try RegistryDecoder.behavior(object["behavior"])
        let standard = Registry.standard(behavior: behavior)
        var registry = Registry(functions: FunctionLibrary())
        registry.behavior = behavior
        var host = RegistryIDs()
        let standIn = self.standIn

        for (_, item, path) in try list(object, "components") {
            let entry = try self.entry(item, path: path, kind: "component", extra: ["events", "layout", "valueAttribute"])
            let type = registry.atLevel(ComponentType(entry.id, attributes: entry.attributes, events: try events(item, path: path), layout: try layout(item, entry.attributes, path: path),
                                                      valueAttribute: try valueAttribute(item, entry.attributes, path: path), summary: entry.summary))
            try unique(registry.components[type.id] == nil, path, "component", type.id)
            try replaced(item, type.replacedCommonAttributes, common: ComponentType.commonAttributes, path: path, kind: "component")
            try adopt(type, item, path: path, engine: standard, builtIn: standard.components[type.id], into: &registry.components, hostIDs: &host.components, same: RegistryCoding.value(of:))
        }
        for (_, item, path) in try list(object, "actions") {
            let entry = try self.entry(item, path: path, kind: "action")
            try unique(registry.actions[entry.id] == nil, path, "action", entry.id)
            let id = entry.id
            let type = ActionType(id, attributes: entry.attributes, summary: entry.summary) { context in try await standIn.runAction(id, context) }
            try adopt(type, item, path: path, engine: standard, builtIn: standard.actions[id], into: &registry.actions, hostIDs: &host.actions, same: RegistryCoding.value(of:))
        }
        for (_, item, path) in try list(object, "validations") {
            let entry = try self.entry(item, path: path, kind: "validation", extra: ["async"])
            try unique(registry.validations[entry.id] == nil, path, "validation", entry.id)
            let id = entry.id
            let isAsync: Bool
            switch item["async"] {
            case nil: isAsync = false
            case .bool(let flag)?: isAsync = flag
            default: throw Problem(path + ".async", "\"async\" is true for a validation that waits (on a server, say), or false")
            }
            let type = ValidationType(id, attributes: entry.attributes, summary: entry.summary, isAsync: isAsync) { context in try standIn.checkValidation(id, context) }
            try replaced(item, type.replacedCommonAttributes, common: ValidationType.commonAttributes, path: path, kind: "validation")
            try adopt(type, item, path: path, engine: standard, builtIn: standard.validations[id], into: &registry.validations, hostIDs: &host.validations, same: RegistryCoding.value(of:))
        }
        for (_, item, path) in try list(object, "errorHandlers") {
            let entry = try self.entry(item, path: path, kind: "error handler")
            try unique(registry.errorHandlers[entry.id] == nil, path, "error handler", entry.id)
            let id = entry.id
            let type = ErrorHandlerType(id, attributes: entry.attributes, summary: entry.summary) { context in try await standIn.handleError(id, context) }
            try replaced(item, type.replacedCommonAttributes, common: ErrorHandlerType.commonAttributes, path: path, kind: "error handler")
            try adopt(type, item, path: path, engine: standard, builtIn: standard.errorHandlers[id], into: &registry.errorHandlers, hostIDs: &host.errorHandlers, same: RegistryCoding.value(of:))
        }
        for (_, item, path) in try list(object, "functions") {
            let function = try self.function(item, path: path)
            try unique(registry.functions[function.name] == nil, path, "function", function.name)
            let overrides = try overridesBuiltIn(item, path: path, kind: "function", id: function.name, hasBuiltIn: standard.functions[function.name] != nil)
            if !overrides, let builtIn = standard.functions[function.name] {
                let engine = RegistryCoding.value(of: builtIn), file = RegistryCoding.value(of: function)
                guard engine == file else { throw RegistryDecoder.unstated(path: path, kind: "function", id: function.name, difference: DescriptionDifference.first(engine: engine, file: file)) }
                registry.functions.registerEngine(builtIn)
            } else {
                registry.functions.register(function, overriding: overrides ? .builtIn(function.name) : nil)
                host.functions.append(function.name)
            }
        }
        return (registry, RegistryIDs(components: host.components, actions: host.actions, validations: host.validations, errorHandlers: host.errorHandlers, functions: host.functions), engineVersion)
    }

    /// A file of an earlier format is refused, naming the call that writes it again: an earlier
    /// Formwork's file doesn't say the app's behaviour level, and its types, described by that
    /// Formwork, would be taken for built-ins or stand-ins that are no longer the same.
    static func checkFormat(_ format: PageValue?, source: String) throws(Problem) {
        let written = format?.intValue
        if let written, written > Registry.descriptionFormat {
            throw Problem("format", "the file has format \(written), written by a newer Formwork; this one reads format \(Registry.descriptionFormat): update formwork")
        }
        guard let written, written == Registry.descriptionFormat else {
            let was = format == nil ? "no \"format\"" : written.map { "format \($0)" } ?? "\"format\": \(format?.jsonText ?? "")"
            let file = source.split(separator: "/").last.map(String.init) ?? source
            throw Problem(format == nil ? "" : "format", "the registry file was written by an earlier Formwork (\(was); this one reads format \(Registry.descriptionFormat), which records the app's behaviour level), so it can't say what the app's types are; write it again from the app with this Formwork: `try registry.writeDescription(to: URL(fileURLWithPath: \"\(source)\"))` (\(file) from the registry the app's engine uses), then run the command again")
        }
    }

    /// `"behavior"`: the behaviour level the app states (`Registry.standard(behavior:)`).
    static func behavior(_ value: PageValue?) throws(Problem) -> BehaviorLevel {
        guard let value else { throw Problem("", "the file has no \"behavior\": write it again from the app with Registry.writeDescription(to:)") }
        guard let number = value.intValue, let small = Int(exactly: number), let level = BehaviorLevel(small) else {
            throw Problem("behavior", "\"behavior\" is the app's behaviour level, a whole number from 1 to \(BehaviorLevel.latest.number) (a larger one was written by a newer Formwork: update formwork)")
        }
        return level
    }

    /// Registers the built-in when `type` describes it exactly (the same JSON description) and
    /// doesn't say it overrides it, so it keeps the built-in's behaviour; otherwise registers `type`
    /// as the app's own, with what the file states, and records its id.
    private func adopt<Entry: RegisteredType>(_ type: Entry, _ item: PageObject, path: String, engine: Registry, builtIn: Entry?, into table: inout TypeTable<Entry>, hostIDs: inout [String],
                                              same description: (Entry) -> PageValue) throws(Problem) {
        let overrides = try overridesBuiltIn(item, path: path, kind: Entry.kindName, id: type.id, hasBuiltIn: builtIn != nil)
        if !overrides, let builtIn {
            let engine = description(builtIn), file = description(type)
            guard engine == file else { throw RegistryDecoder.unstated(path: path, kind: Entry.kindName, id: type.id, difference: DescriptionDifference.first(engine: engine, file: file)) }
            table.registerEngine(builtIn)
        } else {
            // NB: a common attribute a later level than the file's brings is the type's own, not a replacement.
            let replacing = type.replacedCommonAttributes.filter { engine.hasCommonAttribute($0, kind: Entry.kindName) }
            table.register(type, overriding: overrides ? .builtIn(type.id) : nil, replacing: replacing)
            hostIDs.append(type.id)
        }
    }

    /// `"overridesBuiltIn"`: true when the app registered its type `overriding:` the built-in of
    /// its id. An app's type with a built-in's id that doesn't say so is refused: an earlier
    /// Formwork wrote such files, when an app's type silently took a built-in's place.
    private func overridesBuiltIn(_ item: PageObject, path: String, kind: String, id: String, hasBuiltIn: Bool) throws(Problem) -> Bool {
        let overrides = try flag(item, "overridesBuiltIn", path: path)
        if overrides, !hasBuiltIn {
            throw Problem(path + ".overridesBuiltIn", "the engine has no built-in \(kind) '\(id)' to override: leave `overriding:` out where the app registers it, then write the file again with Registry.writeDescription(to:)")
        }
        return overrides
    }

    /// An app's type with a built-in's id, described without `"overridesBuiltIn"`, or a built-in
    /// described by another version of Formwork: the file can't tell the two apart (an app whose
    /// engine accepted its registry never has the first), so the message names the difference
    /// and both ways out.
    static func unstated(path: String, kind: String, id: String, difference: String? = nil) -> Problem {
        var message = "the app's \(kind) '\(id)' has the \(kind == "function" ? "name" : "id") of the engine's built-in \(kind) '\(id)', and the file doesn't say which one pages mean (an earlier Formwork let the app's replace the engine's silently); where the app registers it, write `overriding: .builtIn(\"\(id)\")` (pages get the app's) or give it another \(kind == "function" ? "name" : "id") (pages keep the engine's), then write the file again with Registry.writeDescription(to:)"
        if let difference {
            message += ". If the app has no \(kind) '\(id)' of its own, the file was written by another version of Formwork, which describes its built-in '\(id)' otherwise (\(difference)): write the file again from the app with the Formwork it is built with, and run the `formwork` of that same version"
        }
        return Problem(path, message)
    }

    // MARK: - Entries

    private func list(_ object: PageObject, _ member: String) throws(Problem) -> [(Int, PageObject, String)] {
        guard let value = object[member] else { return [] }
        guard case .array(let items) = value else { throw Problem(member, "\"\(member)\" must be an array of \(member == "functions" ? "functions" : "types")") }
        var entries: [(Int, PageObject, String)] = []
        for (index, item) in items.enumerated() {
            guard case .object(let entry) = item else { throw Problem("\(member)[\(index)]", "each entry is an object like { \"\(member == "functions" ? "name" : "id")\": \"…\", … }") }
            entries.append((index, entry, "\(member)[\(index)]"))
        }
        return entries
    }

    private func unique(_ isNew: Bool, _ path: String, _ kind: String, _ id: String) throws(Problem) {
        if !isNew { throw Problem(path, "the \(kind) '\(id)' is described twice") }
    }

    /// `"replacesCommon"` must name exactly the common attributes the type describes itself: it
    /// records the app's `replacing:`. A file that describes one without saying so is refused.
    private func replaced(_ object: PageObject, _ derived: [String], common: [AttributeSpec], path: String, kind: String) throws(Problem) {
        guard let given = object["replacesCommon"] else {
            guard let first = derived.first else { return }
            throw Problem(path, "the app's \(kind) declares '\(first)', and the engine gives every \(kind) a '\(first)', but the file doesn't say which one pages mean (an earlier Formwork decided it silently); where the app registers it, write `replacing: [\"\(first)\"]` (the app's '\(first)') or rename or drop the app's '\(first)' (the engine's stays), then write the file again with Registry.writeDescription(to:)")
        }
        let names = given.arrayValue?.compactMap(\.stringValue)
        guard let names, names.count == given.arrayValue?.count else {
            throw Problem(path + ".replacesCommon", "\"replacesCommon\" is an array of the common attributes (\(common.map(\.name).joined(separator: ", "))) the \(kind) describes itself")
        }
        guard Set(names) == Set(derived) else {
            let declared = derived.isEmpty ? "none of them" : derived.map { "'\($0)'" }.joined(separator: ", ")
            throw Problem(path + ".replacesCommon", "\"replacesCommon\" must name the common attributes (\(common.map(\.name).joined(separator: ", "))) the \(kind) lists under \"attributes\": it lists \(declared)")
        }
    }

    private func entry(_ object: PageObject, path: String, kind: String, extra: [String] = []) throws(Problem) -> (id: String, summary: String, attributes: [AttributeSpec]) {
        try RegistryDecoder.checkMembers(object, ["id", "summary", "attributes"] + ["replacesCommon", "overridesBuiltIn"] + extra, path: path, what: "a described \(kind)")
        guard case .string(let id)? = object["id"], !id.isEmpty else {
            throw Problem(path + (object["id"] == nil ? "" : ".id"), "\"id\" must be a non-empty string, like \"\(kind == "component" ? "rating" : kind == "action" ? "analytics" : kind == "validation" ? "iban" : "auth-redirect")\"")
        }
        return (id, try text(object, "summary", path: path) ?? "", try attributes(object["attributes"], path: path + ".attributes"))
    }

    private func attributes(_ value: PageValue?, path: String) throws(Problem) -> [AttributeSpec] {
        guard let value else { return [] }
        guard case .array(let items) = value else { throw Problem(path, "\"attributes\" must be an array of { \"name\": …, \"type\": … }") }
        var specs: [AttributeSpec] = []
        for (index, item) in items.enumerated() {
            let at = "\(path)[\(index)]"
            guard case .object(let object) = item else { throw Problem(at, "an attribute is an object like { \"name\": \"title\", \"type\": \"string\" }") }
            try RegistryDecoder.checkMembers(object, ["name", "type", "default", "required", "twoWay", "role", "summary", "values"], path: at, what: "an attribute")
            guard case .string(let name)? = object["name"], !name.isEmpty else { throw Problem(at, "the attribute needs a \"name\"") }
            if specs.contains(where: { $0.name == name }) { throw Problem(at + ".name", "the attribute '\(name)' is described twice") }
            guard case .string(let typeName)? = object["type"], let type = AttributeType(rawValue: typeName) else {
                throw Problem(at + ".type", "unknown attribute type \(object["type"]?.jsonText ?? "(none)"); use one of " + AttributeType.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let defaultValue = object["default"] ?? .null
            if !type.accepts(defaultValue) { throw Problem(at + ".default", "the default \(defaultValue.preview()) is not \(type.rawValue == "int" || type.rawValue == "array" || type.rawValue == "object" || type.rawValue == "any" ? "an" : "a") \(type.rawValue)") }
            var role = AttributeRole.value
            if let roleName = try text(object, "role", path: at) {
                guard let known = RegistryCoding.roles.first(where: { $0.name == roleName }) else {
                    throw Problem(at + ".role", "unknown role '\(roleName)'; use \(RegistryCoding.roles.map(\.name).joined(separator: ", ")) (or leave it out)")
                }
                role = known.role
            }
            let values = try allowedValues(object["values"], type: type, default: defaultValue, path: at + ".values")
            specs.append(AttributeSpec(name, type, default: defaultValue, required: try flag(object, "required", path: at), twoWay: try flag(object, "twoWay", path: at),
                                       role: role, summary: try text(object, "summary", path: at) ?? "", values: values))
        }
        return specs
    }

    private func events(_ object: PageObject, path: String) throws(Problem) -> [String] {
        guard let value = object["events"] else { return [] }
        guard case .array(let items) = value else { throw Problem(path + ".events", "\"events\" must be an array of event names like [\"onChange\"]") }
        var names: [String] = []
        for item in items {
            guard case .string(let name) = item, !name.isEmpty else { throw Problem(path + ".events", "\"events\" must be an array of event names like [\"onChange\"]") }
            names.append(name)
        }
        return names
    }

    private func layout(_ object: PageObject, _ specs: [AttributeSpec], path: String) throws(Problem) -> ComponentLayout {
        let at = path + ".layout"
        switch object["layout"] {
        case nil, .string("leaf"): return .leaf
        case .string("container"): return .container
        case .object(let form) where form.count == 1 || (form.count == 2 && form["repeated"] != nil && form["key"] != nil):
            let key = form["repeated"] != nil ? "repeated" : form.keys.first ?? ""
            let name = form[key]?.stringValue ?? ""
            let needed: AttributeType = key == "repeated" ? .array : .string
            guard key == "repeated" || key == "switched" else { break }
            guard specs.contains(where: { $0.name == name && $0.type == needed }) else {
                throw Problem(at, "\"\(key)\" names the \(needed.rawValue) attribute \(key == "repeated" ? "holding the items" : "choosing the state"), but the component has no \(needed.rawValue) attribute '\(name)'")
            }
            guard key == "repeated" else { return .switched(state: name) }
            guard let itemKey = form["key"] else { return .repeated(items: name) }
            guard let keyName = itemKey.stringValue, specs.contains(where: { $0.name == keyName && $0.type == .string }) else {
                throw Problem(at + ".key", "\"key\" names the string attribute saying which member identifies an item, but the component has no string attribute \(itemKey.jsonText)")
            }
            return .repeated(items: name, key: keyName)
        default: break
        }
        throw Problem(at, "\"layout\" is \"leaf\", \"container\", {\"repeated\": \"items\"} (with \"key\": \"itemKey\" to keep rows per item) or {\"switched\": \"state\"}")
    }

    private func valueAttribute(_ object: PageObject, _ specs: [AttributeSpec], path: String) throws(Problem) -> String? {
        guard let name = try text(object, "valueAttribute", path: path) else { return nil }
        guard specs.contains(where: { $0.name == name }) else { throw Problem(path + ".valueAttribute", "\"valueAttribute\" names '\(name)', which is not one of the component's attributes") }
        return name
    }

    // MARK: - Functions

    private func function(_ object: PageObject, path: String) throws(Problem) -> ExpressionFunction {
        try RegistryDecoder.checkMembers(object, ["name", "summary", "parameters", "variadic", "result", "pure", "minArguments", "maxArguments", "overridesBuiltIn"], path: path, what: "a described function")
        guard case .string(let name)? = object["name"], RegistryDecoder.isFunctionName(name) else {
            throw Problem(path + (object["name"] == nil ? "" : ".name"), "\"name\" must be a function name like \"currency\" (letters, digits and _, not starting with a digit)")
        }
        let isPure = object["pure"].map { $0 != .bool(false) } ?? true
        if object["pure"].map({ $0.boolValue == nil }) ?? false { throw Problem(path + ".pure", "\"pure\" must be true or false") }
        let standIn = self.standIn
        let body: @Sendable ([PageValue]) throws -> PageValue = { arguments in try standIn.callFunction(name, arguments) }
        guard object["parameters"] != nil || object["result"] != nil || object["variadic"] != nil else {
            let minimum = try count(object, "minArguments", path: path) ?? 0
            let maximum = try count(object, "maxArguments", path: path) ?? Int.max
            guard minimum <= maximum else { throw Problem(path + ".maxArguments", "\"maxArguments\" is less than \"minArguments\"") }
            return ExpressionFunction(name, arity: minimum...maximum, isPure: isPure) { (call: inout FunctionInvocation) in try body(call.arguments) }
        }
        guard case .array(let items) = object["parameters"] ?? .array([]) else { throw Problem(path + ".parameters", "\"parameters\" must be an array of { \"name\": …, \"type\": … }") }
        var parameters: [FunctionSignature.Parameter] = []
        for (index, item) in items.enumerated() {
            let at = "\(path).parameters[\(index)]"
            guard case .object(let p) = item else { throw Problem(at, "a parameter is an object like { \"name\": \"amount\", \"type\": \"number\" }") }
            try RegistryDecoder.checkMembers(p, ["name", "type", "parameters", "optional", "summary"], path: at, what: "a parameter")
            guard case .string(let parameterName)? = p["name"], !parameterName.isEmpty else { throw Problem(at, "the parameter needs a \"name\"") }
            let optional = try flag(p, "optional", path: at)
            if !optional, parameters.last?.isOptional == true { throw Problem(at + ".optional", "only the last parameters may be optional") }
            if p["type"] == .string("lambda") {
                let lambdaCount = try count(p, "parameters", path: at) ?? 1
                guard (1...2).contains(lambdaCount) else { throw Problem(at + ".parameters", "a lambda takes 1 or 2 parameters") }
                parameters.append(.lambda(parameterName, parameters: lambdaCount, optional: optional))
            } else {
                parameters.append(FunctionSignature.Parameter(parameterName, types: try valueTypes(p["type"], path: at + ".type"), isOptional: optional))
            }
        }
        let signature = FunctionSignature(parameters, variadic: try flag(object, "variadic", path: path), result: try valueTypes(object["result"], path: path + ".result"),
                                          summary: try text(object, "summary", path: path) ?? "")
        if signature.isVariadic, parameters.isEmpty { throw Problem(path + ".variadic", "a variadic function needs a parameter to repeat") }
        return ExpressionFunction(name, arity: signature.arity, lambdaParameters: signature.lambdaPositions, isPure: isPure, signature: signature) { (call: inout FunctionInvocation) in
            try body(call.arguments)
        }
    }

    /// `"number"`, `["string", "array"]` or `"any"` (also when left out).
    private func valueTypes(_ value: PageValue?, path: String) throws(Problem) -> [AttributeType] {
        let names: [PageValue]
        switch value {
        case nil, .string("any"): return []
        case .string: names = [value ?? .null]
        case .array(let items) where !items.isEmpty: names = items
        default: names = []
        }
        var types: [AttributeType] = []
        for name in names {
            guard let type = name.stringValue.flatMap(AttributeType.init(rawValue:)), !type.holdsNodes else {
                throw Problem(path, "unknown value type \(name.jsonText); use string, int, number, bool, array, object or any, or an array of them like [\"string\", \"array\"]")
            }
            if type == .any { return [] }
            types.append(type)
        }
        guard !types.isEmpty else { throw Problem(path, "a type is a name like \"number\" or an array of names like [\"string\", \"array\"]") }
        return types
    }

    static func isFunctionName(_ name: String) -> Bool {
        guard let first = name.utf8.first, Lexer.isIdentifierStart(first) else { return false }
        return name.utf8.allSatisfy(Lexer.isIdentifierPart)
    }

    // MARK: - Members

    static func checkMembers(_ object: PageObject, _ allowed: [String], path: String, what: String) throws(Problem) {
        for key in object.keys where !allowed.contains(key) {
            let hint = Suggestions.nearest(to: key, in: allowed).map { "; did you mean '\($0)'?" } ?? "; \(what) may have " + allowed.filter { $0 != "$schema" }.joined(separator: ", ")
            throw Problem(path.isEmpty ? key : path + "." + key, "unknown member '\(key)' in \(what)" + hint)
        }
    }

    /// An attribute's `"values"`: a non-empty array of distinct literals of its type, its default among them.
    private func allowedValues(_ value: PageValue?, type: AttributeType, default defaultValue: PageValue, path: String) throws(Problem) -> [PageValue]? {
        guard let value else { return nil }
        guard case .array(let items) = value, !items.isEmpty else { throw Problem(path, "\"values\" must be a non-empty array of the literals the attribute may have") }
        for (index, item) in items.enumerated() {
            if item.isNull || type.holdsNodes || !type.accepts(item) { throw Problem("\(path)[\(index)]", "\(item.preview()) is not \(Wording.withArticle(type.rawValue))") }
            if items[..<index].contains(item) { throw Problem("\(path)[\(index)]", "\(item.preview()) is listed twice") }
        }
        if !defaultValue.isNull, !items.contains(defaultValue) { throw Problem(path, "the default \(defaultValue.preview()) is not one of the values") }
        return items
    }

    private func text(_ object: PageObject, _ key: String, path: String) throws(Problem) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let s) = value else { throw Problem(path + "." + key, "\"\(key)\" must be a string") }
        return s
    }

    private func flag(_ object: PageObject, _ key: String, path: String) throws(Problem) -> Bool {
        guard let value = object[key] else { return false }
        guard case .bool(let b) = value else { throw Problem(path + "." + key, "\"\(key)\" must be true or false") }
        return b
    }

    private func count(_ object: PageObject, _ key: String, path: String) throws(Problem) -> Int? {
        guard let value = object[key] else { return nil }
        guard let n = value.intValue, n >= 0, n <= 1_000 else { throw Problem(path + "." + key, "\"\(key)\" must be a whole number from 0 to 1000") }
        return Int(n)
    }
}
