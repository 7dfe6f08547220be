import Foundation

/// `text formatNumber formatPercent formatMoney formatDate formatRelative`: the page's texts in the person's
/// language, and numbers, money and dates the way the person's locale writes them.
///
/// NB: not pure: without a `locale` option they read the scope's (`$page.locale`), so they must
/// not be folded at compile time with whatever locale the compiling machine has — as `date()`
/// and its time zone.
enum LocaleFunctions {
    private typealias B = BuiltInFunctions

    static let all: [ExpressionFunction] = [
        ExpressionFunction("text", arity: 1...2, isPure: false) { call in
            let key = try B.string(call.arguments[0], "text")
            var arguments = PageObject()
            if call.arguments.count > 1 {
                switch call.arguments[1] {
                case .null: break
                case .object(let object): arguments = object
                case let other: throw FunctionFailure("text() expects an object of arguments as argument 2, like {name: $data.name}, got \(other.typeName)", kind: .type)
                }
            }
            let locale = call.scope.locale
            guard let (found, message) = locale.strings.lookup(key, preferred: locale.languages) else {
                throw FunctionFailure("text(): the page has no text '\(key)' in any language; add it to \"strings\"")
            }
            do {
                let result = try message.render(arguments: arguments, language: LocaleTag.language(found), locale: locale.locale)
                try call.charge(bytes: result.utf8.count)
                return .string(result)
            } catch let problem as LocaleProblem {
                throw FunctionFailure("text('\(key)'): " + problem.message, kind: .type)
            }
        },
        ExpressionFunction("formatNumber", arity: 1...2, isPure: false) { call in
            let value = try number(call.arguments[0], "formatNumber")
            let options = try Options(call, "formatNumber", at: 1, allowed: ["digits", "locale"])
            return .string(NumberFormat.decimal(value, digits: options.digits, locale: options.locale))
        },
        ExpressionFunction("formatPercent", arity: 1...2, isPure: false) { call in
            let value = try number(call.arguments[0], "formatPercent")
            let options = try Options(call, "formatPercent", at: 1, allowed: ["digits", "locale"])
            return .string(NumberFormat.percent(value, digits: options.digits, locale: options.locale))
        },
        ExpressionFunction("formatMoney", arity: 2...3, isPure: false) { call in
            let value = try number(call.arguments[0], "formatMoney")
            let currency = try B.string(call.arguments[1], "formatMoney", 2)
            guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                throw FunctionFailure("formatMoney(): '\(currency)' is not a currency code; use an ISO 4217 code such as 'CNY', 'EUR' or 'USD'", kind: .type)
            }
            let options = try Options(call, "formatMoney", at: 2, allowed: ["digits", "display", "locale"])
            return .string(NumberFormat.money(value, currency: currency, digits: options.digits, code: options.display == "code", locale: options.locale))
        },
        ExpressionFunction("formatDate", arity: 2...3, isPure: false) { call in
            let ms = try B.double(call.arguments[0], "formatDate")
            guard ms.magnitude <= 8.64e15 else {
                throw FunctionFailure("formatDate(): \(PageValue.format(ms)) ms is outside the range of dates (±8640000000000000)")
            }
            let style = try B.string(call.arguments[1], "formatDate", 2)
            let options = try Options(call, "formatDate", at: 2, allowed: ["locale", "timeZone"])
            do {
                return .string(try DateFormat.format(milliseconds: ms, style: style, locale: options.locale, timeZone: options.timeZone))
            } catch let problem as LocaleProblem {
                throw FunctionFailure("formatDate(): " + problem.message)
            }
        },
        ExpressionFunction("formatRelative", arity: 1...2, isPure: false) { call in
            let ms = try B.double(call.arguments[0], "formatRelative")
            guard ms.magnitude <= 8.64e15 else {
                throw FunctionFailure("formatRelative(): \(PageValue.format(ms)) ms is outside the range of dates (±8640000000000000)")
            }
            let options = try Options(call, "formatRelative", at: 1, allowed: ["unit", "locale"])
            do {
                return .string(try RelativeTime.format(milliseconds: ms, now: Double(call.scope.clock.nowMilliseconds()), unit: options.unit, locale: options.locale))
            } catch let problem as LocaleProblem {
                throw FunctionFailure("formatRelative(): " + problem.message, kind: .type)
            }
        },
    ]

    private static func number(_ value: PageValue, _ function: String) throws -> PageValue {
        guard value.isNumber else { throw FunctionFailure("\(function)() expects a number as argument 1, got \(value.typeName)", kind: .type) }
        if case .number(let d) = value, !d.isFinite { throw FunctionFailure("\(function)(): \(PageValue.format(d)) can't be written as a number", kind: .type) }
        return value
    }

    /// The last argument of a formatting function: `{digits: 2, locale: 'de', display: 'code', timeZone: 'UTC'}`.
    private struct Options {
        var digits: Int?
        var locale: String
        var display = "symbol"
        var unit: String?
        var timeZone: TimeZone

        init(_ call: FunctionInvocation, _ function: String, at position: Int, allowed: [String]) throws {
            locale = call.scope.locale.locale
            timeZone = call.scope.timeZone
            guard call.arguments.count > position else { return }
            let object: PageObject
            switch call.arguments[position] {
            case .null: return
            case .object(let o): object = o
            case let other:
                throw FunctionFailure("\(function)() expects options as argument \(position + 1), like {" + allowed.map { "\($0): …" }.joined(separator: ", ") + "}, got \(other.typeName)", kind: .type)
            }
            for (name, value) in object {
                guard allowed.contains(name) else {
                    let hint = Suggestions.nearest(to: name, in: allowed).map { "; did you mean '\($0)'?" } ?? "; it takes " + allowed.joined(separator: ", ")
                    throw FunctionFailure("\(function)() has no option '\(name)'" + hint, kind: .type)
                }
                switch name {
                case "digits":
                    guard let d = value.intValue, (0...15).contains(d) else { throw FunctionFailure("\(function)(): digits must be between 0 and 15, got \(value.preview())", kind: .type) }
                    digits = Int(d)
                case "locale":
                    guard case .string(let tag) = value, let canonical = LocaleTag.canonical(tag) else {
                        throw FunctionFailure("\(function)(): \(value.preview()) is not a locale; use a language tag such as 'en', 'de-CH' or 'zh-Hans'", kind: .type)
                    }
                    locale = canonical
                case "unit":
                    guard case .string(let u) = value else { throw FunctionFailure("\(function)(): unit is one of " + RelativeTime.units.joined(separator: ", ") + ", not \(value.preview())", kind: .type) }
                    unit = u
                case "display":
                    guard case .string(let d) = value, d == "symbol" || d == "code" else { throw FunctionFailure("\(function)(): display is 'symbol' or 'code', not \(value.preview())", kind: .type) }
                    display = d
                default:
                    guard case .string(let name) = value, let zone = B.timeZone(named: name) else {
                        throw FunctionFailure("\(function)(): unknown time zone \(value.preview()); use a name such as 'UTC' or 'Asia/Shanghai'")
                    }
                    timeZone = zone
                }
            }
        }
    }
}
