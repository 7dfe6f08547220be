import Foundation
import Formwork

/// The stores every table-driven expression test evaluates against, declared once.
///
/// `$data` holds a small order; `$global` a user; `$param` the page's input. The clock is fixed at
/// 2023-11-14T22:13:20Z (1,700,000,000,000 ms) and the default time zone is UTC, so `now()` and
/// `date()` give the same answer on every machine.
enum Fixtures {
    static let fixedMilliseconds: Int64 = 1_700_000_000_000

    static let data: PageValue = [
        "price": 12.5,
        "qty": 2,
        "shipping": 4,
        "name": "Tofu",
        "first": "Ada",
        "last": "Lovelace",
        "enabled": true,
        "off": false,
        "zero": 0,
        "empty": "",
        "none": nil,
        "i": 1,
        "big": 9_223_372_036_854_775_807,
        "items": [
            ["name": "tea", "price": 2.5, "qty": 2],
            ["name": "cake", "price": 4, "qty": 1],
            ["name": "jam", "price": 3.25, "qty": 4],
        ],
        "tags": ["new", "sale"],
        "numbers": [3, 1, 2],
        "address": ["city": "Lyon", "zip": "69001"],
        "odd key": "spaced",
    ]

    static let global: PageValue = ["user": ["name": "Grace", "admin": true], "currency": "EUR"]
    static let param: PageValue = ["id": 42, "mode": "edit"]

    static var scope: ExpressionScope {
        var scope = ExpressionScope(
            data: data, global: global, param: param,
            clock: FixedClock(milliseconds: fixedMilliseconds),
            timeZone: TimeZone(identifier: "UTC") ?? .current)
        scope.item = ["label": "row", "n": 7]
        scope.index = 3
        scope.value = "typed"
        scope.event = ["x": 1]
        scope.result = ["ok": true]
        scope.error = ["message": "offline"]
        return scope
    }

    /// Compiles and evaluates `source` against `scope`, returning the result as compact JSON, which
    /// tells an int (`3`) from a number (`3.0`).
    static func json(_ source: String, in scope: ExpressionScope = Fixtures.scope) throws(ExpressionError) -> String {
        try CompiledExpression(source, functions: .standard).evaluate(in: scope).jsonText
    }

    /// Compiles and evaluates a template, returning the result as compact JSON.
    static func templateJSON(_ source: String, in scope: ExpressionScope = Fixtures.scope) throws(ExpressionError) -> String {
        try CompiledExpression(template: source, functions: .standard).evaluate(in: scope).jsonText
    }

    /// The error compiling or evaluating `source` throws, or nil when it succeeds.
    static func error(_ source: String, in scope: ExpressionScope = Fixtures.scope) -> ExpressionError? {
        do {
            _ = try CompiledExpression(source, functions: .standard).evaluate(in: scope)
            return nil
        } catch {
            return error
        }
    }
}
