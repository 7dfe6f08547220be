/// One step of a flow: something the person does, a check, or a change to the stubs.
///
/// ```json
/// {"set": "price", "value": 12.5}
/// {"type": "price", "text": "1.234,5"}   (as a person in the flow's locale types it)
/// {"tap": "save"}        {"tap": "save", "times": 2}   (a double tap)
/// {"trigger": "onSave", "event": {"source": "navBar"}}
/// {"pick": 1}            {"pick": "Mains"}        {"pick": null}   (cancels)
/// {"confirm": true}
/// {"back": true}         "back"
/// {"reopen": true}       "reopen"       (close the page and open it again: its draft is restored)
/// {"background": true}   "background"   (the app goes to the background: drafts are written)
/// "offline"   "online"   (the network goes and comes back: what waits in the outbox is sent)
/// "relaunch"  (the app is killed and launched again: same drafts, globals and outbox)
/// {"expect": {"data.dish.price": 12.5, "error.name": null}}
/// {"stub": {"PUT /api/dishes/42": {"status": 500}}}
/// ```
public struct FlowStep: Sendable, Equatable {
    /// What a step does.
    public enum Action: Sendable, Equatable {
        /// Types `value` into the input `key`, as a person would: `{"set": "price", "value": 12.5}`.
        case set(key: String, value: PageValue)
        /// Types `text` into an input, read in the page's locale (`1.234,5` in `de`).
        case type(key: String, text: String)
        /// Taps `times` times in a row, as fast as a person can (no waiting in between).
        case tap(String, times: Int = 1)
        /// Runs the page interaction named as the host would, with `event` as `$event`.
        case trigger(String, event: PageValue)
        /// Attaches files to a `file` input, as a person choosing them in its picker would: paths
        /// relative to the flow file (`PageHarness.fileFolder`), or absolute.
        case attach(key: String, files: [String])
        /// Answers the picker the page shows.
        case pick(Pick)
        /// Answers the page's confirmation: yes (`true`) or no.
        case confirm(Bool)
        /// Goes back, as the system's back button does.
        case back
        /// Closes every page and opens the first one again with the same params (`PageHarness.reopen()`).
        case reopen
        /// The app goes to the background (`PageEngine.applicationWillResignActive()`).
        case background
        /// The network goes: every request fails as without a network, and the host tells the
        /// engine (`PageEngine.networkIsGone()`), so an `api` with `"offline": "queue"` queues.
        case offline
        /// The network is back: the host tells the engine (`PageEngine.networkIsBack()`) and the
        /// step waits until the outbox has sent what it could.
        case online
        /// The app is killed and launched again (`PageHarness.relaunch()`): a new engine with the
        /// same drafts, `$global` and outbox storage opens the first page again, and sends the
        /// outbox at launch when online.
        case relaunch
        /// Checks what the page shows and did; every expectation is checked, and all that fail are reported.
        case expect([FlowExpectation])
        /// Request stubs and host stubs added for the rest of the flow.
        case stub(StubSet)
    }

    /// How a picker is answered.
    public enum Pick: Sendable, Equatable {
        /// The option at this index, from 0.
        case index(Int)
        /// The option with this title.
        case title(String)
        /// Closes the picker without choosing.
        case cancel
    }

    /// What the step does.
    public let action: Action
    /// A note the author wrote on the step (`"note"`), shown in failures.
    public let note: String?
    /// The step's JSON path in the file, like `steps[3]`.
    public let path: String

    /// A step doing `action`; `path` is where it is in the flow file, for messages.
    public init(_ action: Action, note: String? = nil, path: String = "") {
        self.action = action
        self.note = note
        self.path = path
    }

    /// The step keywords, in the order the docs list them.
    public static let keywords = ["set", "type", "tap", "trigger", "attach", "pick", "confirm", "back", "reopen", "background", "offline", "online", "relaunch", "expect", "stub"]

