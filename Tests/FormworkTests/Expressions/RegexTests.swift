import Foundation
import Testing
import Formwork
import FormworkTesting

/// `matches()`, the `regex` validation and a flow's `$matches` share one regex engine (`PageRegex`):
/// they agree on every input, and a match past its time limit fails instead of answering "no".
@Suite("Regular expressions")
struct RegexTests {
    /// Patterns and texts where a careless wrapper (`^(?:p)$`) or a different engine would answer
    /// differently: final line breaks, unbalanced groups, quoting, comments, alternation.
    static let agreement: [(pattern: String, text: String)] = [
        (#"\d{5}"#, "12345"),
        (#"\d{5}"#, "12345\n"),
        (#"\d{5}"#, "\n12345"),
        ("a)|(b", "a-anything"),
        ("a)|(b", "b"),
        ("(", "("),
        ("a|ab", "ab"),
        ("abc", "abc\r\n"),
        ("(?m)^a$", "a\nb"),
        (#"a\Q"#, "a"),
        (#"\Q)$\E"#, ")$"),
        ("(?x) a b # a comment", "ab"),
        ("(?x) a b # a comment", "ab # a comment"),
        ("[a-z]+@[a-z]+", "ada@example"),
        ("", ""),
        ("", "x"),
        (".*", "line\nbreak"),
        ("é", "e\u{301}"),
        ("(?i)straße", "STRASSE"),
    ]

    @Test("matches() and the regex validation agree", arguments: RegexTests.agreement)
    @MainActor
    func validationAgreesWithMatches(pattern: String, text: String) async throws {
        let page: PageValue = [
            "page": "form",
            "components": [[
                "id": "text-field", "key": "field",
                "validations": [["id": "regex", "attributes": ["pattern": .string(pattern)]]],
            ]],
        ]
        var reported: [String] = []
        let session = try PageEngine(host: PageHost(report: { if case .diagnostic(let d) = $0 { reported.append(d.message) } }))
            .open(try PageDocument.load(Array(page.jsonText.utf8)))
        let field = try #require(session.component("field"))
        _ = try await session.edit(field, to: .string(text))
        let message = session.validate([field]).first?.message

        let scope = ExpressionScope(data: ["text": .string(text), "pattern": .string(pattern)])
        let matched: Bool?
        do { matched = try CompiledExpression("matches($data.text, $data.pattern)").evaluate(in: scope).boolValue } catch { matched = nil }

        switch matched {
        case true?: #expect(message == nil, "\(pattern) on \(text.debugDescription): matches() says yes, the validation \(message ?? "")")
        case false?:
            // An empty value passes every validation but `required`, by design.
            #expect(message == (text.isEmpty ? nil : "The format is not valid"), "\(pattern) on \(text.debugDescription)")
        case nil:
            // The person reads a sentence; the host is told why.
            #expect(message == "This value can't be checked.")
            #expect(reported.contains { $0.hasSuffix("can't be checked: '\(pattern)' is not a valid regular expression") }, "\(reported)")
        }
    }

    @Test("whole-text matching is exact", arguments: [
        (#"\d{5}"#, "12345\n", false),
        (#"\d{5}"#, "12345", true),
        ("a|ab", "ab", true),
        (#"a\Q"#, "a", true),
        (#"\Q)$\E"#, ")$", true),
        ("(?x) a b # a comment", "ab", true),
        ("", "", true),
        ("", "x", false),
    ])
    func wholeText(pattern: String, text: String, expected: Bool) throws {
        #expect(try PageRegex(pattern, mode: .whole).matches(text) == expected)
    }

    @Test("invalid patterns are refused by every user", arguments: ["a)|(b", "(", "[a-", #"\"#, "*"])
    func invalidPatterns(pattern: String) throws {
        #expect(throws: PageRegex.Failure.invalid(pattern: pattern)) { try PageRegex(pattern, mode: .whole) }
        #expect(throws: PageRegex.Failure.invalid(pattern: pattern)) { try PageRegex(pattern, mode: .search) }
        let flow: PageValue = ["page": "form", "steps": [["expect": ["data.x": ["$matches": .string(pattern)]]]]]
        do {
            _ = try FlowFile.decode(Array(flow.jsonText.utf8), file: "form.flow.json")
            Issue.record("the flow with /\(pattern)/ was accepted")
        } catch {
            #expect(error.message == "'\(pattern)' is not a valid regular expression")
        }
    }

    // MARK: - Limits

    /// `(a+)+b` on a run of a's and no b makes ICU backtrack for a time that grows with about the cube of
    /// the run (40 a's: about 0.7 s on a fast machine, close enough to the 1-second limit that a test
    /// could pass or fail by the machine's speed). 160 a's take about 64 times as long: far past the
    /// limit on any machine, so the limit always decides, never the clock's luck.
    static let catastrophic = (pattern: "(a+)+b", text: String(repeating: "a", count: 160) + "c")

    @Test("a match past its limit fails; it never answers no match", arguments: [PageRegex.Mode.whole, .search])
    func overTheLimitFails(mode: PageRegex.Mode) {
        let regex = try? PageRegex(Self.catastrophic.pattern, mode: mode)
        #expect(throws: PageRegex.Failure.overLimit(pattern: Self.catastrophic.pattern, seconds: 0.05)) {
            try regex?.matches(Self.catastrophic.text, seconds: 0.05)
        }
        #expect(throws: PageRegex.Failure.overSteps(pattern: Self.catastrophic.pattern, steps: 100_000)) {
            try regex?.matches(Self.catastrophic.text, steps: 100_000)
        }
    }

    /// ICU gives up when backtracking needs more than its memory limit; CoreFoundation then reports
    /// "no match" with an internal-error flag, which must not pass for an answer.
    @Test("an engine that gives up fails; it never answers no match")
    func engineFailure() throws {
        let text = String(repeating: "ab", count: 2_000_000)
        #expect(throws: PageRegex.Failure.engineFailure(pattern: "(a|b)*")) {
            try PageRegex("(a|b)*", mode: .whole).matches(text)
        }
        let error = Fixtures.error("matches($data.text, '(a|b)*')", in: ExpressionScope(data: ["text": .string(text)]))
        #expect(error?.kind == .limit)
        #expect(error?.message == "matches(): the regular expression '(a|b)*' needs more memory than allowed on this text; simplify it (a repeated group such as (a|b)* keeps a place to backtrack to for every character of a long text; [ab]* doesn't)")
    }

    @Test("matches() past the limit is a limit error naming the limit")
    func matchesOverTheLimit() throws {
        let scope = ExpressionScope(data: ["text": .string(Self.catastrophic.text)])
        let expression = try CompiledExpression("matches($data.text, '(a+)+b')")
        do {
            let answer = try expression.evaluate(in: scope)
            Issue.record("expected a limit error, got \(answer)")
        } catch {
            #expect(error.kind == .limit)
            #expect(error.message == "matches(): the regular expression '(a+)+b' ran longer than its limit of \(Int(PageLimits.standard.regexSeconds)) s; simplify it (nested repeats such as (a+)+ can take forever on text that almost matches)")
        }
    }

    @Test("compile-time folding leaves an over-budget match to run time, and folds the rest")
    func foldingIsBounded() throws {
        let catastrophic = try CompiledExpression("matches('\(Self.catastrophic.text)', '(a+)+b')")
        #expect(catastrophic.constantValue == nil)
        #expect(throws: ExpressionError.self) { try catastrophic.evaluate(in: ExpressionScope()) }
        #expect(try CompiledExpression("matches('2024-01-31', '\\\\d{4}-\\\\d{2}-\\\\d{2}')").constantValue == true)
        #expect(try CompiledExpression("matches('a', 'b')").constantValue == false)
    }

    @Test("in an action, a match past the limit fails with $error.kind \"limit\"")
    @MainActor
    func actionFailsWithKindLimit() async throws {
        let page: PageValue = [
            "page": "form", "data": ["text": .string(Self.catastrophic.text)],
            "interactions": ["check": [["id": "store-var", "attributes": ["key": "$data.ok", "value": ["expr": "matches($data.text, '(a+)+b')"]]]]],
            "onError": [["id": "ignore"]],
        ]
        let session = try PageEngine().open(try PageDocument.load(Array(page.jsonText.utf8)))
        let outcome = await session.trigger("check")
        guard case .failed(let error, let handledBy) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error["kind"] == "limit")
        #expect(error["message"]?.stringValue?.contains("ran longer than its limit of 1 s") == true)
        #expect(handledBy == "ignore")
        #expect(session.data["ok"] == nil)
    }

    @Test("the regex validation past the limit says the value can't be checked")
    @MainActor
    func validationOverTheLimit() async throws {
        let page: PageValue = [
            "page": "form",
            "components": [["id": "text-field", "key": "field", "validations": [["id": "regex", "attributes": ["pattern": "(a+)+b"]]]]],
        ]
        var reported: [String] = []
        let session = try PageEngine(host: PageHost(report: { if case .diagnostic(let d) = $0 { reported.append(d.message) } }))
            .open(try PageDocument.load(Array(page.jsonText.utf8)))
        let field = try #require(session.component("field"))
        _ = try await session.edit(field, to: .string(Self.catastrophic.text))
        let message = session.validate([field]).first?.message
        // The person reads a sentence; the host is told why.
        #expect(message == "This value can't be checked.")
        #expect(reported.contains { $0.contains("can't be checked: the regular expression '(a+)+b' ran longer than its limit of 1 s") }, "\(reported)")
    }

    @Test("a flow's $matches past the limit fails the check and says why")
    func flowMatchesOverTheLimit() throws {
        let expectation = FlowExpectation(try FlowPath("data.text"), .matches("(a+)+b"))
        let failure = expectation.failure(for: .string(Self.catastrophic.text))
        #expect(failure?.contains("ran longer than its limit of 1 s") == true)
        #expect(FlowExpectation(try FlowPath("data.text"), .matches("^t-[0-9]+$")).failure(for: "t-12") == nil)
        #expect(FlowExpectation(try FlowPath("data.text"), .matches("[0-9]")).failure(for: "no digits") != nil)
    }
}
