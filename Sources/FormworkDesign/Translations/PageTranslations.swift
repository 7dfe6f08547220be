import Formwork

/// The translator's side of a page: which texts it has in a language, and writing translations
/// back into its string tables (Grammar 2.17, "Translating pages").
///
/// ```swift
/// let set = PageTranslations.export([("login.json", page)], locale: "de", registry: .standard)
/// // … the translator fills in set.units[i].target …
/// let translated = try PageTranslations.apply(set, to: page, file: "login.json", registry: .standard)
/// ```
public enum PageTranslations {
    /// Every text of `pages` that a person reads, with its words in each page's default language
    /// (named per page in `pageLocales`) and its `locale` translation where there is one. A key used in several places is one unit;
    /// a text with plural forms, or a key only a library has, is left out (translate it there).
    public static func export(_ pages: [(file: String, source: PageValue)], locale: String, registry: Registry) -> TranslationSet {
        let target = LocaleTag.canonical(locale) ?? locale
        var sourceLocale: String?
        var pageLocales: [String: String] = [:]
        var units: [TranslationUnit] = []
        for (file, page) in pages {
            let defaultLocale = page["defaultLocale"]?.stringValue.flatMap(LocaleTag.canonical) ?? "en"
            if sourceLocale == nil { sourceLocale = defaultLocale }
            pageLocales[file] = defaultLocale
            let strings = page["strings"] ?? .null
            var keys = Set<String>()
            for text in PageTexts.find(in: page, registry: registry) {
                switch text.form {
                case .literal(let words):
                    units.append(TranslationUnit(page: file, key: nil, path: text.path, owner: text.owner, source: words, target: nil))
                case .key(let key):
                    guard keys.insert(key).inserted, case .string(let words)? = strings[defaultLocale]?[key] else { continue }
                    units.append(TranslationUnit(page: file, key: key, path: text.path, owner: text.owner, source: words, target: strings[target]?[key]?.stringValue))
                case .inline(let words):
                    guard let source = words[defaultLocale] else { continue }
                    units.append(TranslationUnit(page: file, key: nil, path: text.path, owner: text.owner, source: source, target: words[target]))
                }
            }
        }
        return TranslationSet(sourceLocale: sourceLocale ?? "en", targetLocale: target, units: units, pageLocales: pageLocales)
    }

    /// Why a translation can't be written into a page.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, naming the page and the text.
        public let message: String
        /// The message.
        public var description: String { message }
    }

    /// `page` with the translations of `set` for `file` written into it: a key's under
    /// `strings.LOCALE.KEY`, a text written in place beside its other languages, and a literal
    /// made translatable first (`makeTranslatable`). Units without a target change nothing.
    ///
    /// - Throws: `Problem` when a unit names a path that holds no text (the page changed since
    ///   the export); nothing is changed then.
    public static func apply(_ set: TranslationSet, to page: PageValue, file: String, registry: Registry) throws(Problem) -> PageValue {
        var page = page
        let locale = LocaleTag.canonical(set.targetLocale) ?? set.targetLocale
        for unit in set.units where unit.page == file {
            guard let target = unit.target, !target.isEmpty else { continue }
            let texts = PageTexts.find(in: page, registry: registry)
            if let key = unit.key {
                try write(target, key: key, locale: locale, in: &page)
                continue
            }
            guard let text = texts.first(where: { $0.path == unit.path }) else {
                throw Problem(message: "\(file): \(unit.path) holds no text any more (\(PageValue.string(unit.source).preview())); export the page again")
            }
            switch text.form {
            case .key(let key):
                try write(target, key: key, locale: locale, in: &page)
            case .inline:
                do { try page.set(.string(target), at: ArraySlice(text.steps + [.key("text"), .key(locale)])) } catch { throw Problem(message: "\(file): \(unit.path): \(error.message)") }
            case .literal:
                let key = try makeTranslatable(text, in: &page)
                try write(target, key: key, locale: locale, in: &page)
            }
        }
        return page
    }

    /// Makes the literal `text` translatable: its words go under `strings.DEFAULT.KEY` (a key
    /// made from the component's key and the attribute, `name.title`) and the attribute becomes
    /// `{"text": KEY}`; an option written as a string becomes `{"title": {"text": KEY}, "value":
    /// "…"}`, so its value stays. The editor's "make translatable" does the same.
    ///
    /// - Returns: the new key.
    @discardableResult
    public static func makeTranslatable(_ text: PageText, in page: inout PageValue) throws(Problem) -> String {
        guard case .literal(let words) = text.form else { throw Problem(message: "\(text.path) is translatable already") }
        var steps = text.steps
        // `{"value": "Logo"}` is replaced whole.
        if case .key("value")? = steps.last, case .object = page.value(at: steps.dropLast()) { steps.removeLast() }
        let defaultLocale = page["defaultLocale"]?.stringValue.flatMap(LocaleTag.canonical) ?? "en"
        let key = freshKey(for: text, in: page)
        try write(words, key: key, locale: defaultLocale, in: &page)
        var replacement = PageValue.object(PageObject([("text", .string(key))]))
        // An option written as a string is its title and its value: the value stays as it was.
        if case .index? = steps.last, case .string(let value) = page.value(at: steps) {
            replacement = .object(PageObject([("title", replacement), ("value", .string(value))]))
        }
        do { try page.set(replacement, at: ArraySlice(steps)) } catch { throw Problem(message: "\(text.path): \(error.message)") }
        return key
    }

    /// A key no table of `page` has yet, from what holds the text: `name.title`, `save.title`, `title`.
    static func freshKey(for text: PageText, in page: PageValue) -> String {
        var used = Set<String>()
        if case .object(let tables)? = page["strings"] {
            for (_, table) in tables { if case .object(let entries) = table { used.formUnion(entries.keys) } }
        }
        var parts: [String] = []
        // The component's key (the owner reads `text-field 'name', title`), then the attribute's words.
        if let open = text.owner.firstIndex(of: "'"), let close = text.owner[text.owner.index(after: open)...].firstIndex(of: "'") {
            parts.append(String(text.owner[text.owner.index(after: open)..<close]))
        }
        let tail = text.owner.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "text"
        parts.append(tail == "page" ? "title" : tail)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")
        let root = String(parts.joined(separator: ".").map { $0 == "[" ? "." : $0 }.filter { allowed.contains($0) })
        let base = root.isEmpty ? "text" : root
        var key = base
        var n = 2
        while used.contains(key) {
            key = base + String(n)
            n += 1
        }
        return key
    }

    private static func write(_ words: String, key: String, locale: String, in page: inout PageValue) throws(Problem) {
        do { try page.set(.string(words), at: ArraySlice<StorePath.Component>([.key("strings"), .key(locale), .key(key)])) } catch {
            throw Problem(message: "can't write strings.\(locale).\(key): \(error.message)")
        }
    }
}
