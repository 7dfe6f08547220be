import Foundation
import Testing
import Formwork
import FormworkTesting

/// Values written to `$data` and `$global` are bounded like JSON files (`valueDepth`, counting
/// the path they are written at) and in size (`valueBytes`), so nothing can be stored that can't
/// be saved and read back; a write over a limit fails cleanly, leaving the store as it was.
@MainActor
@Suite("Limits: stored values")
struct StoredValueLimitTests {
    /// `{a:{a:…levels…$data.x}}`.
    static func wrap(_ inner: String, levels: Int) -> String {
        String(repeating: "{a:", count: levels) + inner + String(repeating: "}", count: levels)
    }

    static func depth(_ value: PageValue) -> Int {
        switch value {
        case .array(let items): return 1 + (items.map(depth).max() ?? 0)
        case .object(let object): return 1 + (object.values.map(depth).max() ?? 0)
        default: return 0
        }
    }

    @Test("storing {a:{a:…250 levels…$data.x}} into $data.x again and again stops at the limit")
    func deepWritesStopCleanly() async throws {
        let write = LimitFixtures.storeVar("$data.x", expr: StoredValueLimitTests.wrap("$data.x", levels: 250))
        let page = PageHarness(registry: .standard)
        try await page.open(json: LimitFixtures.loadedPage(data: ["x": 0], Array(repeating: write, count: 5)))
        let error = try #require(page.presenter.toasts.last)
        #expect(error.message.contains("valueDepth"), "\(error.message)")
        // The first write fit (250 levels, one down in $data); the second did not, and changed nothing.
        #expect(StoredValueLimitTests.depth(page.data["x"] ?? .null) == 250)
        #expect(page.data.jsonText.count > 1_000)
    }

    @Test("the depth counts the path the value is written at")
    func depthCountsThePath() async throws {
        let limits = LimitFixtures.limits { $0.valueDepth = 10 }
        let page = PageHarness(registry: .standard, limits: limits)
        let deepPath = "$data" + String(repeating: ".a", count: 5)
        try await page.open(json: LimitFixtures.loadedPage(data: ["v": [[[1]]]], [
            LimitFixtures.storeVar("$data.ok", expr: "$data.v"),            // 1 + 3 levels
            LimitFixtures.storeVar(deepPath, expr: "[[[[[1]]]]]"),         // 5 + 5 = 10: fits
            LimitFixtures.storeVar(deepPath + ".b", expr: "[[[[[1]]]]]"),  // 6 + 5 = 11: too deep
        ]))
        #expect(page.data["ok"] == [[[1]]])
        #expect(page.failures.isEmpty)
        #expect(page.presenter.toasts.map(\.message) == ["the value written to \(deepPath).b nests arrays and objects more than 4 levels deep where it is written (6 levels down); values may nest at most 10 levels (the valueDepth limit), as JSON files can"])
        #expect(try page.read("trace").jsonText.contains("\(deepPath) = [[[[[1]]]]]"))
    }

    @Test("a write larger than valueBytes is refused with $error.kind limit")
    func largeWritesAreRefused() async throws {
        let limits = LimitFixtures.limits { $0.valueBytes = 1_000 }
        let page = PageHarness(registry: .standard, limits: limits)
        try await page.open(json: LimitFixtures.page([
            "page": "big", "data": ["kind": nil],
            "interactions": ["loaded": [LimitFixtures.storeVar("$data.text", expr: "replace('\(String(repeating: "x", count: 600))', 'x', 'yy')")]],
            "onError": [["id": "run", "attributes": ["actions": [LimitFixtures.storeVar("$data.kind", expr: "$error.kind")]]]],
        ]))
        #expect(page.data["kind"] == "limit")
        #expect(page.data["text"] == nil)
    }

    @Test("whatever $global accepts is saved and loads back; one level more is refused")
    func globalsAlwaysLoadBack() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-limits-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let persistence = FileGlobalPersistence(url: folder.appendingPathComponent("globals.json"))
        let engine = PageEngine(registry: .standard, globals: try GlobalStore(persistence: persistence))
        let document = try EnginePages.load(LimitFixtures.loadedPage("globals", []))
        let session = try engine.open(document)
        await session.waitUntilIdle()
        // $global is an object (1 level) holding "x" (the value's levels start one down).
        let deepest = PageValue.array([StoredValueLimitTests.nested(PageLimits.standard.valueDepth - 2)])
        try session.set(deepest, at: #require(StorePath("$global.x")))
        #expect(try persistence.load()?["x"] == deepest)
        #expect(throws: ActionFailure.self) { try session.set(PageValue.array([deepest]), at: #require(StorePath("$global.x"))) }
        #expect(try persistence.load()?["x"] == deepest)
        // The host writing $global directly keeps the same promise.
        #expect(throws: ActionFailure.self) { try engine.globals.set(PageValue.array([deepest]), at: #require(StorePath("$global.x"))) }
        try engine.globals.set(deepest, at: #require(StorePath("$global.y")))
        #expect(try persistence.load()?["x"] == deepest)
        #expect(try persistence.load()?["y"] == deepest)
        session.close()
    }

    static func nested(_ levels: Int) -> PageValue {
        var value: PageValue = 1
        for _ in 0..<levels { value = [value] }
        return value
    }
}
