import Foundation

/// A regular expression (ICU syntax) as every part of Formwork uses it: `matches()`, the `regex`
/// and `email` validations and a flow's `$matches` all compile and run patterns here, so they
/// agree on every input and share one limit.
///
/// - The text and the pattern are both brought to canonical composition (NFC) first, so a pattern
///   treats text the way `==` does: `matches('e\u0301', 'é')` is true, and `.` matches `é` however
///   it was typed.
/// - `.whole` requires the pattern to match all of the text, exactly: `\d{5}` doesn't match
///   "12345\n", and a pattern that isn't valid on its own (`a)|(b`) is refused, never wrapped into
///   something else.
/// - A match is bounded by engine steps (`PageLimits.regexSteps`), never by the clock, so a page
///   gets the same answer on every device: past the steps it throws `PageRegex.Failure.overSteps`
///   instead of answering "no match".
///
/// ```swift
/// let zip = try PageRegex(#"\d{5}"#, mode: .whole)
/// try zip.matches("69001")     // true
/// try zip.matches("69001\n")   // false
/// try PageRegex("(a+)+$", mode: .search).matches(String(repeating: "a", count: 40) + "!")
/// // PageRegex.Failure.overSteps: the regular expression '(a+)+$' took more than 10,000,000 steps …
/// ```
///
/// Why steps and not seconds: ICU quietly abandons a match attempt after about 42 million steps
/// and reports "no match" without an error, even when the text does match
/// (`(a+)+b|a+c` on 25 a's and a 'c'). A limit in seconds let that wrong answer through on a fast
/// machine and a limit failure through on a slow one; a limit in steps well under ICU's gives the
/// right answer or a limit failure, the same one everywhere.
public struct PageRegex: @unchecked Sendable {
    // NB: @unchecked: NSRegularExpression is immutable once built and documented as safe to use
    // from several threads at once.

    /// How much of the text the pattern must match.
    public enum Mode: Sendable {
        /// All of it, as `matches()` and the `regex` validation want.
        case whole
        /// Anywhere in it, as a flow's `$matches` wants.
        case search
    }

    /// Why a pattern can't be compiled or a match has no answer.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The pattern isn't a valid ICU regular expression.
        case invalid(pattern: String)
        /// The match needed more engine steps than it was given.
        case overSteps(pattern: String, steps: Int)
        /// The engine gave up, which ICU does when backtracking needs more memory than it allows.
        case engineFailure(pattern: String)

        /// What went wrong, and how to simplify the pattern, for a page author.
        public var description: String {
            switch self {
            case .invalid(let pattern):
                return "'\(pattern)' is not a valid regular expression"
            case .overSteps(let pattern, let steps):
                return "the regular expression '\(pattern)' took more than \(PageLimits.grouped(steps)) steps on this text (the regexSteps limit); "
                    + "simplify it (nested repeats such as (a+)+ can take forever on text that almost matches)"
            case .engineFailure(let pattern):
                return "the regular expression '\(pattern)' needs more memory than allowed on this text; "
                    + "simplify it (a repeated group such as (a|b)* keeps a place to backtrack to for every character of a long text; [ab]* doesn't)"
            }
        }

