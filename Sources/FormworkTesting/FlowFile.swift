import Foundation

/// A page-flow test written as JSON: which page to open with what, the stubbed server, and the
/// steps a person takes with checks between them. See Grammar.md, part 3.
///
/// ```json
/// {
///   "flow": "add a dish",
///   "page": "dish-edit.json",
///   "stubs": { "POST /api/dishes": { "status": 201, "body": { "id": "7" } } },
///   "steps": [
///     { "set": "name", "value": "Mapo tofu" },
///     { "set": "price", "value": 12.5 },
///     { "tap": "save" },
///     { "expect": { "request.body.dish.price": 12.5, "response.id": "7" } }
///   ]
/// }
/// ```
public struct FlowFile: Sendable {
    /// The flow's name (`"flow"`), or the file's name without `.flow.json`.
    public var name: String
    /// What the flow proves, for a person (`"description"`).
    public var description: String?
    /// The file it was read from.
    public var file: String?
    /// The page: a file path ending in `.json` (relative to the flow file), or a page id looked
    /// up in `pages`.
    public var page: String
    /// Where pushed pages (and a page given by id) are found, relative to the flow file; default
    /// the page file's folder.
    public var pages: String?
    /// The page's `$param`.
    public var params: PageValue
    /// `$global` when the page opens.
    public var globals: PageValue
    /// Milliseconds since 1970 for `now()`; default 2024-01-01T00:00:00Z.
    public var clock: Int64
    /// The time zone for date functions; default UTC.
    public var timeZone: String
    /// The person's preferred languages (`"locale": "zh-Hans"` or `["de-CH", "en"]`); none means
    /// the page's default language.
    public var languages: [String] = []
    /// Canned answers for the requests the pages send.
    public var stubs: [StubRule]
    /// Stubs for the app's own actions, functions and validations (`"action analytics": …`).
    public var hostStubs: [HostStub] = []
    /// What the person does, and what must be true after, in order.
    public var steps: [FlowStep]

    /// A flow opening `page` with `params` and `globals`, answering requests from `stubs`, running `steps`.
    public init(name: String, description: String? = nil, file: String? = nil, page: String, pages: String? = nil,
                params: PageValue = .object(PageObject()), globals: PageValue = .object(PageObject()),
                clock: Int64 = PageHarness.defaultClock, timeZone: String = "UTC", stubs: [StubRule] = [], steps: [FlowStep] = []) {
        self.name = name
        self.description = description
        self.file = file
        self.page = page
        self.pages = pages
        self.params = params
        self.globals = globals
        self.clock = clock
        self.timeZone = timeZone
        self.stubs = stubs
        self.steps = steps
    }

    /// The members a flow file may have.
    public static let members = ["$schema", "flow", "description", "page", "pages", "params", "globals", "clock", "timeZone", "locale", "stubs", "steps"]

    /// The flow as a JSON document, for writing (`formwork run --record`).
    public var jsonValue: PageValue {
        var object = PageObject([("flow", .string(name))])
        if let description { object["description"] = .string(description) }
        object["page"] = .string(page)
        if let pages { object["pages"] = .string(pages) }
        if params.objectValue?.isEmpty == false { object["params"] = params }
        if globals.objectValue?.isEmpty == false { object["globals"] = globals }
        if clock != PageHarness.defaultClock { object["clock"] = .int(clock) }
        if timeZone != "UTC" { object["timeZone"] = .string(timeZone) }
        if languages.count == 1 { object["locale"] = .string(languages[0]) } else if !languages.isEmpty { object["locale"] = .array(languages.map(PageValue.string)) }
        if !stubs.isEmpty || !hostStubs.isEmpty { object["stubs"] = StubSet(requests: stubs, host: hostStubs).jsonValue }
        object["steps"] = .array(steps.map(\.jsonValue))
        return .object(object)
    }

