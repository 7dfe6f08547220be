import Foundation
import Formwork
import FormworkTesting

/// `formwork test [PATH…] [--coverage] [--format text|json]`
struct TestCommand: CLICommand {
    static let name = "test"
    static let abstract = "Run page flows (*.flow.json) and report each, with optional coverage."
    static let help = """
        USAGE: formwork test [PATH...] [--coverage] [--min-coverage PERCENT] [--registry FILE] [--format text|json]

        Runs every *.flow.json under the paths (folders are searched recursively; default: pages/),
        headlessly against the stubs each flow declares. Prints one line per flow and a closing
        line 'N passed, N failed'; exits 1 when any flow fails.

        OPTIONS:
          --coverage          also print, per page, which interactions, actions, validations,
                              components, if branches and error handlers the flows exercised,
                              what they never touched, and the share of interactions and actions run
          --min-coverage N    implies --coverage; also fail when a page's interactions and actions
                              are less than N% exercised (the pages' target is 90)
          --format text|json  text (default), or one JSON document for tools
        \(RegistryOption.help)
                              (the app's actions and functions are stubbed in the flows' "stubs")

        EXAMPLE:
          formwork test pages
          PASS pages/dish-edit.flow.json (7 steps)
          FAIL pages/login.flow.json — step 4 (expect data.token): expected "t-1", got null
          1 passed, 1 failed
        """

    let paths: [String]
    let coverage: Bool
    let minimumCoverage: Double?
    let json: Bool
    let registryOption: RegistryOption

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        registryOption = try RegistryOption(&arguments)
        if let text = try arguments.option("min-coverage") {
            guard let value = Double(text.hasSuffix("%") ? String(text.dropLast()) : text), (0...100).contains(value) else {
                throw UsageError("--min-coverage takes a percentage from 0 to 100, like 90 (got '\(text)')")
            }
            minimumCoverage = value
        } else {
            minimumCoverage = nil
        }
        coverage = arguments.flag("coverage") || minimumCoverage != nil
        let format = try arguments.option("format") ?? "text"
        guard format == "text" || format == "json" else { throw UsageError("--format must be text or json, not '\(format)'") }
        json = format == "json"
        let positionals = arguments.positionals()
        paths = positionals.isEmpty ? ["pages"] : positionals
    }

    func run() async -> Int32 {
        var flows: [String] = []
        var pageFiles: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                Console.error("error: no file or folder '\(path)'")
                return ExitCode.failure
            }
            if !isFolder.boolValue {
                flows.append(path)
                continue
            }
            let found = TestCommand.files(under: path)
            flows += found.filter { $0.hasSuffix(".flow.json") }
            pageFiles += found.filter { PageRepository.isPageFileName(URL(fileURLWithPath: $0).lastPathComponent) }
        }
        guard !flows.isEmpty else {
            Console.error("error: no *.flow.json files under \(paths.joined(separator: ", ")); write one (see Grammar.md, part 3) or record one with formwork run PAGE.json --record NAME.flow.json")
            return ExitCode.failure
        }
        let described: RegistryDescription
        do {
            described = try registryOption.load(near: paths).description
        } catch {
            Console.error("error: " + error.message)
            return ExitCode.failure
        }
        let runner = FlowRunner(described: described, limits: CLILimits.standard)
        var results: [FlowResult] = []
        for flow in flows {
            let result = await runner.run(file: flow)
            results.append(result)
            if !json { Console.out(result.summary) }
        }
        let failed = results.count { !$0.passed }
        let reports = coverage ? TestCommand.coverage(results, pageFiles: pageFiles, registry: described.registry()) : []
        let belowMinimum = minimumCoverage.map { minimum in reports.filter { $0.percent < minimum } } ?? []
        if json {
            var object = PageObject([("flows", .array(results.map(\.jsonValue))), ("passed", .int(Int64(results.count - failed))), ("failed", .int(Int64(failed)))])
            if coverage { object["coverage"] = .array(reports.map(\.jsonValue)) }
            if let minimumCoverage {
                object["minimumCoverage"] = .number(minimumCoverage)
                object["belowMinimum"] = .array(belowMinimum.map { .string($0.page) })
            }
            Console.out(PageValue.object(object).prettyJSONText)
        } else {
            if coverage {
                Console.out("\nCoverage")
                for report in reports { Console.out(report.rendered) }
                Console.out("")
            }
            for report in belowMinimum {
                Console.out("FAIL coverage of \(report.page): \(PageCoverage.format(report.percent)) of interactions and actions, below --min-coverage \(PageValue.format(minimumCoverage ?? 0))%")
            }
            for note in TestCommand.choiceNotes(results, registry: described.registry()) { Console.out(note) }
            Console.out("\(results.count - failed) passed, \(failed) failed")
        }
        return failed == 0 && belowMinimum.isEmpty ? ExitCode.success : ExitCode.failure
    }

    /// Where a page the flows opened rests on a choice the app stated about a name it shares with
    /// the engine (an override of a built-in, its own attribute in place of a common one): `check`'s
    /// warnings of that kind, once each, as notes — what the flows passed with is the app's meaning.
    static func choiceNotes(_ results: [FlowResult], registry: Registry) -> [String] {
        var seen = Set<String>()
        var notes: [String] = []
        for result in results {
            for document in result.documents {
                for diagnostic in document.check(registry: registry) where diagnostic.code == "registry" && diagnostic.severity == .warning {
                    let note = "note: \(document.id): \(diagnostic.path): \(diagnostic.message)"
                    if seen.insert(note).inserted { notes.append(note) }
                }
            }
        }
        return notes
    }

    /// Every file under `folder`, sorted, as paths starting with `folder`.
    static func files(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".json") { found.append((folder as NSString).appendingPathComponent(relative)) }
        }
        return found.sorted()
    }

    /// One report per page: every page file found plus every page a flow opened, with the hits of all flows.
    static func coverage(_ results: [FlowResult], pageFiles: [String], registry: Registry) -> [PageCoverage] {
        var documents: [String: PageDocument] = [:]
        var catalogs: [String: BlockCatalog] = [:]
        for file in pageFiles {
            let folder = (file as NSString).deletingLastPathComponent
            let libraries = catalogs[folder] ?? BlockCatalog.load(folder: URL(fileURLWithPath: folder), limits: CLILimits.standard).catalog
            catalogs[folder] = libraries
            guard let bytes = try? ReadableFile.read(file, limit: CLILimits.standard.documentBytes), !BlockCatalog.looksLikeLibrary(bytes),
                  let document = PageDocument.decode(bytes, registry: registry, libraries: libraries, file: file, limits: CLILimits.standard).document, !document.id.isEmpty else { continue }
            documents[document.id] = documents[document.id] ?? document
        }
        var hits: [String: PageHits] = [:]
        for result in results {
            for document in result.documents where documents[document.id] == nil { documents[document.id] = document }
            for (page, pageHits) in result.hits { hits[page, default: PageHits()].merge(pageHits) }
        }
        return documents.keys.sorted().compactMap { id in
            documents[id].map { PageCoverage(document: $0, hits: hits[id] ?? PageHits()) }
        }
    }
}
