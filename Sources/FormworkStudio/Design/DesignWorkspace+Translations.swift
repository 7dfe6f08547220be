import Foundation
import Formwork
import FormworkDesign

/// The editor's translations view (Grammar 2.17, "Translating pages"): the page's texts in a
/// language, literals included, and the same export, import and "make translatable" as
/// `formwork strings`, on the document the editor holds (the author saves it as any edit).
extension DesignWorkspace {
    /// `POST /api/design/translations/ACTION/FILE` with `{"document": …, …}`:
    ///
    /// | ACTION | body | answer |
    /// |---|---|---|
    /// | `list` | `locale` | `{"sourceLocale", "texts": [{path, key, owner, form, source, target}]}` |
    /// | `apply` | `locale`, `units: [{path, key?, target}]`, `makeTranslatable: [path]` | `{"document"}` |
    /// | `export` | `locale`, `format` (`xliff`, `csv`) | `{"name", "text"}`, for a download |
    /// | `import` | `text`, `name` (its extension says the format) | `{"document", "locale", "count"}`; 400 with line and column |
    func translations(_ action: String, file: String, body: PageObject) throws(Refusal) -> PageValue {
        guard case .object? = body["document"], let document = body["document"] else {
            throw Refusal(status: 400, message: "send the page as {\"document\": {\"page\": …}}")
        }
        let registry = preview.loaded.registry
        let locale = body["locale"]?.stringValue.flatMap(LocaleTag.canonical)
        switch action {
        case "list":
            guard let locale else { throw Refusal(status: 400, message: "say which language, as {\"locale\": \"de\"}") }
            let set = PageTranslations.export([(file, document)], locale: locale, registry: registry)
            let forms = Dictionary(PageTexts.find(in: document, registry: registry).map { ($0.path, $0.form) }, uniquingKeysWith: { first, _ in first })
            return .object(PageObject([
                ("sourceLocale", .string(set.sourceLocale)), ("locale", .string(locale)),
                ("texts", .array(set.units.map { unit in
                    let form: String
                    switch forms[unit.path] {
                    case .literal?: form = "literal"
                    case .inline?: form = "inline"
                    default: form = "key"
                    }
                    return .object(PageObject([
                        ("path", .string(unit.path)), ("key", unit.key.map { .string($0) } ?? .null), ("owner", .string(unit.owner)),
                        ("form", .string(form)), ("source", .string(unit.source)), ("target", unit.target.map { .string($0) } ?? .null),
                    ]))
                })),
            ]))
        case "apply":
            guard let locale else { throw Refusal(status: 400, message: "say which language, as {\"locale\": \"de\"}") }
            var page = document
            if case .array(let paths)? = body["makeTranslatable"] {
                for case .string(let path) in paths {
                    guard let text = PageTexts.find(in: page, registry: registry).first(where: { $0.path == path }), case .literal = text.form else {
                        throw Refusal(status: 400, message: "\(path) holds no literal text to make translatable")
                    }
                    do { try PageTranslations.makeTranslatable(text, in: &page) } catch { throw Refusal(status: 400, message: error.message) }
                }
            }
            var units: [TranslationUnit] = []
            if case .array(let items)? = body["units"] {
                for case .object(let item) in items {
                    units.append(TranslationUnit(page: file, key: item["key"]?.stringValue, path: item["path"]?.stringValue ?? "", owner: "", source: "", target: item["target"]?.stringValue))
                }
            }
            do { page = try PageTranslations.apply(TranslationSet(sourceLocale: "", targetLocale: locale, units: units), to: page, file: file, registry: registry) } catch {
                throw Refusal(status: 400, message: error.message)
            }
            return .object(PageObject([("document", page)]))
        case "export":
            guard let locale else { throw Refusal(status: 400, message: "say which language, as {\"locale\": \"de\"}") }
            let format = body["format"]?.stringValue.flatMap(TranslationFiles.Format.init(rawValue:)) ?? .xliff
            let set = PageTranslations.export([(file, document)], locale: locale, registry: registry)
            let base = (file as NSString).deletingPathExtension
            let name = ((base as NSString).lastPathComponent) + "." + locale + (format == .xliff ? ".xlf" : ".csv")
            return .object(PageObject([("name", .string(name)), ("text", .string(format == .xliff ? XLIFFFormat.write(set) : CSVFormat.write(set)))]))
        case "import":
            guard let text = body["text"]?.stringValue else { throw Refusal(status: 400, message: "send the file's text as {\"text\": …}") }
            let name = body["name"]?.stringValue ?? "translations"
            var set: TranslationSet
            do { set = try TranslationFiles.read(Array(text.utf8), name: name, format: nil) } catch { throw Refusal(status: 400, message: error.description) }
            // The file names the page as it was exported (here or by `formwork strings`): its units are this page's.
            let named = Set(set.units.map(\.page))
            guard named.count <= 1 || named.contains(file) else {
                throw Refusal(status: 400, message: "\(name) holds texts of several pages (\(named.sorted().joined(separator: ", "))); import it with 'formwork strings import', or export this page alone")
            }
            // The file's texts must be in the language the page is written in.
            if let exported = set.units.first?.page {
                let source = set.sourceLocale(of: exported)
                let written = document["defaultLocale"]?.stringValue.flatMap(LocaleTag.canonical) ?? "en"
                guard (LocaleTag.canonical(source) ?? source) == written else {
                    throw Refusal(status: 400, message: "\(name)'s texts are in '\(source)', but \(file) is written in '\(written)' (its defaultLocale); export the page again and translate that file")
                }
            }
            for index in set.units.indices { set.units[index].page = file }
            let page: PageValue
            do { page = try PageTranslations.apply(set, to: document, file: file, registry: registry) } catch { throw Refusal(status: 400, message: error.message) }
            let count = set.units.filter { !($0.target ?? "").isEmpty }.count
            return .object(PageObject([("document", page), ("locale", .string(set.targetLocale)), ("count", .int(Int64(count)))]))
        default:
            throw Refusal(status: 404, message: "there is no translations action '\(action)'; use list, apply, export or import")
        }
    }
}
