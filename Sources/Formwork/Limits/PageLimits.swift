import Foundation

/// Every budget Formwork enforces, declared in one place and shared by the engine, the CLI and the
/// flow harness, so a page that fits in one fits in all three.
///
/// Pages, manifests and server answers arrive over the network and run inside people's apps, so
/// every kind of work is bounded: what one evaluation computes, what one interaction runs, how deep
/// pages push, how big a stored value or a download may grow. Going over a budget is a failure like
/// any other (`$error.kind` is `"limit"`), handled by `onError` — never a crash, a hang or runaway
/// memory.
///
/// ```swift
/// var limits = PageLimits.standard
/// limits.apiResponseBytes = 1 << 20        // this app's server never answers more than 1 MiB
/// let engine = PageEngine(host: host, limits: limits)
/// ```
///
/// Grammar.md's "Limits" table is printed from `PageLimits.standard.rows` and checked by a test.
public struct PageLimits: Sendable, Equatable {
    // MARK: - Expressions

    /// The longest expression or template accepted, in UTF-8 bytes.
    public var expressionBytes = 20_000
    /// The deepest nesting of operators, calls, brackets and member accesses in an expression.
    public var expressionDepth = 256
    /// The work one evaluation may do: each operator, call, member access and each element a
    /// function such as `map`, `count` or `range` visits is a step. Constant folding at compile
    /// time uses the same budget; a constant over it is simply left to run time.
    public var evaluationSteps = 1_000_000
    /// The total size of the strings and arrays one evaluation may build, in bytes (an array
    /// element counts 16 bytes).
    public var evaluationBytes = 16 << 20
    /// The work one regular expression match (`matches()`, the `regex` validation, a flow's
    /// `$matches`) may do before it fails, in the engine's steps (each character compared and each
    /// backtrack is about one): about a quarter of a second on a laptop. Counted in steps, never
    /// seconds, so a page gets the same answer on every device. Kept well under the roughly 42
    /// million steps after which ICU abandons a match and wrongly answers "no match".
    public var regexSteps = 10_000_000

    // MARK: - Values

    /// The deepest nesting of arrays and objects in a JSON document or a stored value. Equal for
    /// both, so nothing can be saved that can't be loaded again.
    public var valueDepth = 256
    /// The largest value one store write may hold, measured as its JSON text, in bytes.
    public var valueBytes = 16 << 20
    /// The largest page file, flow file or JSON document read, in bytes.
    public var documentBytes = 8 << 20

    // MARK: - Blocks

    /// How deeply blocks may be used inside blocks (and named chains inside named chains).
    public var blockDepth = 16
    /// The most components one page may build from blocks when it is read: a use of a block
    /// counts every component it expands to, so a few small blocks nested in each other can't
    /// multiply into millions.
    public var blockComponents = 20_000

    // MARK: - Interactions and pages

    /// The most actions one interaction may run, counting everything its `all`, `trigger`, `if`
    /// and error handlers start.
    public var actionsPerInteraction = 10_000
    /// How deeply `trigger` may start interactions inside each other.
    public var triggerDepth = 64
    /// How deeply a failure inside an error handler's chain may be handled by another handler.
    public var handlerDepth = 8
    /// The most pages open on one stack: a page pushed past it fails instead of opening.
    public var pushDepth = 32
    /// The most runs of one interaction that may wait for the run before it to finish
    /// (`"whileRunning": {"save.onTap": "queue"}`); more are refused.
    public var queuedRuns = 16
    /// How many watchers may set each other off in a row (a watcher's chain writes what another,
    /// or the same, watcher watches); the next one is stopped with a diagnostic.
    public var watcherDepth = 32

    // MARK: - Flows

    /// The longest one step of a flow (`formwork test`, `formwork run`, `PageHarness`) may keep the
    /// pages working before it fails, in seconds: a chain that never settles (an action that never
    /// returns) fails its step instead of hanging the run.
    public var flowStepSeconds = 20.0

    // MARK: - Trace

    /// How many trace events a page keeps (the oldest go first); the flow harness keeps as many
    /// of all its pages' events together.
    public var traceEvents = 1_000
    /// The longest preview of a value in a trace line, in characters; the rest is elided.
    public var tracePreviewCharacters = 200

