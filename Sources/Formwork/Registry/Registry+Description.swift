import Foundation

/// A registry seen from outside: every component, action, validation, error handler and function
/// as JSON, built-ins and a host's own alike. Tools that can't link the app's Swift code — the
/// `formwork` CLI, the JSON Schema generator, page delivery — read it as a `RegistryDescription`.
///
/// A host writes its registry's description in one line, from a test or a build step:
///
/// ```swift
/// try appRegistry.writeDescription(to: URL(fileURLWithPath: "pages/app.registry.json"))
/// ```
///
/// ```json
/// { "format": 2, "engineVersion": 2, "behavior": 1,
///   "components": [ { "id": "rating", "attributes": [ { "name": "value", "type": "int", "default": 0, "twoWay": true } ],
///                     "events": ["onChange"], "layout": "leaf", "valueAttribute": "value" } ],
///   "actions": [ { "id": "analytics", "attributes": [ { "name": "event", "type": "string", "required": true } ] } ],
///   "validations": [], "errorHandlers": [],
///   "functions": [ { "name": "currency", "parameters": [ { "name": "amount", "type": "number" } ], "result": "string" } ] }
/// ```
///
/// The attributes every component, validation or error handler has (`hidden`, `when`, …) are
/// left out, unless the type declares one itself: then it is listed with the type's attributes
/// and named under `"replacesCommon"` (the app registered it `replacing:` them; the engine's
/// feature of that name is off for the type). An app's type or function registered
/// `overriding: .builtIn(id)` has `"overridesBuiltIn": true`. Grammar.md part 5 documents the format.
extension Registry {
    /// The version of the description format this engine writes and reads.
    /// Format 2 records the app's behaviour level (`"behavior"`); a file of format 1 is refused.
    public static let descriptionFormat = 2

    /// The description as a JSON value, kinds and entries in registration order.
    public var descriptionValue: PageValue {
        .object(PageObject([
            ("format", .int(Int64(Registry.descriptionFormat))), ("engineVersion", .int(Int64(FormworkEngine.version))),
            ("behavior", .int(Int64(behavior.number))),
            ("components", .array(components.all.map { RegistryCoding.stated(RegistryCoding.value(of: $0), components.choice($0.id)) })),
            ("actions", .array(actions.all.map { RegistryCoding.stated(RegistryCoding.value(of: $0), actions.choice($0.id)) })),
            ("validations", .array(validations.all.map { RegistryCoding.stated(RegistryCoding.value(of: $0), validations.choice($0.id)) })),
            ("errorHandlers", .array(errorHandlers.all.map { RegistryCoding.stated(RegistryCoding.value(of: $0), errorHandlers.choice($0.id)) })),
            ("functions", .array(functions.names.compactMap { functions[$0] }.map { RegistryCoding.stated(RegistryCoding.value(of: $0), functions.choice($0.name)) })),
        ]))
    }

    /// The description as indented JSON text with a final newline, as `formwork registry` prints it.
    public var descriptionText: String { descriptionValue.prettyJSONText + "\n" }

    /// Writes the description to `url` atomically (a temporary file renamed into place).
    ///
    /// Throws `RegistryClashError`, writing nothing, while the registry has a clash (`clashes`):
    /// the file records which names are whose, so each must be decided first.
    public func writeDescription(to url: URL) throws {
        let clashes = self.clashes
        if !clashes.isEmpty { throw RegistryClashError(clashes: clashes) }
        try AtomicFile.write(Data(descriptionText.utf8), to: url)
    }
}

/// The JSON form of one registered type, shared by the encoder and the decoder's check that a
/// described type is exactly a built-in.
enum RegistryCoding {
    /// `entry` with `"overridesBuiltIn": true` when the app registered it `overriding:` a built-in.
    static func stated(_ entry: PageValue, _ choice: RegistrationChoice) -> PageValue {
        guard choice.overriding != nil, case .object(var object) = entry else { return entry }
        object["overridesBuiltIn"] = .bool(true)
        return .object(object)
    }

