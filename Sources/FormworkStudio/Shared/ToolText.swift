import Formwork

/// Text the tools read and print the same way everywhere: a param typed as text (on the command
/// line, in a preview's address) and a diagnostic with its line and column in front.
package enum ToolText {
    /// A value typed as text: JSON when it parses as JSON, else the plain text.
    package static func looseValue(_ text: String) -> PageValue {
        (try? PageValue(json: text)) ?? .string(text)
    }

    /// A value typed for a `string` param: the text as typed, or the string a JSON string literal
    /// holds (`42` and `"42"` are both "42").
    package static func stringValue(_ text: String) -> PageValue {
        if text.hasPrefix("\""), case .string(let unquoted)? = try? PageValue(json: text) { return .string(unquoted) }
        return .string(text)
    }

    /// A param typed as text: the text for a param declared `string`, else JSON when it parses,
    /// else the text.
    package static func paramValue(_ text: String, declaredAs type: AttributeType?) -> PageValue {
        type == .string ? stringValue(text) : looseValue(text)
    }

    /// A diagnostic with its line and column in front, when known:
    /// `pages/login.json:3:14: components[0].type: error: …`.
    package static func located(_ diagnostic: PageDiagnostic) -> String {
        guard let file = diagnostic.file, let line = diagnostic.line, let column = diagnostic.column else { return diagnostic.rendered }
        return "\(file):\(line):\(column): " + diagnostic.rendered.dropFirst(file.count + 2)
    }
}
