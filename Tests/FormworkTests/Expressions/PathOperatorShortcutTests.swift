import Testing
@testable import Formwork

/// An expression that is a plain path compared with a literal (`$error.status == 401`) or a
/// plain path negated (`!$data.delivery`) is compiled by `PathOperatorShortcut` without the
/// parser; everything else, and every error, by the general path. These compile a table both ways
/// and compare all a compiled expression tells (dependencies, plain and item paths, calls) and
/// what it gives, or the error it raises, in scopes with the right types, wrong types, missing
/// members, and too few steps.
@Suite("Expressions: the path-operator shortcut")
struct PathOperatorShortcutTests {
    /// Each source, and whether the shortcut takes it.
    static let table: [(source: String, shortcut: Bool)] = [
        ("$error.status == 401", true), ("$error.status != 401", true), ("$error.status==401", true),
        ("$error.status\t==\n401", true), ("$error.kind == 'validation'", true), ("$error.kind == \"validation\"", true),
        ("$error.kind != ''", true), ("$data.a.b.c == 5", true), ("$data.name == 'Tofu'", true), ("$data.name == 'naïve 名前'", true),
        ("$data.flag == true", true), ("$data.flag != false", true), ("$data.missing == null", true), ("$data.name != null", true),
        ("$data.qty > 0", true), ("$data.qty >= 2", true), ("$data.qty < 10", true), ("$data.qty <= 007", true),
        ("$data.qty<1", true), ("$data.name > 'A'", true), ("$data.name < 1", true), ("$data.flag > 0", true),
        ("$data.qty == 9223372036854775807", true), ("$index == 0", true), ("$index > 0", true), ("$item.qty > 1", true),
        ("$item == null", true), ("$data == null", true), ("$computed.total > 100", true), ("$page.busy == true", true),
        ("$global.user.name == 'Ann'", true), ("$param.id == 7", true), ("$state.open == false", true), ("$value == 'x'", true),
        ("$data.null == null", true), ("$data.true != true", true),
        ("!$data.delivery", true), ("!$data.settings.acceptCash", true), ("! $data.flag", true), ("!\t$data.flag", true),
        ("!$data", true), ("!$item", true), ("!$item.qty", true), ("!$page.busy", true), ("!$index", true), ("!$error.status", true),
        ("!$data.missing.deeper", true), ("!$state.open", true),
        // Not exactly one of the shapes: the general path.
        (" $data.qty > 0", false), ("$data.qty > 0 ", false), ("$data.qty > -1", false), ("$data.qty > 1.5", false),
        ("$data.qty > 1e3", false), ("$data.qty > 12px", false), ("$data.qty == 9223372036854775808", false),
        ("$data.qty = 1", false), ("$data.qty === 1", false), ("$data.qty => 1", false), ("$data.qty < = 1", false),
        ("$data.qty > $data.min", false), ("$data.qty > 0 && $data.ok", false), ("$data.qty + 1 > 0", false),
        ("$data.name == 'a\\'b'", false), ("$data.name == 'open", false), ("$data.name == 'a' + 'b'", false),
        ("$data.flag == truely", false), ("$data.flag == True", false), ("$data.a[0] == 1", false), ("$data.a.1 == 1", false),
        ("$data. == 1", false), ("$dat.a == 1", false), ("$attr.a == 1", false), ("$data.a == ", false), ("$data.a ==", false),
        ("$data.a !", false), ("$data.a ! = 1", false), ("$data.naïve == 1", false), ("$data.a ?? 1", false),
        ("$data.a == 1 == 2", false), ("$data.a < 1 ? 2 : 3", false), ("$data.a == upper('a')", false),
        ("!$data.a == 1", false), ("!!$data.a", false), ("!($data.a)", false), ("!$data.a ", false), ("! ", false), ("!", false),
        ("!$data.a.", false), ("!$data[0]", false), ("!$dat", false), ("!$attr.x", false), ("!$data.a && $data.b", false),
        ("!upper('a')", false), ("$data.a", false), ("", false), ("1 == $data.a", false), ("'a' == $data.a", false),
    ]

    static let scopes: [ExpressionScope] = {
        let nested: PageValue = ["name": "Tofu", "qty": 3, "flag": true, "null": 3, "true": false,
                                 "settings": ["acceptCash": true], "a": ["b": ["c": 5]], "user": ["name": "Ann"], "id": 7,
                                 "busy": false, "total": 120.5, "delivery": ""]
        var rich = ExpressionScope(data: nested, global: nested, param: nested)
        rich.item = nested
        rich.index = 2
        rich.value = "x"
        rich.error = ["status": 401, "kind": "validation"]
        rich.state = ["open": false]
        var wrong = ExpressionScope(data: "text", global: 12, param: [1, 2])
        wrong.item = ["qty": "not a number", "a": "not an object"]
        wrong.error = ["status": "401", "kind": 3]
        wrong.index = "0"
        var scopes = [ExpressionScope(), rich, wrong]
        // NB: too few steps for a path, for an operator, or for both: the same error, at the same
        // range, or the same value.
        scopes += CallShortcutTests.scopes(like: rich, steps: 0...4)
        return scopes
    }()

    static func outcome(_ compile: () throws(ExpressionError) -> CompiledExpression) -> Result<CompiledExpression, ExpressionError> {
        do { return .success(try compile()) } catch { return .failure(error) }
    }

    @Test("both paths give the same", arguments: table)
    func sameAsGeneralPath(source: String, shortcut: Bool) {
        #expect((PathOperatorShortcut(source, limits: .standard) != nil) == shortcut, "\(source)")
        CallShortcutTests.compare(source, functions: .standard, scopes: Self.scopes)
    }

    @Test("over the depth and length limits, the general path's errors")
    func limits() {
        var limits = PageLimits.standard
        limits.expressionDepth = 5
        #expect(PathOperatorShortcut("$data.a.b == 1", limits: limits) != nil)
        #expect(PathOperatorShortcut("$data.a.b.c == 1", limits: limits) == nil)
        #expect(PathOperatorShortcut("!$data.a.b.c", limits: limits) == nil)
        limits.expressionDepth = 2
        for source in ["$data.a.b.c == 1", "!$data.a.b", "$data.a.b.c.d.e > 0"] {
            #expect(PathOperatorShortcut(source, limits: limits) == nil, "\(source)")
            let fast = Self.outcome { () throws(ExpressionError) in try CompiledExpression(source, functions: .standard, limits: limits) }
            let general = Self.outcome { () throws(ExpressionError) in try CompiledExpression(generalPath: source, functions: .standard, limits: limits) }
            guard case .failure(let a) = fast, case .failure(let b) = general else {
                Issue.record("\(source): expected the depth error both ways")
                continue
            }
            #expect(a == b, "\(source)")
        }
        limits = .standard
        limits.expressionBytes = 8
        #expect(PathOperatorShortcut("$data.a == 1", limits: limits) == nil)
        #expect(throws: ExpressionError.self) { try CompiledExpression("$data.a == 1", functions: .standard, limits: limits) }
    }
}
