import Foundation

/// A regular expression (ICU syntax) as every part of Formwork uses it: `matches()`, the `regex`
/// and `email` validations and a flow's `$matches` all compile and run patterns here, so they
/// agree on every input and share one time limit.
///
/// - The text and the pattern are both brought to canonical composition (NFC) first, so a pattern
///   treats text the way `==` does: `matches('e\u0301', 'é')` is true, and `.` matches `é` however
///   it was typed.
/// - `.whole` requires the pattern to match all of the text, exactly: `\d{5}` doesn't match
///   "12345\n", and a pattern that isn't valid on its own (`a)|(b`) is refused, never wrapped into
///   something else.
/// - A match that runs past its limit throws `PageRegex.Failure.overLimit` instead of answering
///   "no match".
///
/// ```swift
/// let zip = try PageRegex(#"\d{5}"#, mode: .whole)
/// try zip.matches("69001")     // true
/// try zip.matches("69001\n")   // false
/// try PageRegex("(a+)+$", mode: .search).matches(String(repeating: "a", count: 40) + "!")
/// // PageRegex.Failure.overLimit: the regular expression '(a+)+$' ran longer than its limit of 1 s …
/// ```
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
        /// The match ran longer than its limit, in seconds.
        case overLimit(pattern: String, seconds: Double)
        /// The match stopped after the number of engine steps it was given (constant folding).
        case overSteps(pattern: String, steps: Int)
        /// The engine gave up, which ICU does when backtracking needs more memory than it allows.
        case engineFailure(pattern: String)

        public var description: String {
            switch self {
            case .invalid(let pattern):
                return "'\(pattern)' is not a valid regular expression"
            case .overLimit(let pattern, let seconds):
                return "the regular expression '\(pattern)' ran longer than its limit of \(PageRegex.secondsText(seconds)); "
                    + "simplify it (nested repeats such as (a+)+ can take forever on text that almost matches)"
            case .overSteps(let pattern, let steps):
                return "the regular expression '\(pattern)' took more than \(steps) steps"
            case .engineFailure(let pattern):
                return "the regular expression '\(pattern)' needs more memory than allowed on this text; "
                    + "simplify it (a repeated group such as (a|b)* keeps a place to backtrack to for every character of a long text; [ab]* doesn't)"
            }
        }

        /// Whether a budget (time, steps, memory) ran out, rather than the pattern being wrong.
        public var isLimit: Bool {
            if case .invalid = self { return false }
            return true
        }
    }

    /// The pattern as written.
    public let pattern: String
    public let mode: Mode
    private let expression: NSRegularExpression

    /// Compiles `pattern`; throws `.invalid` when it isn't a valid pattern on its own.
    public init(_ pattern: String, mode: Mode) throws(Failure) {
        self.pattern = pattern
        self.mode = mode
        let composed = pattern.precomposedStringWithCanonicalMapping
        // NB: NSRegularExpression refuses "", which matches the empty text (or anywhere, searching).
        let own = composed.isEmpty ? "(?:)" : composed
        guard (try? NSRegularExpression(pattern: own)) != nil else { throw .invalid(pattern: pattern) }
        guard mode == .whole else {
            expression = try PageRegex.compile(own)
            return
        }
        // \A and \z anchor at the very ends ('$' would also match before a final line break). The
        // pattern compiled on its own, so its parentheses balance and it can't close the group. It
        // can still swallow the ')' that closes it: after \Q (quoted to the end) or inside a '#'
        // comment of (?x). Ending the quote, or the line, puts the ')' back; each is tried only
        // when the plain form doesn't compile, and changes nothing else.
        for closing in [")", "\\E)", "\n)"] {
            if let wrapped = try? NSRegularExpression(pattern: "\\A(?:" + own + closing + "\\z") {
                expression = wrapped
                return
            }
        }
        throw .invalid(pattern: pattern)
    }

    private static func compile(_ pattern: String) throws(Failure) -> NSRegularExpression {
        do { return try NSRegularExpression(pattern: pattern) } catch { throw .invalid(pattern: pattern) }
    }

    /// Whether the pattern matches `text` (all of it for `.whole`), giving up with `.overLimit` after
    /// `seconds` (`PageLimits.standard.regexSeconds` unless told otherwise).
    public func matches(_ text: String, seconds: Double = PageLimits.standard.regexSeconds) throws(Failure) -> Bool {
        try run(text, budget: .seconds(seconds))
    }

    /// Whether the pattern matches `text`, giving up with `.overSteps` after about `steps` engine
    /// steps: a bound that doesn't depend on the machine, for constant folding at compile time.
    public func matches(_ text: String, steps: Int) throws(Failure) -> Bool {
        try run(text, budget: .steps(steps))
    }

    private enum Budget {
        case seconds(Double)
        case steps(Int)
    }

    /// ICU reports progress to the match every this many steps of its matcher (its
    /// `TIMER_INITIAL_VALUE`), and once per position a search starts at.
    static let stepsPerReport = 10_000

    private func run(_ text: String, budget: Budget) throws(Failure) -> Bool {
        let subject = text.precomposedStringWithCanonicalMapping
        let range = NSRange(location: 0, length: (subject as NSString).length)
        let clock = ContinuousClock()
        let start = clock.now
        var reports = 0
        var stopped = false
        var found = false
        var failed = false
        let reportLimit: Int
        let deadline: ContinuousClock.Instant
        switch budget {
        case .seconds(let seconds):
            reportLimit = Int.max
            deadline = start.advanced(by: .nanoseconds(Int64(min(seconds, 1e9) * 1e9)))
        case .steps(let steps):
            reportLimit = max(1, steps / PageRegex.stepsPerReport)
            deadline = start.advanced(by: .seconds(1_000_000_000))
        }
        // NB: one enumeration for the whole search, so the limit covers every starting position
        // together. Progress reports arrive every 10,000 engine steps: the clock is read only then.
        let options: NSRegularExpression.MatchingOptions = mode == .whole ? [.reportProgress, .reportCompletion, .anchored] : [.reportProgress, .reportCompletion]
        expression.enumerateMatches(in: subject, options: options, range: range) { result, flags, stop in
            if result != nil {
                found = true
                stop.pointee = true
                return
            }
            if flags.contains(.internalError) { failed = true }
            if flags.contains(.progress) {
                reports += 1
                if reports > reportLimit || clock.now > deadline {
                    stopped = true
                    stop.pointee = true
                }
            }
        }
        if found { return true }
        if stopped {
            switch budget {
            case .seconds(let seconds): throw .overLimit(pattern: pattern, seconds: seconds)
            case .steps(let steps): throw .overSteps(pattern: pattern, steps: steps)
            }
        }
        if failed { throw .engineFailure(pattern: pattern) }
        return false
    }

    static func secondsText(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