    /// The flow file's text: indented JSON, one step per line where it fits.
    public var text: String {
        var lines = ["{"]
        let entries = jsonValue.objectValue?.entries ?? []
        for (n, entry) in entries.enumerated() {
            let comma = n == entries.count - 1 ? "" : ","
            let key = PageValue.string(entry.key).jsonText
            if entry.key == "steps", case .array(let steps) = entry.value {
                lines.append("  \(key): [")
                for (i, step) in steps.enumerated() { lines.append("    " + step.jsonText + (i == steps.count - 1 ? "" : ",")) }
                lines.append("  ]" + comma)
            } else {
                let value = entry.value.jsonText.count <= 90 ? entry.value.jsonText : entry.value.prettyJSONText.replacingOccurrences(of: "\n", with: "\n  ")
                lines.append("  \(key): \(value)\(comma)")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Reading

    /// Reads and checks a flow file.
    public static func load(file path: String, limits: PageLimits = .standard) throws(FlowFileError) -> FlowFile {
        let bytes: [UInt8]
        do {
            bytes = try ReadableFile.read(path, limit: limits.documentBytes)
        } catch {
            throw FlowFileError(file: path, path: "", message: error.isMissing ? "can't read the flow file; check the path" : "can't read the flow file: \(error.reason)")
        }
        return try decode(bytes, file: path, limits: limits)
    }

    /// Reads a flow from JSON bytes; errors name the file, the line and column, and the JSON path.
    public static func decode(_ bytes: [UInt8], file: String, limits: PageLimits = .standard) throws(FlowFileError) -> FlowFile {
        guard bytes.count <= limits.documentBytes else {
            throw FlowFileError(file: file, path: "", message: "the flow file is \(bytes.count) bytes long; flow files may be at most \(limits.documentBytes) bytes (the documentBytes limit)")
        }
        let document: JSONReader.Document
        do {
            document = try JSONReader.parseDocument(bytes: bytes, maximumDepth: limits.valueDepth)
        } catch {
            throw FlowFileError(file: file, line: error.line, column: error.column, path: error.path, message: "the file is not valid JSON: \(error.message)")
        }
        do {
            return try decode(document.value, file: file)
        } catch {
            var location = document.location(of: error.path)
            var parent = error.path
            while location == nil, let cut = parent.lastIndex(where: { $0 == "." || $0 == "[" }) {
                parent = String(parent[..<cut])
                location = document.location(of: parent)
            }
            throw FlowFileError(file: file, line: location?.line, column: location?.column, path: error.path, message: error.message)
        }
    }

    static func decode(_ root: PageValue, file: String) throws(FlowFileError.Problem) -> FlowFile {
        guard case .object(let object) = root else {
            throw .init("", "a flow file is a JSON object with \"page\" and \"steps\", not \(root.typeName)")
        }
        for key in object.keys where !members.contains(key) {
            let hint = Suggestions.nearest(to: key, in: members).map { "; did you mean '\($0)'?" } ?? "; a flow has " + members.dropFirst().joined(separator: ", ")
            throw .init(key, "unknown member '\(key)'" + hint)
        }
        func text(_ key: String) throws(FlowFileError.Problem) -> String? {
            guard let value = object[key] else { return nil }
            guard case .string(let s) = value, !s.isEmpty else { throw .init(key, "\"\(key)\" must be a non-empty string") }
            return s
        }
        func storeObject(_ key: String) throws(FlowFileError.Problem) -> PageValue {
            guard let value = object[key] else { return .object(PageObject()) }
            guard case .object = value else { throw .init(key, "\"\(key)\" must be an object") }
            return value
        }
        guard let page = try text("page") else {
            throw .init("", "the flow has no \"page\"; name the page file, like \"page\": \"dish-edit.json\"")
        }
        var flow = FlowFile(name: try text("flow") ?? FlowFile.defaultName(file), file: file, page: page)
        flow.description = try text("description")
        flow.pages = try text("pages")
        flow.params = try storeObject("params")
        flow.globals = try storeObject("globals")
        if let clock = object["clock"] {
            flow.clock = try FlowFile.milliseconds(clock)
        }
        if let zone = try text("timeZone") {
            guard TimeZone(identifier: zone) != nil else { throw .init("timeZone", "unknown time zone '\(zone)'; use an identifier like UTC or Asia/Shanghai") }
            flow.timeZone = zone
        }
        if let locale = object["locale"] {
            let tags: [PageValue]
            switch locale {
            case .string: tags = [locale]
            case .array(let items): tags = items
            default: throw .init("locale", "\"locale\" is a language tag such as \"zh-Hans\", or a list of them, most preferred first")
            }
            for tag in tags {
                guard case .string(let text) = tag, LocaleTag.canonical(text) != nil else {
                    throw .init("locale", "\(tag.jsonText) is not a language tag; use one such as \"en\", \"de-CH\" or \"zh-Hans\"")
                }
                flow.languages.append(text)
            }
        }
        if let stubs = object["stubs"] {
            let set = try StubSet.decode(stubs, path: "stubs")
            flow.stubs = set.requests
            flow.hostStubs = set.host
        }
        guard case .array(let steps)? = object["steps"] else {
            throw .init(object["steps"] == nil ? "" : "steps", "the flow needs \"steps\": an array like [{\"tap\": \"save\"}, {\"expect\": {\"data.saved\": true}}]")
        }
        for (index, step) in steps.enumerated() {
            flow.steps.append(try FlowStep.decode(step, path: "steps[\(index)]"))
        }
        return flow
    }

    /// The name a flow file gets when it has no "flow": its file name without `.flow.json`.
    public static func defaultName(_ file: String) -> String {
        var name = URL(fileURLWithPath: file).lastPathComponent
        for suffix in [".flow.json", ".json"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        return name
    }

    /// A clock as milliseconds since 1970, or an ISO 8601 time like `2024-05-01T12:00:00Z`.
    static func milliseconds(_ value: PageValue) throws(FlowFileError.Problem) -> Int64 {
        if let ms = value.intValue { return ms }
        if case .string(let text) = value {
            let formatter = ISO8601DateFormatter()
            if let date = formatter.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        }
        throw .init("clock", "\"clock\" is milliseconds since 1970 or an ISO 8601 time like \"2024-05-01T12:00:00Z\", not \(value.jsonText)")
    }
}
