/// What a command accepts, read from the help text `formwork COMMAND --help` prints: its usage
/// line's fixed words (`bench [memory|expressions|…]`) and the options its OPTIONS section lists.
///
/// NB: the help text is the one description of a command; shell completions are generated from
/// it, so what completes is what `--help` shows, and a test checks every `--option` the help
/// mentions is in the list.
struct CommandDescription: Equatable {
    /// One `--name [VALUE]  description` line of OPTIONS.
    struct Option: Equatable {
        /// How a shell completes the option's value.
        enum Value: Equatable {
            /// A flag: no value.
            case none
            /// A path: FILE, PAGE.json, FILE.flow.json.
            case file
            /// A folder: DIR.
            case directory
            /// One of these words: `text|json`.
            case words([String])
            /// Free text: JSON, URL, N, KEY=VALUE.
            case text
        }
        let name: String
        let value: Value
        /// The first line of the option's description.
        let summary: String
    }

    let name: String
    let abstract: String
    /// Words the first argument may be (`bench memory`, `schema flow`), when the usage names them.
    let words: [String]
    /// Whether positionals are paths (`check PAGE.json|DIR...`, `run PAGE.json`).
    let takesPaths: Bool
    let options: [Option]

    init(name: String, abstract: String, help: String) {
        self.name = name
        self.abstract = abstract
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var tokens = (lines.first ?? "").split(separator: " ").map(String.init).dropFirst(3)[...]   // USAGE: formwork NAME
        var words: [String] = []
        var takesPaths = false
        while let token = tokens.popFirst() {
            if token.hasPrefix("[--") {
                // `[--name VALUE]` or `[--name KEY=VALUE]...`: up to the token that closes it.
                var last = token
                while !last.contains("]"), let next = tokens.popFirst() { last = next }
                continue
            }
            if token.hasPrefix("--") {
                if let next = tokens.first, !next.hasPrefix("-"), !next.hasPrefix("[") { tokens.removeFirst() }
                continue
            }
            let bare = token.trimming("[]'.")
            let alternatives = bare.split(separator: "|").map(String.init)
            if alternatives.count > 1, alternatives.allSatisfy({ $0.allSatisfy(\.isLowercase) }) {
                words += alternatives
            } else if ["PAGE", "DIR", "PATH", "FILE", "SRC"].contains(where: { bare.contains($0) }) {
                takesPaths = true
            }
        }
        self.words = words
        self.takesPaths = takesPaths
        var options: [Option] = []
        var inOptions = false
        for line in lines {
            if line == "OPTIONS:" { inOptions = true; continue }
            if inOptions, !line.isEmpty, line.first != " " { inOptions = false }
            guard inOptions, let option = Self.option(line) else { continue }
            if !options.contains(where: { $0.name == option.name }) { options.append(option) }
        }
        self.options = options
    }

    /// `  --name VALUE   summary` (exactly two spaces in front; deeper lines continue a summary).
    static func option(_ line: String) -> Option? {
        guard line.hasPrefix("  --"), line.dropFirst(2).first == "-" else { return nil }
        let body = line.dropFirst(4)
        let name = String(body.prefix { $0.isLetter || $0.isNumber || $0 == "-" })
        guard !name.isEmpty else { return nil }
        var rest = body.dropFirst(name.count)
        var valueName = ""
        if rest.first == " " || rest.first == "=", let next = rest.dropFirst().first, next != " " {
            valueName = String(rest.dropFirst().prefix { $0 != " " })
            rest = rest.dropFirst(1 + valueName.count)
        }
        let summary = String(rest).trimming(" ")
        return Option(name: name, value: Self.value(valueName), summary: summary)
    }

    static func value(_ placeholder: String) -> Option.Value {
        if placeholder.isEmpty { return .none }
        let alternatives = placeholder.split(separator: "|").map(String.init)
        if alternatives.count > 1 { return .words(alternatives) }
        if placeholder == "DIR" { return .directory }
        if placeholder.hasPrefix("FILE") || placeholder.hasSuffix(".json") { return .file }
        return .text
    }

    /// Every `--option` the help text mentions anywhere, for the test that keeps OPTIONS complete.
    static func mentionedOptions(in help: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(help)
        while let range = rest.range(of: "--") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            if let first = name.first, first.isLowercase { names.insert(String(name)) }
            rest = rest[range.upperBound...]
        }
        return names
    }
}

private extension String {
    func trimming(_ characters: String) -> String {
        var text = Substring(self)
        while let first = text.first, characters.contains(first) { text = text.dropFirst() }
        while let last = text.last, characters.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
