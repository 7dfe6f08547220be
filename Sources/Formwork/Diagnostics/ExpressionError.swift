/// An error in an expression, at compile time (syntax, unknown names, arity) or at evaluation
/// (types, division by zero, overflow, a function's own failure).
///
/// It keeps its data apart from its printing: `rendered` draws the compiler-style text.
///
/// ```
/// error: cannot apply '*' to string and int
///   $data.name * 2
///   ^~~~~~~~~~~~~~
/// ```
public struct ExpressionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of error, for code that reacts to some (`$error.kind` shows it to pages).
    public enum Kind: String, Sendable {
        /// The text isn't a valid expression.
        case syntax
        /// A `$name` that isn't one of the known variables, or a bare name that isn't a lambda parameter.
        case unknownVariable
        /// A call to a function that isn't registered.
        case unknownFunction
        /// A call with too few or too many arguments.
        case arity
        /// An operator or function got a value of the wrong type.
        case type
        /// Division or modulo by zero.
        case divisionByZero
        /// An int result outside the 64-bit range, or a number too large to represent.
        case overflow
        /// A conversion such as `number('abc')` that has no answer.
        case conversion
        /// A budget of `PageLimits` ran out: a source too long or nested too deep (compile time),
        /// an evaluation that does too much work or builds too much, or gives a value too deep or
        /// too large, or a regular expression that runs too long (evaluation). The message names the budget.
        case limit
        /// A function reported a failure of its own (bad regex, bad date pattern, …).
        case function
        /// A `$data` path that nothing provides: not in the page's initial data, and nothing
        /// writes it. Only `formwork check` reports it, as a warning; evaluation reads null there.
        case unknownPath
    }

    /// What kind of error.
    public let kind: Kind
    /// What is wrong, for the page's author.
    public let message: String
    /// Where in `source` the error is.
    public let range: SourceRange
    /// The whole expression (or template) text.
    public let source: String

    /// An error of `kind` at `range` of the expression `source`.
    public init(_ kind: Kind, _ message: String, range: SourceRange, source: String) {
        self.kind = kind
        self.message = message
        self.range = range
        self.source = source
    }

    /// Line and column of the start of the range.
    public var location: SourceLocation { SourceLocation(offset: range.start, in: source) }

    /// The message, the source line and a caret under the range.
    public var rendered: String {
        "error: \(message)\n" + ExpressionError.excerpt(of: source, range: range)
    }

    /// The error with its source line and a caret under the range.
    public var description: String { rendered }

    /// Two lines: the source line holding `range.start`, indented two spaces, and `^~~~` under the range.
    public static func excerpt(of source: String, range: SourceRange) -> String {
        let location = SourceLocation(offset: range.start, in: source)
        // NB: split on the byte, not the Character: "\r\n" is one Character and would never match "\n".
        let lines = source.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var line = location.line - 1 < lines.count ? String(decoding: lines[location.line - 1], as: UTF8.self) : ""
        if line.utf8.last == UInt8(ascii: "\r") { line = String(line.utf8.dropLast()) ?? line }
        let endLocation = SourceLocation(offset: range.end, in: source)
        let lineLength = line.count
        let startColumn = min(location.column - 1, lineLength)
        let endColumn = endLocation.line == location.line ? min(endLocation.column - 1, lineLength) : lineLength
        let width = max(1, endColumn - startColumn)
        let pad = String(line.prefix(startColumn).map { $0 == "\t" ? "\t" : " " })
        return "  \(line)\n  \(pad)^" + String(repeating: "~", count: width - 1)
    }
}
