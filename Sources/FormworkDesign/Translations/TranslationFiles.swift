import Foundation
import Formwork

/// `formwork strings export` and `import` on files: read pages, write an XLIFF or CSV file, and
/// write a translated file's texts back into the pages — all pages or none.
public enum TranslationFiles {
    /// The exchange formats.
    public enum Format: String, Sendable, CaseIterable {
        /// XLIFF 2.0 (`.xlf`, `.xliff`).
        case xliff
        /// CSV, one row per text (`.csv`).
        case csv

        /// The format a file name's extension says, if it says one.
        public init?(fileName: String) {
            let lower = fileName.lowercased()
            if lower.hasSuffix(".xlf") || lower.hasSuffix(".xliff") { self = .xliff } else if lower.hasSuffix(".csv") { self = .csv } else { return nil }
        }
    }

    /// A page file that can't be read or written, or a translation that doesn't fit its page.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong, naming the file.
        public let description: String
    }

    /// The exchange file's text for `pages` (paths, as they will be named in it) in `locale`.
    public static func export(pages: [String], locale: String, format: Format, registry: Registry) throws(Failure) -> String {
        var read: [(file: String, source: PageValue)] = []
        for page in pages { read.append((page, try document(page))) }
        let set = PageTranslations.export(read, locale: locale, registry: registry)
        if format == .csv, let other = read.first(where: { set.sourceLocale(of: $0.file) != set.sourceLocale }) {
            throw Failure(description: "\(other.file): this page is written in '\(set.sourceLocale(of: other.file))', \(read[0].file) in '\(set.sourceLocale)'; a CSV file has one source column, so export them to XLIFF (.xlf), or to a CSV file each")
        }
        switch format {
        case .xliff: return XLIFFFormat.write(set)
        case .csv: return CSVFormat.write(set)
        }
    }

    /// Reads an exchange file; its format from `format` or else its extension.
    public static func read(_ bytes: [UInt8], name: String, format: Format?) throws(TranslationFileError) -> TranslationSet {
        let format = format ?? Format(fileName: name) ?? (bytes.first { $0 > 0x20 } == UInt8(ascii: "<") ? .xliff : .csv)
        switch format {
        case .xliff: return try XLIFFFormat.read(bytes, name: name)
        case .csv: return try CSVFormat.read(bytes, name: name)
        }
    }

    /// Writes the translations of `set` into the pages it names (paths as in the file, against
    /// `base` when relative). Every page is read and changed first; a page that is missing, isn't
    /// JSON, is written in another language than the file says (XLIFF's `fw:srcLang`, else
    /// `srcLang`; CSV's source column), or doesn't hold a text where the file says stops the import
    /// before anything is written. Each page is then replaced atomically, keeping its bytes where nothing changed.
    ///
    /// - Returns: the page files written (a page already holding every translation is not).
    @discardableResult
    public static func importTranslations(_ set: TranslationSet, base: URL, registry: Registry) throws(Failure) -> [String] {
        var pages: [String] = []
        for unit in set.units where !pages.contains(unit.page) { pages.append(unit.page) }
        var changes: [(url: URL, bytes: [UInt8])] = []
        var written: [String] = []
        for page in pages {
            let url = page.hasPrefix("/") ? URL(fileURLWithPath: page) : base.appendingPathComponent(page)
            let bytes: [UInt8]
            do { bytes = Array(try Data(contentsOf: url)) } catch { throw Failure(description: "\(page): can't read the page: \(error.localizedDescription); run the import where the export ran, or fix the path in the file") }
            let old: PageValue
            do { old = try JSONReader.parse(bytes: bytes) } catch { throw Failure(description: "\(page): the page isn't JSON any more (\(error)); fix it, then import again") }
            // The file's texts must be in the language the page is written in.
            let pageLocale = old["defaultLocale"]?.stringValue.flatMap(LocaleTag.canonical) ?? "en"
            let source = set.sourceLocale(of: page)
            guard (LocaleTag.canonical(source) ?? source) == pageLocale else {
                throw Failure(description: "\(page): the file's texts for this page are in '\(source)', but the page is written in '\(pageLocale)' (its defaultLocale); export the page again and translate that file")
            }
            let new: PageValue
            do { new = try PageTranslations.apply(set, to: old, file: page, registry: registry) } catch { throw Failure(description: error.message) }
            guard new != old else { continue }
            changes.append((url, PreservingJSONWriter.rewrite(bytes, to: new)))
            written.append(page)
        }
        for change in changes {
            do { try AtomicFile.write(Data(change.bytes), to: change.url) } catch { throw Failure(description: error.description) }
        }
        return written
    }

    static func document(_ page: String) throws(Failure) -> PageValue {
        let bytes: [UInt8]
        do { bytes = Array(try Data(contentsOf: URL(fileURLWithPath: page))) } catch { throw Failure(description: "\(page): can't read the page: \(error.localizedDescription)") }
        do { return try JSONReader.parse(bytes: bytes) } catch { throw Failure(description: "\(page): the page isn't JSON (\(error)); 'formwork check \(page)' says where") }
    }
}
