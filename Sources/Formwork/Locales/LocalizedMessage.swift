/// One text of a string table in one language: plain text with `{name}` arguments, or plural forms.
///
/// ```json
/// "greeting": "Hello, {name}",
/// "items": { "one": "{count} item", "other": "{count} items", "=0": "No items" }
/// ```
///
/// `{{` and `}}` write a brace. A plural text is chosen by the argument `count` with the rules of
/// the text's language (`PluralRules`); an `=N` form wins for exactly N.
public struct LocalizedMessage: Sendable, Equatable {
    /// A run of text or an argument.
    enum Segment: Sendable, Equatable {
        case text(String)
        case argument(String)
    }

    /// The forms: `"other"` alone for a plain text; plural categories and `=N` otherwise.
    let forms: [String: [Segment]]
    /// Whether the text was written as plural forms.
    public let isPlural: Bool

    /// The arguments the text uses, in any form.
    public var arguments: Set<String> {
        Set(forms.values.flatMap { $0.compactMap { if case .argument(let name) = $0 { return name } else { return nil } } })
    }

    /// The plural forms written (`one`, `other`, `=0`), for checks.
    public var formNames: [String] { forms.keys.sorted() }

    init(forms: [String: [Segment]], isPlural: Bool) {
        self.forms = forms
        self.isPlural = isPlural
    }

    /// Reads `{name}` arguments; throws a sentence for an unclosed or empty brace.
    static func parse(_ text: String) throws(LocaleProblem) -> [Segment] {
        var segments: [Segment] = []
        var run = ""
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            let next = text.index(after: index)
            if (c == "{" || c == "}"), next < text.endIndex, text[next] == c {
                run.append(c)
                index = text.index(after: next)
                continue
            }
            if c == "}" { throw LocaleProblem("a '}' is not closing an argument; write '}}' for a brace") }
            if c == "{" {
                guard let close = text[next...].firstIndex(of: "}") else { throw LocaleProblem("'{' is not closed; write {name} for an argument, or '{{' for a brace") }
                let name = String(text[next..<close])
                guard LocalizedMessage.isArgumentName(name) else {
                    throw LocaleProblem("'{\(name)}' is not an argument; an argument is a name like {count}, and '{{' writes a brace")
                }
                if !run.isEmpty { segments.append(.text(run)); run = "" }
                segments.append(.argument(name))
                index = text.index(after: close)
                continue
            }
            run.append(c)
            index = next
        }
        if !run.isEmpty { segments.append(.text(run)) }
        return segments
    }

    static func isArgumentName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// The text for these arguments: the form `count` chooses in `language`, each `{name}` replaced
    /// by its argument — a number in `locale`'s way of writing numbers, text as it is, anything
    /// else by its display text. An argument not given shows as nothing.
    func render(arguments: PageObject, language: String, locale: String) throws(LocaleProblem) -> String {
        var segments = forms["other"] ?? []
        if isPlural {
            guard let count = arguments["count"], count.isNumber else {
                throw LocaleProblem("this text has plural forms, chosen by the argument 'count', which must be a number; got \(arguments["count"].map { Wording.withArticle($0.typeName) } ?? "none")")
            }
            let written = NumberText.plain(count)
            if let exact = forms["=" + written] {
                segments = exact
            } else if let form = forms[PluralRules.category(of: written, language: language).rawValue] {
                segments = form
            }
        }
        var text = ""
        for segment in segments {
            switch segment {
            case .text(let run): text += run
            case .argument(let name):
                switch arguments[name] ?? .null {
                case .string(let s): text += s
                case let number where number.isNumber: text += NumberFormat.decimal(number, digits: nil, locale: locale)
                case let other: text += other.displayText
                }
            }
        }
        return text
    }
}

/// A problem with a localized text or a locale, as a sentence; the decoder adds where it is.
struct LocaleProblem: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
