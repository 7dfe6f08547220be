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
        let session = try PageEngine(registry: .standard, host: PageHost(report: { if case .diagnostic(let d) = $0 { reported.append(d.message) } }))
            .open(try PageDocument.load(Array(page.jsonText.utf8), registry: .standard, libraries: .empty))
        let field = try #require(session.component("field"))
        _ = try await session.edit(field, to: .string(text))
        let message = await session.validate([field]).first?.message

        let scope = ExpressionScope(data: ["text": .string(text), "pattern": .string(pattern)])
        let matched: Bool?
        do { matched = try CompiledExpression("matches($data.text, $data.pattern)", functions: .standard).evaluate(in: scope).boolValue } catch { matched = nil }

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

    /// `(a+)+b` on a run of a's and no b makes ICU backtrack for many millions of steps: far past
    /// `regexSteps`, and the same number of steps on every machine, so the limit always decides.
    static let catastrophic = (pattern: "(a+)+b", text: String(repeating: "a", count: 40) + "c")
    static let overSteps = "the regular expression '(a+)+b' took more than 10,000,000 steps on this text (the regexSteps limit); simplify it (nested repeats such as (a+)+ can take forever on text that almost matches)"

    @Test("a match past its limit fails; it never answers no match", arguments: [PageRegex.Mode.whole, .search])
    func overTheLimitFails(mode: PageRegex.Mode) {
        let regex = try? PageRegex(Self.catastrophic.pattern, mode: mode)
        #expect(throws: PageRegex.Failure.overSteps(pattern: Self.catastrophic.pattern, steps: 100_000)) {
            try regex?.matches(Self.catastrophic.text, steps: 100_000)
        }
        #expect(throws: PageRegex.Failure.overSteps(pattern: Self.catastrophic.pattern, steps: PageLimits.standard.regexSteps)) {
            try regex?.matches(Self.catastrophic.text)
        }
    }

    /// ICU abandons a match attempt after about 42 million steps and answers "no match" with no
    /// error, even when the text matches: `(a+)+b|a+c` on 25 a's and a 'c' matches through its
    /// second branch, after the first has backtracked for longer than ICU allows. The step limit
    /// sits well below ICU's, so the answer is right or a limit failure, and the same everywhere.
    @Test("a match that would need more steps than ICU allows fails; it never answers a wrong no", arguments: [PageRegex.Mode.whole, .search])
    func neverAWrongNo(mode: PageRegex.Mode) throws {
        let regex = try PageRegex("(a+)+b|a+c", mode: mode)
        for n in [10, 16, 25, 40] {
            let text = String(repeating: "a", count: n) + "c"
            do {
                #expect(try regex.matches(text) == true, "\(n) a's")
            } catch {
                #expect(error.isLimit && n >= 25, "\(n) a's: \(error)")
            }
        }
        #expect(throws: PageRegex.Failure.overSteps(pattern: "(a+)+b|a+c", steps: PageLimits.standard.regexSteps)) {
            try regex.matches(String(repeating: "a", count: 25) + "c")
        }
    }

    @Test("searching finds a match anywhere, the way ICU's search does", arguments: [
        ("[0-9]", "no digits here", false), ("[0-9]", "room 12", true), ("^t-[0-9]+$", "t-12", true),
        ("^t", "at", false), ("(?m)^t", "a\nt", true), ("b$", "ab\n", true), ("b\\z", "ab\n", false),
        ("", "", true), ("", "x", true), ("a.c", "xa\ncx", false), ("(?s)a.c", "xa\ncx", true), ("(?<=x)a", "ba xa", true),
        ("(\\w)\\1", "abcdde", true), ("(?x) a b # comment", "xxab", true), ("\\Qa.c", "xa.c", true), ("\\Qa.c", "xabc", false),
    ])
    func searching(pattern: String, text: String, found: Bool) throws {
        #expect(try PageRegex(pattern, mode: .search).matches(text) == found)
        let icu = try NSRegularExpression(pattern: pattern.isEmpty ? "(?:)" : pattern)
        #expect((icu.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil) == found)
    }

    @Test("a search through a long text is one bounded attempt, not one limit per position")
    func longSearch() throws {
        let text = String(repeating: "lorem ipsum ", count: 20_000) + "t-12"
        #expect(try PageRegex("t-[0-9]+", mode: .search).matches(text) == true)
        #expect(try PageRegex("x-[0-9]+", mode: .search).matches(text) == false)
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
        let expression = try CompiledExpression("matches($data.text, '(a+)+b')", functions: .standard)
        do {
            let answer = try expression.evaluate(in: scope)
            Issue.record("expected a limit error, got \(answer)")
        } catch {
            #expect(error.kind == .limit)
            #expect(error.message == "matches(): " + Self.overSteps)
        }
    }

    @Test("compile-time folding leaves an over-budget match to run time, and folds the rest")
    func foldingIsBounded() throws {
        let catastrophic = try CompiledExpression("matches('\(Self.catastrophic.text)', '(a+)+b')", functions: .standard)
        #expect(catastrophic.constantValue == nil)
        #expect(throws: ExpressionError.self) { try catastrophic.evaluate(in: ExpressionScope()) }
        #expect(try CompiledExpression("matches('2024-01-31', '\\\\d{4}-\\\\d{2}-\\\\d{2}')", functions: .standard).constantValue == true)
        #expect(try CompiledExpression("matches('a', 'b')", functions: .standard).constantValue == false)
    }

    @Test("in an action, a match past the limit fails with $error.kind \"limit\"")
    @MainActor
    func actionFailsWithKindLimit() async throws {
        let page: PageValue = [
            "page": "form", "data": ["text": .string(Self.catastrophic.text)],
            "interactions": ["check": [["id": "store-var", "attributes": ["key": "$data.ok", "value": ["expr": "matches($data.text, '(a+)+b')"]]]]],
            "onError": [["id": "ignore"]],
        ]
        let session = try PageEngine(registry: .standard).open(try PageDocument.load(Array(page.jsonText.utf8), registry: .standard, libraries: .empty))
        let outcome = await session.trigger("check")
        guard case .failed(let error, let handledBy) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error["kind"] == "limit")
        #expect(error["message"]?.stringValue?.hasSuffix("matches(): " + Self.overSteps) == true)
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
        let session = try PageEngine(registry: .standard, host: PageHost(report: { if case .diagnostic(let d) = $0 { reported.append(d.message) } }))
            .open(try PageDocument.load(Array(page.jsonText.utf8), registry: .standard, libraries: .empty))
        let field = try #require(session.component("field"))
        _ = try await session.edit(field, to: .string(Self.catastrophic.text))
        let message = await session.validate([field]).first?.message
        // The person reads a sentence; the host is told why.
        #expect(message == "This value can't be checked.")
        #expect(reported.contains { $0.contains("can't be checked: " + Self.overSteps) }, "\(reported)")
    }

    @Test("a flow's $matches past the limit fails the check and says why")
    func flowMatchesOverTheLimit() throws {
        let expectation = FlowExpectation(try FlowPath("data.text"), .matches("(a+)+b"))
        let failure = expectation.failure(for: .string(Self.catastrophic.text))
        #expect(failure?.hasSuffix(Self.overSteps) == true, "\(failure ?? "")")
        #expect(FlowExpectation(try FlowPath("data.text"), .matches("^t-[0-9]+$")).failure(for: "t-12") == nil)
        #expect(FlowExpectation(try FlowPath("data.text"), .matches("[0-9]")).failure(for: "no digits") != nil)
    }
}
