import Foundation
import Formwork
import FormworkTesting

/// Publishes a folder of pages from an editor: refuses while a page has errors or a flow fails,
/// gives each page whose content changed since the last publish the next version, then writes
/// the published folder exactly as `formwork pack` does (`PagePacker`).
///
/// "Changed since the last publish" compares the page, without its `version`, with the copy the
/// published folder's manifest serves. A page never published keeps its version; a page whose
/// author already raised its version past the published one keeps theirs. The new version is
/// written into the page file itself (only the `version` member's text changes), so the file and
/// the published copy agree.
///
/// ```swift
/// let publisher = PagePublisher(folder: pages, output: site, registry: loaded.registry, described: loaded.description)
/// let outcome = await publisher.publish()
/// // .published([Published(id: "tip", file: "tip.json", version: 3, bumped: true, changes: ["components[1] added"])], manifest: …)
/// // or .refused("2 flows fail; publishing waits until they pass", problems: [], flows: [FlowResult …])
/// ```
public struct PagePublisher: Sendable {
    /// One page as published.
    public struct Published: Sendable, Equatable {
        /// The page id.
        public let id: String
        /// The page file in the folder.
        public let file: String
        /// The version published.
        public let version: Int
        /// True when this publish raised the version (the content changed since the last one).
        public let bumped: Bool
        /// True when the page wasn't in the published folder before.
        public let first: Bool
        /// What changed since the last publish, as short lines (`components[2] added`); empty for
        /// an unchanged page and for a first publish.
        public let changes: [String]

        /// A page published as `id` from `file` at `version`.
        public init(id: String, file: String, version: Int, bumped: Bool, first: Bool = false, changes: [String]) {
            self.id = id
            self.file = file
            self.version = version
            self.bumped = bumped
            self.first = first
            self.changes = changes
        }
    }

    /// What publishing did.
    public enum Outcome: Sendable {
        /// Written: the pages with their versions, and the manifest's path.
        case published([Published], manifest: URL)
        /// Nothing was written or changed: why, the check's errors, the failing flows.
        case refused(String, problems: [PageDiagnostic], flows: [FlowResult])
    }

    /// The folder of pages (and flows) being edited.
    public let folder: URL
    /// Where the published pages and manifest go.
    public let output: URL
    /// The app's registry, for checking and packing.
    public let registry: Registry
    /// The app's registry as described, for running the flows (its own types answer from stubs).
    public let described: RegistryDescription
    /// The budgets pages are checked and packed within.
    public let limits: PageLimits

    /// A publisher of `folder` into `output`.
    public init(folder: URL, output: URL, registry: Registry, described: RegistryDescription, limits: PageLimits = .standard) {
        self.folder = folder
        self.output = output
        self.registry = registry
        self.described = described
        self.limits = limits
    }

    /// Checks, runs the flows, raises changed pages' versions, and packs.
    @MainActor
    public func publish() async -> Outcome {
        let pages = pageFiles()
        let checked = PageSet(files: pages.map { ($0.name, $0.bytes) }, registry: registry, libraries: BlockCatalog.load(folder: folder, limits: limits).catalog, limits: limits)
        let errors = checked.errors
        guard errors.isEmpty else {
            return .refused("\(errors.count == 1 ? "a page has an error" : "the pages have \(errors.count) errors"); publishing waits until check passes", problems: errors, flows: [])
        }
        let runner = FlowRunner(described: described, limits: limits)
        var failed: [FlowResult] = []
        for flow in flowFiles() {
            let result = await runner.run(file: flow)
            if !result.passed { failed.append(result) }
        }
        guard failed.isEmpty else {
            return .refused("\(failed.count == 1 ? "a flow fails" : "\(failed.count) flows fail"); publishing waits until they pass (formwork test \(folder.lastPathComponent))", problems: [], flows: failed)
        }
        let previous = output.appendingPathComponent("manifest.json")
        let manifest = FileManager.default.contents(atPath: previous.path).flatMap { try? PageManifest(data: $0, source: previous.path, limits: limits) }
        var published: [Published] = []
        for page in pages {
            guard case .object(let now)? = try? JSONReader.parse(bytes: page.bytes), case .string(let id)? = now["page"] else { continue }
            let version = now["version"].flatMap(PagePublisher.whole) ?? 1
            guard let entry = manifest?.pages.first(where: { $0.id == id }),
                  let data = FileManager.default.contents(atPath: output.appendingPathComponent(entry.file).path),
                  case .object(let before)? = try? JSONReader.parse(bytes: Array(data)) else {
                published.append(Published(id: id, file: page.name, version: version, bumped: false, first: true, changes: []))
                continue
            }
            let changes = JSONChanges.changes(from: .object(PagePublisher.unversioned(before)), to: .object(PagePublisher.unversioned(now)))
            guard !changes.isEmpty, version <= entry.version else {
                published.append(Published(id: id, file: page.name, version: version, bumped: false, changes: changes))
                continue
            }
            var bumped = now
            bumped["version"] = .int(Int64(entry.version + 1))
            let url = folder.appendingPathComponent(page.name)
            do {
                _ = try AtomicFile.write(Data(PreservingJSONWriter.rewrite(page.bytes, to: .object(bumped))), to: url)
            } catch {
                return .refused("can't give \(page.name) its new version: \(error)", problems: [], flows: [])
            }
            published.append(Published(id: id, file: page.name, version: entry.version + 1, bumped: true, changes: changes))
        }
        do {
            let report = try PagePacker(registry: registry, limits: limits).pack(from: folder, to: output)
            return .published(published, manifest: report.manifestURL)
        } catch {
            if case .pagesRejected(let problems) = error {
                return .refused("pack refused the pages: " + problems.joined(separator: "; "), problems: [], flows: [])
            }
            return .refused("can't write \(output.path): \(error)", problems: [], flows: [])
        }
    }

    // MARK: - Files

    /// The pages directly in the folder, as `pack` reads them, and the libraries in its `lib/`.
    private func pageFiles() -> [(name: String, bytes: [UInt8])] {
        let listing = (try? PageSet.jsonFiles(in: folder)) ?? []
        var files: [(name: String, bytes: [UInt8])] = []
        for (name, skipped) in listing where skipped == nil {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) { files.append((name, Array(data))) }
        }
        return files
    }

    /// Every `*.flow.json` under the folder, sorted.
    private func flowFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".flow.json") { found.append(folder.appendingPathComponent(relative).path) }
        }
        return found.sorted()
    }

    private static func unversioned(_ page: PageObject) -> PageObject {
        var page = page
        page["version"] = nil
        return page
    }

    private static func whole(_ value: PageValue) -> Int? {
        if case .int(let number) = value { return Int(exactly: number) }
        return nil
    }
}
