import Formwork

/// One text handed to a translator: its words in the page's language, its translation (if any),
/// and where it is, so the translation can be written back.
public struct TranslationUnit: Sendable, Equatable {
    /// The page file it is in, as given to `formwork strings export`.
    public var page: String
    /// The key of the page's `"strings"` it is (nil for a literal or a text written in place).
    public var key: String?
    /// The JSON path where it is shown (the first, for a key used in several places).
    public var path: String
    /// What shows it, for the translator: `text-field 'name', title`.
    public var owner: String
    /// The words in the page's default language.
    public var source: String
    /// The words in the target language; nil or empty when not translated yet.
    public var target: String?

    /// A unit; see the properties.
    public init(page: String, key: String?, path: String, owner: String, source: String, target: String?) {
        self.page = page
        self.key = key
        self.path = path
        self.owner = owner
        self.source = source
        self.target = target
    }
}

/// The texts of some pages in one target language: what an XLIFF or CSV file holds.
public struct TranslationSet: Sendable, Equatable {
    /// The language of the first page (its `defaultLocale`): XLIFF's `srcLang`, CSV's source column.
    public var sourceLocale: String
    /// The language translated into.
    public var targetLocale: String
    /// The texts, page by page, in document order.
    public var units: [TranslationUnit]
    /// Each page's own language (its `defaultLocale`), by page file; a page not named here is in
    /// `sourceLocale`. Pages of one set may be written in different languages.
    public var pageLocales: [String: String]

    /// A set; see the properties.
    public init(sourceLocale: String, targetLocale: String, units: [TranslationUnit], pageLocales: [String: String] = [:]) {
        self.sourceLocale = sourceLocale
        self.targetLocale = targetLocale
        self.units = units
        self.pageLocales = pageLocales
    }

    /// The language `page`'s texts are written in.
    public func sourceLocale(of page: String) -> String { pageLocales[page] ?? sourceLocale }

    /// The pages, in the order their texts come.
    public var pages: [String] {
        var pages: [String] = []
        for unit in units where !pages.contains(unit.page) { pages.append(unit.page) }
        return pages
    }
}

/// An exchange file that can't be read: where (line and column, from 1) and what to do.
public struct TranslationFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as given.
    public let file: String
    /// The line, from 1.
    public let line: Int
    /// The column, from 1.
    public let column: Int
    /// What is wrong, in plain words.
    public let message: String

    /// An error at `line`:`column` of `file`.
    public init(file: String, line: Int, column: Int, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `strings.de.xlf:12:7: error: …`, like a compiler's.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
