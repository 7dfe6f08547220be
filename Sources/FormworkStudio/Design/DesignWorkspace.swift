import Foundation
import Formwork
import FormworkDesign
import PreviewHTTP

/// What `formwork design` adds to a preview workspace: the page files as the editor reads and
/// saves them, the drafts it shows live before they are saved, the palette, and publishing.
///
/// The live preview is the preview's own (`PagePreview`): an edit the browser sends is checked
/// and shown in place of the file (`show(unsaved:)`), so what the editor shows is what the app
/// would run, by the same engine.
@MainActor
package final class DesignWorkspace {
    package let preview: PreviewWorkspace
    /// Where Publish writes the pages and manifest.
    package let publishFolder: URL

    package init(preview: PreviewWorkspace, publishFolder: URL) {
        self.preview = preview
        self.publishFolder = publishFolder
    }

    var folder: ServedFolder { preview.folder }

    // MARK: - Palette

    /// Every type the app has (built-ins and its own), the common attributes of each kind, the
    /// block libraries' blocks, and the languages the pages are written in: what the palette and
    /// every panel are drawn from.
    func palette() -> PageValue {
        let description = preview.loaded.description
        let hostTypes = description.hostTypes
        let common = PageObject([
            ("components", .array(ComponentType.commonAttributes.map(\.descriptionValue))),
            ("validations", .array(ValidationType.commonAttributes.map(\.descriptionValue))),
            ("errorHandlers", .array(ErrorHandlerType.commonAttributes.map(\.descriptionValue))),
        ])
        let host = PageObject([
            ("components", .array(hostTypes.components.map { .string($0) })),
            ("actions", .array(hostTypes.actions.map { .string($0) })),
            ("validations", .array(hostTypes.validations.map { .string($0) })),
            ("errorHandlers", .array(hostTypes.errorHandlers.map { .string($0) })),
            ("functions", .array(hostTypes.functions.map { .string($0) })),
        ])
        return .object(PageObject([
            ("registry", description.value),
            ("hostTypes", .object(host)),
            ("common", .object(common)),
            ("blocks", preview.libraries().descriptionValue),
            ("interactions", .array(["loaded", "appear", "disappear"])),
            ("locales", .array(languages().map { .string($0) })),
            ("registryFile", preview.loaded.file.map { .string($0) } ?? .null),
        ]))
    }

    /// The languages of `--locale` and of every page's `strings`, in that order.
    private func languages() -> [String] {
        var found = preview.languages
        for file in folder.pageFiles() {
            guard let bytes = FileManager.default.contents(atPath: folder.absolute(file)),
                  case .object(let strings)? = (try? JSONReader.parse(bytes: Array(bytes)))?["strings"] else { continue }
            for language in strings.keys where !found.contains(language) { found.append(language) }
        }
        return found
    }

    // MARK: - Pages

    /// Why the editor can't do what it asked, as an HTTP status and a sentence.
    package struct Refusal: Error {
        let status: Int
        let message: String
    }

    /// Creates `ID.json` holding an empty page with that id; refuses an id the engine wouldn't
    /// take or a file that exists.
    func newPage(id: String) throws(Refusal) -> String {
        guard PageHeader.isValidID(id) else {
            throw Refusal(status: 400, message: "'\(id)' can't be a page id: use 1 to 100 letters, digits, -, _ or ., not starting with . (like tip-calculator)")
        }
        let file = id + ".json"
        if let reason = PageSet.notAPage(file) {
            throw Refusal(status: 400, message: "a page with the id '\(id)' would be written as \(file), and that name is kept for something else (\(reason)); pick another id")
        }
        guard FileManager.default.contents(atPath: folder.absolute(file)) == nil else {
            throw Refusal(status: 409, message: "\(file) already exists in \(folder.displayName); open it from the list or pick another id")
        }
        let empty = PageValue.object(PageObject([
            ("page", .string(id)), ("version", 1), ("data", .object(PageObject())), ("components", .array([])),
        ]))
        do {
            try AtomicFile.write(Data((empty.prettyJSONText + "\n").utf8), to: URL(fileURLWithPath: folder.absolute(file)))
        } catch {
            throw Refusal(status: 500, message: error.description)
        }
        preview.report("created \((folder.displayName as NSString).appendingPathComponent(file))")
        return file
    }

    /// The page file as it is on disk: its text, revision and JSON.
    func page(_ segments: [String]) throws(Refusal) -> PageValue {
        let file = try pageFile(segments)
        let snapshot = PageFileSnapshot.read(URL(fileURLWithPath: folder.absolute(file)))
        return DesignWorkspace.describe(snapshot, file: file)
    }

    /// Checks `document` as `formwork check` does (with `--locale` for each language of its
    /// `strings`, so missing translations are listed) and shows it in the live preview of the
    /// page, without writing the file; the answer lists what check found.
    package func draft(_ segments: [String], document: PageValue) async throws(Refusal) -> PageValue {
        let file = try pageFile(segments)
        let live: PagePreview
        do {
            live = try await preview.preview(segments, params: nil)
        } catch {
            throw DesignWorkspace.refusal(error)
        }
        let disk = PageFileSnapshot.read(URL(fileURLWithPath: folder.absolute(file)))
        let bytes = PreservingJSONWriter.rewrite(disk.bytes ?? [], to: document)
        // NB: the problems are this draft's own: drafts sent close together are shown live newest
        // first, and the live page may skip one the next already replaced.
        let (checked, found) = preview.check(bytes, file: (folder.displayName as NSString).appendingPathComponent(file))
        var problems = found
        // The texts missing in a language the page is written in, as `check --locale` lists them.
        if let checked, case .object(let strings)? = document["strings"] {
            for language in strings.keys { problems += checked.translationReport(locale: language).diagnostics }
        }
        await live.show(unsaved: bytes)
        return .object(PageObject([
            ("problems", .array(problems.map(DesignWorkspace.problem))),
            ("previewRevision", .int(Int64(live.revision))),
        ]))
    }

    /// Saves `document` over the page file if the file is still at revision `base`.
    func save(_ segments: [String], document: PageValue, base: String) async throws(Refusal) -> (PageValue, status: Int) {
        let file = try pageFile(segments)
        let url = URL(fileURLWithPath: folder.absolute(file))
        let outcome: PageFileSaver.Outcome
        do {
            outcome = try PageFileSaver.save(document, to: url, base: base)
        } catch {
            throw Refusal(status: 500, message: error.description + "; nothing was lost: the editor still has your changes")
        }
        switch outcome {
        case .saved(let snapshot, let changed):
            if changed { preview.report("saved \((folder.displayName as NSString).appendingPathComponent(file))") }
            return (.object(PageObject([
                ("revision", .string(snapshot.revision)), ("text", .string(snapshot.text)), ("changed", .bool(changed)),
            ])), 200)
        case .conflict(let disk):
            return (.object(PageObject([("conflict", DesignWorkspace.describe(disk, file: file))])), 409)
        }
    }

    /// Publishes the folder (check, flows, versions, pack) into `publishFolder`.
    func publish() async -> (PageValue, status: Int) {
        let publisher = PagePublisher(folder: URL(fileURLWithPath: folder.root), output: publishFolder,
                                      registry: preview.loaded.registry, described: preview.loaded.description, limits: preview.limits)
        switch await publisher.publish() {
        case .published(let pages, let manifest):
            preview.report("published \(pages.count) page\(pages.count == 1 ? "" : "s") to \(publishFolder.path)")
            return (.object(PageObject([
                ("out", .string(publishFolder.path)), ("manifest", .string(manifest.path)),
                ("pages", .array(pages.map { page in
                    .object(PageObject([
                        ("id", .string(page.id)), ("file", .string(page.file)), ("version", .int(Int64(page.version))),
                        ("bumped", .bool(page.bumped)), ("first", .bool(page.first)), ("changes", .array(page.changes.map { .string($0) })),
                    ]))
                })),
            ])), 200)
        case .refused(let reason, let problems, let flows):
            return (.object(PageObject([
                ("refused", .string(reason)),
                ("problems", .array(problems.map(DesignWorkspace.problem))),
                ("flows", .array(flows.map { flow in
                    .object(PageObject([("file", .string(flow.file)), ("name", .string(flow.name)), ("passed", .bool(flow.passed)), ("message", .string(flow.summary))]))
                })),
            ])), 409)
        }
    }

    // MARK: - Helpers

    private func pageFile(_ segments: [String]) throws(Refusal) -> String {
        do {
            return try preview.pageFile(segments)
        } catch {
            throw DesignWorkspace.refusal(error)
        }
    }

    private static func refusal(_ error: PreviewWorkspace.Refusal) -> Refusal {
        switch error {
        case .notFound(let message): return Refusal(status: 404, message: message)
        case .forbidden(let message): return Refusal(status: 403, message: message)
        }
    }

    static func describe(_ snapshot: PageFileSnapshot, file: String) -> PageValue {
        var object = PageObject([("file", .string(file)), ("text", .string(snapshot.text)), ("revision", .string(snapshot.revision))])
        do {
            object["document"] = try snapshot.document()
        } catch {
            object["document"] = .null
            object["error"] = .string(snapshot.bytes == nil ? "the file is gone from the folder" : "\(error.line):\(error.column): the file is not valid JSON: \(error.message)")
        }
        return .object(object)
    }

    /// A problem as the editor shows it: where (JSON path, line, column, and inside an expression
    /// its range in UTF-16 units) and what — as `formwork check --format json` prints it.
    static func problem(_ diagnostic: PageDiagnostic) -> PageValue { diagnostic.jsonValue }
}
