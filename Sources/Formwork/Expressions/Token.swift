/// A lexical token of the expression language.
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        case int(Int64)
        /// An integer literal too large for an int; only valid right after a unary minus (`-9223372036854775808`).
        case bigInt(String)
        case number(Double)
        case string(String)
        /// A bare name: a function, a lambda parameter, an object key, or `null`/`true`/`false`.
        case identifier(String)
        /// `$name`.
        case variable(String)
        case punctuation(Punctuation)
        case end
    }

    enum Punctuation: String, Sendable {
        case leftParen = "(", rightParen = ")", leftBracket = "[", rightBracket = "]"
        case leftBrace = "{", rightBrace = "}", comma = ",", dot = ".", colon = ":"
        case question = "?", coalesce = "??", or = "||", and = "&&"
        case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
        case plus = "+", minus = "-", star = "*", slash = "/", percent = "%", bang = "!", arrow = "=>"
    }

    let kind: Kind
    let range: SourceRange

    /// How the token reads in an error message.
    var display: String {
        switch kind {
        case .int(let i): return "number \(i)"
        case .bigInt(let text): return "number \(text)"
        case .number(let d): return "number \(PageValue.format(d))"
        case .string(let text):
            let short = text.count > 20 ? text.prefix(17) + "..." : Substring(text)
            return "string '\(short)'"
        case .identifier(let name): return "'\(name)'"
        case .variable(let name): return "'$\(name)'"
        case .punctuation(let p): return "'\(p.rawValue)'"
        case .end: return "the end of the expression"
        }
    }
}
