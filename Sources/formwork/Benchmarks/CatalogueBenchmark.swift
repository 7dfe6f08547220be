import Foundation
import Formwork

/// `formwork bench catalogue`: resolving one page from a cache of 500 (what an app pays to open
/// a page, and `formwork sync` per `serving` line), against reading and verifying that page alone.
///
/// The catalogue is the pages in `pages/` copied under new ids until there are 500, published with
/// `PagePacker` and synced into a cache the way an app syncs (files read from disk, no server).
enum CatalogueBenchmark {
    static let pageCount = 500

    static func run(_ budget: Stopwatch.Budget) async throws(CLIFailure) -> String {
        do {
            return try await measure(budget)
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure("\(error)")
        }
    }

    private static func measure(_ budget: Stopwatch.Budget) async throws -> String {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temp) }
        let catalogue = try Catalogue.make(in: temp, pages: pageCount)
        let cache = temp.appendingPathComponent("cache"), bundled = temp.appendingPathComponent("bundled")
        try FileManager.default.createDirectory(at: bundled, withIntermediateDirectories: true)
        let sync = PageSync(manifestURL: catalogue.manifestURL, cache: cache, transport: FolderTransport(root: catalogue.published),
                            registry: .standard, installID: "bench")
        let report = try await sync.run()
        guard report.succeeded, report.changes.count >= pageCount else { throw CLIFailure("the catalogue didn't sync: " + report.lines.joined(separator: "\n")) }

        let ids = catalogue.ids
        var next = 0
        func nextID() -> String {
            next = (next + 1) % ids.count
            return ids[next]
        }
        // Just synced: every file is younger than two seconds, so nothing read is kept (racy rule).
        let recent = PageRepository(bundled: bundled, cache: cache, registry: .standard)
        let justSynced = Stopwatch.measure(budget) { try? recent.resolve(nextID()) }
        // One pass over every page, as `formwork sync` prints its `serving` lines.
        let clock = ContinuousClock()
        let start = clock.now
        let all = recent.resolveAvailable()
        let pass = Stopwatch.seconds(clock.now - start) / Double(max(all.count, 1))
        guard all.count == pageCount, all.allSatisfy({ $0.source == .cache }) else { throw CLIFailure("resolveAvailable served \(all.count) pages") }

        // NB: age the files, as an app opening pages long after its sync finds them.
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: cache.appendingPathComponent(name).path)
        }
        let repository = PageRepository(bundled: bundled, cache: cache, registry: .standard)
        let settled = Stopwatch.measure(budget) { try? repository.resolve(nextID()) }
        let fresh = Stopwatch.measure(budget) { try? PageRepository(bundled: bundled, cache: cache, registry: .standard).resolve(nextID()) }
        // The floor: read one page, check its size and SHA-256, read its header, decode it.
        let entries = try PageManifest(data: Data(contentsOf: catalogue.published.appendingPathComponent("manifest.json")), source: "manifest.json").pages
        let files = entries.map { cache.appendingPathComponent("\($0.id).v\($0.version).json") }
        var nextFile = 0
        let floor = Stopwatch.measure(budget) { () -> Bool in
            nextFile = (nextFile + 1) % files.count
            guard let data = try? Data(contentsOf: files[nextFile]) else { return false }
            let entry = entries[nextFile]
            return data.count == entry.size && SHA256Hasher.hexDigest(of: data) == entry.sha256 && (try? PageHeader(data: data)) != nil
                && PageRepository.unusable(data, registry: .standard, libraries: .empty) == nil
        }
        let rows = [["resolve, one page of \(pageCount)", "ms per page", "× floor"],
                    ["files unchanged (kept records)", ms(settled), ratio(settled, floor)],
                    ["a new repository each call", ms(fresh), ratio(fresh, floor)],
                    ["just synced (files < 2 s old)", ms(justSynced), ratio(justSynced, floor)],
                    ["resolveAvailable (sync's serving lines)", ms(pass), ratio(pass, floor)],
                    ["floor: read, size, SHA-256, header, decode", ms(floor), "1.0"]]
        return "PageRepository.resolve from a cache of \(pageCount) pages (manifest \(PageLimits.describe(bytes: catalogue.manifestBytes))), "
            + "ContinuousClock, ~\(budget.seconds) s per cell\n\n" + Stopwatch.table(rows)
    }

    private static func ms(_ seconds: Double) -> String { String(format: "%.3f", seconds * 1_000) }
    private static func ratio(_ seconds: Double, _ floor: Double) -> String { String(format: "%.1f", seconds / max(floor, 1e-12)) }
}

/// A published catalogue of pages: `pages/`'s pages, and copies of them under new ids up to a count.
struct Catalogue {
    let published: URL
    let ids: [String]
    let manifestBytes: Int

    var manifestURL: URL { URL(string: "http://catalogue.invalid/manifest.json")! }

    /// Writes the catalogue's source into `folder`/source and packs it into `folder`/published.
    /// `version` is every page's version (publish again with 2 for "everything changed").
    static func make(in folder: URL, pages count: Int, from origin: String = "pages") throws -> Catalogue {
        let source = folder.appendingPathComponent("source"), published = folder.appendingPathComponent("published")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: origin)) ?? []).filter(PageRepository.isPageFileName).sorted()
        var originals: [PageObject] = []
        for name in names {
            guard let bytes = FileManager.default.contents(atPath: origin + "/" + name),
                  case .object(let object) = try JSONReader.parse(bytes: Array(bytes)) else { continue }
            originals.append(object)
        }
        guard !originals.isEmpty else { throw CLIFailure("run it from the package folder: no pages found in \(origin)/") }
        let lib = URL(fileURLWithPath: origin).appendingPathComponent(BlockCatalog.libraryFolder)
        if FileManager.default.fileExists(atPath: lib.path) {
            try FileManager.default.copyItem(at: lib, to: source.appendingPathComponent(BlockCatalog.libraryFolder))
        }
        var ids: [String] = []
        // NB: the originals keep their ids, so the copies' links to them (navigate to 'login') hold.
        for number in 0..<count {
            var page = originals[number % originals.count]
            let original = page["page"]?.stringValue ?? "page"
            let id = number < originals.count ? original : "\(original)-\(number)"
            page["page"] = .string(id)
            page["version"] = 1
            try Data(PageValue.object(page).prettyJSONText.utf8).write(to: source.appendingPathComponent(id + ".json"))
            ids.append(id)
        }
        _ = try PagePacker(registry: .standard).pack(from: source, to: published)
        let manifestBytes = (try? Data(contentsOf: published.appendingPathComponent("manifest.json")).count) ?? 0
        return Catalogue(published: published, ids: ids, manifestBytes: manifestBytes)
    }
}

/// A transport answering from a folder on disk: the URL's path names the file.
struct FolderTransport: PageTransport {
    let root: URL

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let file = root.appendingPathComponent(request.url.path)
        guard let data = FileManager.default.contents(atPath: file.path) else { return TransportResponse(status: 404) }
        return TransportResponse(status: 200, body: data)
    }
}