    // MARK: - Delivery and requests

    /// The largest manifest `sync` reads, in bytes.
    public var manifestBytes = 4 << 20
    /// The most pages one manifest may list.
    public var manifestPages = 1_000
    /// The largest page `sync` downloads, in bytes (and never more than the manifest's size for it).
    public var pageBytes = 4 << 20
    /// The largest answer an `api` action reads, in bytes, after decompression.
    public var apiResponseBytes = 10 << 20
    /// The longest one request may take from start to the last byte, in seconds.
    public var requestSeconds = 30.0
    /// The longest one `sync` may take, in seconds.
    public var syncSeconds = 300.0
    /// The largest body one `upload` sends (its files and fields as multipart/form-data), in
    /// bytes; a larger one is refused before anything is sent.
    public var uploadBytes = 50 << 20
    /// The longest one `upload` may take from start to the last byte of the answer, in seconds.
    public var uploadSeconds = 300.0

    // MARK: - Outbox

    /// The most requests the outbox keeps to send later (`"offline": "queue"`); one more is refused.
    public var outboxRequests = 100
    /// The most bytes the requests the outbox keeps may take (URLs, headers and bodies); a request
    /// that doesn't fit is refused.
    public var outboxBytes = 1 << 20
    /// The longest a request may wait in the outbox, in seconds (7 days); then it is given up and
    /// the host told.
    public var outboxSeconds = 604_800.0

    // MARK: - Preview server

    /// The largest request line plus headers `formwork preview` reads, in bytes.
    public var previewHeadBytes = 16 << 10
    /// The largest request body `formwork preview` reads (an edit or a tap from the browser), in bytes.
    public var previewBodyBytes = 1 << 20
    /// The most connections `formwork preview` keeps open at once; each open page view holds one.
    public var previewConnections = 32
    /// The longest one request to `formwork preview` may take to arrive, in seconds.
    public var previewRequestSeconds = 10.0
    /// The most unsent live updates one browser view may fall behind by, in bytes, before the
    /// preview drops it (the browser reconnects and gets the current state).
    public var previewBacklogBytes = 8 << 20

    /// The standard budgets; change the ones to differ.
    public init() {}

    /// The limits Formwork ships with.
    public static let standard = PageLimits()
}

// MARK: - Documentation

extension PageLimits {
    /// One budget as Grammar.md's "Limits" table shows it.
    public struct Row: Sendable, Equatable {
        /// The property's name, like `evaluationSteps`.
        public let name: String
        /// The standard value as the table prints it, like `1,000,000` or `8 MiB`.
        public let value: String
        /// What it bounds.
        public let bounds: String
    }

