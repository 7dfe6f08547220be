/// Why a flow failed: which step (numbered from 1), what it was, and what went wrong.
///
/// ```
/// step 4 (expect data.price): expected 12.5, got null
/// ```
public struct FlowFailure: Sendable, Equatable, CustomStringConvertible {
    /// The step number from 1; nil when the flow failed before its first step (the file or the page).
    public let step: Int?
    /// `expect data.price`, `tap save`, `open dish-edit.json`.
    public let label: String
    /// What went wrong, for a person: `expected 12.5, got null`.
    public let message: String
    /// For a failed expectation: what was expected (as written) and what was read.
    public let expected: PageValue?
    /// For a failed expectation: the value read.
    public let actual: PageValue?

    /// A failure of step `step` (nil: before the first step).
    public init(step: Int?, label: String, message: String, expected: PageValue? = nil, actual: PageValue? = nil) {
        self.step = step
        self.label = label
        self.message = message
        self.expected = expected
        self.actual = actual
    }

    /// `step 4 (expect data.price): expected 12.5, got null`.
    public var description: String {
        (step.map { "step \($0) (\(label))" } ?? label) + ": " + message
    }

    /// As JSON, for `formwork test --format json`.
    public var jsonValue: PageValue {
        .object(PageObject([
            ("step", step.map { .int(Int64($0)) } ?? .null), ("label", .string(label)), ("message", .string(message)),
            ("expected", expected ?? .null), ("actual", actual ?? .null),
        ]))
    }
}

/// How one flow went, with what it exercised for coverage.
public struct FlowResult: Sendable {
    /// The flow file as it was named to the runner.
    public let file: String
    /// The flow's name (its `"flow"`), or its file name without `.flow.json`.
    public let name: String
    /// How many steps the flow has.
    public let stepCount: Int
    /// Empty when the flow passed; a failed step's failed expectations otherwise.
    public let failures: [FlowFailure]
    /// Page id → what ran there.
    public let hits: [String: PageHits]
    /// The pages the flow opened (the first page and every pushed one).
    public let documents: [PageDocument]

    /// Whether every step passed.
    public var passed: Bool { failures.isEmpty }

    /// `PASS pages/dish-edit.flow.json (7 steps)` or
    /// `FAIL pages/x.flow.json — step 4 (expect data.price): expected 12.5, got null`, with any
    /// further failures of that step on the lines below.
    public var summary: String {
        guard let first = failures.first else { return "PASS \(file) (\(stepCount) step\(stepCount == 1 ? "" : "s"))" }
        return (["FAIL \(file) — \(first)"] + failures.dropFirst().map { "     \($0)" }).joined(separator: "\n")
    }

    /// As JSON, for `formwork test --format json`.
    public var jsonValue: PageValue {
        .object(PageObject([
            ("file", .string(file)), ("flow", .string(name)), ("passed", .bool(passed)), ("steps", .int(Int64(stepCount))),
            ("failures", .array(failures.map(\.jsonValue))),
        ]))
    }
}
