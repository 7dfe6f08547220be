/// Something a page or library can use that not every engine reads, and the engine version that
/// first reads it: one row of the table `formwork pack` works a page's `minEngineVersion` out from.
///
/// Grammar.md's "Engine versions" (Part 6) prints the same table; a test keeps the two in step.
///
/// ```swift
/// FormworkEngine.features.first { $0.name == "sort" }
/// // EngineFeature(kind: .function, name: "sort", since: 2, …)
/// ```
public struct EngineFeature: Sendable, Equatable, CustomStringConvertible {
    /// What kind of thing the feature is, and so where pack looks for it.
    public enum Kind: String, Sendable, CaseIterable {
        /// A member of a page or library object (`"strings"`, `"draft"`): used when the file writes it.
        case pageMember = "member"
        /// A file kind (`library`): a block library needs at least this version.
        case file
        /// A built-in component id.
        case component
        /// A built-in action id.
        case action
        /// A built-in validation id.
        case validation
        /// A built-in error handler id.
        case errorHandler = "error handler"
        /// An attribute every error handler has (`retry`).
        case errorHandlerAttribute = "error handler attribute"
        /// An expression function.
        case function
        /// An expression variable (`$page`, `$computed`, `$state`).
        case variable
    }

    /// Where pack looks for it.
    public let kind: Kind
    /// The member, id, function or variable name (without `$`).
    public let name: String
    /// The lowest `FormworkEngine.version` that reads it.
    public let since: Int
    /// A few words for messages: "string tables", "list functions".
    public let summary: String

    /// A feature of `kind` called `name`, read from engine version `since` on.
    public init(_ kind: Kind, _ name: String, since: Int, _ summary: String) {
        self.kind = kind
        self.name = name
        self.since = since
        self.summary = summary
    }

    /// "the function 'sort' (list functions, engine 2)".
    public var description: String {
        let written = kind == .variable ? "$" + name : kind == .pageMember ? "\"\(name)\"" : "'\(name)'"
        return "the \(kind.rawValue) \(written) (\(summary), engine \(since))"
    }
}

extension FormworkEngine {
    /// Every feature added after engine version 1, with the version that first reads it. Anything
    /// a page can use that isn't here is version 1 (`versionOneIDs` lists version 1's built-ins).
    ///
    /// NB: engines before 0.2.0 all said version 1, whatever they could read (the first, of
    /// 2026-11-22, read none of the rows below; release 0.1.0 read them all). So every feature
    /// added until then is version 2: the first engine that says it reads them. From version 2
    /// on, the change that adds a feature raises `version` and adds its row here.
    public static let features: [EngineFeature] = {
        var rows: [EngineFeature] = []
        func add(_ kind: EngineFeature.Kind, _ names: [String], _ summary: String, since: Int = 2) {
            rows += names.map { EngineFeature(kind, $0, since: since, summary) }
        }
        add(.file, ["library"], "block libraries")
        add(.pageMember, ["libraries"], "block libraries")
        add(.pageMember, ["blocks", "chains", "handlers"], "blocks")
        add(.pageMember, ["computed"], "computed values")
        add(.pageMember, ["watchers"], "watchers")
        add(.pageMember, ["whileRunning"], "one run at a time")
        add(.pageMember, ["strings", "defaultLocale"], "string tables")
        add(.pageMember, ["draft"], "drafts")
        add(.action, ["raise"], "blocks")
        add(.action, ["discard-draft"], "drafts")
        add(.action, ["show-errors"], "server answers on fields")
        add(.validation, ["server"], "server answers on fields")
        add(.validation, ["luhn", "iban"], "card and bank numbers")
        add(.errorHandler, ["show-errors"], "server answers on fields")
        add(.errorHandlerAttribute, ["retry"], "retry after a handler")
        add(.function, ["reverse", "slice", "sort", "unique", "minBy", "maxBy"], "list functions")
        add(.function, ["text", "formatNumber", "formatPercent", "formatMoney", "formatDate", "formatRelative"], "locale functions")
        add(.component, ["rating", "radio", "segmented", "checkboxes", "slider"], "choice inputs")
        add(.validation, ["count"], "choice inputs")
        add(.component, ["file"], "files and uploads")
        add(.action, ["upload"], "files and uploads")
        add(.validation, ["attachments"], "files and uploads")
        add(.variable, ["computed"], "computed values")
        add(.variable, ["page"], "the page's state")
        add(.variable, ["state"], "blocks")
        return rows
    }()

    /// The built-in ids of engine version 1 (the engine of 2026-11-22): a page using only these,
    /// and none of `features`, runs on every engine.
    public static let versionOneIDs = RegistryIDs(
        components: ["section", "group", "status", "list", "label", "text-field", "text-area", "number-field", "switch", "select", "date-field", "stepper", "button", "image"],
        actions: ["if", "all", "trigger", "push", "pop", "response", "route", "picker", "confirm", "alert", "toast", "api", "store-var", "validate"],
        validations: ["required", "length", "range", "regex", "email", "expression"],
        errorHandlers: ["toast", "alert", "push", "ignore", "run"],
        functions: ["len", "trim", "upper", "lower", "contains", "startsWith", "endsWith", "matches", "replace", "substr", "split", "join",
                    "isEmpty", "keys", "map", "filter", "any", "all", "find", "count", "number", "int", "string",
                    "round", "floor", "ceil", "abs", "min", "max", "sum", "avg", "fixed", "now", "date"])

    /// The row for `name` of `kind`, if it came after version 1.
    static func feature(_ kind: EngineFeature.Kind, _ name: String) -> EngineFeature? {
        featureIndex[FeatureKey(kind: kind, name: name)]
    }

    private struct FeatureKey: Hashable {
        let kind: EngineFeature.Kind
        let name: String
    }

    private static let featureIndex: [FeatureKey: EngineFeature] = {
        var index: [FeatureKey: EngineFeature] = [:]
        for row in features where index[FeatureKey(kind: row.kind, name: row.name)] == nil { index[FeatureKey(kind: row.kind, name: row.name)] = row }
        return index
    }()
}
