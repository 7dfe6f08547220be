import Foundation
import Formwork

/// `formwork bench repository`: what `PageRepository` pays to check a cached page against the
/// app's registry before serving it (one decode of the page), next to the rest of a resolve
/// (reading the file, SHA-256, the header) — for each page in `pages/` and `examples/app/pages`.
enum RepositoryBenchmark {
    static func run(_ budget: Stopwatch.Budget) throws(CLIFailure) -> String {
        do {
            return try measure(budget)
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure("\(error)")
        }
    }

    private static func measure(_ budget: Stopwatch.Budget) throws -> String {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temp) }
        var registry = Registry.standard
        if let data = FileManager.default.contents(atPath: "examples/app/app.registry.json") {
            registry = try RegistryDescription(bytes: Array(data), source: "examples/app/app.registry.json").registry()
        }
        var files: [String] = []
        for folder in ["pages", "examples/app/pages"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            files += names.filter(PageRepository.isPageFileName).sorted().map { folder + "/" + $0 }
        }
        guard !files.isEmpty else { throw CLIFailure("run it from the package folder: no pages found in pages/ or examples/app/pages") }
        var rows: [[String]] = [["page", "bytes", "check (decode)", "resolve, all", "check share"]]
        let (repository, pages) = try prepareCache(files: files, libraryFolders: ["pages", "examples/app/pages"], registry: registry, in: temp)
        let bundled = temp.appendingPathComponent("bundled"), bundledLibraries = bundled.appendingPathComponent(BlockCatalog.libraryFolder)
        let libraries = Stopwatch.measure(budget) { repository.libraries() }
        // NB: a fresh repository has nothing cached: what each call paid before the cache.
        let librariesRead = Stopwatch.measure(budget) { PageRepository(bundled: bundled, cache: temp, registry: registry).libraries() }
        for page in pages {
            guard (try? repository.resolve(page.id))?.version == 2 else { throw CLIFailure("\(page.id) wasn't served from the cache") }
            let check = Stopwatch.measure(budget) { PageRepository.unusable(page.data, registry: registry, libraries: .empty) }
            let resolve = Stopwatch.measure(budget) { try? repository.resolve(page.id) }
            rows.append([page.id, "\(page.data.count)", Stopwatch.format(check), Stopwatch.format(resolve), String(format: "%.0f%%", check / resolve * 100)])
        }
        return "Resolving a cached page with PageRepository, ContinuousClock, ~\(budget.seconds) s per cell\n\n" + Stopwatch.table(rows)
            + "\n\ncheck = decoding the page against the app's registry (what the registry check adds);\nresolve = the whole PageRepository.resolve: cache manifest, file, SHA-256, header, check, libraries."
            + "\nlibraries = PageRepository.libraries(), the block libraries each resolve reads with (\(BlockCatalog.libraryFiles(in: bundledLibraries).count) bundled): \(Stopwatch.format(libraries)) while no file changed, \(Stopwatch.format(librariesRead)) read from disk"
    }

    /// A cache in `temp` holding each page of `files` at version 2, installed the way sync
    /// installs it, and an app bundle (`temp/bundled`) with the block libraries of
    /// `libraryFolders`; the repository that reads them, and each page's id and cached bytes.
    /// `formwork bench repository` and the gate's `repository` scenario share it.
    static func prepareCache(files: [String], libraryFolders: [String], registry: Registry, in temp: URL) throws -> (repository: PageRepository, pages: [(id: String, data: Data)]) {
        let bundled = temp.appendingPathComponent("bundled")
        try FileManager.default.createDirectory(at: bundled, withIntermediateDirectories: true)
        var entries: [PageManifest.Entry] = []
        var pages: [(id: String, data: Data)] = []
        for file in files {
            guard let bytes = FileManager.default.contents(atPath: file), case .object(var object) = try JSONReader.parse(bytes: Array(bytes)),
                  let id = object["page"]?.stringValue else { continue }
            object["version"] = 2
            object["minEngineVersion"] = 1
            let data = Data(PageValue.object(object).prettyJSONText.utf8)
            let header = try PageHeader(data: data)
            let name = "\(id).v2.json"
            try data.write(to: temp.appendingPathComponent(name))
            entries.append(PageManifest.Entry(header: header, file: name, data: data))
            pages.append((id, data))
        }
        var index = PageManifest(pages: entries).value.objectValue ?? PageObject()
        index["syncedTotalVersion"] = "bench"
        try Data(PageValue.object(index).prettyJSONText.utf8).write(to: temp.appendingPathComponent("manifest.json"))
        // The app bundles the repository's libraries, as an app with block pages does.
        let bundledLibraries = bundled.appendingPathComponent(BlockCatalog.libraryFolder)
        try FileManager.default.createDirectory(at: bundledLibraries, withIntermediateDirectories: true)
        for path in libraryFolders.flatMap({ BlockCatalog.libraryFiles(in: URL(fileURLWithPath: $0)) }) {
            try FileManager.default.copyItem(atPath: path, toPath: bundledLibraries.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path)
        }
        // NB: files changed in the last two seconds are never trusted to the cache: age them.
        for folder in [bundled, bundledLibraries, temp] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: folder.appendingPathComponent(name).path)
            }
        }
        let repository = PageRepository(bundled: bundled, cache: temp, registry: registry)
        return (repository, pages)
    }
}
