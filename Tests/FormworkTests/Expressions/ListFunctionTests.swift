import Foundation
import Testing
import Formwork

/// `reverse slice sort unique minBy maxBy` (Grammar.md 1.7, Lists): results, the order of keys,
/// errors with where they are, and budgets on huge lists.
@Suite("List functions")
struct ListFunctionTests {
    @Test("results", arguments: [
        ("reverse([1, 2, 3])", "[3,2,1]"),
        ("reverse([])", "[]"),
        ("reverse(null)", "[]"),
        ("reverse([[1, 2], 3])", "[3,[1,2]]"),
        ("map(reverse($data.items), x => x.name)", "[\"jam\",\"cake\",\"tea\"]"),
        ("slice([1, 2, 3, 4], 1, 3)", "[2,3]"),
        ("slice([1, 2, 3, 4], 1)", "[2,3,4]"),
        ("slice([1, 2, 3, 4], 1, null)", "[2,3,4]"),
        ("slice([1, 2, 3, 4], -2)", "[3,4]"),
        ("slice([1, 2, 3, 4], 1, -1)", "[2,3]"),
        ("slice([1, 2, 3, 4], -1, -3)", "[]"),
        ("slice([1, 2, 3], 3)", "[]"),
        ("slice([1, 2, 3], 5, 9)", "[]"),
        ("slice([1, 2, 3], -10, 2)", "[1,2]"),
        ("slice([1, 2, 3], 0, -10)", "[]"),
        ("slice([1, 2, 3], -9223372036854775807, 9223372036854775807)", "[1,2,3]"),
        ("slice(null, 0, 2)", "[]"),
        ("sort([3, 1.5, 2, -1])", "[-1,1.5,2,3]"),
        ("sort([9007199254740993, 9007199254740992.0])", "[9007199254740992.0,9007199254740993]"),
        ("sort(['b', 'a', 'B', 'é', 'e'])", "[\"B\",\"a\",\"b\",\"e\",\"é\"]"),
        ("sort([true, null, false, null])", "[false,true,null,null]"),
        ("sort([])", "[]"),
        ("sort(null)", "[]"),
        ("sort([null, 2, null, 1])", "[1,2,null,null]"),
        ("map(sort($data.items, x => x.price), x => x.name)", "[\"tea\",\"jam\",\"cake\"]"),
        ("map(sort($data.items, x => -x.qty), x => x.name)", "[\"jam\",\"tea\",\"cake\"]"),
        ("map(sort($data.items, (x, i) => -i), x => x.name)", "[\"jam\",\"cake\",\"tea\"]"),
        // Stable: equal keys keep their order.
        ("map(sort([{k: 1, n: 'a'}, {k: 0, n: 'b'}, {k: 1, n: 'c'}, {k: 0, n: 'd'}], x => x.k), x => x.n)", "[\"b\",\"d\",\"a\",\"c\"]"),
        ("map(sort([{n: 'a'}, {k: 2, n: 'b'}, {k: null, n: 'c'}, {k: 1, n: 'd'}], x => x.k), x => x.n)", "[\"d\",\"b\",\"a\",\"c\"]"),
        ("unique([1, 2, 1.0, 3, 2])", "[1,2,3]"),
        ("unique([[1], [1.0], {a: 1, b: 2}, {b: 2, a: 1}, null, null])", "[[1],{\"a\":1,\"b\":2},null]"),
        ("len(unique(['e\\u0301', '\\u00e9', '\\u0000', '\\u0000']))", "2"),
        ("unique(null)", "[]"),
        ("map(unique($data.items, x => x.qty > 1), x => x.name)", "[\"tea\",\"cake\"]"),
        ("map(unique($data.items, (x, i) => i), x => x.name)", "[\"tea\",\"cake\",\"jam\"]"),
        ("minBy($data.items, x => x.price).name", "\"tea\""),
        ("maxBy($data.items, x => x.price).name", "\"cake\""),
        ("maxBy($data.items, x => x.qty).name", "\"jam\""),
        ("minBy([{n: 'a', k: 1}, {n: 'b', k: 1}], x => x.k).n", "\"a\""),
        ("maxBy([{n: 'a', k: 1}, {n: 'b', k: 1}], x => x.k).n", "\"a\""),
        ("maxBy([{p: null}, {p: 1}, {}], x => x.p)", "{\"p\":1}"),
        ("minBy([{p: null}], x => x.p)", "null"),
        ("minBy([], x => x)", "null"),
        ("minBy(null, x => x)", "null"),
        ("maxBy(['b', 'c', 'a'], x => x)", "\"c\""),
        ("maxBy([false, true], x => x)", "true"),
    ])
    func results(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected, "\(source)")
    }

    @Test("errors name the function and the argument, over the call's range", arguments: [
        ("1 + len(reverse('abc'))", ExpressionError.Kind.type, "reverse() expects an array as argument 1, got string", "reverse('abc')"),
        ("slice({}, 0)", .type, "slice() expects an array as argument 1, got object", "slice({}, 0)"),
        ("slice([1], 'a')", .type, "slice() expects an int as argument 2, got string", "slice([1], 'a')"),
        ("slice([1], 0, 1.5)", .type, "slice() expects an int as argument 3, got a number with a fraction", "slice([1], 0, 1.5)"),
        ("sort(5)", .type, "sort() expects an array as argument 1, got int", "sort(5)"),
        ("sort([1, 'a'])", .type, "sort() can't order int with string; every key must be a number, or every one a string or a bool (null may be mixed in)", "sort([1, 'a'])"),
        ("sort([true, 0])", .type, "sort() can't order bool with int; every key must be a number, or every one a string or a bool (null may be mixed in)", "sort([true, 0])"),
        ("sort($data.items)", .type, "sort() orders numbers, strings or bools, got an object; give a key such as x => x.name", "sort($data.items)"),
        ("sort($data.items, x => [x.price])", .type, "sort() orders numbers, strings or bools, got an array; give a key such as x => x.name", "sort($data.items, x => [x.price])"),
        ("sort($data.items, x => x.price * 'a')", .type, "cannot apply '*' to number and string", "x.price * 'a'"),
        ("unique('ab')", .type, "unique() expects an array as argument 1, got string", "unique('ab')"),
        ("minBy($data.items, x => x.name == 'tea' ? 1 : 'a')", .type, "minBy() can't order int with string; every key must be a number, or every one a string or a bool (null may be mixed in)", "minBy($data.items, x => x.name == 'tea' ? 1 : 'a')"),
        ("maxBy(3, x => x)", .type, "maxBy() expects an array as argument 1, got int", "maxBy(3, x => x)"),
        ("maxBy([{}], x => x)", .type, "maxBy() orders numbers, strings or bools, got an object; give a key such as x => x.name", "maxBy([{}], x => x)"),
    ])
    func errors(source: String, kind: ExpressionError.Kind, message: String, range: String) throws {
        let error = try #require(Fixtures.error(source), "\(source) succeeded")
        #expect(error.kind == kind, "\(source)")
        #expect(error.message == message, "\(source)")
        let text = Array(source.utf8)
        let shown = String(decoding: text[min(error.range.start, text.count)..<min(error.range.end, text.count)], as: UTF8.self)
        #expect(shown == range, "\(source)")
    }

    @Test("wrong arity and a value where the key lambda goes are compile-time errors", arguments: [
        ("reverse([1], [2])", ExpressionError.Kind.arity, "reverse() takes 1 argument, but 2 were given"),
        ("slice([1])", .arity, "slice() takes 2 or 3 arguments, but 1 was given"),
        ("minBy([1])", .arity, "minBy() takes 2 arguments, but 1 was given"),
        ("sort([1], 2)", .syntax, "argument 2 of sort() must be a lambda such as x => x.price"),
        ("unique([1], (a, b, c) => a)", .syntax, "the lambda passed to unique() takes at most 2 parameters"),
    ])
    func compileTimeErrors(source: String, kind: ExpressionError.Kind, message: String) {
        do {
            _ = try CompiledExpression(source, functions: .standard)
            Issue.record("\(source) compiled")
        } catch {
            #expect(error.kind == kind, "\(source)")
            #expect(error.message == message, "\(source)")
        }
    }

    /// 300,000 elements: within `evaluationBytes` to hold, but more work than `evaluationSteps` allows
    /// for a sort (≈19 comparisons each) or a keyed pass (a step per element and per key call).
    static let huge = ExpressionScope(data: ["rows": .array((0..<300_000).map { .int(Int64(($0 * 7_919) % 300_000)) })])

    @Test("on a huge list, the functions finish within the budgets or fail with a limit error, quickly", arguments: [
        ("len(reverse($data.rows))", "300000"),
        ("len(slice($data.rows, 1, -1))", "299998"),
        ("len(unique($data.rows))", "300000"),
        ("sort($data.rows)", nil),
        ("sort($data.rows, x => -x)", nil),
        ("unique($data.rows, x => x % 2)", nil),
        ("minBy($data.rows, x => x)", nil),
        ("maxBy(map($data.rows, x => [x]), x => x[0])", nil),
    ] as [(String, String?)])
    func budgets(source: String, expected: String?) throws {
        let started = Date()
        do {
            let value = try CompiledExpression(source, functions: .standard).evaluate(in: Self.huge)
            // nil: a limit error or any answer will do; what matters is no crash and no hang.
            if let expected { #expect(value.jsonText == expected, "\(source)") }
        } catch {
            #expect(expected == nil, "\(source): \(error.message)")
            #expect(error.kind == .limit, "\(source): \(error.message)")
        }
        // NB: generous for a busy debug build; a quadratic pass would take minutes.
        #expect(Date().timeIntervalSince(started) < 30, "\(source)")
    }

    @Test("check knows the new functions' signatures: a key that isn't a lambda, a non-array argument")
    func signatures() throws {
        let sort = try #require(FunctionLibrary.standard["sort"]?.signature)
        #expect(sort.text(name: "sort") == "sort(items: array, key?: (x, i) => …) -> array")
        let slice = try #require(FunctionLibrary.standard["slice"]?.signature)
        #expect(slice.text(name: "slice") == "slice(items: array, start: int, end?: int) -> array")
        let calls = try CompiledExpression("slice('abc', 1)", functions: .standard).calls
        #expect(calls.first?.argumentTypes.first == .string)
        #expect(slice.parameter(at: 0)?.accepts(.string) == false)
    }
}
