import Foundation
import Formwork

/// What Formwork writes for a conformance case, through the public API only: each function is one
/// `CompiledExpression`, compiled once, that reads its inputs and options from `$data`
/// (`formatMoney($data.x, $data.currency, $data.options)`), and plural categories come from
/// `PluralRules`.
struct ConformanceEngine: Sendable {
    /// The page clock's time: `formatRelative` cases are this instant plus their count of units.
    static let now: Int64 = 1_700_000_000_000
    static let unitSeconds: [String: Int64] = ["second": 1, "minute": 60, "hour": 3_600, "day": 86_400, "week": 604_800, "month": 2_592_000, "year": 31_536_000]

    let function: String
    private let expression: CompiledExpression?

    init(function: String) throws {
        self.function = function
        switch function {
        case "formatNumber", "formatPercent": expression = try CompiledExpression("\(function)($data.x, $data.options)", functions: .standard)
        case "formatMoney": expression = try CompiledExpression("formatMoney($data.x, $data.currency, $data.options)", functions: .standard)
        case "formatDate": expression = try CompiledExpression("formatDate($data.x, $data.style, $data.options)", functions: .standard)
        case "formatRelative": expression = try CompiledExpression("formatRelative($data.x, $data.options)", functions: .standard)
        case "plural": expression = nil
        default: throw FixtureProblem("the fixture has a function '\(function)' the conformance test doesn't know; teach ConformanceEngine how to call it")
        }
    }

    /// Formwork's text for `item` in `locale` (the case's own locale, or one it may fall back to),
    /// or `error: …` when the function fails.
    func output(_ item: ConformanceCase, locale: String) -> String {
        if function == "plural" {
            return PluralRules.category(of: item.a, language: locale).rawValue   // the whole tag: pt-PT has rules of its own
        }
        var data: PageObject = ["x": Self.number(item.a)]
        var options: PageObject = ["locale": .string(locale)]
        switch function {
        case "formatNumber", "formatPercent":
            if let digits = Int64(item.b) { options = ["digits": .int(digits), "locale": .string(locale)] }
        case "formatMoney":
            data = ["x": Self.number(item.a), "currency": .string(item.b)]
            options = ["display": .string(item.c), "locale": .string(locale)]
        case "formatDate":
            data = ["x": Self.number(item.a), "style": .string(item.b)]
            options = ["timeZone": .string(item.c), "locale": .string(locale)]
        default: // formatRelative
            let count = Int64(item.a) ?? 0
            data = ["x": .int(Self.now + count * (Self.unitSeconds[item.b] ?? 0) * 1000)]
            if !item.b.isEmpty { options = ["unit": .string(item.b), "locale": .string(locale)] }
        }
        var pairs: [(String, PageValue)] = data.entries.map { ($0.key, $0.value) }
        pairs.append(("options", .object(options)))
        data = PageObject(pairs)
        var scope = ExpressionScope(data: .object(data), clock: FixedClock(milliseconds: Self.now), timeZone: TimeZone(identifier: "UTC") ?? .current)
        scope.locale = PageLocale(languages: [locale])
        do {
            switch try expression?.evaluate(in: scope) {
            case .string(let text)?: return text
            case let other: return "not a text: \(String(describing: other))"
            }
        } catch {
            return "error: \(error)"
        }
    }

    /// A number as the fixture writes it: an int when it has no point or exponent.
    static func number(_ text: String) -> PageValue {
        if let i = Int64(text) { return .int(i) }
        return Double(text).map(PageValue.number) ?? .string(text)
    }

    /// The tags whose tables `locale` may be using instead of its own: its parents, then English,
    /// leaving out a parent that resolves back to `locale` (`zh` → `zh-Hans`).
    static func fallbacks(of locale: String) -> [String] {
        var tags = LocaleTag.fallbackChain(locale).dropFirst().filter { !LocaleTag.fallbackChain($0).contains(locale) }
        if LocaleTag.language(locale) != "en" || locale.contains("-") { tags.append("en") }
        var seen = Set<String>()
        return tags.filter { seen.insert($0).inserted && $0 != locale }
    }
}