        /// Whether a budget (steps, memory) ran out, rather than the pattern being wrong.
        public var isLimit: Bool {
            if case .invalid = self { return false }
            return true
        }
    }

    /// The pattern as written.
    public let pattern: String
    /// Whether the whole text must match, or a match anywhere in it will do.
    public let mode: Mode
    private let expression: NSRegularExpression

    /// Compiles `pattern`; throws `.invalid` when it isn't a valid pattern on its own.
    public init(_ pattern: String, mode: Mode) throws(Failure) {
        self.pattern = pattern
        self.mode = mode
        let composed = pattern.precomposedStringWithCanonicalMapping
        // NB: NSRegularExpression refuses "", which matches the empty text (or anywhere, searching).
        let own = composed.isEmpty ? "(?:)" : composed
        guard PageRegex.compiled.expression(own) != nil else { throw .invalid(pattern: pattern) }
        // Both modes run as one attempt anchored at the start of the text, so one step count
        // covers the whole search: `.whole` as \A(?:pattern)\z (\z, because '$' would also match
        // before a final line break), `.search` as \A(?s:.*?)(?:pattern), which tries each
        // position in turn exactly as a search does. The pattern compiled on its own, so its
        // parentheses balance and it can't close the group. It can still swallow the ')' that
        // closes it: after \Q (quoted to the end) or inside a '#' comment of (?x). Ending the
        // quote, or the line, puts the ')' back; each is tried only when the plain form doesn't
        // compile, and changes nothing else.
        let (prefix, suffix) = mode == .whole ? ("\\A(?:", "\\z") : ("\\A(?s:.*?)(?:", "")
        for closing in [")", "\\E)", "\n)"] {
            if let wrapped = PageRegex.compiled.expression(prefix + own + closing + suffix) {
                expression = wrapped
                return
            }
        }
        throw .invalid(pattern: pattern)
    }

    /// Whether the pattern matches `text` (all of it for `.whole`, anywhere for `.search`), giving
    /// up with `.overSteps` after about `steps` engine steps (`PageLimits.standard.regexSteps`
    /// unless told otherwise).
    public func matches(_ text: String, steps: Int = PageLimits.standard.regexSteps) throws(Failure) -> Bool {
        let subject = text.precomposedStringWithCanonicalMapping
        let range = NSRange(location: 0, length: (subject as NSString).length)
        // NB: ICU calls back every `stepsPerReport` steps of its matcher; the steps are counted
        // only then. The match is one attempt at the start (see init), so nothing else reports.
        let reportLimit = max(1, steps / PageRegex.stepsPerReport)
        var reports = 0
        var stopped = false
        var found = false
        var failed = false
        expression.enumerateMatches(in: subject, options: [.reportProgress, .reportCompletion, .anchored], range: range) { result, flags, stop in
            if result != nil {
                found = true
                stop.pointee = true
                return
            }
            if flags.contains(.internalError) { failed = true }
            if flags.contains(.progress) {
                reports += 1
                if reports > reportLimit {
                    stopped = true
                    stop.pointee = true
                }
            }
        }
        if found { return true }
        if stopped { throw .overSteps(pattern: pattern, steps: steps) }
        if failed { throw .engineFailure(pattern: pattern) }
        return false
    }

    /// ICU reports progress to the match every this many steps of its matcher (its
    /// `TIMER_INITIAL_VALUE`).
    static let stepsPerReport = 10_000

    /// The patterns compiled so far in this process, shared by every page.
    static let compiled = CompiledPatterns()
}

/// Compiled regular expressions by pattern text, so a pattern is compiled once per process rather
/// than at each call of `matches()` or each check of a `regex` validation (a keystroke).
///
/// NB: also a fix for a leak the Expression fuzz target found (Fuzz/RESULTS.md): Foundation on
/// Linux (swift-corelibs-foundation's `_CFRegularExpressionCreate`) never frees its copy of a
/// pattern of 250 or more UTF-16 units — about 2 bytes per unit, each time such a pattern is
/// compiled, valid or not. Compiling each pattern once bounds that by the patterns a process
/// meets. At most `capacity` patterns are kept; past it, the cache starts afresh.
final class CompiledPatterns: @unchecked Sendable {
    // NB: @unchecked: `entries`, `counts` and `waiting` are only touched with `condition` locked;
    // NSRegularExpression is immutable.
    private let condition = NSCondition()
    private var entries: [String: Entry] = [:]
    private var counts: [String: Int] = [:]
    private var waiting: [String: Int] = [:]
    private let compile: @Sendable (String) -> NSRegularExpression?
    let capacity: Int

    private enum Entry {
        /// A thread is compiling it; others asking for it wait for that one's result.
        case compiling
        case compiled(NSRegularExpression?)
    }

    /// - Parameters:
    ///   - capacity: how many patterns are kept before the cache starts afresh.
    ///   - compile: compiles a pattern (tests give a slow one).
    init(capacity: Int = 512, compile: @escaping @Sendable (String) -> NSRegularExpression? = { try? NSRegularExpression(pattern: $0) }) {
        self.capacity = capacity
        self.compile = compile
    }

    /// How often `pattern` was compiled since the cache last started afresh (for tests).
    func timesCompiled(_ pattern: String) -> Int { locked { counts[pattern, default: 0] } }

    /// How many threads are waiting for another's compile of `pattern` now (for tests).
    func waitingFor(_ pattern: String) -> Int { locked { waiting[pattern, default: 0] } }

    /// The pattern compiled, or nil when it isn't a valid pattern.
    ///
    /// The compile runs outside the lock, so a slow pattern never holds up the others; a thread
    /// asking for a pattern that another is compiling waits for that compile instead of
    /// compiling it again.
    func expression(_ pattern: String) -> NSRegularExpression? {
        condition.lock()
        while case .compiling? = entries[pattern] {
            waiting[pattern, default: 0] += 1
            condition.wait()
            waiting[pattern, default: 0] -= 1
        }
        if case .compiled(let known)? = entries[pattern] {
            condition.unlock()
            return known
        }
        if entries.count >= capacity {
            // NB: compiles under way stay, so their waiters find them.
            entries = entries.filter { if case .compiling = $0.value { return true } else { return false } }
            counts = counts.filter { entries[$0.key] != nil }
        }
        entries[pattern] = .compiling
        counts[pattern, default: 0] += 1
        condition.unlock()

        let expression = compile(pattern)

        condition.lock()
        entries[pattern] = .compiled(expression)
        condition.broadcast()
        condition.unlock()
        return expression
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
