import Foundation
import Testing
import Formwork
import FormworkTesting

/// Seeded fuzzing, bounded by a fixed number of cases: the example pages in pages/ mutated (bytes
/// flipped, subtrees duplicated, nested and deleted, hostile expressions and loops put in) and a
/// corpus of hostile expressions, each run through decode, check and a headless open with small
/// budgets. Every case must end in a result or a diagnostic: no crash, no hang, no runaway memory.
///
/// NB: not on the main actor, except to drive a page: other suites wait on the main actor.
@Suite("Fuzz: mutated pages and expressions")
struct FuzzTests {
    static let limits = LimitFixtures.limits {
        $0.evaluationSteps = 20_000
        $0.evaluationBytes = 1 << 18
        $0.valueBytes = 1 << 18
        $0.actionsPerInteraction = 300
        $0.triggerDepth = 16
        $0.pushDepth = 4
        $0.traceEvents = 100
        $0.documentBytes = 1 << 20
    }

    /// Expressions that did harm before the budgets, and a few ordinary ones.
    static let corpus: [String] = [
        "replace(replace(replace('aaaaaaaaaaaaaaaaaaaa', 'a', 'aaaaaaaaaaaaaaaaaaaa'), 'a', 'aaaaaaaaaaaaaaaaaaaa'), 'a', 'aaaaaaaaaaaaaaaaaaaa')",
        "count(map(split(replace('aaaaaaaaaa', 'a', 'aaaaaaaaaa'), ''), x => count(split(x + replace('aaaaaaaaaa', 'a', 'aaaaaaaaaa'), ''))))",
        LimitFixtures.doubling("$data", levels: 40),
        "string(\(LimitFixtures.doubling("1", levels: 40)))",
        "\(LimitFixtures.doubling("$data", levels: 30)) == \(LimitFixtures.doubling("$global", levels: 30))",
        "[$data, $data, $data, $data]",
        "{a: {a: {a: {a: $data}}}}",
        String(repeating: "[", count: 200) + "$data" + String(repeating: "]", count: 200),
        "join(map(split('abcdefghij', ''), x => x + x + x), $data.name ?? '')",
        "$event.value ?? $result ?? $error.message",
        "1 / 0", "9223372036854775807 + 1", "int('x')", "len($data) + len($global)",
        "matches('aaaaaaaaaaaa', '(a|aa)+$')", "date(now(), 'yyyy-MM-dd')", "keys($data)",
        "sum(map($data.items ?? [], i => i.price * i.qty))", "$data.name + ' ' + string($data)",
    ]

    // MARK: - Expressions

    @Test("600 hostile and mutated expressions each give a value or an error")
    func expressions() {
        var random = SplitMix(seed: 0xF0_2024)
        let scope = ExpressionScope(data: ["name": "Tofu", "items": [["price": 2, "qty": 3]], "x": [1, 2]], global: ["user": "Ada"], limits: FuzzTests.limits)
        for index in 0..<600 {
            var source = FuzzTests.corpus[index % FuzzTests.corpus.count]
            if index >= FuzzTests.corpus.count { source = FuzzTests.mutate(source, &random) }
            for template in [false, true] {
                do {
                    let expression = template
                        ? try CompiledExpression(template: source, functions: .standard, limits: FuzzTests.limits)
                        : try CompiledExpression(source, functions: .standard, limits: FuzzTests.limits)
                    _ = try expression.evaluate(in: scope).preview()
                } catch {
                    #expect(!error.message.isEmpty)
                    #expect(error.range.end <= source.utf8.count, "\(source.debugDescription): \(error)")
                }
            }
        }
    }

    /// `source` with a few random edits: a character removed, doubled, or a corpus piece spliced in.
    static func mutate(_ source: String, _ random: inout SplitMix) -> String {
        var characters = Array(source)
        for _ in 0..<(1 + Int(random.next() % 3)) where !characters.isEmpty {
            let at = Int(random.next() % UInt64(characters.count))
            switch random.next() % 4 {
            case 0: characters.remove(at: at)
            case 1: characters.insert(characters[at], at: at)
            case 2: characters.insert(contentsOf: Array(corpus[Int(random.next() % UInt64(corpus.count))].prefix(40)), at: at)
            default: characters[at] = Array("()[]{},.'$+*=>?:!")[Int(random.next() % 17)]
            }
        }
        return String(characters)
    }

    // MARK: - Pages

    static let examples: [(id: String, value: PageValue)] = EnginePages.exampleFiles.compactMap { url in
        guard let data = try? Data(contentsOf: url), let value = try? JSONReader.parse(bytes: Array(data)), let id = value["page"]?.stringValue else { return nil }
        return (id, value)
    }

