/// What `check --locale` reports: which of a page's texts a locale has, and which fall back.
extension PageDocument {
    /// For a person whose language is `locale`: a warning for each localized value that has no text
    /// in that language (or a parent of it) and falls back, and how many of the page's texts have one.
    ///
    /// ```
    /// dish-edit.json: components[2].attributes.title: warning: no 'de' text for 'dish.name'; falls back to 'en'
    /// ```
    public func translationReport(locale: String) -> (diagnostics: [PageDiagnostic], translated: Int, total: Int) {
        let accepted = Set(LocaleTag.fallbackChain(locale))
        var diagnostics: [PageDiagnostic] = []
        var translated = 0
        var seen = Set<String>()
        for use in texts where seen.insert(use.path).inserted {
            guard let (found, _) = strings.lookup(use.key, preferred: [locale]) else { continue }
            if accepted.contains(found) {
                translated += 1
                continue
            }
            let what = use.key.hasPrefix("@") ? "" : " for '\(use.key)'"
            diagnostics.append(PageDiagnostic.warning("translation", use.path, "no '\(locale)' text\(what); falls back to '\(found)'")
                .located(file: file, locations: locations, libraries: libraries))
        }
        return (diagnostics, translated, seen.count)
    }
}
