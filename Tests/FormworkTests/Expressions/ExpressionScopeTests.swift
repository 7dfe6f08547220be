import Foundation
import Testing
@testable import Formwork

/// A scope is built for every evaluation, so what rarely changes (clock, time zone, budgets,
/// locale) is held once and shared: these tests pin that sharing down, and that it never leaks a
/// change from one scope, or one host, into another.
@Suite("Expression scopes")
struct ExpressionScopeTests {
    @Test("scopes built with the defaults share one settings object and read as the defaults")
    func defaultsShared() {
        let first = ExpressionScope(data: ["price": 12.5])
        let second = ExpressionScope()
        #expect(first.settings === second.settings)
        #expect(first.settings === ScopeSettings.standard)
        #expect(first.limits == .standard)
        #expect(first.locale.languages.isEmpty)
        #expect(first.locale.strings === StringTable.empty)
        #expect(first.clock is SystemClock)
        #expect(first.timeZone.identifier == TimeZone.current.identifier)
    }

    @Test("setting the clock, time zone, budgets or locale on one scope leaves every other scope as it was")
    func settingIsPerScope() throws {
        let original = ExpressionScope(data: .object(PageObject([("items", .array((1...100).map { .int(Int64($0)) }))])))
        var changed = original
        changed.limits.evaluationSteps = 3
        changed.locale = PageLocale(languages: ["de"])
        changed.timeZone = try #require(TimeZone(identifier: "Asia/Shanghai"))
        changed.clock = FixedClock(milliseconds: 0)
        #expect(changed.limits.evaluationSteps == 3)
        #expect(changed.locale.languages == ["de"])
        #expect(changed.timeZone.identifier == "Asia/Shanghai")
        #expect(changed.clock.nowMilliseconds() == 0)
        #expect(original.limits.evaluationSteps == PageLimits.standard.evaluationSteps)
        #expect(original.locale.languages.isEmpty)
        #expect(ExpressionScope().limits == .standard)
        // The budget set on the scope is the one an evaluation runs within.
        let sum = try CompiledExpression("sum(map($data.items, x => x * 2))", functions: .standard)
        #expect(throws: ExpressionError.self) { try sum.evaluate(in: changed) }
        #expect(try sum.evaluate(in: original) == 10100)
    }

    @Test("the scopes of an open page share one settings object, rebuilt when the host changes")
    @MainActor
    func pageScopesShared() throws {
        let document = try PageDocument.load(Array(#"{"page": "p", "data": {"at": 0}, "components": [{"id": "label", "key": "day", "attributes": {"text": {"expr": "date($data.at, 'HH:mm')"}}}]}"#.utf8), registry: .standard, libraries: .empty)
        let engine = PageEngine(registry: .standard, host: PageHost(clock: FixedClock(milliseconds: 0), timeZone: try #require(TimeZone(identifier: "UTC"))))
        let session = try engine.open(document)
        let label = try #require(session.component("day"))
        #expect(session.scope(for: nil).settings === session.scope(for: label).settings)
        #expect(label.attributes["text"] == "00:00")
        engine.host.timeZone = try #require(TimeZone(identifier: "Asia/Shanghai"))
        #expect(session.scope(for: label).timeZone.identifier == "Asia/Shanghai")
        try session.set(0, at: StorePath(.data, [.key("at")]))
        try session.set(60_000, at: StorePath(.data, [.key("at")]))
        #expect(label.attributes["text"] == "08:01")
        session.close()
    }
}