    static func value(of type: ComponentType) -> PageValue {
        guard case .object(var object) = entry(type.id, type.summary, type.attributes, common: ComponentType.commonAttributes, replaced: type.replacedCommonAttributes) else { return .null }
        object["events"] = .array(type.events.map { .string($0) })
        object["layout"] = layout(type.layout)
        if let value = type.valueAttribute { object["valueAttribute"] = .string(value) }
        return .object(object)
    }

    static func value(of type: ActionType) -> PageValue {
        entry(type.id, type.summary, type.attributes, common: [])
    }

    static func value(of type: ErrorHandlerType) -> PageValue {
        entry(type.id, type.summary, type.attributes, common: ErrorHandlerType.commonAttributes, replaced: type.replacedCommonAttributes)
    }

    static func value(of type: ValidationType) -> PageValue {
        guard case .object(var object) = entry(type.id, type.summary, type.attributes, common: ValidationType.commonAttributes, replaced: type.replacedCommonAttributes) else { return .null }
        if type.isAsync { object["async"] = .bool(true) }
        return .object(object)
    }

    static func entry(_ id: String, _ summary: String, _ attributes: [AttributeSpec], common: [AttributeSpec], replaced: [String] = []) -> PageValue {
        var object = PageObject([("id", .string(id))])
        if !summary.isEmpty { object["summary"] = .string(summary) }
        // NB: the common attributes the type doesn't declare itself are added back by its initializer.
        let own = attributes.filter { spec in replaced.contains(spec.name) || !common.contains { $0.name == spec.name } }
        object["attributes"] = .array(own.map(value(of:)))
        if !replaced.isEmpty { object["replacesCommon"] = .array(replaced.map { .string($0) }) }
        return .object(object)
    }

    static func value(of spec: AttributeSpec) -> PageValue {
        var object = PageObject([("name", .string(spec.name)), ("type", .string(spec.type.rawValue))])
        if !spec.defaultValue.isNull { object["default"] = spec.defaultValue }
        if spec.required { object["required"] = .bool(true) }
        if spec.twoWay { object["twoWay"] = .bool(true) }
        if let role = roleName(spec.role) { object["role"] = .string(role) }
        if !spec.summary.isEmpty { object["summary"] = .string(spec.summary) }
        if let values = spec.values { object["values"] = .array(values) }
        return .object(object)
    }

    static func layout(_ layout: ComponentLayout) -> PageValue {
        switch layout {
        case .leaf: return "leaf"
        case .container: return "container"
        case .repeated(let items, let key):
            return .object(PageObject([("repeated", .string(items))] + (key.map { [("key", PageValue.string($0))] } ?? [])))
        case .switched(let state): return .object(PageObject([("switched", .string(state))]))
        }
    }

    static let roles: [(name: String, role: AttributeRole)] = [("storePath", .storePath), ("interactionName", .interactionName), ("pageID", .pageID), ("componentKeys", .componentKeys), ("blockEvent", .blockEvent)]

    static func roleName(_ role: AttributeRole) -> String? { roles.first { $0.role == role }?.name }

    static func value(of function: ExpressionFunction) -> PageValue {
        var object = PageObject([("name", .string(function.name))])
        if let signature = function.signature {
            if !signature.summary.isEmpty { object["summary"] = .string(signature.summary) }
            object["parameters"] = .array(signature.parameters.map { parameter in
                var p = PageObject([("name", .string(parameter.name))])
                if let count = parameter.lambdaParameters {
                    p["type"] = "lambda"
                    p["parameters"] = .int(Int64(count))
                } else {
                    p["type"] = types(parameter.types)
                }
                if parameter.isOptional { p["optional"] = .bool(true) }
                return .object(p)
            })
            if signature.isVariadic { object["variadic"] = .bool(true) }
            object["result"] = types(signature.result)
        } else {
            object["minArguments"] = .int(Int64(function.arity.lowerBound))
            if function.arity.upperBound != Int.max { object["maxArguments"] = .int(Int64(function.arity.upperBound)) }
        }
        if !function.isPure { object["pure"] = .bool(false) }
        return .object(object)
    }

    /// `"number"`, `["int", "number"]`, or `"any"` for no restriction.
    static func types(_ types: [AttributeType]) -> PageValue {
        if types.isEmpty { return "any" }
        if types.count == 1, let only = types.first { return .string(only.rawValue) }
        return .array(types.map { .string($0.rawValue) })
    }
}