    /// How failures name the step: `set price`, `tap save`, `pick "Mains"`, `expect`.
    public var label: String {
        switch action {
        case .set(let key, _): return "set \(key)"
        case .type(let key, let text): return "type \(key) \(PageValue.string(text).jsonText)"
        case .tap(let key, let times): return "tap \(key)" + (times == 1 ? "" : " ×\(times)")
        case .trigger(let name, _): return "trigger \(name)"
        case .attach(let key, let files): return "attach \(key) " + files.joined(separator: " ")
        case .pick(.index(let n)): return "pick \(n)"
        case .pick(.title(let title)): return "pick \(PageValue.string(title).jsonText)"
        case .pick(.cancel): return "pick cancel"
        case .confirm(let yes): return "confirm \(yes ? "yes" : "no")"
        case .back: return "back"
        case .reopen: return "reopen"
        case .background: return "background"
        case .offline: return "offline"
        case .online: return "online"
        case .relaunch: return "relaunch"
        case .expect: return "expect"
        case .stub: return "stub"
        }
    }

    /// The step as written in a flow file.
    public var jsonValue: PageValue {
        var object = PageObject()
        switch action {
        case .set(let key, let value):
            object["set"] = .string(key)
            object["value"] = value
        case .type(let key, let text):
            object["type"] = .string(key)
            object["text"] = .string(text)
        case .tap(let key, let times):
            object["tap"] = .string(key)
            if times != 1 { object["times"] = .int(Int64(times)) }
        case .trigger(let name, let event):
            object["trigger"] = .string(name)
            if !event.isNull { object["event"] = event }
        case .attach(let key, let files):
            object["attach"] = .string(key)
            object["file"] = files.count == 1 ? .string(files[0]) : .array(files.map(PageValue.string))
        case .pick(.index(let n)): object["pick"] = .int(Int64(n))
        case .pick(.title(let title)): object["pick"] = .string(title)
        case .pick(.cancel): object["pick"] = .null
        case .confirm(let yes): object["confirm"] = .bool(yes)
        case .back: object["back"] = .bool(true)
        case .reopen: object["reopen"] = .bool(true)
        case .background: object["background"] = .bool(true)
        case .offline: object["offline"] = .bool(true)
        case .online: object["online"] = .bool(true)
        case .relaunch: object["relaunch"] = .bool(true)
        case .expect(let expectations):
            object["expect"] = .object(PageObject(expectations.map { ($0.path.description, $0.expectedJSON) }))
        case .stub(let stubs): object["stub"] = stubs.jsonValue
        }
        if let note { object["note"] = .string(note) }
        return .object(object)
    }

    // MARK: - Decoding

