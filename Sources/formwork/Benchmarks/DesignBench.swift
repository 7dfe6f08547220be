import Foundation
import Formwork
import FormworkDesign
import FormworkTesting
import FormworkStudio

/// One folder of pages as `formwork bench design` measures it: the design workspace
/// `formwork design` would serve for it (quiet: nothing is reported to the terminal), and what
/// the floors need already read (the stand-in registry the live page runs with, the libraries).
@MainActor
final class DesignBench {
    /// A page file, its text and JSON, and where its first string attribute is (the one edit).
    struct Page: Sendable {
        let file: String
        let name: String
        let bytes: [UInt8]
        let value: PageValue
        let editPath: [StorePath.Component]
        let original: String
        var notes: [String] = []

        /// Where the edit is, as a JSON path: `strings.en.title`.
        var editText: String {
            editPath.enumerated().map { offset, component in
                switch component {
                case .key(let key): return offset == 0 ? key : "." + key
                case .index(let index): return "[\(index)]"
                }
            }.joined()
        }

        /// The page with the edited attribute's text followed by ` N`, as a person typing would
        /// send it.
        func edited(_ n: Int) -> PageValue {
            var copy = value
            try? copy.set(.string(original + " \(n)"), at: editPath[...])
            return copy
        }
    }

    let folder: DesignBenchmark.Folder
    let preview: PreviewWorkspace
    let design: DesignWorkspace
    let standIn: Registry
    let catalog: BlockCatalog
    /// The page files measured, relative to the folder.
    let files: [String]

    /// The workspace of `folder`, measuring the page files whose name contains `only` (all: nil).
    init(_ folder: DesignBenchmark.Folder, only: String?) throws(CLIFailure) {
        self.folder = folder
        var scanner = ArgumentScanner([folder.path] + folder.arguments)
        let options: PreviewOptions
        do {
            options = try PreviewOptions(&scanner, what: "bench")
        } catch {
            throw CLIFailure(error.message)
        }
        let served = try ServedFolder(folder.path)
        let registry = try options.registryOption.load(near: [folder.path])
        try options.api.configure(StubTransport())
        preview = PreviewWorkspace(folder: served, registry: registry, globals: GlobalStore(.object(PageObject())), requests: options.api.requests, limits: CLILimits.standard) { _ in }
        design = DesignWorkspace(preview: preview, publishFolder: FileManager.default.temporaryDirectory.appendingPathComponent("formwork-bench-unused"))
        standIn = registry.description.registry(standIn: HostStubs())
        catalog = preview.libraries()
        files = served.pageFiles().filter { file in only.map { file.contains($0) } ?? true }
    }

    func close() { preview.close() }

    var displayFolder: String { preview.folder.displayName }

    /// Reads `file` and finds its first string attribute.
    func page(_ file: String) throws(CLIFailure) -> Page {
        let path = preview.folder.absolute(file)
        guard let data = FileManager.default.contents(atPath: path) else { throw CLIFailure("can't read \(displayFolder)/\(file)") }
        let bytes = Array(data)
        let value: PageValue
        do { value = try JSONReader.parse(bytes: bytes) } catch { throw CLIFailure("\(displayFolder)/\(file) is not JSON: \(error)") }
        guard let (editPath, original) = DesignBench.editableText(in: value) else {
            throw CLIFailure("\(displayFolder)/\(file) has no text to edit: no text attribute, string table or description")
        }
        let name = (file as NSString).deletingPathExtension
        return Page(file: file, name: name, bytes: bytes, value: value, editPath: editPath, original: original)
    }

    /// Attributes whose string is text a person reads, so any edit of it keeps the page valid.
    static let textAttributes: Set<String> = ["title", "header", "label", "text", "placeholder", "hint", "message", "footer"]

    /// What a person would retype: the first component attribute holding plain text (depth
    /// first), else the first text of the page's first language, else its description.
    static func editableText(in page: PageValue) -> ([StorePath.Component], String)? {
        if let found = firstTextAttribute(in: page["components"], at: [.key("components")]) { return found }
        if let (language, table) = page["strings"]?.objectValue?.entries.first,
           let (key, text) = table.objectValue?.entries.first(where: { $0.value.stringValue != nil }), let text = text.stringValue {
            return ([.key("strings"), .key(language), .key(key)], text)
        }
        if case .string(let text)? = page["description"] { return ([.key("description")], text) }
        return nil
    }

