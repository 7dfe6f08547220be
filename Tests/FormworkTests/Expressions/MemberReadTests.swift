import Testing
import Formwork

/// Compiled member reads (`$data.price`, `x.qty`) remember where they found their key last time
/// (`MemberRead`). These tests keep one compiled expression alive while the store changes shape
/// under it, and compare every answer with the obvious lookup: `PageObject`'s subscript, member by
/// member, and a freshly compiled expression for the errors.
@Suite("Member reads")
struct MemberReadTests {
    /// The keys stores are built from: more than `PageObject.linearLimit` (8), so stores cross
    /// between the searched-by-comparison and the hashed forms as keys come and go.
    static let keys = (0..<14).map { "k\($0)" } + ["aRatherLongKeyThatIsNotASmallString"]

    /// `base.keys[0].keys[1]…` by subscripts; nil where a member is read from something that
    /// isn't an object or null (the expression fails there).
    static func lookup(_ base: PageValue, _ keys: ArraySlice<String>) -> PageValue? {
        guard let key = keys.first else { return base }
        switch base {
        case .object(let object): return lookup(object[key] ?? .null, keys.dropFirst())
        case .null: return lookup(.null, keys.dropFirst())
        default: return nil
        }
    }

    /// Adds, removes, reorders or replaces members of `store`, and sometimes of the object inside it.
    static func reshape(_ store: inout PageObject, _ random: inout SplitMix) {
        let key = keys[Int(random.next() % UInt64(keys.count))]
        switch random.next() % 6 {
        case 0, 1: store[key] = .int(Int64(random.next() % 1000))
        case 2: store[key] = nil
        case 3:
            // The same members in another order: every remembered position is now a guess.
            var entries = store.entries
            for i in entries.indices.reversed() { entries.swapAt(i, Int(random.next() % UInt64(i + 1))) }
            store = PageObject(entries.map { ($0.key, $0.value) })
        case 4:
            var inner = PageObject()
            for other in keys where random.next() % 3 == 0 { inner[other] = .string(other + "!") }
            store[key] = .object(inner)
        default: store[key] = random.next() % 2 == 0 ? .string("text") : .null
        }
    }

    static let reads: [[String]] = keys.map { [$0] } + [["k3", "k0"], ["k3", "k9"], ["k12", "k1"], ["k0", "k0", "k0"]]

    @Test("a long-lived read gives what a lookup gives while the store changes shape", arguments: ["data", "global"])
    func readsFollowTheStore(variable: String) throws {
        let compiled = try MemberReadTests.reads.map { path in
            (path, try CompiledExpression("$" + variable + "." + path.joined(separator: "."), functions: .standard))
        }
        var random = SplitMix(seed: variable == "data" ? 11 : 12)
        var store = PageObject()
        for _ in 0..<600 {
            MemberReadTests.reshape(&store, &random)
            let scope = variable == "data" ? ExpressionScope(data: .object(store)) : ExpressionScope(global: .object(store))
            for (path, expression) in compiled {
                let expected = MemberReadTests.lookup(.object(store), path[...])
                let fresh = Result { try CompiledExpression(expression.source, functions: .standard).evaluate(in: scope) }
                switch Result(catching: { try expression.evaluate(in: scope) }) {
                case .success(let value):
                    #expect(value == expected, "$\(variable).\(path) in \(PageValue.object(store).jsonText)")
                case .failure(let error):
                    #expect(expected == nil, "$\(variable).\(path) failed: \(error)")
                    if case .failure(let freshError) = fresh { #expect("\(error)" == "\(freshError)") }
                }
            }
        }
    }

    @Test("one read inside map meets elements of every shape")
    func readsInsideMap() throws {
        let expression = try CompiledExpression("map($data.rows, r => r.qty)", functions: .standard)
        var random = SplitMix(seed: 7)
        var rows: [PageValue] = []
        for _ in 0..<40 {
            var row = PageObject()
            for _ in 0..<(random.next() % 12) { MemberReadTests.reshape(&row, &random) }
            if row["qty"] == nil { row["qty"] = .int(Int64(rows.count)) }
            rows.append(.object(row))
        }
        let expected = rows.map { MemberReadTests.lookup($0, ["qty"]) ?? .null }
        for _ in 0..<3 {
            #expect(try expression.evaluate(in: ExpressionScope(data: ["rows": .array(rows)])) == .array(expected))
        }
    }

    @Test("one compiled read evaluated on several threads at once over stores of different shapes")
    func readsOnSeveralThreads() async throws {
        let expression = try CompiledExpression("$global.user.name", functions: .standard)
        let scopes = (0..<4).map { shape -> ExpressionScope in
            var user = PageObject()
            for i in 0..<(shape * 4) { user["pad\(i)"] = .int(Int64(i)) }
            user["name"] = .string("user \(shape)")
            return ExpressionScope(global: ["user": .object(user)])
        }
        let wrong = await withTaskGroup(of: Int.self) { group in
            for (shape, scope) in scopes.enumerated() {
                group.addTask {
                    var wrong = 0
                    for _ in 0..<2_000 where (try? expression.evaluate(in: scope)) != .string("user \(shape)") { wrong += 1 }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }
}