    /// Reads one step; `path` is its JSON path (`steps[3]`), for errors.
    static func decode(_ value: PageValue, path: String) throws(FlowFileError.Problem) -> FlowStep {
        if case .string("back") = value { return FlowStep(.back, path: path) }
        if case .string("reopen") = value { return FlowStep(.reopen, path: path) }
        if case .string("background") = value { return FlowStep(.background, path: path) }
        if case .string("offline") = value { return FlowStep(.offline, path: path) }
        if case .string("online") = value { return FlowStep(.online, path: path) }
        if case .string("relaunch") = value { return FlowStep(.relaunch, path: path) }
        guard case .object(let object) = value else {
            throw .init(path, "a step is an object with one of " + keywords.joined(separator: ", ") + ", like {\"tap\": \"save\"}; not \(value.jsonText)")
        }
        let found = object.keys.filter { keywords.contains($0) }
        guard found.count == 1, let keyword = found.first, let argument = object[keyword] else {
            if found.count > 1 { throw .init(path, "a step does one thing, but this one has " + found.joined(separator: " and ") + "; split it into steps") }
            let guess = object.keys.lazy.compactMap { Suggestions.nearest(to: $0, in: keywords) }.first
            throw .init(path, (object.keys.first.map { "unknown step '\($0)'" } ?? "an empty step") + (guess.map { "; did you mean '\($0)'?" } ?? "; a step has one of " + keywords.joined(separator: ", ")))
        }
        let extra: [String] = keyword == "set" ? ["value"] : keyword == "type" ? ["text"] : keyword == "trigger" ? ["event"] : keyword == "tap" ? ["times"] : keyword == "attach" ? ["file"] : []
        for key in object.keys where key != keyword && !extra.contains(key) && key != "note" {
            let hint = Suggestions.nearest(to: key, in: extra + ["note"]).map { "; did you mean '\($0)'?" } ?? ""
            throw .init("\(path).\(key)", "'\(keyword)' steps don't take '\(key)'" + hint + (extra.isEmpty ? "" : "; they take " + extra.joined(separator: ", ")))
        }
        var note: String?
        if let raw = object["note"] {
            guard case .string(let text) = raw else { throw .init("\(path).note", "a note is text") }
            note = text
        }
        let at = "\(path).\(keyword)"
        func string(_ what: String) throws(FlowFileError.Problem) -> String {
            guard case .string(let text) = argument, !text.isEmpty else { throw .init(at, "'\(keyword)' takes \(what) as a string, not \(argument.jsonText)") }
            return text
        }
        let action: Action
        switch keyword {
        case "set":
            guard let value = object["value"] else { throw .init(path, "'set' needs a \"value\": {\"set\": \"\(argument.stringValue ?? "price")\", \"value\": 12.5}") }
            action = .set(key: try string("the component's key"), value: value)
        case "type":
            guard case .string(let text)? = object["text"] else {
                throw .init(path, "'type' needs the \"text\" typed, as a string: {\"type\": \"\(argument.stringValue ?? "price")\", \"text\": \"1.234,5\"}")
            }
            action = .type(key: try string("the component's key"), text: text)
        case "tap":
            var times = 1
            if let raw = object["times"] {
                guard case .int(let n) = raw, (1...10).contains(n) else { throw .init("\(path).times", "'times' is how many taps in a row, from 1 to 10, not \(raw.jsonText)") }
                times = Int(n)
            }
            action = .tap(try string("the component's key"), times: times)
        case "trigger": action = .trigger(try string("the interaction's name"), event: object["event"] ?? .null)
        case "attach":
            let example = "{\"attach\": \"\(argument.stringValue ?? "receipt")\", \"file\": \"fixtures/receipt.jpg\"}"
            let files: [String]
            switch object["file"] {
            case .string(let file)? where !file.isEmpty: files = [file]
            case .array(let list)? where !list.isEmpty && list.allSatisfy({ !($0.stringValue ?? "").isEmpty }): files = list.compactMap(\.stringValue)
            default: throw .init(path, "'attach' needs the \"file\" to attach, a path from the flow file's folder (or a list of them): " + example)
            }
            action = .attach(key: try string("the file input's key"), files: files)
        case "pick":
            switch argument {
            case .null: action = .pick(.cancel)
            case .int(let n) where n >= 0: action = .pick(.index(Int(n)))
            case .string(let title): action = .pick(.title(title))
            default: throw .init(at, "'pick' takes an option's index from 0, its title, or null to cancel; not \(argument.jsonText)")
            }
        case "confirm":
            switch argument {
            case .bool(let yes): action = .confirm(yes)
            case .string("yes"): action = .confirm(true)
            case .string("no"): action = .confirm(false)
            default: throw .init(at, "'confirm' takes true (yes) or false (no), not \(argument.jsonText)")
            }
        case "back":
            guard argument == .bool(true) else { throw .init(at, "write {\"back\": true}") }
            action = .back
        case "reopen":
            guard argument == .bool(true) else { throw .init(at, "write {\"reopen\": true}") }
            action = .reopen
        case "background":
            guard argument == .bool(true) else { throw .init(at, "write {\"background\": true}") }
            action = .background
        case "offline", "online", "relaunch":
            guard argument == .bool(true) else { throw .init(at, "write {\"\(keyword)\": true}, or just \"\(keyword)\"") }
            action = keyword == "offline" ? .offline : keyword == "online" ? .online : .relaunch
        case "expect":
            guard case .object(let checks) = argument, !checks.isEmpty else {
                throw .init(at, "'expect' takes an object of path → expected value, like {\"data.price\": 12.5}")
            }
            var expectations: [FlowExpectation] = []
            for (text, expected) in checks {
                let checkPath = "\(at).\(text)"
                let flowPath: FlowPath
                do { flowPath = try FlowPath(text) } catch { throw .init(checkPath, error.message) }
                let root = flowPath.root
                if !PageHarness.readableRoots.contains(root) {
                    let hint = Suggestions.nearest(to: root, in: PageHarness.readableRoots).map { "; did you mean '\($0)'?" } ?? "; a path starts with one of " + PageHarness.readableRoots.joined(separator: ", ")
                    throw .init(checkPath, "there is no '\(root)' to read" + hint)
                }
                expectations.append(FlowExpectation(flowPath, try FlowExpectation.matcher(from: expected, path: checkPath)))
            }
            action = .expect(expectations)
        default:
            action = .stub(try StubSet.decode(argument, path: at))
        }
        return FlowStep(action, note: note, path: path)
    }
}
