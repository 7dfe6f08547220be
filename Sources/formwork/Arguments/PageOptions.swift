import Foundation
import Formwork
import FormworkStudio

/// Options shared by the commands that open a page: `--param k=v`, `--params FILE`, `--global FILE`,
/// `--locale TAG[,TAG…]`.
struct PageOptions {
    var params: [(key: String, value: String)] = []
    var paramsFile: String?
    var globalFile: String?
    /// The person's preferred languages, from `--locale de-CH,en`; none means the page's default language.
    var languages: [String] = []

    static let localeHelp = "  --locale TAG[,TAG]  show the page as a person with these languages sees it, most preferred\n                      first (like de-CH,en or zh-Hans); default: the page's own language"

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        for pair in try arguments.options("param") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw UsageError("--param takes KEY=VALUE, like --param dishId=42 (got '\(pair)')")
            }
            params.append((String(pair[..<equals]), String(pair[pair.index(after: equals)...])))
        }
        paramsFile = try arguments.option("params")
        globalFile = try arguments.option("global")
        languages = try PageOptions.languages(&arguments)
    }

    /// `--locale de-CH,en`: each a language tag.
    static func languages(_ arguments: inout ArgumentScanner) throws(UsageError) -> [String] {
        guard let text = try arguments.option("locale") else { return [] }
        let tags = text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        for tag in tags where LocaleTag.canonical(tag) == nil {
            throw UsageError("--locale takes language tags such as en, de-CH or zh-Hans, separated by commas (got '\(tag)')")
        }
        guard !tags.isEmpty else { throw UsageError("--locale takes language tags such as en, de-CH or zh-Hans") }
        return tags
    }

    /// A value typed on the command line: JSON when it parses as JSON, else the plain text.
    static func looseValue(_ text: String) -> PageValue {
        ToolText.looseValue(text)
    }

    /// A value typed for a `string` param: the text as typed, or the string a JSON string literal
    /// holds (`42` and `"42"` are both "42").
    static func stringValue(_ text: String) -> PageValue {
        ToolText.stringValue(text)
    }

    /// A param typed as text (on the command line, in a preview's address): the text for a param
    /// declared `string`, else JSON when it parses, else the text.
    static func paramValue(_ text: String, declaredAs type: AttributeType?) -> PageValue {
        ToolText.paramValue(text, declaredAs: type)
    }

    /// Reads a JSON file, or explains what is wrong with it (file:line:column).
    static func readJSON(_ path: String, what: String) throws(CLIFailure) -> PageValue {
        let data = try CLIFile.read(path, what: "\(what) file")
        guard data.count <= CLILimits.standard.documentBytes else {
            throw CLIFailure("\(path): the \(what) file is \(data.count) bytes long; JSON files may be at most \(CLILimits.standard.documentBytes) bytes (the documentBytes limit)")
        }
        do {
            return try JSONReader.parse(bytes: data, maximumDepth: CLILimits.standard.valueDepth)
        } catch {
            throw CLIFailure("\(path):\(error.line):\(error.column): the \(what) file is not valid JSON: \(error.message)")
        }
    }

    /// Reads and decodes a page file, or explains what is wrong with it, each problem as
    /// `file:line:column: path: error: message`. The libraries it names are looked for beside
    /// it and in the `lib/` folder there.
    static func loadDocument(_ file: String, registry: Registry) throws(CLIFailure) -> PageDocument {
        let bytes = try CLIFile.read(file, what: "page")
        let libraries = BlockCatalog.load(folder: URL(fileURLWithPath: file).deletingLastPathComponent(), limits: CLILimits.standard).catalog
        do {
            return try PageDocument.load(bytes, registry: registry, libraries: libraries, file: file, limits: CLILimits.standard)
        } catch {
            throw CLIFailure("the page can't be opened:\n" + error.diagnostics.map(located).joined(separator: "\n"))
        }
    }

    /// A diagnostic with its line and column in front, when known.
    static func located(_ diagnostic: PageDiagnostic) -> String {
        ToolText.located(diagnostic)
    }

    /// `$param` for `document`: the `--params` file, then each `--param` on top. A `--param`
    /// value is the text as typed for a param the page declares as `string` (`dishId=42` is
    /// "42", and so is `dishId='"42"'`), else JSON when it parses as JSON (`qty=3` is 3), else
    /// the text.
    func paramValue(for document: PageDocument) throws(CLIFailure) -> PageValue {
        var object = PageObject()
        if let paramsFile {
            guard case .object(let fromFile) = try PageOptions.readJSON(paramsFile, what: "params") else {
                throw CLIFailure("the params file '\(paramsFile)' must hold a JSON object")
            }
            object = fromFile
        }
        for (key, value) in params {
            object[key] = PageOptions.paramValue(value, declaredAs: document.params.first { $0.name == key }?.type)
        }
        return .object(object)
    }

    /// `$global` from `--global`, or an empty object.
    func globalValue() throws(CLIFailure) -> PageValue {
        guard let globalFile else { return .object(PageObject()) }
        return try PageOptions.readJSON(globalFile, what: "globals")
    }
}

/// A failure a command reports as `error: …` with exit code 1 (`ToolFailure`, shared with the
/// preview and the editor).
typealias CLIFailure = ToolFailure