    private static func firstTextAttribute(in components: PageValue?, at path: [StorePath.Component]) -> ([StorePath.Component], String)? {
        guard let list = components?.arrayValue else { return nil }
        for (index, component) in list.enumerated() {
            let here = path + [.index(index)]
            for (key, value) in component["attributes"]?.objectValue ?? PageObject() where textAttributes.contains(key) {
                if case .string(let text) = value { return (here + [.key("attributes"), .key(key)], text) }
            }
            if let found = firstTextAttribute(in: component["components"], at: here + [.key("components")]) { return found }
        }
        return nil
    }

    // MARK: - Check and draft

    /// The `check` row and the `draft` row of `page`; notes what the draft found or couldn't open.
    func rows(_ measured: inout Page, _ budget: Stopwatch.Budget) async throws(CLIFailure) -> [[String]] {
        let page = measured
        let display = "\(displayFolder)/\(page.file)"
        let bytes = PreservingJSONWriter.rewrite(page.bytes, to: page.edited(0))
        guard (try? JSONReader.parse(bytes: bytes)) == page.edited(0) else { throw CLIFailure("\(display): the rewritten page doesn't read back as the edited one") }
        let registry = preview.loaded.registry, catalog = catalog, limits = preview.limits, standIn = standIn
        let check = Stopwatch.compare(budget) { preview.check(bytes, file: display) } floor: {
            PageDocument.decode(bytes, registry: registry, libraries: catalog, file: display, limits: limits)
        }

        let segments = page.file.split(separator: "/").map(String.init)
        let live: PagePreview
        do { live = try await preview.preview(segments, params: nil) } catch { throw CLIFailure("\(display) can't be previewed: \(error)") }
        var n = 0
        func draft() async {
            n += 1
            _ = try? await design.draft(segments, document: page.edited(n))
            live.publish()
        }
        func floor() async {
            let (document, _) = PageDocument.decode(bytes, registry: standIn, libraries: catalog, file: display, limits: limits)
            guard let document, let session = try? PageEngine(registry: standIn, limits: limits).open(document) else { return }
            session.close()
        }
        // A first draft, untimed: what it finds, and about how long one takes.
        let first = await DesignBenchmark.times(1) { await draft() }[0]
        let answer = try? await design.draft(segments, document: page.edited(0))
        let problems = answer?["problems"]?.arrayValue ?? []
        let errors = problems.count { $0["severity"]?.stringValue == "error" }
        if errors > 0 || live.isBroken || live.root == nil {
            let example = problems.first { $0["severity"]?.stringValue == "error" }.map { "\($0["path"]?.displayText ?? ""): \($0["message"]?.displayText ?? "")" } ?? "the live page isn't open"
            measured.notes.append("\(display): the draft has \(errors) error(s), the live page shows them instead of running it (\(example))")
        } else if !problems.isEmpty {
            measured.notes.append("\(display): the draft has \(problems.count) warning(s); it runs")
        }
        let perRound = budget.calls ?? max(3, Int(budget.seconds / Double(2 * Stopwatch.rounds) / max(first / 1e3, 1e-6)))
        var draftTimes: [Double] = [], floorTimes: [Double] = [], ratios: [Double] = []
        for _ in 0..<Stopwatch.rounds {
            let drafts = await DesignBenchmark.times(perRound) { await draft() }
            await settle()
            let floors = await DesignBenchmark.times(perRound) { await floor() }
            draftTimes += drafts
            floorTimes += floors
            ratios.append(Stopwatch.median(drafts) / max(Stopwatch.median(floors), 1e-9))
        }
        let spread = DesignBenchmark.spread(draftTimes)
        return [
            ["", "check", Stopwatch.format(check.subject), Stopwatch.format(check.floor), Stopwatch.ratio(check.ratio), ""],
            ["", "draft, p50 / p95", spread.text, DesignBenchmark.milliseconds(Stopwatch.median(floorTimes)) + " ms",
             Stopwatch.ratio(Stopwatch.median(ratios)), spread.budget],
        ]
    }

    /// Lets the tasks a draft scheduled (the views' update) run before the floor is timed.
    func settle() async {
        for _ in 0..<10 { await Task.yield() }
    }
}
