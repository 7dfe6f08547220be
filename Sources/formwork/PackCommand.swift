import Foundation
import Formwork

/// `formwork pack SRC_DIR --out DIR`
struct PackCommand: CLICommand {
    static let name = "pack"
    static let abstract = "Check pages and write them with a manifest.json, ready to publish."
    static let help = """
        USAGE: formwork pack SRC_DIR --out DIR [--registry FILE]

        Checks every page in SRC_DIR (the *.json files directly in it) like 'formwork check', then
        copies them to DIR as <page id>.json and writes DIR/manifest.json: each page's id, version,
        minEngineVersion, size and SHA-256, what it needs beyond the built-ins ("requires": the
        app's own component, action, validation, handler and function ids it uses), and a
        totalVersion that changes whenever any page does.
        Upload DIR to any static host or CDN; apps pick the pages up with 'formwork sync' (PageSync).

        If any page has an error, nothing is written and pack exits 1. Flow files (*.flow.json)
        are tests: they are neither checked nor packed.

        OPTIONS:
          --out DIR           where to write the pages and manifest.json (created if needed)
        \(RegistryOption.help)

        EXAMPLE:
          formwork pack pages --out site/pages
          packed dish-edit v4 (engine ≥ 1, 1832 bytes)
          packed menu v2 (engine ≥ 1, 904 bytes) from main-menu.json
          skipped dish-edit.flow.json: flow files are tests, not pages
          wrote site/pages/manifest.json: 2 pages, totalVersion 5f2c1a9b0d3e…
        """

    let source: String
    let output: String
    let registryOption: RegistryOption

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        registryOption = try RegistryOption(&arguments)
        guard let output = try arguments.option("out") else {
            throw UsageError("give the folder to write to with --out DIR, like: formwork pack pages --out site/pages")
        }
        let positionals = arguments.positionals()
        guard positionals.count == 1, let source = positionals.first else {
            throw UsageError(positionals.isEmpty ? "give the folder of pages to pack" : "give exactly one folder of pages to pack")
        }
        self.source = source
        self.output = output
    }

    func run() async -> Int32 {
        let sourceURL = URL(fileURLWithPath: source)
        let registry: Registry
        do {
            registry = try registryOption.load(near: [source]).registry
        } catch {
            Console.error("error: " + error.message)
            return ExitCode.failure
        }
        let packer = PagePacker(check: PackCommand.pageCheck(knownPages: PackCommand.pageIDs(in: sourceURL), registry: registry), registry: registry)
        let report: PagePacker.Report
        do {
            report = try packer.pack(from: sourceURL, to: URL(fileURLWithPath: output))
        } catch {
            if case .pagesRejected(let problems) = error {
                for problem in problems { Console.error("error: " + problem) }
                let count = problems.count == 1 ? "the error" : "the \(problems.count) errors"
                Console.error("nothing was packed: fix \(count) above (see 'formwork check \(source)') and run pack again")
            } else {
                Console.error("error: \(error)")
            }
            return ExitCode.failure
        }
        for packed in report.packed {
            let entry = packed.entry
            let renamed = packed.sourceFile == entry.file ? "" : " from \(packed.sourceFile)"
            let needs = entry.requires.isEmpty ? "" : ", needs \(entry.requires.sentence)"
            Console.out("packed \(entry.id) v\(entry.version) (engine ≥ \(entry.minEngineVersion), \(entry.size) bytes\(needs))\(renamed)")
        }
        for skipped in report.skipped { Console.out("skipped \(skipped.file): \(skipped.reason)") }
        let count = report.packed.count == 1 ? "1 page" : "\(report.packed.count) pages"
        let manifestPath = (output as NSString).appendingPathComponent("manifest.json")
        Console.out("wrote \(manifestPath): \(count), totalVersion \(report.manifest.totalVersion.prefix(12))…")
        return ExitCode.success
    }

    /// The full page checker (as `formwork check` runs it): every error, one entry each, without
    /// the file name (the packer adds it).
    static func pageCheck(knownPages: Set<String>, registry: Registry) -> PagePacker.Check {
        { _, data in
            let (document, diagnostics) = PageDocument.decode(Array(data), registry: registry)
            let all = diagnostics + (document?.check(registry: registry, knownPages: knownPages) ?? [])
            return all.filter { $0.severity == .error }.map(\.rendered)
        }
    }

    /// The ids of the pages in `folder`, so pushes between them check out.
    static func pageIDs(in folder: URL) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var ids: Set<String> = []
        for name in names where PageRepository.isPageFileName(name) {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
                  let header = try? PageHeader(data: data) else { continue }
            ids.insert(header.id)
        }
        return ids
    }
}
