import Foundation
import Formwork

/// Small budgets, so tests reach them in a few milliseconds.
enum LimitFixtures {
    /// The standard limits with `change` applied.
    /// NB: `flowStepSeconds` only bounds a step that never settles. Tests of another budget, whose
    /// pages do a lot before they stop, get 300 s: on a busy 2-core machine other tests hold the
    /// main actor for long stretches, and 20 s of waiting for it failed them with nothing wrong.
    static let patientStepSeconds = 300.0

    static func limits(_ change: (inout PageLimits) -> Void) -> PageLimits {
        var limits = PageLimits.standard
        change(&limits)
        return limits
    }

    /// 2,000 steps and 20,000 bytes per evaluation; stored values of at most 10,000 bytes.
    static let small = limits {
        $0.evaluationSteps = 2_000
        $0.evaluationBytes = 20_000
        $0.valueBytes = 10_000
    }

    /// An expression whose value is an array nested `levels` deep, with `2^levels` copies of
    /// `leaf` at the bottom, built from shared parts: each level costs a few steps, the value
    /// doubles. (`map([x], a => [a, a])[0]` is `[x, x]`, with `x` written once.)
    static func doubling(_ leaf: String, levels: Int) -> String {
        var source = leaf
        for _ in 0..<levels { source = "map([\(source)], a => [a, a])[0]" }
        return source
    }

    /// A page as JSON text, from a Swift value (so tests don't hand-escape expressions).
    static func page(_ value: PageValue) -> String { value.jsonText }

    /// A page with `actions` as its `loaded` chain and a toast for any failure.
    static func loadedPage(_ id: String = "budget", data: PageValue = [:], _ actions: [PageValue], interactions: [String: PageValue] = [:]) -> String {
        var all = PageObject([("loaded", .array(actions))])
        for (name, chain) in interactions { all[name] = chain }
        return page(.object(PageObject([
            ("page", .string(id)), ("data", data), ("interactions", .object(all)), ("onError", [["id": "toast"]]),
        ])))
    }

    static func storeVar(_ key: String, expr: String) -> PageValue {
        ["id": "store-var", "attributes": ["key": .string(key), "value": ["expr": .string(expr)]]]
    }

    static func trigger(_ name: String) -> PageValue {
        ["id": "trigger", "attributes": ["name": .string(name)]]
    }
}
