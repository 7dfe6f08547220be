import Foundation
import Testing
import Formwork
import FormworkTesting

/// A stack holds at most `pushDepth` pages, so pages that push themselves or each other stop; and
/// a page id an expression computes is checked like the ids of a manifest, so `push` can't reach
/// outside the pages the source holds.
@MainActor
@Suite("Limits: navigation")
struct NavigationLimitTests {
    static let limits = LimitFixtures.limits {
        $0.pushDepth = 4
        $0.flowStepSeconds = LimitFixtures.patientStepSeconds
    }

    static func pushing(_ id: String, to target: String, from interaction: String = "appear") -> String {
        LimitFixtures.page(["page": .string(id), "interactions": [interaction: [["id": "push", "attributes": ["page": .string(target)]]]]])
    }

    @Test("a page that pushes itself from appear stops at pushDepth pages", arguments: ["appear", "loaded"])
    func selfPushStops(interaction: String) async throws {
        let source = MemoryPageSource(["again": NavigationLimitTests.pushing("again", to: "again", from: interaction)])
        let page = PageHarness(registry: .standard, pages: source, limits: NavigationLimitTests.limits)
        try await page.open(pageID: "again")
        #expect(page.navigator.stack.count == 4)
        let failure = try #require(page.failures.first)
        #expect(failure["kind"] == "limit")
        #expect(failure["message"] == "can't open the page 'again': 4 pages are already open on this stack (the pushDepth limit); a page that keeps pushing pages (itself, or pages that push each other) never ends, so it was stopped")
        #expect(page.navigator.stack.map(\.stackDepth) == [1, 2, 3, 4])
    }

    @Test("two pages that push each other stop too")
    func mutualPushStops() async throws {
        let source = MemoryPageSource(["ping": NavigationLimitTests.pushing("ping", to: "pong"), "pong": NavigationLimitTests.pushing("pong", to: "ping")])
        let page = PageHarness(registry: .standard, pages: source, limits: NavigationLimitTests.limits)
        try await page.open(pageID: "ping")
        #expect(page.navigator.stack.map(\.document.id) == ["ping", "pong", "ping", "pong"])
        #expect(page.failures.count == 1)
    }

    @Test("formwork test on a page that pushes itself ends, and fails naming the budget")
    func flowOfASelfPushingPageFails() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-push-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try NavigationLimitTests.pushing("again", to: "again").write(to: folder.appendingPathComponent("again.json"), atomically: true, encoding: .utf8)
        try #"{"page": "again.json", "steps": []}"#.write(to: folder.appendingPathComponent("again.flow.json"), atomically: true, encoding: .utf8)
        let result = await FlowRunner(registry: .standard, limits: NavigationLimitTests.limits).run(file: folder.appendingPathComponent("again.flow.json").path)
        #expect(!result.passed)
        #expect(result.failures.first?.message.hasPrefix("the page went over a budget: can't open the page 'again': 4 pages are already open") == true)
    }

    // MARK: - Computed page ids

    @Test("a computed page id can't leave the pages folder")
    func computedIDsAreChecked() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-escape-\(UUID().uuidString)")
        let pages = root.appendingPathComponent("pages"), outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try LimitFixtures.loadedPage("secret", [["id": "toast", "attributes": ["message": "escaped"]]])
            .write(to: outside.appendingPathComponent("secret.json"), atomically: true, encoding: .utf8)
        let escape = LimitFixtures.loadedPage("escape", [["id": "push", "attributes": ["page": ["template": "..${'/'}outside/secret"]]]])
        let page = PageHarness(registry: .standard, pages: DirectoryPageSource(directory: pages))
        try await page.open(json: escape)
        #expect(page.openedPages.map(\.document.id) == ["escape"])
        #expect(page.presenter.toasts.map(\.message) == [#"can't open the page "../outside/secret": a page id is 1 to 100 letters, digits, '-', '_' or '.', not starting with '.' (it names files in caches and published folders)"#])
        // The source refuses such ids itself, for hosts that call it directly.
        #expect(throws: PageError.self) { try DirectoryPageSource(directory: pages).page("../outside/secret") }
    }

    @Test("one rule for page ids, shared by the engine and delivery", arguments: [
        ("dish-edit", true), ("v2.page_1", true), (String(repeating: "a", count: 100), true),
        ("", false), (".hidden", false), ("../secret", false), ("a/b", false), ("a\\b", false),
        ("é", false), ("a b", false), (String(repeating: "a", count: 101), false), ("..", false),
    ])
    func pageIDRule(id: String, valid: Bool) throws {
        #expect(PageHeader.isValidID(id) == valid)
        let engine = PageEngine(registry: .standard, pages: MemoryPageSource([id: LimitFixtures.loadedPage(id, [])]))
        if valid {
            _ = try engine.document(id)
        } else {
            #expect(throws: PageError.self) { try engine.document(id) }
        }
    }
}
