import Testing
@testable import Formwork

/// An expression that is exactly one plain member path is compiled by `PlainPathShortcut`
/// without the parser; everything else, and every error, by the general path. These compile a
/// table both ways and compare all a compiled expression tells (dependencies, plain and item
/// paths, calls) and what it gives, or the error it raises, in a few scopes.
@Suite("Expressions: the plain-path shortcut")
struct PlainPathShortcutTests {
    /// Each source, and whether the shortcut takes it.
    static let table: [(source: String, shortcut: Bool)] = [
        ("$data", true), ("$data.name", true), ("$data.settings.acceptCash", true),
        ("$data.a.b.c.d.e", true), ("$data.null", true), ("$data._x9", true), ("$global.user.name", true),
        ("$param.id", true), ("$computed.total", true), ("$page.busy", true), ("$item", true),
        ("$item.qty", true), ("$item.a.b", true), ("$index", true), ("$error.status", true),
        ("$result.printers", true), ("$event.value", true), ("$value", true), ("$state", true),
        ("$state.open", true),
        // Not exactly a plain member path: the general path.
        (" $data.name", false), ("$data.name ", false), ("$data .name", false), ("$data.", false),
        ("$data..a", false), ("$data.1a", false), ("$data[0]", false), ("$data['a b']", false),
        ("$data.a.b[0]", false), ("$dat.name", false), ("$attr.name", false), ("$", false),
        ("$data.naïve", false), ("$data.a+1", false), ("$data.a + $data.b", false), ("data.a", false),
        ("$1data", false), ("$data.a-b", false), ("", false),
    ]

    static let scopes: [ExpressionScope] = {
        let nested: PageValue = ["name": "Tofu", "null": 3, "_x9": true, "settings": ["acceptCash": true],
                                 "a": ["b": ["c": ["d": ["e": 5]]]], "user": ["name": "Ann"], "id": 7]
        var rich = ExpressionScope(data: nested, global: nested, param: nested)
        rich.item = nested
        rich.error = ["status": 401]
        rich.state = ["open": false]
        var wrong = ExpressionScope(data: "text", global: 12, param: [1, 2])
        wrong.item = ["a": "not an object"]
        wrong.error = true
        return [ExpressionScope(), rich, wrong]
    }()

    static func outcome(_ compile: () throws(ExpressionError) -> CompiledExpression) -> Result<CompiledExpression, ExpressionError> {
        do { return .success(try compile()) } catch { return .failure(error) }
    }

    @Test("both paths give the same", arguments: table)
    func sameAsGeneralPath(source: String, shortcut: Bool) {
        #expect((PlainPathShortcut(source, limits: .standard) != nil) == shortcut)
        let fast = Self.outcome { () throws(ExpressionError) in try CompiledExpression(source, functions: .standard) }
        let general = Self.outcome { () throws(ExpressionError) in try CompiledExpression(generalPath: source, functions: .standard) }
        switch (fast, general) {
        case (.failure(let a), .failure(let b)):
            #expect(a == b)
        case (.success(let a), .success(let b)):
            #expect(a.dependencies == b.dependencies)
            #expect(a.plainPath == b.plainPath)
            #expect(a.assignablePath == b.assignablePath)
            #expect(a.itemPath == b.itemPath)
            #expect(a.calls == b.calls)
            #expect(a.constantValue == b.constantValue)
            #expect(a.readsBlockState == b.readsBlockState)
            #expect(a.isTemplate == b.isTemplate)
            for scope in Self.scopes {
                let x = Result { () throws(ExpressionError) in try a.evaluate(in: scope) }
                let y = Result { () throws(ExpressionError) in try b.evaluate(in: scope) }
                #expect(x == y, "\(source)")
            }
        default:
            Issue.record("\(source): the shortcut gave \(fast), the general path \(general)")
        }
    }

    @Test("over the depth and length limits, the general path's errors")
    func limits() {
        var limits = PageLimits.standard
        limits.expressionDepth = 3
        #expect(PlainPathShortcut("$data.a.b", limits: limits) != nil)
        #expect(PlainPathShortcut("$data.a.b.c", limits: limits) == nil)
        #expect(throws: ExpressionError.self) { try CompiledExpression("$data.a.b.c", functions: .standard, limits: limits) }
        limits = .standard
        limits.expressionBytes = 8
        #expect(PlainPathShortcut("$data.abc", limits: limits) == nil)
        #expect(throws: ExpressionError.self) { try CompiledExpression("$data.abc", functions: .standard, limits: limits) }
    }
}
