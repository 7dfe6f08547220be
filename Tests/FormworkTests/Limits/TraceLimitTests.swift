import Foundation
import Testing
@testable import Formwork
import FormworkTesting

/// Trace lines show a bounded preview of a value (`tracePreviewCharacters`), written by a walk that
/// stops once the preview is long enough; a page keeps its latest `traceEvents` in a ring.
@MainActor
@Suite("Limits: the trace")
struct TraceLimitTests {
    @Test("30 writes of $data.x = [$data.x, $data.x] end quickly with short trace lines")
    func doublingWrites() async throws {
        let limits = LimitFixtures.limits { $0.tracePreviewCharacters = 50; $0.valueBytes = 1 << 16 }
        let write = LimitFixtures.storeVar("$data.x", expr: "[$data.x, $data.x]")
        let page = PageHarness(registry: .standard, limits: limits)
        try await page.open(json: LimitFixtures.loadedPage(data: ["x": 1], Array(repeating: write, count: 30)))
        let stores = page.trace.filter { $0.kind == .store }.map(\.text)
        // 2^14 ones nested in pairs are 65,533 bytes of JSON; the 15th write would be twice that.
        #expect(stores.count == 14)
        #expect(stores.allSatisfy { $0.count <= "$data.x = ".count + 50 })
        #expect(stores.last?.hasSuffix("…") == true)
        #expect(page.presenter.toasts.first?.message.contains("valueBytes") == true)
    }

    @Test("a preview costs the same for a value of a million leaves as for one of ten")
    func previewsAreBounded() {
        var value: PageValue = "leaf"
        for _ in 0..<60 { value = [value, value] }   // 2^60 leaves, shared: never writable whole
        #expect(value.preview(limit: 30) == String(repeating: "[", count: 29) + "…")
        #expect(value.jsonText(maximumBytes: 1_000) == nil)
        #expect(value.measure(maximumDepth: 256, maximumBytes: 1_000).exceeded)
    }

    @Test("previews and bounded JSON agree with the whole JSON", arguments: [
        PageValue.null, true, 12, -3.5, "", "tab\tquote\"", ["a": [1, 2, ["b": nil]], "c": "é ü"],
        .array((0..<50).map { .int(Int64($0)) }), .string(String(repeating: "x", count: 300)),
    ])
    func previewMatchesJSON(value: PageValue) {
        let json = value.jsonText
        for limit in [1, 2, 5, 40, 200, 1_000] {
            let preview = value.preview(limit: limit)
            if json.count <= limit {
                #expect(preview == json)
            } else {
                #expect(preview == String(json.prefix(limit - 1)) + "…")
            }
        }
        #expect(value.jsonText(maximumBytes: json.utf8.count) == json)
        #expect(value.jsonText(maximumBytes: json.utf8.count - 1) == nil)
    }

    @Test("measuring gives the depth, and the JSON size for values without escapes or fractions", arguments: [
        (PageValue.null, 0), (12, 0), ([], 1), ([[1, 2], [[3]]], 3), (["a": ["b": [1]]], 3), (["k": "v", "n": -42, "t": true], 1),
    ] as [(PageValue, Int)])
    func measuring(value: PageValue, depth: Int) {
        let size = value.measure(maximumDepth: 256, maximumBytes: .max)
        #expect(size == PageValue.Size(depth: depth, bytes: value.jsonText.utf8.count, exceeded: false))
        #expect(value.measure(maximumDepth: depth - 1, maximumBytes: .max).exceeded == (depth > 0))
    }

    /// A harness keeping 5 trace events, on a page whose `loaded` writes `$data.n` = 1 … `writes`.
    static func pageWriting(_ writes: Int) async throws -> PageHarness {
        let page = PageHarness(registry: .standard, limits: LimitFixtures.limits { $0.traceEvents = 5 })
        let actions = (1...writes).map { LimitFixtures.storeVar("$data.n", expr: "\($0)") }
        try await page.open(json: LimitFixtures.loadedPage(data: ["n": 0], actions))
        return page
    }

    @Test("the trace is a ring of the latest traceEvents, oldest first")
    func ring() async throws {
        let page = try await TraceLimitTests.pageWriting(8)
        let session = try page.current
        #expect(session.trace.map(\.text) == ["$data.n = 6", "store-var", "$data.n = 7", "store-var", "$data.n = 8"])
        session.traceLimit = 3
        #expect(session.trace.map(\.text) == ["$data.n = 7", "store-var", "$data.n = 8"])
        session.traceLimit = 0
        #expect(session.trace.isEmpty)
    }

    @Test("the harness keeps the latest traceEvents of all its pages and counts every event")
    func harnessTrace() async throws {
        let page = try await TraceLimitTests.pageWriting(40)
        #expect(page.trace.count == 5)
        #expect(page.traceEventCount >= 80)
        #expect(Array(page.trace.map(\.text).suffix(3)) == ["$data.n = 39", "store-var", "$data.n = 40"])
        #expect(page.trace.map(\.description) == (try page.current).trace.map(\.description))
    }

    @Test("the ring keeps order across wrap-arounds and capacity changes")
    func traceBuffer() {
        var buffer = TraceBuffer(capacity: 3)
        func event(_ n: Int) -> PageTraceEvent { PageTraceEvent(page: "p", kind: .action, text: "\(n)") }
        for n in 1...7 { buffer.append(event(n)) }
        #expect(buffer.events.map(\.text) == ["5", "6", "7"])
        buffer.capacity = 5
        buffer.append(event(8))
        #expect(buffer.events.map(\.text) == ["5", "6", "7", "8"])
        buffer.capacity = 2
        #expect(buffer.events.map(\.text) == ["7", "8"])
    }
}

/// A store write or an edit keeps its target and a small value, and writes its line when read.
@MainActor
@Suite("Limits: trace lines written when read")
struct LazyTraceLineTests {
    nonisolated static let values: [PageValue] = [
        .null, true, 42, -0.5, "", "short", .string(String(repeating: "é", count: 12)), .string(String(repeating: "x", count: 300)),
        [1, 2, 3], ["a": ["b": [true, nil]]], .array((0..<500).map { .int(Int64($0)) }),
    ]

    @Test("a line written when read is the line written at once, for every kind of value", arguments: values, [1, 12, 200])
    func sameLine(value: PageValue, limit: Int) {
        let path = StorePath(.data, [.key("items"), .index(3), .key("odd key")])
        let store = PageTraceEvent(page: "p", kind: .store, assigning: value, to: .store(path), limit: limit)
        #expect(store.text == "\(path) = \(value.preview(limit: limit))")
        #expect(store == PageTraceEvent(page: "p", kind: .store, text: store.text))
        #expect(store.description == "[p] store: \(store.text)")
        let edit = PageTraceEvent(page: "p", kind: .event, assigning: value, to: .edit(component: "qty", attribute: "value"), limit: limit)
        #expect(edit.text == "edit qty.value = \(value.preview(limit: limit))")
        #expect(edit != store)
    }

    @Test("an edit on a page is traced with its component and the value, and the write it makes")
    func editLine() async throws {
        let page = PageHarness(registry: .standard)
        try await page.open(json: #"{"page": "p", "data": {"qty": 1}, "components": [{"id": "number-field", "key": "qty", "attributes": {"title": "Qty", "value": {"expr": "$data.qty"}}}]}"#)
        _ = try await page.set("qty", 7)
        let lines = page.trace.map(\.text)
        #expect(lines.suffix(2) == ["$data.qty = 7", "edit qty.value = 7"])
    }
}
