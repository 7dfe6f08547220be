import Formwork

/// A JSON Schema (draft 2020-12) for flow files (Grammar.md part 3): members, steps, stubs —
/// with a member for each of the app's own actions, functions and validations to stub, so an
/// editor autocompletes `"action analytics"`.
///
/// ```swift
/// let schema = FlowSchema.make(hostTypes: described.hostTypes)
/// ```
public enum FlowSchema {
    /// The schema, with a stub member for each of `hostTypes`.
    public static func make(hostTypes: RegistryIDs = RegistryIDs()) -> PageValue {
        let string: PageValue = ["type": "string"]
        let anything: PageValue = [:]
        let rootPattern = "^(" + PageHarness.readableRoots.joined(separator: "|") + ")([.\\[]|$)"
        let keyOrRow: PageValue = ["type": "string", "minLength": 1, "description": "a component key; \"key[N]\" for row N of a list"]
        func step(_ keyword: String, _ schema: PageValue, extra: [(String, PageValue)] = []) -> PageValue {
            PageSchema.object(Dictionary(uniqueKeysWithValues: [(keyword, schema), ("note", string)] + extra), required: [keyword])
        }
        let steps: [PageValue] = [
            ["enum": ["back", "reopen", "background", "offline", "online", "relaunch"]],
            step("set", keyOrRow, extra: [("value", anything)]),
            step("type", keyOrRow, extra: [("text", string)]),
            step("tap", keyOrRow, extra: [("times", ["type": "integer", "minimum": 1, "maximum": 10, "description": "taps in a row, without waiting between them"])]),
            step("trigger", ["type": "string", "minLength": 1], extra: [("event", anything)]),
            step("attach", keyOrRow, extra: [("file", ["anyOf": [["type": "string", "minLength": 1], ["type": "array", "minItems": 1, "items": ["type": "string", "minLength": 1]]],
                                                  "description": "a file to attach, from the flow file's folder, or a list of them"])]),
            step("pick", ["type": ["integer", "string", "null"]]),
            step("confirm", ["anyOf": [["type": "boolean"], ["enum": ["yes", "no"]]]]),
            step("back", ["const": true]),
            step("reopen", ["const": true]),
            step("background", ["const": true]),
            step("offline", ["const": true]),
            step("online", ["const": true]),
            step("relaunch", ["const": true]),
            step("expect", ["type": "object", "minProperties": 1, "propertyNames": ["pattern": .string(rootPattern)]]),
            step("stub", ["$ref": "#/$defs/stubs"]),
        ]
        let requestAnswer: PageValue = PageSchema.object(["status": ["type": "integer", "minimum": 100, "maximum": 599], "body": [:],
                                                          "headers": ["type": "object", "additionalProperties": string], "error": string, "description": string])
        let hostAnswer: PageValue = PageSchema.object(["args": ["type": "array"], "result": [:], "error": string, "kind": string, "description": string])
        let validationAnswer: PageValue = PageSchema.object(["value": [:], "result": ["type": ["string", "null"]], "description": string])
        func oneOrMore(_ answer: PageValue) -> PageValue { ["anyOf": [answer, ["type": "array", "minItems": 1, "items": answer]]] }
        var hostStubs = PageObject()
        for action in hostTypes.actions { hostStubs["action " + action] = oneOrMore(hostAnswer) }
        for function in hostTypes.functions { hostStubs["function " + function] = oneOrMore(hostAnswer) }
        for validation in hostTypes.validations { hostStubs["validation " + validation] = oneOrMore(validationAnswer) }
        let stubs: PageValue = .object(PageObject([
            ("type", "object"), ("properties", .object(hostStubs)),
            ("patternProperties", .object(PageObject([
                ("^[A-Za-z*]+ (/|https?://)", oneOrMore(requestAnswer)),
                ("^(action|function) [^ ]+$", oneOrMore(hostAnswer)),
                ("^validation [^ ]+$", oneOrMore(validationAnswer)),
            ]))),
            ("additionalProperties", false),
        ]))
        return .object(PageObject([
            ("$schema", .string(PageSchema.draft)), ("title", "Formwork flow"),
            ("description", "A page-flow test for formwork test (Grammar.md part 3)."),
            ("type", "object"), ("required", ["page", "steps"]), ("additionalProperties", false),
            ("properties", .object(PageObject([
                ("$schema", string), ("flow", ["type": "string", "minLength": 1]), ("description", string),
                ("page", ["type": "string", "minLength": 1, "description": "a page file ending in .json, or a page id"]),
                ("pages", ["type": "string", "minLength": 1]), ("params", ["type": "object"]), ("globals", ["type": "object"]),
                ("clock", ["type": ["integer", "string"]]), ("timeZone", ["type": "string", "minLength": 1]),
                ("locale", ["anyOf": [["type": "string", "minLength": 2], ["type": "array", "items": ["type": "string", "minLength": 2]]]]),
                ("stubs", ["$ref": "#/$defs/stubs"]),
                ("steps", ["type": "array", "items": ["anyOf": .array(steps)]]),
            ]))),
            ("$defs", .object(PageObject([("stubs", stubs)]))),
        ]))
    }
}
