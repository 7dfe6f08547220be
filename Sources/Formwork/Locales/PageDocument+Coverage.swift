/// What `check --locale TAG` counts: every text a person reads on a page, literals included.
extension PageDocument {
    /// How many of the page's texts a person whose language is `locale` reads in it, and where
    /// the others are.
    public struct TranslationCoverage: Sendable {
        /// The language asked about.
        public let locale: String
        /// Texts written in that language (or a parent of it, `de` for `de-CH`).
        public let translated: Int
        /// Every text a person reads on the page.
        public let total: Int
        /// A warning for each text shown in another language, at its JSON path.
        public let missing: [PageDiagnostic]
    }

    /// The page's texts `locale` has, counting every text a person reads: a literal
    /// (`"title": "Your name"`) is in the page's default language only, so it is missing in every
    /// other; a key of `"strings"` or a text written in place counts where it has `locale`'s words.
    ///
    /// ```
    /// login.json: components[0].attributes.title: warning: no 'de' text: "Your name" is written in place, in 'en' only; make it translatable (formwork strings export/import does)
    /// ```
    ///
    /// - Parameters:
    ///   - locale: a language tag, like `de` or `zh-Hans`.
    ///   - registry: the types the page uses, which say which attributes hold texts (`AttributeSpec.text`).
    ///   - strict: report each missing text as an error (`check --strict`), not a warning.
    public func translationCoverage(locale: String, registry: Registry, strict: Bool = false) -> TranslationCoverage {
        let accepted = Set(LocaleTag.fallbackChain(LocaleTag.canonical(locale) ?? locale))
        let sourceHas = accepted.contains(strings.defaultLocale)
        var missing: [PageDiagnostic] = []
        var translated = 0
        var seen = Set<String>()
        func warn(_ path: String, _ message: String) {
            missing.append(PageDiagnostic(strict ? .error : .warning, code: "translation", path: path, message).located(file: file, locations: locations, libraries: libraries))
        }
        for text in PageTexts.find(in: source, registry: registry) where seen.insert(text.path).inserted {
            switch text.form {
            case .literal(let words):
                if sourceHas { translated += 1 } else {
                    warn(text.path, "no '\(locale)' text: \(PageValue.string(words).preview()) is written in place, in '\(strings.defaultLocale)' only; make it translatable (formwork strings export, then import)")
                }
            case .key(let key):
                if let (found, _) = strings.lookup(key, preferred: [locale]), !accepted.contains(found) {
                    warn(text.path, "no '\(locale)' text for '\(key)'; falls back to '\(found)'")
                } else { translated += 1 }
            case .inline(let words):
                if accepted.contains(where: { words[$0] != nil }) { translated += 1 } else {
                    warn(text.path, "no '\(locale)' text here; add \"\(locale)\" beside " + words.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))
                }
            }
        }
        // Localized values the JSON walk can't attribute to a declared text (a block's string attribute, …).
        for use in texts where seen.insert(use.path).inserted {
            guard let (found, _) = strings.lookup(use.key, preferred: [locale]) else { continue }
            if accepted.contains(found) { translated += 1 } else {
                warn(use.path, "no '\(locale)' text" + (use.key.hasPrefix("@") ? "" : " for '\(use.key)'") + "; falls back to '\(found)'")
            }
        }
        return TranslationCoverage(locale: locale, translated: translated, total: seen.count, missing: missing)
    }
}
