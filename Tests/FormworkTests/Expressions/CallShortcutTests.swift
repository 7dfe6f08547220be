import Foundation
import Testing
@testable import Formwork

/// An expression that is exactly one call of a known function with literal arguments
/// (`text('title')`) is compiled by `CallShortcut` without the parser; everything else, and every
/// error, by the general path. These compile a table both ways and compare all a compiled
/// expression tells (dependencies, plain and item paths, calls, its constant) and what it gives,
/// or the error it raises, in a few scopes — with and without a page's texts, on a fixed clock,
/// within tiny budgets.
@Suite("Expressions: the call shortcut")
struct CallShortcutTests {
    /// Each source, and whether the shortcut takes it.
    static let table: [(source: String, shortcut: Bool)] = [
        // text(): the page's texts, never folded.
        ("text('title')", true), ("text(\"title\")", true), ("text( 'title' )", true), (" text('title') ", true),
        ("\ttext\n(\r'title'\n,\tnull )\n", true), ("text('missing')", true), ("text('greeting', null)", true),
        ("text('title', 1)", true), ("text('title', true)", true), ("text('')", true), ("text('naïve 名前')", true),
        ("text('${x}')", true), ("text(1)", true),
        // Pure functions: folded when they succeed, left to run time when they fail.
        ("upper('abc')", true), ("lower(\"ABC\")", true), ("len('naïve')", true), ("len('')", true), ("trim('  a ')", true),
        ("contains('abc', 'b')", true), ("startsWith('abc','a')", true), ("replace('a-b', '-', '+')", true),
        ("substr('hello', 1, 3)", true), ("substr('hello', 1)", true), ("round(2)", true), ("abs(5)", true),
        ("min(3, 1, 2)", true), ("max(1,2,3,4,5)", true), ("fixed(3, 2)", true), ("number('12')", true),
        ("number('abc')", true), ("int('9')", true), ("string(true)", true), ("string(null)", true),
        ("isEmpty('')", true), ("isEmpty(null)", true), ("split('a,b', ',')", true), ("join('ab')", true),
        ("count('abc')", true), ("upper(1)", true), ("len(true)", true), ("len(9223372036854775807)", true),
        ("len(007)", true), ("matches('abc', '[')", true), ("matches('abc', 'b')", true),
        // Not pure, not texts: the clock, the locale.
        ("now()", true), ("now( )", true), ("formatMoney(0, 'EUR')", true), ("formatNumber(1234)", true),
        ("formatDate(0, 'short')", true), ("formatMoney(1, 'euro')", true),
        // Not exactly one such call: the general path.
        ("text('a\\'b')", false), ("text('a\\nb')", false), ("text('a' + 'b')", false), ("text(upper('a'))", false),
        ("text('title').length", false), ("text('title')[0]", false), ("text('title') + 1", false),
        ("text()", false), ("upper('a', 'b')", false), ("now(1)", false), ("nosuch('a')", false), ("Text('title')", false),
        ("text('title'", false), ("text('title'))", false), ("text('title',)", false), ("text(,)", false),
        ("text 'title'", false), ("text('unclosed)", false), ("upper('a') upper('b')", false),
        ("round(1.5)", false), ("round(-1)", false), ("abs(1e3)", false), ("len(12px)", false),
        ("len(9223372036854775808)", false), ("count('abc', 1)", false), ("map('a', 'b')", false),
        ("true('a')", false), ("null()", false), ("len([1])", false), ("len({})", false), ("len($data.name)", false),
        ("upper(x)", false), ("len(truely)", false), ("$data.name", false), ("", false), ("   ", false), ("(text('title'))", false),
    ]

    static let clock = FixedClock(milliseconds: 1_767_225_600_000)

    static let scopes: [ExpressionScope] = {
        func message(_ text: String) -> LocalizedMessage {
            // The test's own texts: none fails to parse.
            LocalizedMessage(forms: ["other": (try? LocalizedMessage.parse(text)) ?? []], isPlural: false)
        }
        let strings = StringTable(defaultLocale: "en", messages: [
            "en": ["title": message("Settings"), "greeting": message("Hi {name}")],
            "de": ["title": message("Einstellungen")],
        ])
        let plain = ExpressionScope(clock: clock, timeZone: TimeZone(identifier: "UTC") ?? .current)
        var english = plain
        english.locale = PageLocale(languages: ["en-GB"], strings: strings)
        var german = plain
        german.locale = PageLocale(languages: ["de"], strings: strings)
        var tiny = english
        var limits = PageLimits.standard
        limits.evaluationSteps = 1
        limits.evaluationBytes = 4
        tiny.limits = limits
        return [plain, english, german, tiny]
    }()

    /// The built-ins, and an app's functions: one taking a lambda second, one with no fixed arity.
    static let appFunctions: FunctionLibrary = {
        var functions = FunctionLibrary.standard
        functions.register(ExpressionFunction("vat", arity: 1...1) { args in
            guard let amount = args[0].doubleValue else { throw FunctionFailure("vat() expects a number", kind: .type) }
            return .number(amount * 0.2)
        })
        functions.register(ExpressionFunction("each", arity: 1...2, lambdaParameters: [1: 1]) { call in call.arguments[0] })
        functions.register(ExpressionFunction("tag", arity: 0...Int.max, isPure: false) { call in .array(call.arguments) })
        return functions
    }()

