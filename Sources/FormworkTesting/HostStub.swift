/// A stub for one of the app's own types, described in its registry file but with no Swift code
/// here: a flow file's or `--api-stub` file's `"action NAME"`, `"function NAME"` or
/// `"validation NAME"` member, next to the request stubs.
///
/// ```json
/// "stubs": {
///   "GET /api/basket": { "body": { "total": 12.5 } },
///   "action open-map": [ { "result": { "opened": true } }, { "error": "No maps app", "kind": "unavailable" } ],
///   "function currency": [ { "args": [12.5, "EUR"], "result": "€12.50" }, { "result": "€0.00" } ],
///   "validation iban": [ { "value": "DE00", "result": "Enter a valid IBAN" } ]
/// }
/// ```
///
/// An action's answers are used in order, one per run, the last repeating; a function's and a
/// validation's answer is the first whose `args` (or `value`) equal the call's, or that has none.
public struct HostStub: Sendable, Equatable {
    /// Which of the app's own types a stub stands in for.
    public enum Kind: String, Sendable, CaseIterable {
        /// An action of the app's: `"action analytics"` in a flow's stubs.
        case action
        /// A function of the app's: `"function currency"`.
        case function
        /// A validation of the app's: `"validation iban"`.
        case validation
    }

    /// One answer: a result, or a failure.
    public struct Answer: Sendable, Equatable {
        /// For functions, the arguments; for validations, `$value`: the answer applies only to an
        /// equal call. Nil applies to any.
        public var match: PageValue?
        /// What the action returns, the function gives, or the validation's message (null: passes).
        public var result: PageValue
        /// When set, the action or function fails with this message.
        public var error: String?
        /// `$error.kind` of an action's failure; default `"error"`.
        public var errorKind: String?

        /// An answer: `result`, or a failure with `error` (and `errorKind`), for calls equal to `match` (any call when nil).
        public init(match: PageValue? = nil, result: PageValue = .null, error: String? = nil, errorKind: String? = nil) {
            self.match = match
            self.result = result
            self.error = error
            self.errorKind = errorKind
        }
    }

    /// An action, a function or a validation.
    public let kind: Kind
    /// The type's id, as the registry file names it (`analytics`, `currency`).
    public let name: String
    /// The answers, in the order the file gives them.
    public let answers: [Answer]

    /// A stub for the `kind` called `name`, answering with `answers`.
    public init(_ kind: Kind, _ name: String, answers: [Answer]) {
        self.kind = kind
        self.name = name
        self.answers = answers
    }

    /// `"action analytics"`, the member name in a stubs object.
    public var key: String { "\(kind.rawValue) \(name)" }

    /// The kind when `key` names a host stub (`"function currency"`), else nil.
    static func kind(of key: String) -> Kind? {
        guard let space = key.firstIndex(of: " ") else { return nil }
        return Kind(rawValue: String(key[..<space]))
    }

    // MARK: - JSON

    /// The answers as the flow file writes them: one object, or an array of them.
    public var answersJSON: PageValue {
        let values = answers.map { answer -> PageValue in
            var object = PageObject()
            if let match = answer.match { object[kind == .validation ? "value" : "args"] = match }
            if let error = answer.error {
                object["error"] = .string(error)
                if let errorKind = answer.errorKind { object["kind"] = .string(errorKind) }
            } else {
                object["result"] = answer.result
            }
            return .object(object)
        }
        return values.count == 1 ? values[0] : .array(values)
    }

    /// Reads one `"KIND NAME": answer-or-answers` member.
    static func decode(key: String, _ value: PageValue, path: String) throws(FlowFileError.Problem) -> HostStub {
        guard let kind = kind(of: key) else { throw .init(path, "not a host stub: \(key)") }
        let name = String(key.drop { $0 != " " }.dropFirst())
        guard !name.isEmpty, !name.contains(" ") else {
            throw .init(path, "a host stub is named \"\(kind.rawValue) NAME\", like \"\(kind.rawValue) \(kind == .function ? "currency" : kind == .action ? "analytics" : "iban")\"")
        }
        var answers: [Answer] = []
        if case .array(let items) = value {
            guard !items.isEmpty else { throw .init(path, "give at least one answer") }
            for (index, item) in items.enumerated() { answers.append(try answer(item, kind: kind, path: "\(path)[\(index)]")) }
        } else {
            answers.append(try answer(value, kind: kind, path: path))
        }
        return HostStub(kind, name, answers: answers)
    }

    private static func answer(_ value: PageValue, kind: Kind, path: String) throws(FlowFileError.Problem) -> Answer {
        let matchKey = kind == .validation ? "value" : "args"
        let allowed = kind == .validation ? ["value", "result", "description"] : [matchKey, "result", "error", "kind", "description"]
        guard case .object(let object) = value else {
            throw .init(path, "a stubbed answer is an object like {\"result\": …}" + (kind == .validation ? "" : " or {\"error\": \"message\"}") + ", not \(value.typeName)")
        }
        for key in object.keys where !allowed.contains(key) {
            let hint = Suggestions.nearest(to: key, in: allowed).map { "; did you mean '\($0)'?" } ?? "; it may have " + allowed.dropLast().joined(separator: ", ")
            throw .init(path + "." + key, "unknown member '\(key)' in a stubbed \(kind.rawValue) answer" + hint)
        }
        var answer = Answer(match: object[matchKey], result: object["result"] ?? .null)
        if kind == .function, let args = answer.match, args.arrayValue == nil {
            throw .init(path + ".args", "\"args\" is the array of arguments the answer is for, like [12.5, \"EUR\"]")
        }
        if let error = object["error"] {
            guard case .string(let message) = error else { throw .init(path + ".error", "\"error\" is the failure's message, a string") }
            answer.error = message
            if let errorKind = object["kind"] {
                guard case .string(let text) = errorKind, !text.isEmpty else { throw .init(path + ".kind", "\"kind\" is $error.kind, a string like \"unavailable\"") }
                answer.errorKind = text
            }
        } else if object["kind"] != nil {
            throw .init(path + ".kind", "\"kind\" goes with \"error\"")
        }
        return answer
    }
}

/// The stubs of a flow file or `--api-stub` file: request stubs (`"POST /api/dishes"`) and host
/// stubs (`"action analytics"`), read from one object.
public struct StubSet: Sendable, Equatable {
    /// Stubs for requests, such as `"POST /api/dishes"`.
    public var requests: [StubRule]
    /// Stubs for the app's own actions, functions and validations.
    public var host: [HostStub]

    /// A set of request stubs and host stubs.
    public init(requests: [StubRule] = [], host: [HostStub] = []) {
        self.requests = requests
        self.host = host
    }

    /// Reads a stubs object; `path` is its JSON path, for errors.
    public static func decode(_ value: PageValue, path: String) throws(FlowFileError.Problem) -> StubSet {
        guard case .object(let object) = value else { return StubSet(requests: try StubRule.decodeAll(value, path: path)) }
        var requests = PageObject()
        var host: [HostStub] = []
        for (key, answer) in object {
            if HostStub.kind(of: key) != nil {
                host.append(try HostStub.decode(key: key, answer, path: path.isEmpty ? key : "\(path).\(key)"))
            } else {
                requests[key] = answer
            }
        }
        return StubSet(requests: try StubRule.decodeAll(.object(requests), path: path), host: host)
    }

    /// Both kinds as one JSON object, for writing flow files.
    public var jsonValue: PageValue {
        guard case .object(var object) = StubRule.json(requests) else { return .null }
        for stub in host { object[stub.key] = stub.answersJSON }
        return .object(object)
    }
}
