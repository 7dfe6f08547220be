import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// XLIFF 2.0 (OASIS), the file translation tools read: one `<file>` per page (`original` is its
/// path, `fw:srcLang` the page's own language, as pages of one file may be written in different
/// ones; `<xliff srcLang>` is the first page's), one `<unit>` per text (`name` is its key, when it
/// has one), notes with the JSON path and what shows it, and a segment with `<source>` and `<target>`.
///
/// ```xml
/// <unit id="u1" name="name.title">
///   <notes><note category="location">components[0].attributes.title</note><note category="component">text-field 'name', title</note></notes>
///   <segment><source>Your name</source><target>Ihr Name</target></segment>
/// </unit>
/// ```
public enum XLIFFFormat {
    /// The XLIFF 2.0 text of `set`.
    public static func write(_ set: TranslationSet) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" xmlns:fw=\"\(namespace)\" version=\"2.0\" srcLang=\"\(escape(set.sourceLocale))\" trgLang=\"\(escape(set.targetLocale))\">\n"
        var number = 0
        for (index, page) in set.pages.enumerated() {
            out += "  <file id=\"f\(index + 1)\" original=\"\(escape(page))\" fw:srcLang=\"\(escape(set.sourceLocale(of: page)))\">\n"
            for unit in set.units where unit.page == page {
                number += 1
                out += "    <unit id=\"u\(number)\"" + (unit.key.map { " name=\"\(escape($0))\"" } ?? "") + ">\n"
                out += "      <notes><note category=\"location\">\(escape(unit.path))</note><note category=\"component\">\(escape(unit.owner))</note></notes>\n"
                out += "      <segment><source>\(escape(unit.source))</source>"
                if let target = unit.target { out += "<target>\(escape(target))</target>" }
                out += "</segment>\n    </unit>\n"
            }
            out += "  </file>\n"
        }
        out += "</xliff>\n"
        return out
    }

    /// The set an XLIFF 2 file holds.
    ///
    /// - Throws: `TranslationFileError` with the line and column of the first problem: XML that
    ///   isn't well formed, a file that isn't XLIFF 2, a `<file>` without `original`, a `<unit>`
    ///   with neither a key (`name`) nor a location note.
    public static func read(_ bytes: [UInt8], name: String) throws(TranslationFileError) -> TranslationSet {
        let delegate = Reader(name: name)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        delegate.parser = parser
        parser.delegate = delegate
        let ok = parser.parse()
        if let problem = delegate.problem { throw problem }
        guard ok else {
            let why = parser.parserError.map { String(describing: ($0 as NSError).localizedDescription) } ?? "it is not well-formed XML"
            throw TranslationFileError(file: name, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1), "this is not well-formed XML (\(why)); check the tags and escape & and < as &amp; and &lt;")
        }
        guard delegate.sawRoot else { throw TranslationFileError(file: name, line: 1, column: 1, "this is not an XLIFF file: it has no <xliff> element") }
        guard let target = delegate.targetLocale else { throw TranslationFileError(file: name, line: delegate.rootLine, column: delegate.rootColumn, "<xliff> has no trgLang: say which language the file translates into, like trgLang=\"de\"") }
        let source = delegate.sourceLocale ?? "en"
        var pageLocales: [String: String] = [:]
        for unit in delegate.units where pageLocales[unit.page] == nil { pageLocales[unit.page] = delegate.fileLocales[unit.page] ?? source }
        return TranslationSet(sourceLocale: source, targetLocale: target, units: delegate.units, pageLocales: pageLocales)
    }

    /// The namespace of formwork's own attribute, `fw:srcLang` on a `<file>` (XLIFF 2 lets a
    /// `<file>` carry attributes of other namespaces; tools keep them).
    public static let namespace = "urn:formwork:xliff"

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    private final class Reader: NSObject, XMLParserDelegate {
        let name: String
        weak var parser: XMLParser?
        var problem: TranslationFileError?
        var sawRoot = false
        var rootLine = 1, rootColumn = 1
        var sourceLocale: String?
        var targetLocale: String?
        var page: String?
        var unit: (key: String?, line: Int, column: Int)?
        var location: String?
        var owner = ""
        var source: String?
        var target: String?
        var text = ""
        var noteCategory: String?
        var units: [TranslationUnit] = []
        /// Each `<file>`'s own `fw:srcLang`, by its `original`.
        var fileLocales: [String: String] = [:]

        init(name: String) { self.name = name }

        func fail(_ message: String) {
            guard problem == nil, let parser else { return }
            problem = TranslationFileError(file: name, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1), message)
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            text = ""
            switch element {
            case "xliff":
                sawRoot = true
                rootLine = parser.lineNumber
                rootColumn = parser.columnNumber
                guard let version = attributes["version"], version.hasPrefix("2.") else {
                    return fail("this is XLIFF \(attributes["version"] ?? "of no version"); formwork reads XLIFF 2.x (version=\"2.0\"), as 'formwork strings export' writes it")
                }
                sourceLocale = attributes["srcLang"]
                targetLocale = attributes["trgLang"]
            case "file":
                guard sawRoot else { return fail("<file> must be inside <xliff>") }
                guard let original = attributes["original"], !original.isEmpty else { return fail("<file> has no original: it must name the page file, like original=\"pages/login.json\"") }
                page = original
                // NB: the prefix is whatever the file declares for formwork's namespace (`fw` when we wrote it).
                if let own = attributes.first(where: { $0.key == "srcLang" || $0.key.hasSuffix(":srcLang") })?.value, !own.isEmpty { fileLocales[original] = own }
            case "unit":
                guard page != nil else { return fail("<unit> must be inside a <file original=\"…\">") }
                unit = (attributes["name"], parser.lineNumber, parser.columnNumber)
                location = nil
                owner = ""
                source = nil
                target = nil
            case "note": noteCategory = attributes["category"]
            default: return
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            switch element {
            case "source": source = (source ?? "") + text
            case "target": target = (target ?? "") + text
            case "note":
                if noteCategory == "location" { location = text } else if noteCategory == "component" { owner = text }
            case "file": page = nil
            case "unit":
                guard let open = unit, let page else { return }
                unit = nil
                guard open.key != nil || location != nil else {
                    problem = TranslationFileError(file: name, line: open.line, column: open.column, "this <unit> has neither a name (the text's key) nor a <note category=\"location\"> (its JSON path), so its page can't be told where it goes; export the page again")
                    parser.abortParsing()
                    return
                }
                units.append(TranslationUnit(page: page, key: open.key, path: location ?? "", owner: owner, source: source ?? "", target: target))
            default: return
            }
        }
    }
}
