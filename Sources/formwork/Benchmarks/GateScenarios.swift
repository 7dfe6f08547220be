import Foundation
import Formwork

/// `formwork bench gate SCENARIO`: one scenario of the instruction-count gate (`.ci/perf-gate`),
/// done once, for callgrind to count.
///
/// Each scenario prepares its inputs (generated pages, the fixed pages of `perf/pages`, a
/// repository's cache in a temporary folder), does its work once untimed — so one-time costs
/// (runtime metadata, conformance caches, tables built at first use), which depend on the whole
/// binary rather than on the work, are paid before counting — and then once more inside
/// `gateMeasured`, the one function callgrind counts:
///
/// ```
/// $ valgrind --tool=callgrind --collect-atstart=no --toggle-collect=formwork_gate_measured \
///       .build/release/formwork bench gate open-1000
/// open-1000: load and open a generated page of 1,000 components
/// ```
///
/// Run it from the package folder (the fixed pages are read from `perf/pages`).
@MainActor
enum GateScenarios {
    struct Scenario {
        let name: String
        let summary: String
        /// Prepares the inputs (files, if any, in the temporary folder given, which is removed
        /// afterwards) and returns the work to count.
        let prepare: @MainActor (_ temp: URL) throws -> @MainActor () throws -> Void
        /// The scenario that does the same work without the engine, when there is one: the gate
        /// prints this one's count divided by the floor's (`open-1000` ÷ `jsonserialization-1000`).
        var floor: String? = nil
    }

    /// The fixed pages (copies, so editing `pages/` doesn't move the gate).
    static let folder = "perf/pages"

    static let all: [Scenario] = [
        Scenario(name: "real-page", summary: "decode (every check) and open perf/pages/cashier-settings.json with its block library", prepare: realPage),
        Scenario(name: "open-1000", summary: "load and open a generated page of 1,000 components (bench open's page)", prepare: { _ in try open(1_000) }, floor: "jsonserialization-1000"),
        Scenario(name: "open-10000", summary: "load and open a generated page of 10,000 components (bench open's page)", prepare: { _ in try open(10_000) }, floor: "jsonserialization-10000"),
        Scenario(name: "jsonserialization-1000", summary: "floor: JSONSerialization.jsonObject of open-1000's bytes", prepare: { _ in jsonSerialization(1_000) }),
        Scenario(name: "jsonserialization-10000", summary: "floor: JSONSerialization.jsonObject of open-10000's bytes", prepare: { _ in jsonSerialization(10_000) }),
        Scenario(name: "edit-100", summary: "\(edits) edits of random values on an open page of 100 components (bench edits' page)", prepare: { _ in try edit(100) }, floor: "edit-floor-100"),
        Scenario(name: "edit-floor-100", summary: "floor: edit-100's writes and evaluations by hand (bench edits' floor)", prepare: { _ in try editFloor(100) }),
        Scenario(name: "edit-1000", summary: "\(edits) edits of random values on an open page of 1,000 components (bench edits' page)", prepare: { _ in try edit(1_000) }, floor: "edit-floor-1000"),
        Scenario(name: "edit-floor-1000", summary: "floor: edit-1000's writes and evaluations by hand (bench edits' floor)", prepare: { _ in try editFloor(1_000) }),
        Scenario(name: "edit-10000", summary: "\(edits) edits of random values on an open page of 10,000 components (bench edits' page)", prepare: { _ in try edit(10_000) }, floor: "edit-floor-10000"),
        Scenario(name: "edit-floor-10000", summary: "floor: edit-10000's writes and evaluations by hand (bench edits' floor)", prepare: { _ in try editFloor(10_000) }),
        Scenario(name: "edit-observed-1000", summary: "edit-1000's \(edits) edits with an observer on every component, as a host showing the page has", prepare: { _ in try edit(1_000, observed: true) }),
        Scenario(name: "expressions", summary: "each of bench expressions' expressions evaluated \(evaluations) times, each in a new scope", prepare: expressions),
        Scenario(name: "blocks", summary: "load and open a page using a block \(blockUses) times (bench blocks' page)", prepare: blocks),
        Scenario(name: "repository", summary: "PageRepository.resolve of the two perf/pages pages from a cache in a temporary folder", prepare: repository),
        Scenario(name: "localized-render", summary: "open perf/pages/order.json in zh-Hans and draw it as text, as formwork render does", prepare: localizedRender),
    ]

    static let edits = 10
    static let evaluations = 100
    static let blockUses = 300

