/// Translations as CSV (RFC 4180, UTF-8), as SurveyJS Creator exports them for a spreadsheet: one
/// row per text, columns `page`, `key`, `path`, `component`, then the source language and the
/// target language, each headed by its tag. One source column means one source language: pages
/// written in different languages go to XLIFF, or to a CSV file each.
///
/// ```
/// page,key,path,component,en,de
/// login.json,,components[0].attributes.title,"text-field 'name', title",Your name,Ihr Name
/// ```
public enum CSVFormat {
    static let fixedColumns = ["page", "key", "path", "component"]

    /// The CSV text of `set`.
    public static func write(_ set: TranslationSet) -> String {
        var out = row(fixedColumns + [set.sourceLocale, set.targetLocale])
        for unit in set.units {
            out += row([unit.page, unit.key ?? "", unit.path, unit.owner, unit.source, unit.target ?? ""])
        }
        return out
    }

    static func row(_ fields: [String]) -> String {
        fields.map { field in
            guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) || field.hasPrefix(" ") || field.hasSuffix(" ") else { return field }
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }.joined(separator: ",") + "\r\n"
    }

    /// The set a CSV file holds.
    ///
    /// - Throws: `TranslationFileError` with the line and column of the first problem: a quote
    ///   not closed, text after a closing quote, a header without the columns above, a row with
    ///   another number of fields than the header, a row naming no page or neither key nor path.
    public static func read(_ bytes: [UInt8], name: String) throws(TranslationFileError) -> TranslationSet {
        let rows = try parse(bytes, name: name)
        guard let header = rows.first else { throw TranslationFileError(file: name, line: 1, column: 1, "the file is empty; it needs a header: page,key,path,component,SOURCE,TARGET") }
        guard header.fields.count == 6, Array(header.fields.prefix(4)).map({ $0.text }) == fixedColumns else {
            throw TranslationFileError(file: name, line: header.line, column: 1, "the header must be page,key,path,component followed by the source and target language tags, like page,key,path,component,en,de")
        }
        let sourceLocale = header.fields[4].text, targetLocale = header.fields[5].text
        guard !targetLocale.isEmpty else { throw TranslationFileError(file: name, line: header.line, column: header.fields[5].column, "the last column's header must be the target language's tag, like de") }
        var units: [TranslationUnit] = []
        for row in rows.dropFirst() {
            if row.fields.count == 1 && row.fields[0].text.isEmpty { continue }
            guard row.fields.count == 6 else {
                throw TranslationFileError(file: name, line: row.line, column: row.fields.last?.column ?? 1, "this row has \(row.fields.count) fields, the header 6; quote a text holding a comma (\"Hello, Ada\")")
            }
            let f = row.fields.map(\.text)
            guard !f[0].isEmpty else { throw TranslationFileError(file: name, line: row.line, column: 1, "this row names no page") }
            guard !f[1].isEmpty || !f[2].isEmpty else { throw TranslationFileError(file: name, line: row.line, column: row.fields[1].column, "this row has neither a key nor a path, so its page can't be told where it goes; export the page again") }
            units.append(TranslationUnit(page: f[0], key: f[1].isEmpty ? nil : f[1], path: f[2], owner: f[3], source: f[4], target: f[5].isEmpty ? nil : f[5]))
        }
        // One source column: every page of a CSV file is in its language.
        var pageLocales: [String: String] = [:]
        for unit in units { pageLocales[unit.page] = sourceLocale }
        return TranslationSet(sourceLocale: sourceLocale, targetLocale: targetLocale, units: units, pageLocales: pageLocales)
    }

    struct Field { var text: String; var column: Int }
    struct Row { var line: Int; var fields: [Field] }

    /// RFC 4180 records; a quoted field may hold commas, quotes (doubled) and line breaks.
    static func parse(_ bytes: [UInt8], name: String) throws(TranslationFileError) -> [Row] {
        var scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var rows: [Row] = []
        var line = 1, column = 1
        var index = 0
        var row = Row(line: 1, fields: [])
        var field = Field(text: "", column: 1)
        func endField() { row.fields.append(field) }
        while index <= scalars.count {
            guard index < scalars.count else {
                if !(row.fields.isEmpty && field.text.isEmpty) { endField(); rows.append(row) }
                break
            }
            let c = scalars[index]
            if c == "\"" && field.text.isEmpty {
                let (openLine, openColumn) = (line, column)
                index += 1; column += 1
                var closed = false
                while index < scalars.count {
                    let q = scalars[index]
                    if q == "\"" {
                        if index + 1 < scalars.count && scalars[index + 1] == "\"" { field.text.unicodeScalars.append("\""); index += 2; column += 2; continue }
                        index += 1; column += 1
                        closed = true
                        break
                    }
                    field.text.unicodeScalars.append(q)
                    if q == "\n" { line += 1; column = 1 } else { column += 1 }
                    index += 1
                }
                guard closed else { throw TranslationFileError(file: name, line: openLine, column: openColumn, "this quote is never closed; end the field with \"") }
                if index < scalars.count, !(scalars[index] == "," || scalars[index] == "\n" || scalars[index] == "\r") {
                    throw TranslationFileError(file: name, line: line, column: column, "text after a closing quote; write a quote inside a quoted field as \"\"")
                }
                continue
            }
            switch c {
            case ",":
                endField()
                index += 1; column += 1
                field = Field(text: "", column: column)
            case "\r", "\n":
                endField()
                rows.append(row)
                index += (c == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n") ? 2 : 1
                line += 1; column = 1
                row = Row(line: line, fields: [])
                field = Field(text: "", column: 1)
            default:
                field.text.unicodeScalars.append(c)
                index += 1; column += 1
            }
        }
        return rows
    }
}
