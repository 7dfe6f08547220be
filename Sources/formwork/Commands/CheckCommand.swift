import Foundation
import Formwork

/// `formwork check PAGE.json|DIR… [--format text|json]`
struct CheckCommand: CLICommand {
    static let name = "check"
    static let abstract = "Find errors in pages without running them."
    static let help = """
        USAGE: formwork check PAGE.json|DIR... [--locale TAG[,TAG]] [--strict] [--registry FILE] [--format text|json]

        Reads each page (in a folder: the *.json files directly in it, except *.flow.json flow
        tests and manifest.json) and reports, in compiler form `file: path.to.node: error: message`:
        bad JSON, page ids that can't be published, unknown component/action/validation/handler
        ids or attributes, literals of the wrong type, expression errors with their column, unknown
        functions, writes to $param, $computed or $page, $param and $computed names the page
        doesn't declare, computed values in a cycle, duplicate keys, interactions triggered but not
        defined, pushes to pages that aren't there, two pages with one id, and a minEngineVersion
        above this engine's. These are the checks 'formwork pack' runs: a folder check passes is a
        folder pack publishes.

        Exits 1 if any page has an error.

        OPTIONS:
          --format text|json   json prints one object with every diagnostic, for editors and CI
          --locale TAG         also warn about each text a person reads with no TAG translation
                               (it falls back), literal texts such as "title": "Name" included,
                               and print per page how many of its texts TAG has
          --strict             with --locale: a missing translation is an error (exit 1), for CI
        \(RegistryOption.help)
                               the app's own types are checked like the built-ins, function argument types too

        EXAMPLE:
          formwork check pages
          pages/dish-edit.json: components[0].components[1].attributes.value.expr: error: unknown variable '$dta'; did you mean $data? (column 1 of the expression)
            $dta.price
            ^~~~
          checked 5 pages: 1 error, 0 warnings
        """

    let paths: [String]
    let json: Bool
    let registryOption: RegistryOption
    let languages: [String]
    let strict: Bool

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        registryOption = try RegistryOption(&arguments)
        languages = try PageOptions.languages(&arguments)
        strict = arguments.flag("strict")
        if strict && languages.isEmpty { throw UsageError("--strict checks translations: give the languages with --locale, like --locale de,zh-Hans --strict") }
        let format = try arguments.option("format") ?? "text"
        guard format == "text" || format == "json" else { throw UsageError("--format must be text or json") }
        json = format == "json"
        paths = arguments.positionals()
        guard !paths.isEmpty else { throw UsageError("give a page file or a folder of pages to check") }
    }

    /// The page files under `path`: the file itself, or the pages directly in the folder (the
    /// files `pack` would publish) and the libraries in its `lib/` folder.
    static func pageFiles(_ path: String) -> [String]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else { return [path] }
        guard let listing = try? PageSet.jsonFiles(in: URL(fileURLWithPath: path)) else { return nil }
        let folder = URL(fileURLWithPath: path)
        // NB: printed as given, like the pages beside them (lib/kit.json, not /home/…/lib/kit.json).
        let libraries = BlockCatalog.libraryFiles(in: folder.appendingPathComponent(BlockCatalog.libraryFolder)).map { found in
            found.hasPrefix(folder.path + "/") ? (path as NSString).appendingPathComponent(String(found.dropFirst(folder.path.count + 1))) : found
        }
        return listing.filter { $0.skipped == nil }.map { (path as NSString).appendingPathComponent($0.name) } + libraries
    }

    func run() async -> Int32 {
        let registry: Registry
        do {
            registry = try registryOption.load(near: paths).registry
        } catch {
            Console.error("error: " + error.message)
            return ExitCode.failure
        }
        var files: [String] = []
        var diagnostics: [PageDiagnostic] = []
        for path in paths {
            guard let found = CheckCommand.pageFiles(path) else {
                var missing = PageDiagnostic.error("file", "", "no such file or folder; check the path")
                missing.file = path
                diagnostics.append(missing)
                continue
            }
            files += found
        }
        var readable: [(name: String, bytes: [UInt8])] = []
        for file in files {
            do {
                readable.append((file, try ReadableFile.read(file, limit: CLILimits.standard.documentBytes)))
            } catch {
                var unreadable = PageDiagnostic.error("file", "", "can't read the file: \(error.reason)")
                unreadable.file = file
                diagnostics.append(unreadable)
            }
        }
        // NB: a single page file has no neighbours, so its pushes aren't checked against any.
        // NB: libraries beside a page given on its own (and in lib/ there) are at hand for it.
        var nearby: [BlockLibrary] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            nearby += BlockCatalog.load(folder: URL(fileURLWithPath: path).deletingLastPathComponent(), limits: CLILimits.standard).catalog.libraries.values
        }
        let set = PageSet(files: readable, registry: registry, libraries: BlockCatalog(nearby), checkPushes: !(paths.count == 1 && files.count == 1 && files == paths), limits: CLILimits.standard)
        diagnostics += set.diagnostics
        var coverage: [String] = []
        for locale in languages {
            var translated = 0, total = 0
            for page in set.pages {
                guard let report = page.document?.translationCoverage(locale: locale, registry: registry, strict: strict) else { continue }
                diagnostics += report.missing
                translated += report.translated
                total += report.total
                coverage.append("\(page.file): \(locale): \(report.translated) of \(report.total) text\(report.total == 1 ? "" : "s") translated")
            }
            let percent = total == 0 ? 100 : translated * 100 / total
            coverage.append("\(locale): \(percent)% of \(total) text\(total == 1 ? "" : "s")")
        }
        let checked = "\(set.pages.count) page\(set.pages.count == 1 ? "" : "s")" + (set.libraries.isEmpty ? "" : " and \(set.libraries.count) librar\(set.libraries.count == 1 ? "y" : "ies")")
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        if json {
            Console.out(PageValue.object(PageObject([
                ("pages", .int(Int64(files.count))), ("errors", .int(Int64(errors))), ("warnings", .int(Int64(warnings))),
                ("diagnostics", .array(diagnostics.map(\.jsonValue))),
            ])).prettyJSONText)
        } else {
            for diagnostic in diagnostics { Console.out(diagnostic.rendered) }
            for line in coverage { Console.out(line) }
            Console.out("checked \(checked): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
        return errors > 0 ? ExitCode.failure : ExitCode.success
    }
}