    @Test("160 mutated example pages each decode to a page or diagnostics, and open headlessly within the budgets")
    func pages() async throws {
        try #require(FuzzTests.examples.count >= 3)
        var random = SplitMix(seed: 0xBADF00D)
        var opened = 0
        for index in 0..<160 {
            let (id, original) = FuzzTests.examples[index % FuzzTests.examples.count]
            let bytes: [UInt8]
            if random.next() % 5 == 0 {
                bytes = FuzzTests.flipBytes(Array(original.prettyJSONText.utf8), &random)
            } else {
                var value = original
                for _ in 0..<(1 + Int(random.next() % 4)) { value = FuzzTests.mutate(value, page: id, &random) }
                bytes = Array(value.prettyJSONText.utf8)
            }
            let (document, diagnostics) = PageDocument.decode(bytes, registry: .standard, libraries: EnginePages.libraries, file: "\(id).json", limits: FuzzTests.limits)
            #expect(document != nil || !diagnostics.isEmpty, "case \(index) gave neither a page nor a diagnostic")
            guard let document, !diagnostics.contains(where: { $0.severity == .error }) else { continue }
            _ = document.check(registry: .standard, limits: FuzzTests.limits)
            if try await FuzzTests.run(document, bytes: bytes) { opened += 1 }
        }
        // Many mutations leave the page openable, so a good share of the cases reach the engine.
        #expect(opened > 40)
    }

    /// Opens `document` headlessly (its pushes find the other example pages, and itself) and runs
    /// each of its named interactions once. Whether it opened.
    @MainActor
    static func run(_ document: PageDocument, bytes: [UInt8]) async throws -> Bool {
        var pages = Dictionary(uniqueKeysWithValues: examples.map { ($0.id, Array($0.value.jsonText.utf8)) })
        pages[document.id] = bytes
        let harness = PageHarness(registry: .standard, pages: MemoryPageSource(bytes: pages), limits: limits)
        defer { harness.close() }
        do {
            try await harness.open(document)
        } catch {
            #expect(!"\(error)".isEmpty)
            return harness.root != nil
        }
        for name in document.interactions.keys.sorted() where !PageDocument.lifecycleInteractions.contains(name) {
            do { try await harness.trigger(name) } catch { #expect(!"\(error)".isEmpty) }
        }
        return true
    }

    static func flipBytes(_ bytes: [UInt8], _ random: inout SplitMix) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<(1 + Int(random.next() % 4)) where !bytes.isEmpty {
            bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
        }
        return bytes
    }

    /// One structural edit somewhere in `value`.
    static func mutate(_ value: PageValue, page: String, _ random: inout SplitMix) -> PageValue {
        let edit = random.next() % 7
        let pick = random.next()
        return rewrite(value, choosing: pick, depth: 0) { node in
            switch (edit, node) {
            case (0, .string): return ["expr": .string(corpus[Int(pick % UInt64(corpus.count))])]
            case (1, .string): return ["template": .string("${" + corpus[Int(pick % UInt64(corpus.count))] + "}")]
            case (2, .array(let items)) where !items.isEmpty: return .array(items + items)
            case (3, .object(var object)) where !object.isEmpty:
                object[object.keys[Int(pick % UInt64(object.count))]] = nil
                return .object(object)
            case (4, _): return [[node]]
            case (5, .array(let items)):
                // A loop: the page pushes itself, or a chain triggers and fans out into itself.
                let loops: [PageValue] = [
                    ["id": "push", "attributes": ["page": .string(page)]],
                    ["id": "all", "attributes": ["chains": [[["id": "trigger", "attributes": ["name": "onSave"]]], [["id": "trigger", "attributes": ["name": "onSave"]]]]]],
                    ["id": "store-var", "attributes": ["key": "$data.x", "value": ["expr": .string(LimitFixtures.doubling("$data", levels: 8))]]],
                ]
                return .array(items + [loops[Int(pick % 3)]])
            case (6, .object(var object)):
                object["interactions"] = ["onSave": [["id": "all", "attributes": ["chains": [[["id": "trigger", "attributes": ["name": "onSave"]]], [["id": "trigger", "attributes": ["name": "onSave"]]]]]]]]
                return .object(object)
            default: return nil
            }
        } ?? value
    }

    /// `value` with `change` applied to one node, chosen by `choosing` among those it accepts
    /// (the first accepted node on a path the choice walks down). Nil when none is accepted.
    static func rewrite(_ value: PageValue, choosing: UInt64, depth: Int, _ change: (PageValue) -> PageValue?) -> PageValue? {
        let children: [PageValue]
        switch value {
        case .array(let items): children = items
        case .object(let object): children = object.values
        default: children = []
        }
        // Go deeper most of the time, so edits land all over the page, not only at its top.
        if !children.isEmpty, (choosing >> (depth % 60)) & 3 != 0 {
            let position = Int((choosing >> ((depth * 7) % 56)) % UInt64(children.count))
            if let changed = rewrite(children[position], choosing: choosing, depth: depth + 1, change) {
                switch value {
                case .array(var items):
                    items[position] = changed
                    return .array(items)
                case .object(var object):
                    object[object.keys[position]] = changed
                    return .object(object)
                default: break
                }
            }
        }
        return change(value)
    }
}
