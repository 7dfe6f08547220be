/// Reading string tables (`"strings"`, `"defaultLocale"`) and localized values (`{"text": …}`) when
/// a page or a library is read.
///
/// A localized value becomes an ordinary expression, a call of `text()`:
///
/// ```json
/// "title": { "text": "greeting", "args": { "name": "$data.name" } }
/// ```
///
/// is read as `{"expr": "text('greeting', {name: ($data.name)})"}`, and a value written in place,
/// `{"text": {"en": "Name", "zh-Hans": "菜名"}}`, as a text of the page's table under a key of
/// its own. So bindings, blocks (`$attr`), flows and hosts see an expression giving a plain
/// string and learn nothing about languages; `text()` picks the language when it runs.
struct TextDecoding {
    /// The page's default language.
    var defaultLocale = "en"
    /// Locale → key → text: the page's (or library's) own, then its libraries'.
    var messages: [String: [String: LocalizedMessage]] = [:]
    /// Every localized value read, for `check --locale`.
    var uses: [TextUse] = []

    var table: StringTable { StringTable(defaultLocale: defaultLocale, messages: messages) }
}

/// One localized value in a page: where it is and the key it shows.
public struct TextUse: Sendable {
    /// The JSON path of the localized value: `components[2].attributes.title`.
    public let path: String
    /// The key of the page's `"strings"` it shows (for a text written in place, a key made for it).
    public let key: String
}

extension PageDecoder {
    static let localizedMembers: Set<String> = ["text", "args"]

    /// Whether `raw` is written as a localized value: an object with `text` and maybe `args`.
    static func isLocalized(_ raw: PageValue) -> Bool {
        guard case .object(let object) = raw, object["text"] != nil else { return false }
        return object.keys.allSatisfy { localizedMembers.contains($0) }
    }

    // MARK: - Tables

    /// `"defaultLocale"` and `"strings"` of a page or library, added before any its libraries gave.
    mutating func decodeStrings(_ object: PageObject, libraries: [BlockLibrary]) {
        if let raw = object["defaultLocale"] {
            if case .string(let tag) = raw, let canonical = LocaleTag.canonical(tag) { texts.defaultLocale = canonical } else {
                error("locale", "defaultLocale", "\"defaultLocale\" is \(raw.preview()), not a language tag; use one such as \"en\" or \"zh-Hans\"")
            }
        }
        texts.messages = decodeStringTables(object["strings"], path: "strings")
        for library in libraries {
            for (locale, table) in library.strings {
                for (key, message) in table where texts.messages[locale]?[key] == nil { texts.messages[locale, default: [:]][key] = message }
            }
        }
    }

    /// `{ "en": { KEY: TEXT, … }, "zh-Hans": { … } }`.
    mutating func decodeStringTables(_ value: PageValue?, path: String) -> [String: [String: LocalizedMessage]] {
        guard let value else { return [:] }
        guard case .object(let locales) = value else {
            error("type", path, "\"strings\" must be an object of language → texts, like { \"en\": { \"save\": \"Save\" }, \"zh-Hans\": { \"save\": \"保存\" } }")
            return [:]
        }
        var tables: [String: [String: LocalizedMessage]] = [:]
        for (tag, rawTable) in locales {
            let tablePath = PageDecoder.join(path, tag)
            guard let locale = LocaleTag.canonical(tag) else {
                error("locale", tablePath, "'\(tag)' is not a language tag; use one such as \"en\", \"de-CH\" or \"zh-Hans\"")
                continue
            }
            if locale != tag { error("locale", tablePath, "write the language tag '\(tag)' as '\(locale)'") }
            guard case .object(let entries) = rawTable else {
                error("type", tablePath, "the texts of '\(tag)' must be an object of key → text")
                continue
            }
            var table: [String: LocalizedMessage] = [:]
            for (key, raw) in entries {
                if let message = decodeMessage(raw, locale: locale, path: PageDecoder.join(tablePath, key)) { table[key] = message }
            }
            tables[locale] = table
        }
        return tables
    }

    /// One text: a string with `{name}` arguments, or plural forms `{ "one": …, "other": … }`.
    mutating func decodeMessage(_ raw: PageValue, locale: String, path: String) -> LocalizedMessage? {
        do {
            switch raw {
            case .string(let text):
                return LocalizedMessage(forms: ["other": try LocalizedMessage.parse(text)], isPlural: false)
            case .object(let forms):
                let language = LocaleTag.language(locale)
                let known = PluralRules.categories(language: language).map(\.rawValue)
                var parsed: [String: [LocalizedMessage.Segment]] = [:]
                for (form, rawText) in forms {
                    let formPath = PageDecoder.join(path, form)
                    let exact = form.hasPrefix("=") && Int(form.dropFirst()) != nil
                    guard exact || known.contains(form) else {
                        let all = PluralCategory.allCases.map(\.rawValue)
                        let why = all.contains(form) ? "'\(form)' is not a plural form in '\(language)'" : "'\(form)' is not a plural form"
                        error("plural", formPath, why + "; its forms are " + known.joined(separator: ", ") + " (and =N for exactly N)")
                        continue
                    }
                    guard case .string(let text) = rawText else {
                        error("type", formPath, "a plural form must be a string, like \"{count} items\"")
                        continue
                    }
                    do { parsed[form] = try LocalizedMessage.parse(text) } catch { self.error("text", formPath, error.message) }
                }
                guard forms["other"] != nil else {
                    error("plural", path, "plural forms need 'other', the form every language has; '\(language)' has " + known.joined(separator: ", "))
                    return nil
                }
                return LocalizedMessage(forms: parsed, isPlural: true)
            default:
                error("type", path, "a text is a string (\"Hello, {name}\") or plural forms ({ \"one\": \"{count} item\", \"other\": \"{count} items\" }), not \(Wording.withArticle(raw.typeName))")
                return nil
            }
        } catch {
            self.error("text", path, error.message)
            return nil
        }
    }

