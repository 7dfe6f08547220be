import Foundation
import Formwork
import PreviewHTTP

/// Everything `formwork preview` serves from one folder: the list of pages, one live
/// `PagePreview` per page file opened in a browser, what they share (the registry, `$global`,
/// where requests go), and the watch that reloads a page when its file is saved.
@MainActor
package final class PreviewWorkspace {
    /// Why a page can't be previewed.
    package enum Refusal: Error {
        case notFound(String)
        case forbidden(String)
    }

    package let folder: ServedFolder
    /// The app's registry (`--registry`, or the one a `formwork.json` names), or the built-ins.
    package let loaded: LoadedRegistry
    /// `$global`, shared by every page as it is across an app's pages.
    let globals: GlobalStore
    /// The person's languages every page is shown for (`--locale`).
    package var languages: [String] = []
    /// Where the pages' requests go (`--api-stub`, `--api-base`).
    package let requests: RequestStubs
    package let limits: PageLimits
    /// Where the preview says what it did (reloads, errors): the terminal.
    package let report: (String) -> Void
    private var previews: [String: PagePreview] = [:]
    private var watcher: Task<Void, Never>?
    private var shownGlobals = ""

    /// How often saved files are looked for: well within the second a save must show in.
    static let watchInterval: Duration = .milliseconds(200)

    package init(folder: ServedFolder, registry: LoadedRegistry, globals: GlobalStore, requests: RequestStubs, limits: PageLimits, report: @escaping (String) -> Void) {
        self.folder = folder
        loaded = registry
        self.globals = globals
        self.requests = requests
        self.limits = limits
        self.report = report
    }

    // MARK: - Pages

    /// The block libraries the pages are read with, as the files are now.
    package func libraries() -> BlockCatalog {
        BlockCatalog.load(folder: URL(fileURLWithPath: folder.root), limits: limits).catalog
    }

    /// The index: every page file with its id, title, description, declared params and how many
    /// errors and warnings `check` finds in it.
    package func pageList() -> PageValue {
        let known = knownPageIDs()
        let libraries = libraries()
        var pages: [PageValue] = []
        for file in folder.pageFiles() {
            let display = (folder.displayName as NSString).appendingPathComponent(file)
            var entry = PageObject([("file", .string(file)), ("path", .string(display))])
            guard let bytes = FileManager.default.contents(atPath: folder.absolute(file)) else { continue }
            let (document, diagnostics) = check(Array(bytes), file: display, libraries: libraries, knownPages: known)
            if let document {
                entry["id"] = .string(document.id)
                if let title = document.title, case .literal(let text) = title.content { entry["title"] = .string(text.displayText) }
                entry["params"] = .array(document.params.sorted { $0.name < $1.name }.map { spec in
                    .object(PageObject([("name", .string(spec.name)), ("type", .string(spec.type.rawValue)), ("required", .bool(spec.required))]))
                })
            }
            entry["description"] = document?.source["description"] ?? .null
            entry["errors"] = .int(Int64(diagnostics.count { $0.severity == .error }))
            entry["warnings"] = .int(Int64(diagnostics.count { $0.severity != .error }))
            entry["open"] = .bool(previews[file] != nil)
            pages.append(.object(entry))
        }
        return .object(PageObject([("folder", .string(folder.displayName)), ("pages", .array(pages))]))
    }

    /// Reads and checks a page's bytes exactly as `formwork check` does (the app's registry, the
    /// folder's libraries and its other pages); `file` names it in the diagnostics.
    package func check(_ bytes: [UInt8], file: String, libraries: BlockCatalog? = nil, knownPages: Set<String>? = nil) -> (PageDocument?, [PageDiagnostic]) {
        let (document, found) = PageDocument.decode(bytes, registry: loaded.registry, libraries: libraries ?? self.libraries(), file: file, limits: limits)
        return (document, found + (document?.check(registry: loaded.registry, knownPages: knownPages ?? knownPageIDs(), limits: limits) ?? []))
    }

    /// The ids of the pages in the folder, so `check` can tell a `push` to a page that doesn't exist.
    func knownPageIDs() -> Set<String> {
        var ids: Set<String> = []
        for file in folder.pageFiles() {
            guard let bytes = FileManager.default.contents(atPath: folder.absolute(file)),
                  case .string(let id)? = (try? JSONReader.parse(bytes: Array(bytes)))?["page"] else { continue }
            ids.insert(id)
        }
        return ids
    }

    /// The live preview of the page file at these path segments, opened with `params` the first
    /// time (and opened again when `params` differ from what it runs with).
    package func preview(_ segments: [String], params: [HTTPRequest.QueryItem]?) async throws(Refusal) -> PagePreview {
        let file = try pageFile(segments)
        if let existing = previews[file] {
            if let params, params != existing.givenParams { await existing.restart(params: params) }
            return existing
        }
        let preview = PagePreview(file: file, workspace: self)
        previews[file] = preview
        await preview.restart(params: params ?? [])
        return preview
    }

    /// The page file (relative to the folder, symbolic links resolved) at these path segments.
    func pageFile(_ segments: [String]) throws(Refusal) -> String {
        switch folder.file(segments) {
        case .forbidden(let reason): throw .forbidden(reason)
        case .notFound: throw .notFound("there is no page '\(segments.joined(separator: "/"))' in \(folder.displayName)")
        case .file(let path, _):
            let relative = String(path.dropFirst(folder.absolute("").count))
            guard folder.pageFiles().contains(relative) else {
                throw .notFound("'\(relative)' is not a page (flow files and manifest.json aren't); open one from the list")
            }
            return relative
        }
    }

    /// Called after a page published: when `$global` changed, every other open page shows it too
    /// (their own components that read it were already updated by the engine).
    func noticeGlobals(from preview: PagePreview) {
        let text = globals.value.jsonText
        guard text != shownGlobals else { return }
        shownGlobals = text
        for other in previews.values where other !== preview { other.scheduleUpdate() }
    }

    // MARK: - Watching

    /// Looks for saved files every `watchInterval` until `close()`.
    package func startWatching() {
        watcher = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: PreviewWorkspace.watchInterval)
                guard let self else { return }
                for preview in self.previews.values { await preview.checkForChanges() }
            }
        }
    }

    /// Stops watching and closes every page.
    package func close() {
        watcher?.cancel()
        watcher = nil
        for preview in previews.values { preview.close() }
    }
}