    static func run(_ name: String) throws(CLIFailure) -> String {
        guard let scenario = all.first(where: { $0.name == name }) else {
            let hint = Suggestions.nearest(to: name, in: all.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw CLIFailure("no gate scenario '\(name)'\(hint) The scenarios are: " + all.map(\.name).joined(separator: ", "))
        }
        // NB: a name of fixed length, so the paths the work handles are as long in every run.
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-gate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temp) }
        do {
            let work = try scenario.prepare(temp)
            try work()
            try gateMeasured(work)
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure("gate scenario \(name): \(error)")
        }
        return "\(scenario.name): \(scenario.summary)"
    }

    /// The scenarios, one a line, for `formwork bench gate` with none named; then the floors,
    /// as `floor SCENARIO FLOOR` lines (`.ci/perf_gate.py` prints each ratio).
    static var list: String {
        let width = all.map(\.name.count).max() ?? 0
        return "The gate's scenarios (formwork bench gate NAME does one, for callgrind; .ci/perf-gate runs them all):\n"
            + all.map { "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + "   " + $0.summary }.joined(separator: "\n")
            + "\n\nFloors (the same work without the engine; .ci/perf-gate prints the ratio):\n"
            + all.compactMap { scenario in scenario.floor.map { "floor \(scenario.name) \($0)" } }.joined(separator: "\n")
    }

    // MARK: - The scenarios

    private static func read(_ name: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: folder + "/" + name) else {
            throw CLIFailure("can't read \(folder)/\(name): run the gate from the package folder")
        }
        return Array(data)
    }

    private static func libraries() throws -> BlockCatalog {
        let (catalog, diagnostics) = BlockCatalog.load(folder: URL(fileURLWithPath: folder))
        if let problem = diagnostics.first(where: { $0.severity == .error }) { throw CLIFailure(problem.rendered) }
        return catalog
    }

    private static func realPage(_ temp: URL) throws -> @MainActor () throws -> Void {
        let bytes = try read("cashier-settings.json")
        let catalog = try libraries()
        let engine = PageEngine(registry: .standard)
        return {
            let (document, diagnostics) = PageDocument.decode(bytes, registry: .standard, libraries: catalog, file: "cashier-settings.json")
            guard let document, !diagnostics.contains(where: { $0.severity == .error }) else {
                throw CLIFailure("cashier-settings.json doesn't decode: " + diagnostics.map(\.rendered).joined(separator: "\n"))
            }
            try engine.open(document).close()
        }
    }

    /// Reading and opening bench open's page, as a host does: `load` + `open`, then `close`
    /// and freeing it all.
    private static func open(_ components: Int) throws -> @MainActor () throws -> Void {
        let bytes = Array(EditBenchmark.page(components: components).utf8)
        let engine = PageEngine(registry: .standard)
        return { try engine.open(try PageDocument.load(bytes, registry: .standard, libraries: .empty)).close() }
    }

    /// The floor of `open(_:)`: Foundation parsing the same bytes into its objects, and freeing them.
    private static func jsonSerialization(_ components: Int) -> @MainActor () throws -> Void {
        let data = Data(EditBenchmark.page(components: components).utf8)
        return { blackHole(try JSONSerialization.jsonObject(with: data)) }
    }

    /// `edits` random edits on an open page of `components` components (bench edits' page).
    private static func edit(_ components: Int, observed: Bool = false) throws -> @MainActor () throws -> Void {
        let editor = try EditBenchmark.Editor(components: components, traceLimit: 0, observed: observed)
        return { for _ in 0..<edits { editor.edit() } }
    }

    /// The floor of `edit(_:)`: the same writes, in the same order, and the same two evaluations
    /// each, by hand (`EditBenchmark.Floor`).
    private static func editFloor(_ components: Int) throws -> @MainActor () throws -> Void {
        let floor = try EditBenchmark.Floor(components: components)
        return { for _ in 0..<edits { blackHole(floor.edit()) } }
    }

    private static func expressions(_ temp: URL) throws -> @MainActor () throws -> Void {
        let compiled = try ExpressionBenchmark.cases.map { try CompiledExpression($0.source, functions: .standard) }
        let data = ExpressionBenchmark.data
        return {
            for expression in compiled {
                for _ in 0..<evaluations {
                    let value = try expression.evaluate(in: ExpressionScope(data: data))
                    blackHole(value)
                }
            }
        }
    }

    private static func blocks(_ temp: URL) throws -> @MainActor () throws -> Void {
        let bytes = Array(BlocksBenchmark.page(uses: blockUses, written: false).utf8)
        let engine = PageEngine(registry: .standard)
        return { try engine.open(try PageDocument.load(bytes, registry: .standard, libraries: .empty)).close() }
    }

    private static func repository(_ temp: URL) throws -> @MainActor () throws -> Void {
        let files = ["cashier-settings.json", "order.json"].map { folder + "/" + $0 }
        let (repository, pages) = try RepositoryBenchmark.prepareCache(files: files, libraryFolders: [folder], registry: .standard, in: temp)
        return {
            for page in pages {
                let resolved = try repository.resolve(page.id)
                guard resolved.version == 2 else { throw CLIFailure("\(page.id) wasn't served from the cache") }
            }
        }
    }

    private static func localizedRender(_ temp: URL) throws -> @MainActor () throws -> Void {
        let document = try PageDocument.load(try read("order.json"), registry: .standard, libraries: try libraries(), file: "order.json")
        let engine = PageEngine(registry: .standard, host: PageHost(languages: ["zh-Hans"]))
        return {
            let session = try engine.open(document)
            blackHole(PageTextRenderer.render(session))
            session.close()
        }
    }
}

/// The work callgrind counts: `.ci/perf-gate` runs valgrind with
/// `--collect-atstart=no --toggle-collect=formwork_gate_measured`, so collection is on exactly
/// while this function runs (and everything it calls), and setup and process start aren't
/// counted.
///
/// NB: a fixed symbol name (`@_silgen_name`), so callgrind can name it without Swift's mangling,
/// and never inlined, so the symbol is entered once per scenario.
@MainActor @inline(never) @_silgen_name("formwork_gate_measured")
func gateMeasured(_ work: @MainActor () throws -> Void) rethrows {
    try work()
}
