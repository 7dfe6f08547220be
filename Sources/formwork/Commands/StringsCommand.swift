import Foundation
import Formwork
import FormworkDesign

/// `formwork strings export PAGE… --locale TAG [--format xliff|csv] --out FILE` and
/// `formwork strings import FILE`.
struct StringsCommand: CLICommand {
    static let name = "strings"
    static let abstract = "Hand a page's texts to translators (XLIFF or CSV) and write their translations back."
    static let help = """
        USAGE: formwork strings export PAGE.json|DIR... --locale TAG [--format xliff|csv] [--out FILE]
               formwork strings import FILE [--format xliff|csv]

        export writes every text a person reads on the pages — literals ("title": "Your name")
        included — with its words in the page's language, its TAG translation where there is one,
        and notes saying where it is (JSON path) and what shows it. XLIFF 2.0 by default, which
        translation tools read; CSV (page,key,path,component,SOURCE,TAG) for a spreadsheet.

        import writes the translations of such a file back into the pages' "strings" (pages named
        as in the file, from the current folder). A literal becomes translatable on the way: it
        gets a key (like name.title), its words go under the page's default language, and the
        attribute becomes {"text": KEY}. Each page is replaced atomically and keeps its bytes
        where nothing changed; a file that can't be read (its line and column are printed), or a
        text no longer where the file says, writes nothing.

        OPTIONS:
          --locale TAG         the language to translate into, like de or zh-Hans
          --format xliff|csv   the file's format (default: from --out's or FILE's extension, else xliff)
          --out FILE           where to write the file (default: print it)
        \(RegistryOption.help)

        EXAMPLE:
          formwork strings export pages/login.json --locale de --out login.de.xlf
          wrote login.de.xlf: 9 texts, 0 translated
          formwork strings import login.de.xlf
          wrote pages/login.json: 9 de texts
          formwork check pages/login.json --locale de --strict
        """

    let verb: String
    let paths: [String]
    let locale: String?
    let format: TranslationFiles.Format?
    let output: String?
    let registryOption: RegistryOption

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        registryOption = try RegistryOption(&arguments)
        let tags = try PageOptions.languages(&arguments)
        guard tags.count <= 1 else { throw UsageError("--locale takes one language for a file, like --locale de") }
        locale = tags.first.flatMap(LocaleTag.canonical)
        if let name = try arguments.option("format") {
            guard let known = TranslationFiles.Format(rawValue: name) else { throw UsageError("--format must be xliff or csv") }
            format = known
        } else { format = nil }
        output = try arguments.option("out")
        var positionals = arguments.positionals()
        guard let first = positionals.first, first == "export" || first == "import" else { throw UsageError("say export or import: formwork strings export PAGE --locale de, or formwork strings import FILE") }
        verb = positionals.removeFirst()
        paths = positionals
        if verb == "export" {
            guard !paths.isEmpty else { throw UsageError("give the page files (or a folder of pages) to export") }
            guard locale != nil else { throw UsageError("say which language the translators write with --locale, like --locale de") }
        } else {
            guard paths.count == 1 else { throw UsageError("give the one XLIFF or CSV file to import") }
            guard output == nil else { throw UsageError("import writes into the pages the file names; leave out --out") }
        }
    }

    func run() async -> Int32 {
        let registry: Registry
        do { registry = try registryOption.load(near: verb == "export" ? paths : [FileManager.default.currentDirectoryPath]).registry } catch {
            Console.error("error: " + error.message)
            return ExitCode.failure
        }
        return verb == "export" ? export(registry) : importFile(registry)
    }

    func export(_ registry: Registry) -> Int32 {
        var pages: [String] = []
        for path in paths {
            guard let found = CheckCommand.pageFiles(path) else {
                Console.error("error: \(path): no such file or folder; check the path")
                return ExitCode.failure
            }
            // Libraries (lib/) are translated where they are kept: export them on their own.
            pages += found.filter { !$0.contains("/\(BlockCatalog.libraryFolder)/") }
        }
        let chosen = format ?? output.flatMap(TranslationFiles.Format.init(fileName:)) ?? .xliff
        do {
            let text = try TranslationFiles.export(pages: pages, locale: locale ?? "en", format: chosen, registry: registry)
            guard let output else {
                Console.out(text.hasSuffix("\n") ? String(text.dropLast()) : text)
                return ExitCode.success
            }
            try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: output))
            let set = try? TranslationFiles.read(Array(text.utf8), name: output, format: chosen)
            let units = set?.units ?? []
            let done = units.filter { !($0.target ?? "").isEmpty }.count
            Console.out("wrote \(output): \(units.count) text\(units.count == 1 ? "" : "s"), \(done) translated")
            return ExitCode.success
        } catch let failure as TranslationFiles.Failure {
            Console.error("error: " + failure.description)
        } catch {
            Console.error("error: \(error)")
        }
        return ExitCode.failure
    }

    func importFile(_ registry: Registry) -> Int32 {
        let file = paths[0]
        guard let data = FileManager.default.contents(atPath: file) else {
            Console.error("error: \(file): can't read the file; check the path")
            return ExitCode.failure
        }
        do {
            let set = try TranslationFiles.read(Array(data), name: file, format: format)
            let written = try TranslationFiles.importTranslations(set, base: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), registry: registry)
            for page in written {
                let count = set.units.filter { $0.page == page && !($0.target ?? "").isEmpty }.count
                Console.out("wrote \(page): \(count) \(set.targetLocale) text\(count == 1 ? "" : "s")")
            }
            if written.isEmpty { Console.out("nothing to write: the pages hold these translations already") }
            return ExitCode.success
        } catch let problem as TranslationFileError {
            Console.error(problem.description)
        } catch let failure as TranslationFiles.Failure {
            Console.error("error: " + failure.description)
        } catch {
            Console.error("error: \(error)")
        }
        return ExitCode.failure
    }
}
