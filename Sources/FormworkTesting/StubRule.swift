/// One stub as flow files and `--api-stub` files write it: `"POST /api/dishes": {"status": 201, "body": {…}}`,
/// or an array of answers used in order (the last repeats).
public struct StubRule: Sendable, Equatable {
    /// The method it answers, in capitals.
    public let method: String
    /// The path it answers.
    public let path: String
    /// The answers, used in order; the last repeats.
    public let responses: [StubResponse]

    /// A stub answering `method path` with `responses` in turn.
    public init(method: String, path: String, responses: [StubResponse]) {
        self.method = method.uppercased()
        self.path = path
        self.responses = responses
    }

    /// `"METHOD path"`, the member name in a stubs object.
    public var name: String { "\(method) \(path)" }

    /// One answer, or the array of answers.
    public var answerJSON: PageValue {
        responses.count == 1 ? responses[0].jsonValue : .array(responses.map(\.jsonValue))
    }

    /// Reads a stubs object; `path` is its JSON path, for errors.
    public static func decodeAll(_ value: PageValue, path: String) throws(FlowFileError.Problem) -> [StubRule] {
        guard case .object(let object) = value else {
            throw .init(path, "stubs are an object of \"METHOD /path\" → answer, like {\"POST /api/dish\": {\"status\": 200, \"body\": {}}}, not \(value.typeName)")
        }
        var rules: [StubRule] = []
        for (name, answer) in object {
            let memberPath = path.isEmpty ? name : "\(path).\(name)"
            let parts = name.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard parts.count == 2, parts[1].hasPrefix("/") || parts[1].hasPrefix("http://") || parts[1].hasPrefix("https://") else {
                throw .init(memberPath, "a stub is named \"METHOD /path\", like \"POST /api/dish\", not \"\(name)\"")
            }
            var responses: [StubResponse] = []
            if case .array(let items) = answer {
                guard !items.isEmpty else { throw .init(memberPath, "give at least one answer") }
                for (i, item) in items.enumerated() { responses.append(try StubResponse.decode(item, path: "\(memberPath)[\(i)]")) }
            } else {
                responses.append(try StubResponse.decode(answer, path: memberPath))
            }
            rules.append(StubRule(method: String(parts[0]), path: String(parts[1]), responses: responses))
        }
        return rules
    }

    /// Stubs as a JSON object, for writing flow files.
    public static func json(_ rules: [StubRule]) -> PageValue {
        .object(PageObject(rules.map { ($0.name, $0.answerJSON) }))
    }
}

extension StubTransport {
    /// Adds stubs read from a flow or `--api-stub` file.
    public func add(_ rules: [StubRule]) {
        for rule in rules { on(rule.method, rule.path, answer: .canned(rule.responses)) }
    }
}