    static let appTable: [(source: String, shortcut: Bool)] = [
        ("vat(100)", true), ("vat('a')", true), ("each('a')", true), ("each('a', 'b')", false),
        ("tag()", true), ("tag(1, 'two', true, null)", true), ("tag(tag())", false), ("vat(1", false),
    ]

    static func outcome(_ compile: () throws(ExpressionError) -> CompiledExpression) -> Result<CompiledExpression, ExpressionError> {
        do { return .success(try compile()) } catch { return .failure(error) }
    }

    /// Compiles `source` both ways and compares everything the two tell, evaluating both in each
    /// of `scopes` (this table's by default; `PathOperatorShortcutTests` passes its own).
    /// `scope` once per budget of `steps`, as its `evaluationSteps`: a shortcut must run out of
    /// steps where the general path does, with the same error at the same range.
    static func scopes(like scope: ExpressionScope, steps: some Sequence<Int>) -> [ExpressionScope] {
        steps.map { steps in
            var tight = scope
            var limits = PageLimits.standard
            limits.evaluationSteps = steps
            tight.limits = limits
            return tight
        }
    }

    static func compare(_ source: String, functions: FunctionLibrary, limits: PageLimits = .standard, scopes: [ExpressionScope] = CallShortcutTests.scopes) {
        let fast = outcome { () throws(ExpressionError) in try CompiledExpression(source, functions: functions, limits: limits) }
        let general = outcome { () throws(ExpressionError) in try CompiledExpression(generalPath: source, functions: functions, limits: limits) }
        switch (fast, general) {
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(source)")
        case (.success(let a), .success(let b)):
            #expect(a.dependencies == b.dependencies, "\(source)")
            #expect(a.plainPath == b.plainPath, "\(source)")
            #expect(a.assignablePath == b.assignablePath, "\(source)")
            #expect(a.itemPath == b.itemPath, "\(source)")
            #expect(a.calls == b.calls, "\(source)")
            #expect(a.constantValue == b.constantValue, "\(source)")
            #expect(a.readsBlockState == b.readsBlockState, "\(source)")
            #expect(a.isTemplate == b.isTemplate, "\(source)")
            for (position, scope) in scopes.enumerated() {
                let x = Result { () throws(ExpressionError) in try a.evaluate(in: scope) }
                let y = Result { () throws(ExpressionError) in try b.evaluate(in: scope) }
                #expect(x == y, "\(source) in scope \(position)")
            }
        default:
            Issue.record("\(source): the shortcut gave \(fast), the general path \(general)")
        }
    }

    @Test("both paths give the same", arguments: table)
    func sameAsGeneralPath(source: String, shortcut: Bool) {
        #expect((CallShortcut(source, functions: .standard, limits: .standard) != nil) == shortcut)
        Self.compare(source, functions: .standard)
    }

    @Test("an app's functions: the same, and none where a lambda goes", arguments: appTable)
    func appFunctions(source: String, shortcut: Bool) {
        #expect((CallShortcut(source, functions: Self.appFunctions, limits: .standard) != nil) == shortcut)
        Self.compare(source, functions: Self.appFunctions)
    }

    @Test("a function the library doesn't have is the parser's error, with its suggestion")
    func unknownFunction() {
        #expect(CallShortcut("vat(100)", functions: .standard, limits: .standard) == nil)
        Self.compare("vat(100)", functions: .standard)
        Self.compare("uper('a')", functions: .standard)
    }

    @Test("over the depth and length limits, the general path's errors")
    func limits() {
        var limits = PageLimits.standard
        limits.expressionDepth = 1
        #expect(CallShortcut("upper('a')", functions: .standard, limits: limits) == nil)
        Self.compare("upper('a')", functions: .standard, limits: limits)
        limits.expressionDepth = 2
        #expect(CallShortcut("upper('a')", functions: .standard, limits: limits) != nil)
        Self.compare("upper('a')", functions: .standard, limits: limits)
        limits = .standard
        limits.expressionBytes = 10
        #expect(CallShortcut("upper('ab')", functions: .standard, limits: limits) == nil)
        #expect(CallShortcut("upper('a')", functions: .standard, limits: limits) != nil)
        Self.compare("upper('ab')", functions: .standard, limits: limits)
        Self.compare("upper('a')", functions: .standard, limits: limits)
        // Folding within a tiny budget: left to run time by both.
        limits = .standard
        limits.evaluationSteps = 1
        Self.compare("upper('abc')", functions: .standard, limits: limits)
        Self.compare("len('')", functions: .standard, limits: limits)
    }

    @Test("calls folded against one page's budget spend it the same way")
    func sharedFoldingBudget() throws {
        var limits = PageLimits.standard
        limits.evaluationSteps = 3
        let sources = ["upper('a')", "lower('B')", "text('title')", "len('abc')", "trim(' x ')", "upper('z')"]
        let fastBudget = FoldingBudget(limits: limits), generalBudget = FoldingBudget(limits: limits)
        var fast: [PageValue?] = [], general: [PageValue?] = []
        for source in sources {
            fast.append(try CompiledExpression(source, functions: .standard, limits: limits, folding: fastBudget).constantValue)
            let tree = try CompiledExpression.parse(source, isTemplate: false, functions: .standard, limits: limits, block: nil)
            general.append(CompiledExpression(source: source, tree: tree, isTemplate: false, folding: generalBudget).constantValue)
        }
        #expect(fast == general)
        // The budget ran out part way: some folded, some left to run time.
        #expect(fast.contains { $0 != nil } && fast.contains { $0 == nil })
    }
}
