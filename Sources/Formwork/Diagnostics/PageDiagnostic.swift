/// A problem found in a page: where (file, JSON path, and for expressions the range in the
/// expression) and what, in words a form author can act on.
///
/// ```
/// pages/dish-edit.json: components[1].attributes[0].value: error: unknown function 'lenn'; did you mean 'len'?
///   lenn($data.menuName) > 0
///   ^~~~
/// ```
public struct PageDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// Whether the page can't open (`error`) or opens with the problem noted (`warning`).
    public enum Severity: String, Sendable {
        /// The page can't open (or the file can't be used) until it is fixed.
        case error
        /// The page opens; the problem is worth fixing (a text that falls back to another language, …).
        case warning
    }

    /// What kind of problem, for tools that filter: `json`, `structure`, `type`, `expression`,
    /// `unknown-id`, `unknown-attribute`, `value` (a literal its type refuses), `param`, `key`,
    /// `interaction`, `engine`, `page`, `limit` (a budget of `PageLimits`), `loop` (a loop `check` can see),
    /// `unknown-path` (a `$data` path nothing provides).
    public let code: String
    /// An error or a warning.
    public let severity: Severity
    /// The JSON path of the node, like `components[2].attributes[0].value`; empty for the whole page.
    public let path: String
    /// What is wrong and what to do, for the page's author.
    public let message: String
    /// The file the page came from, when known.
    public var file: String?
    /// Line and column of the node in the file, when known.
    public var line: Int?
    /// The column, from 1, when known.
    public var column: Int?
    /// For errors inside an expression: the expression error with its range.
    public let expressionError: ExpressionError?

    /// A diagnostic of `severity` and `code` at the JSON path `path`.
    public init(_ severity: Severity, code: String, path: String, _ message: String, expressionError: ExpressionError? = nil) {
        self.severity = severity
        self.code = code
        self.path = path
        self.message = message
        self.expressionError = expressionError
    }

    /// An error at `path`; `expression` when it is inside an expression.
    public static func error(_ code: String, _ path: String, _ message: String, expression: ExpressionError? = nil) -> PageDiagnostic {
        PageDiagnostic(.error, code: code, path: path, message, expressionError: expression)
    }

    /// A warning at `path`.
    public static func warning(_ code: String, _ path: String, _ message: String) -> PageDiagnostic {
        PageDiagnostic(.warning, code: code, path: path, message)
    }

    /// `file: path: error: message`, then for expression errors the source line with a caret.
    public var rendered: String {
        var head = ""
        if let file { head += file + ": " }
        if !path.isEmpty { head += path + ": " }
        var text = head + severity.rawValue + ": " + message
        if let expressionError {
            text += " (column \(expressionError.location.column) of the expression)\n" + ExpressionError.excerpt(of: expressionError.source, range: expressionError.range)
        }
        return text
    }

    /// The diagnostic as `formwork check` prints it.
    public var description: String { rendered }

    /// The diagnostic as a JSON object, for `--format json`.
    public var jsonValue: PageValue {
        var object = PageObject()
        object["file"] = file.map { .string($0) } ?? .null
        object["path"] = .string(path)
        object["line"] = line.map { .int(Int64($0)) } ?? .null
        object["column"] = column.map { .int(Int64($0)) } ?? .null
        object["severity"] = .string(severity.rawValue)
        object["code"] = .string(code)
        object["message"] = .string(message)
        if let expressionError {
            object["expression"] = .object(PageObject([
                ("source", .string(expressionError.source)),
                ("line", .int(Int64(expressionError.location.line))),
                ("column", .int(Int64(expressionError.location.column))),
                ("kind", .string(expressionError.kind.rawValue)),
                ("start", .int(Int64(PageDiagnostic.utf16Offset(expressionError.range.start, in: expressionError.source)))),
                ("end", .int(Int64(PageDiagnostic.utf16Offset(expressionError.range.end, in: expressionError.source)))),
            ]))
        }
        return .object(object)
    }

    /// The UTF-8 offset `offset` of `source` in UTF-16 code units, as an editor's text counts them.
    static func utf16Offset(_ offset: Int, in source: String) -> Int {
        let utf8 = source.utf8
        let index = utf8.index(utf8.startIndex, offsetBy: min(max(0, offset), utf8.count))
        return source.utf16.distance(from: source.utf16.startIndex, to: index)
    }
}

/// A page that can't be opened or a chain that can't run, with every diagnostic that explains why.
public struct PageError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, in page order.
    public let diagnostics: [PageDiagnostic]

    /// An error explained by `diagnostics`.
    public init(_ diagnostics: [PageDiagnostic]) { self.diagnostics = diagnostics }
    /// An error explained by one diagnostic.
    public init(_ diagnostic: PageDiagnostic) { self.diagnostics = [diagnostic] }

    /// The diagnostics as `formwork check` prints them, one a line.
    public var description: String { diagnostics.map(\.rendered).joined(separator: "\n") }
}