    /// Every budget, in the order of Grammar.md's "Limits" table.
    public var rows: [Row] {
        func bytes(_ n: Int) -> String { PageLimits.describe(bytes: n) }
        func grouped(_ n: Int) -> String { PageLimits.grouped(n) }
        func seconds(_ s: Double) -> String { PageLimits.describe(seconds: s) }
        return [
            Row(name: "expressionBytes", value: bytes(expressionBytes), bounds: "the length of one expression or template"),
            Row(name: "expressionDepth", value: grouped(expressionDepth), bounds: "nesting inside one expression"),
            Row(name: "evaluationSteps", value: grouped(evaluationSteps), bounds: "operators, calls and elements visited by one evaluation (constant folding too)"),
            Row(name: "evaluationBytes", value: bytes(evaluationBytes), bounds: "text and arrays built by one evaluation"),
            Row(name: "regexSteps", value: grouped(regexSteps), bounds: "engine steps of one regular expression match"),
            Row(name: "valueDepth", value: grouped(valueDepth), bounds: "nesting of a JSON document or a stored value"),
            Row(name: "valueBytes", value: bytes(valueBytes), bounds: "one value written to a store, as JSON text"),
            Row(name: "documentBytes", value: bytes(documentBytes), bounds: "one page, flow or JSON file"),
            Row(name: "blockDepth", value: grouped(blockDepth), bounds: "blocks used inside blocks, and named chains inside named chains"),
            Row(name: "blockComponents", value: grouped(blockComponents), bounds: "components one page builds from blocks when it is read"),
            Row(name: "actionsPerInteraction", value: grouped(actionsPerInteraction), bounds: "actions run by one interaction, with all it starts"),
            Row(name: "triggerDepth", value: grouped(triggerDepth), bounds: "`trigger` inside `trigger`"),
            Row(name: "handlerDepth", value: grouped(handlerDepth), bounds: "failures inside error handlers handled by other handlers"),
            Row(name: "pushDepth", value: grouped(pushDepth), bounds: "pages open on one stack"),
            Row(name: "queuedRuns", value: grouped(queuedRuns), bounds: "runs of one interaction waiting for the one before it (`whileRunning: queue`)"),
            Row(name: "watcherDepth", value: grouped(watcherDepth), bounds: "watchers set off by other watchers' writes, in a row"),
            Row(name: "flowStepSeconds", value: seconds(flowStepSeconds), bounds: "the work one flow step starts, until the pages settle"),
            Row(name: "traceEvents", value: grouped(traceEvents), bounds: "trace events a page keeps (and the flow harness, of all its pages)"),
            Row(name: "tracePreviewCharacters", value: grouped(tracePreviewCharacters), bounds: "a value shown in one trace line"),
            Row(name: "manifestBytes", value: bytes(manifestBytes), bounds: "a manifest read by sync"),
            Row(name: "manifestPages", value: grouped(manifestPages), bounds: "pages listed in one manifest"),
            Row(name: "pageBytes", value: bytes(pageBytes), bounds: "a page downloaded by sync"),
            Row(name: "apiResponseBytes", value: bytes(apiResponseBytes), bounds: "an `api` answer, after decompression"),
            Row(name: "requestSeconds", value: seconds(requestSeconds), bounds: "one request, first byte to last"),
            Row(name: "syncSeconds", value: seconds(syncSeconds), bounds: "one whole sync"),
            Row(name: "outboxRequests", value: grouped(outboxRequests), bounds: "requests kept in the outbox to send later"),
            Row(name: "outboxBytes", value: bytes(outboxBytes), bounds: "what the outbox keeps: URLs, headers and bodies"),
            Row(name: "outboxSeconds", value: seconds(outboxSeconds), bounds: "how long a request waits in the outbox before it is given up"),
            Row(name: "uploadBytes", value: bytes(uploadBytes), bounds: "the body one `upload` sends, refused before sending"),
            Row(name: "uploadSeconds", value: seconds(uploadSeconds), bounds: "one `upload`, first byte to last"),
            Row(name: "previewHeadBytes", value: bytes(previewHeadBytes), bounds: "a request line and headers sent to `formwork preview`"),
            Row(name: "previewBodyBytes", value: bytes(previewBodyBytes), bounds: "a request body sent to `formwork preview`"),
            Row(name: "previewConnections", value: grouped(previewConnections), bounds: "connections `formwork preview` keeps open at once"),
            Row(name: "previewRequestSeconds", value: seconds(previewRequestSeconds), bounds: "one request to `formwork preview`, first byte to last"),
            Row(name: "previewBacklogBytes", value: bytes(previewBacklogBytes), bounds: "live updates a browser view of `formwork preview` may fall behind by"),
        ]
    }

    /// Grammar.md's "Limits" table, as Markdown.
    public var markdownTable: String {
        var lines = ["| budget | standard | bounds |", "|---|---|---|"]
        for row in rows { lines.append("| `\(row.name)` | \(row.value) | \(row.bounds) |") }
        return lines.joined(separator: "\n")
    }

    /// `16 MiB`, `20,000 bytes`: a size as the table and messages show it.
    public static func describe(bytes n: Int) -> String {
        if n >= 1 << 20, n % (1 << 20) == 0 { return "\(n >> 20) MiB" }
        if n >= 1 << 10, n % (1 << 10) == 0 { return "\(n >> 10) KiB" }
        return "\(grouped(n)) bytes"
    }

    /// `30 s`, `0.5 s`: a duration as the table and messages show it.
    public static func describe(seconds s: Double) -> String {
        s == s.rounded() && abs(s) < 1e15 ? "\(Int(s)) s" : "\(s) s"
    }

    /// `1,000,000`: a count with thousands separators.
    public static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }
}
