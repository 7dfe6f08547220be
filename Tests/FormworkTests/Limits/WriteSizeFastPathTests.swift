import Testing
@testable import Formwork

// A store write checks the value's size (`valueDepth`, `valueBytes`) before it writes. Null, a
// truth value or a number is taken without measuring when `valueBytes` is 24 or more
// (`PageSession.fitsWithoutMeasuring`): the fast path must never let through what the general
// path (`PageValue.sizeProblem`) refuses.
// NB: @testable for the fast path and `sizeProblem`, both internal.

@Suite("Limits: the write's size check without measuring")
@MainActor
struct WriteSizeFastPathTests {
    nonisolated static let values: [PageValue] = [
        .null, .bool(true), .bool(false), .int(0), .int(7), .int(-1), .int(Int64.max), .int(Int64.min),
        .number(0.5), .number(-1e308), .number(.infinity), .string(""), .string("twenty-five characters..."),
        .array([]), .array([.int(1)]), .object(PageObject()), .object(PageObject([("a", .int(1))])),
    ]
    nonisolated static let valueBytes = [0, 1, 3, 4, 5, 19, 20, 21, 23, 24, 25, 64, PageLimits.standard.valueBytes]
    nonisolated static let nestings = [0, 1, 255, 256, 257, 400]

    /// Where the fast path says a value fits, the general path finds no problem, whatever the
    /// path's depth; and it answers for the scalars under the standard limits (not only "measure").
    @Test(arguments: valueBytes)
    func theFastPathAgreesWithTheGeneralOne(valueBytes: Int) {
        var limits = PageLimits.standard
        limits.valueBytes = valueBytes
        for value in Self.values {
            guard PageSession.fitsWithoutMeasuring(value, valueBytes: valueBytes) else { continue }
            for nesting in Self.nestings {
                #expect(value.sizeProblem(limits, what: "v", nesting: nesting) == nil, "\(value.jsonText) under valueBytes \(valueBytes), \(nesting) levels down")
            }
        }
        let scalars = Self.values.filter { PageSession.fitsWithoutMeasuring($0, valueBytes: valueBytes) }.count
        #expect(scalars == (valueBytes >= 24 ? 11 : 0))
    }

    /// Under a `valueBytes` too small for a number, writing one is refused as before, and the
    /// store keeps its value; under the standard limits the same write goes through.
    @Test func aSmallValueBytesStillRefusesANumber() throws {
        var limits = PageLimits.standard
        limits.valueBytes = 3
        let page = #"{"page": "tiny", "data": {"n": 1}, "components": [{"id": "label", "key": "l", "attributes": {"text": {"template": "${$data.n}"}}}]}"#
        let tight = try PageEngine(registry: .standard, limits: limits).open(try EnginePages.load(page))
        defer { tight.close() }
        #expect(throws: ActionFailure.self) { try tight.set(.int(1234), at: StorePath(.data, [.key("n")])) }
        #expect(tight.data["n"] == .int(1))
        try tight.set(.int(12), at: StorePath(.data, [.key("n")]))
        #expect(tight.component("l")?.attributes["text"] == "12")

        let roomy = try PageEngine(registry: .standard).open(try EnginePages.load(page))
        defer { roomy.close() }
        try roomy.set(.int(Int64.min), at: StorePath(.data, [.key("n")]))
        #expect(roomy.component("l")?.attributes["text"] == .string("\(Int64.min)"))
    }
}
