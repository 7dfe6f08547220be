/// A decoded page: everything in the page JSON, with expressions compiled.
///
/// Build one with `PageDocument.decode(_:registry:file:)`; it returns the document together with
/// every problem found, so a page author sees all errors at once.
public struct PageDocument: Sendable {
    /// The page's id (`"page"`): what `push` and the repository name it by.
    public let id: String
    /// The page's version; delivery installs only higher ones.
    public let version: Int
    /// The oldest engine version that can run the page.
    public let minEngineVersion: Int
    /// The page's title, often a template.
    public let title: AttributeNode?
    /// The `$param` values the page declares.
    public let params: [ParamSpec]
    /// The initial `$data`.
    public let data: PageValue
    /// `$computed`: named values computed from the stores, in the order written.
    public let computed: [ComputedNode]
    /// The top-level components, in order.
    public let components: [ComponentNode]
    /// Interaction name → chain: `loaded`, `appear`, `disappear`, `onSave`, …
    public let interactions: [String: [ActionNode]]
    /// The page's error handlers, tried after an action's own.
    public let onError: [HandlerNode]
    /// Chains that run when a value changes or a condition turns true, in page order.
    public let watchers: [WatcherNode]
    /// Interactions (`onSave`, `save.onTap`) whose second run waits for the first instead of being
    /// refused: `"whileRunning": { "save.onTap": "queue" }`.
    public let queued: Set<String>
    /// The page's own blocks (those of its libraries are in `libraries`).
    public let blocks: [BlockDefinition]
    /// The libraries the page names and the ones they need, as they were when it was read.
    public let libraries: [BlockLibrary]
    /// The lowest version of each library the page names under `"libraries"`.
    public let requiredLibraries: [String: Int]
    /// Each of the page's own blocks read once with stand-ins for its attributes, for `check`.
    let blockChecks: [ComponentNode]
    /// The file it was read from, when known.
    public let file: String?
    /// The JSON as written.
    ///
    /// NB: a page decoded from bytes doesn't keep it in memory (most of a page's JSON is no
    /// longer needed once it is decoded): the first read reads the bytes again, and keeps it.
    public var source: PageValue { keptSource ?? locations?.value ?? .null }
    /// The JSON as written, when it isn't read from `locations` on demand.
    let keptSource: PageValue?
    /// Where each node starts in the file, for diagnostics with line and column.
    let locations: JSONReader.Document?
    /// The texts the page can show, by locale and key: its `"strings"`, its libraries', and the
    /// texts it writes in place (see `Locales/`).
    public internal(set) var strings: StringTable = .empty
    /// Every localized value in the page, for `check --locale`.
    public internal(set) var texts: [TextUse] = []
    /// What the page asks of drafts (`"draft"`); nil when it keeps none.
    public internal(set) var draft: DraftPolicy? = nil
    /// What `check` and `engineRequirement` read of the JSON as written, kept so they needn't
    /// read `source` again: the page's members, in the order written, and its `"whileRunning"`.
    var writtenMembers: [String] = []
    var writtenWhileRunning: PageValue? = Optional.none

    /// Interactions the engine triggers by itself.
    public static let lifecycleInteractions = ["loaded", "appear", "disappear"]
}

/// A declared `$param`: its name, type, whether it must be given, and a default.
public struct ParamSpec: Sendable {
    /// The param's name: `$param.NAME`.
    public let name: String
    /// The param's type.
    public let type: AttributeType
    /// Whether the opener must give it.
    public let required: Bool
    /// The value when the opener gives none.
    public let defaultValue: PageValue?
}
