/// A JSON Schema (draft 2020-12) for block library files (Grammar.md 2.16), made from the page
/// schema so the two never disagree: a library's blocks, named chains and handler lists are
/// described exactly as a page's own are, with the types of one registry.
///
/// ```swift
/// let schema = LibrarySchema.make(for: appRegistry)   // `formwork schema library` prints it
/// ```
///
/// Like a page with blocks of its own, a library's block components are checked for their shape
/// only; `formwork check` does the rest.
public enum LibrarySchema {
    /// The library schema knowing every type `registry` has.
    public static func make(for registry: Registry) -> PageValue {
        let page = PageSchema.make(for: registry, libraries: .empty)
        let pageProperties = page["properties"]
        func shared(_ name: String) -> PageValue { pageProperties?[name] ?? ["type": "object"] }
        return .object(PageObject([
            ("$schema", .string(PageSchema.draft)), ("title", "Formwork block library"),
            ("description", "A block library for the Formwork engine (Grammar.md 2.16): blocks, named chains and error-handler lists pages share."),
            ("type", "object"), ("required", ["library", "version"]), ("additionalProperties", false),
            ("properties", .object(PageObject([
                ("$schema", ["type": "string"]), ("description", ["type": "string"]),
                ("library", ["type": "string", "minLength": 1, "description": "the library id pages name in \"libraries\""]),
                ("version", ["type": "integer", "minimum": 1, "description": "a whole number raised with each release"]),
                ("minEngineVersion", shared("minEngineVersion")),
                ("libraries", ["type": "object", "description": "each block library this one uses, with the lowest version it needs",
                               "additionalProperties": ["type": "integer", "minimum": 1]]),
                ("blocks", ["type": "object", "description": "the library's blocks, by id", "additionalProperties": ["$ref": "#/$defs/block"]]),
                ("chains", shared("chains")), ("handlers", shared("handlers")),
                ("strings", shared("strings")), ("defaultLocale", shared("defaultLocale")),
            ]))),
            ("$defs", page["$defs"] ?? .object(PageObject())),
        ]))
    }
}