    // MARK: - Localized values

    /// The expression a localized value stands for (`text('KEY', {…})`), after checking its key
    /// and arguments; nil, with errors, when it has problems. `path` is the value's own.
    mutating func localizedSource(_ raw: PageValue, path: String) -> String? {
        guard case .object(let object) = raw, let text = object["text"] else { return nil }
        let textPath = PageDecoder.join(path, "text")
        let key: String
        switch text {
        case .string(let k):
            key = k
        case .object(let inline):
            key = "@" + path
            var found = false
            for (tag, rawMessage) in inline {
                guard let locale = LocaleTag.canonical(tag) else {
                    error("locale", PageDecoder.join(textPath, tag), "'\(tag)' is not a language tag; use one such as \"en\", \"de-CH\" or \"zh-Hans\"")
                    continue
                }
                if let message = decodeMessage(rawMessage, locale: locale, path: PageDecoder.join(textPath, tag)) {
                    texts.messages[locale, default: [:]][key] = message
                    found = true
                }
            }
            guard found else { return nil }
        default:
            error("type", textPath, "\"text\" is a key of the page's \"strings\" (\"save\") or the text per language ({ \"en\": \"Save\", \"zh-Hans\": \"保存\" }), not \(Wording.withArticle(text.typeName))")
            return nil
        }
        // The arguments, each checked as an expression on its own so a problem points at it.
        var arguments: [(name: String, source: String)] = []
        var argumentsOK = true
        if let rawArgs = object["args"] {
            let argsPath = PageDecoder.join(path, "args")
            guard case .object(let given) = rawArgs else {
                error("type", argsPath, "\"args\" must be an object of name → expression, like { \"name\": \"$data.name\" }")
                return nil
            }
            for (name, value) in given {
                let argPath = PageDecoder.join(argsPath, name)
                guard LocalizedMessage.isArgumentName(name) else {
                    error("text", argPath, "'\(name)' can't name an argument; use letters, digits and _")
                    argumentsOK = false
                    continue
                }
                var source: String
                var at = argPath
                switch value {
                case .string(let s): source = s
                case .object(let o) where o.count == 1 && o["expr"] != nil:
                    guard case .string(let s)? = o["expr"] else { error("type", argPath, "an expression must be written as a string"); argumentsOK = false; continue }
                    source = s
                    at = PageDecoder.join(argPath, "expr")
                case .object, .array:
                    error("type", argPath, "an argument is an expression string (\"$data.name\") or a number or bool")
                    argumentsOK = false
                    continue
                default: source = value.jsonText
                }
                do {
                    _ = try CompiledExpression.parse(source, isTemplate: false, functions: registry.functions, limits: limits, block: blockScope)
                } catch {
                    self.error("expression", at, error.message, expression: error)
                    argumentsOK = false
                    continue
                }
                arguments.append((name, source))
            }
        }
        guard argumentsOK, checkTextUse(key: key, given: arguments.map(\.name), path: key.hasPrefix("@") ? path : textPath) else { return nil }
        texts.uses.append(TextUse(path: path, key: key))
        let quoted = "'" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        guard !arguments.isEmpty else { return "text(\(quoted))" }
        return "text(\(quoted), {" + arguments.map { "\($0.name): (\($0.source))" }.joined(separator: ", ") + "})"
    }

    /// The key is in the default language, and the arguments given are the ones its texts use.
    private mutating func checkTextUse(key: String, given: [String], path: String) -> Bool {
        let inline = key.hasPrefix("@")
        let holders = texts.messages.filter { $0.value[key] != nil }
        guard !holders.isEmpty else {
            let hint = Suggestions.nearest(to: key, in: texts.messages.values.flatMap(\.keys).filter { !$0.hasPrefix("@") }).map { "; did you mean '\($0)'?" } ?? "; add it under \"strings\""
            error("text", path, "unknown text key '\(key)'" + hint)
            return false
        }
        var ok = true
        if holders[texts.defaultLocale] == nil {
            let fix = inline ? "write it in '\(texts.defaultLocale)' here too" : "add it under strings.\(texts.defaultLocale)"
            error("text", path, (inline ? "this text isn't" : "the text '\(key)' isn't") + " written in '\(texts.defaultLocale)', the page's default language, which every other falls back to; " + fix)
            ok = false
        }
        let name = inline ? "this text" : "the text '\(key)'"
        for (locale, table) in holders.sorted(by: { $0.key < $1.key }) {
            guard let message = table[key] else { continue }
            for argument in message.arguments.sorted() where !given.contains(argument) {
                error("text", path, "\(name) uses {\(argument)} in '\(locale)', but no argument '\(argument)' is given; add it under \"args\"")
                ok = false
            }
            if message.isPlural, !given.contains("count") {
                error("text", path, "\(name) has plural forms in '\(locale)', chosen by the argument 'count'; give it under \"args\"")
                ok = false
            }
        }
        let used = Set(holders.values.compactMap { $0[key] }.flatMap(\.arguments)).union(holders.values.contains { $0[key]?.isPlural == true } ? ["count"] : [])
        for argument in given where !used.contains(argument) {
            error("text", path, "\(name) uses no argument '\(argument)' in any language" + (used.isEmpty ? "" : "; it uses " + used.sorted().joined(separator: ", ")))
            ok = false
        }
        return ok
    }
}
