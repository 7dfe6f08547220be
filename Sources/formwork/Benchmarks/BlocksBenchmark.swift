import Foundation
import Formwork

/// `formwork bench blocks`: opening a page that uses a block 1,000 times against the same page
/// written out by hand — the same groups, keys, components and bindings — in time and in the
/// memory the live page holds. Blocks are expanded when the page is read, so the aim is that
/// they cost about what writing the components out does.
@MainActor
enum BlocksBenchmark {
    static let uses = 1_000
    static let aim = 1.2

    /// The page: `uses` rows of a number field and a label doubling it, as uses of the block
    /// `field-row` (`written: false`) or written out as the block expands (`written: true`).
    static func page(uses: Int, written: Bool) -> String {
        var data: [String] = []
        var nodes: [String] = []
        for i in 0..<uses {
            data.append("\"v\(i)\": \(i)")
            if written {
                nodes.append(#"{"id": "group", "key": "v\#(i)", "components": [{"id": "number-field", "key": "v\#(i).field", "attributes": {"title": "Value \#(i)", "value": {"expr": "$data.v\#(i)"}}}, {"id": "label", "attributes": {"text": {"template": "${$data.v\#(i) * 2} pcs"}}}]}"#)
            } else {
                nodes.append(#"{"id": "field-row", "key": "v\#(i)", "attributes": {"title": "Value \#(i)", "value": {"expr": "$data.v\#(i)"}}}"#)
            }
        }
        let block = #""blocks": {"field-row": {"attributes": {"title": {"type": "string"}, "value": {"type": "number", "twoWay": true}}, "components": [{"id": "number-field", "key": "field", "attributes": {"title": {"expr": "$attr.title"}, "value": {"expr": "$attr.value"}}}, {"id": "label", "attributes": {"text": {"template": "${$attr.value * 2} pcs"}}}]}}, "#
        return #"{"page": "bench", "data": {\#(data.joined(separator: ","))}, \#(written ? "" : block)"components": [{"id": "section", "components": [\#(nodes.joined(separator: ","))]}]}"#
    }

    static func run(_ budget: Stopwatch.Budget) throws(CLIFailure) -> String {
        let blocks = Array(page(uses: uses, written: false).utf8)
        let written = Array(page(uses: uses, written: true).utf8)
        let engine = PageEngine(registry: .standard)
        for (name, bytes) in [("with blocks", blocks), ("written out", written)] {
            do {
                try engine.open(try PageDocument.load(bytes, registry: .standard, libraries: .empty)).close()
            } catch {
                throw CLIFailure("the benchmark page \(name) doesn't open: \(error)")
            }
        }
        let open = Stopwatch.compare(budget) {
            let session = try? engine.open(try PageDocument.load(blocks, registry: .standard, libraries: .empty))
            session?.close()
            return session
        } floor: {
            let session = try? engine.open(try PageDocument.load(written, registry: .standard, libraries: .empty))
            session?.close()
            return session
        }
        let memory = (blocks: liveBytes(blocks, engine), written: liveBytes(written, engine))
        let mib = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        var rows: [[String]] = [["\(MemoryBenchmark.grouped(uses)) uses", "with blocks", "written out", "ratio", "aim"]]
        rows.append(["load + open", Stopwatch.format(open.subject), Stopwatch.format(open.floor), Stopwatch.ratio(open.ratio), "≤ " + Stopwatch.ratio(aim)])
        if let withBlocks = memory.blocks, let writtenOut = memory.written {
            rows.append(["live memory", mib(withBlocks), mib(writtenOut), Stopwatch.ratio(Double(withBlocks) / Double(max(writtenOut, 1))), "≤ " + Stopwatch.ratio(aim)])
        }
        return ["blocks: a page using a block \(MemoryBenchmark.grouped(uses)) times, against the same components written out by hand", "", Stopwatch.table(rows)].joined(separator: "\n")
    }

    /// How much resident memory the page holds while open: measured after opening and closing
    /// it once, so both pages find the allocator as warm.
    private static func liveBytes(_ bytes: [UInt8], _ engine: PageEngine) -> Int? {
        try? engine.open(try PageDocument.load(bytes, registry: .standard, libraries: .empty)).close()
        ResidentMemory.releaseFreePages()
        guard let before = ResidentMemory.current(), let session = try? engine.open(try PageDocument.load(bytes, registry: .standard, libraries: .empty)) else { return nil }
        let after = ResidentMemory.current() ?? before
        withExtendedLifetime(session) {}
        session.close()
        return after - before
    }
}
