import Foundation
import Formwork

/// `formwork bench scopes`: what building an `ExpressionScope` costs, and an evaluation that
/// builds its scope fresh (as a host evaluating one expression does) against one reusing a scope.
///
/// A scope is built for every evaluation the engine runs, so its cost is paid on every binding:
/// a page without blocks or texts in other languages shouldn't pay for `$state` or a locale.
/// The floor for a build is a plain struct holding the same three stores.
enum ScopeBenchmark {
    /// The three stores, as a plain struct: what holding them costs when nothing else is carried.
    struct PlainStores {
        var data: PageValue
        var global: PageValue
        var param: PageValue
    }

    /// What a scope held before it shared its settings: every variable, a clock, a time zone, a
    /// locale and a copy of the budgets, built with the same defaults. Kept to show what sharing
    /// saved (issue 34: 62 ns before `$state` and the locale, 100 ns after).
    struct InlineScope {
        var data: PageValue
        var global: PageValue
        var param: PageValue
        var computed: PageValue = .null
        var page: PageValue = .null
        var result: PageValue = .null
        var event: PageValue = .null
        var error: PageValue = .null
        var value: PageValue = .null
        var item: PageValue = .null
        var index: PageValue = .null
        var state: PageValue = .null
        var clock: any PageClock
        var timeZone: TimeZone
        var locale = PageLocale()
        var isFoldingConstants = false
        var limits: PageLimits

        init(data: PageValue = .null, global: PageValue = .null, param: PageValue = .null,
             clock: any PageClock = SystemClock(), timeZone: TimeZone = .current, limits: PageLimits = .standard) {
            self.data = data
            self.global = global
            self.param = param
            self.clock = clock
            self.timeZone = timeZone
            self.limits = limits
        }
    }

    /// What a scope held before it carried `$state` and a locale (issue 34's 62 ns): eleven
    /// variables, a clock, a time zone and a copy of the budgets. The aim: building a scope costs
    /// no more than this did.
    struct ScopeBeforeState {
        var data: PageValue
        var global: PageValue
        var param: PageValue
        var computed: PageValue = .null
        var page: PageValue = .null
        var result: PageValue = .null
        var event: PageValue = .null
        var error: PageValue = .null
        var value: PageValue = .null
        var item: PageValue = .null
        var index: PageValue = .null
        var clock: any PageClock
        var timeZone: TimeZone
        var limits: PageLimits

        init(data: PageValue = .null, global: PageValue = .null, param: PageValue = .null,
             clock: any PageClock = SystemClock(), timeZone: TimeZone = .current, limits: PageLimits = .standard) {
            self.data = data
            self.global = global
            self.param = param
            self.clock = clock
            self.timeZone = timeZone
            self.limits = limits
        }
    }

    static func run(_ budget: Stopwatch.Budget) throws(CLIFailure) -> String {
        let data = opaque(ExpressionBenchmark.data)
        let compiled: CompiledExpression
        do { compiled = try CompiledExpression("$data.price * $data.qty", functions: .standard) } catch { throw CLIFailure("the benchmark expression doesn't compile: \(error)") }
        let built = ExpressionScope(data: data)
        let build = Stopwatch.compare(budget) {
            ExpressionScope(data: data)
        } floor: {
            PlainStores(data: data, global: .null, param: .null)
        }
        let inline = Stopwatch.compare(budget) {
            ExpressionScope(data: data)
        } floor: {
            InlineScope(data: data)
        }
        let beforeState = Stopwatch.compare(budget) {
            ExpressionScope(data: data)
        } floor: {
            ScopeBeforeState(data: data)
        }
        let fresh = Stopwatch.compare(budget) {
            try? compiled.evaluate(in: ExpressionScope(data: data))
        } floor: {
            try? compiled.evaluate(in: built)
        }
        let rows: [[String]] = [
            ["", "Formwork", "floor", "ratio"],
            ["build ExpressionScope(data:), against a struct of the three stores", Stopwatch.format(build.subject), Stopwatch.format(build.floor), Stopwatch.ratio(build.ratio)],
            ["build ExpressionScope(data:), against the scope as it was (every setting held inline)", Stopwatch.format(inline.subject), Stopwatch.format(inline.floor), Stopwatch.ratio(inline.ratio)],
            ["build ExpressionScope(data:), against the scope before $state and the locale (aim: ≤ 1×)", Stopwatch.format(beforeState.subject), Stopwatch.format(beforeState.floor), Stopwatch.ratio(beforeState.ratio)],
            ["evaluate $data.price * $data.qty with a fresh scope, against a built one", Stopwatch.format(fresh.subject), Stopwatch.format(fresh.floor), Stopwatch.ratio(fresh.ratio)],
        ]
        return ["scopes: building the scope an evaluation reads", "", Stopwatch.table(rows)].joined(separator: "\n")
    }
}
