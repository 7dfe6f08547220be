import Foundation
import Formwork
import FuzzSupport

// Expression text → parse → compile → evaluate, under the standard budgets, over stores built
// from the rest of the input (strings of any Unicode scalar, numbers at the edges).
//
// Holds for every input: compiling gives an expression or an error whose range lies inside the
// text; evaluating gives a value within the value budgets or an error; evaluating again over the
// same stores gives the same answer; the value prints as JSON that reads back; and the text
// functions agree with each other (`TextIdentities`) on the value, when it is text, and on text
// from `$data`, so a wrong answer is a finding too, not only a crash.

/// Identities of the text functions that hold for any two strings `$data.a` and `$data.b`, since
/// they all find text by whole characters (Grammar.md 1.6). Foundation's search broke the first
/// three on 'xxxxxxx' and 'x\u{0}' (Fuzz/RESULTS.md 4).
enum TextIdentities {
    static let sources = [
        "join(split($data.a, $data.b), $data.b) == $data.a",
        "$data.b == '' || contains($data.a, $data.b) == (len(split($data.a, $data.b)) > 1)",
        "replace($data.a, $data.b, $data.b) == $data.a",
        "startsWith($data.a, $data.b) == (len($data.b) <= len($data.a) && substr($data.a, 0, len($data.b)) == $data.b)",
        "endsWith($data.a, $data.b) == (len($data.b) <= len($data.a) && substr($data.a, len($data.a) - len($data.b)) == $data.b)",
        "!contains($data.a, $data.b) || len(replace($data.a, $data.b, '')) < len($data.a) || $data.b == ''",
        "matches($data.a, '(?s).*')",
        // NB: only short text as a pattern: Foundation on Linux leaks each long pattern it compiles (RESULTS.md 3).
        "len($data.a) > 30 || contains($data.a, '\\\\E') || matches($data.a, '\\\\Q' + $data.a + '\\\\E')",
    ]
    static let compiled: [CompiledExpression] = sources.map { source in
        do { return try CompiledExpression(source) } catch { fatalError("\(source): \(error)") }
    }

    /// Checks every identity on each ordered pair of `texts` (at most three, each short enough to be quick).
    static func check(_ texts: [String], input: String) {
        let texts = Array(texts.filter { $0.utf8.count <= 4096 }.prefix(3))
        for a in texts {
            for b in texts {
                let scope = ExpressionScope(data: .object(["a": .string(a), "b": .string(b)]))
                for (source, identity) in zip(sources, compiled) {
                    // NB: a budget running out is not a broken identity.
                    guard let value = try? identity.evaluate(in: scope) else { continue }
                    expect(value == .bool(true), "\(source) is \(value.jsonText) for a = \(PageValue.string(a).jsonText), b = \(PageValue.string(b).jsonText) (input '\(input)')")
                }
            }
        }
    }
}

FuzzDriver.run { data, size in
    let input = FuzzInput(FuzzDriver.bytes(data, size))
    var stores = StoreBuilder(input.seed)
    // NB: a fixed clock and zone, so `now()` answers the same twice.
    let scope = ExpressionScope(data: stores.object(), global: stores.object(), param: stores.object(),
                                clock: FixedClock(milliseconds: 1_704_067_200_000), timeZone: TimeZone(identifier: "UTC") ?? .current)
    let limits = PageLimits.standard
    let asTemplate = input.seed.first.map { $0 & 0x80 != 0 } ?? false
    let compiled: CompiledExpression
    do throws(ExpressionError) {
        compiled = asTemplate ? try CompiledExpression(template: input.text) : try CompiledExpression(input.text)
    } catch {
        expect(!error.message.isEmpty, "an expression error without a message")
        expect(error.range.start >= 0 && error.range.start <= error.range.end, "an error range \(error.range) that runs backwards")
        _ = error.rendered
        return 0
    }
    _ = compiled.dependencies
    _ = compiled.assignablePath
    let first: Result<PageValue, ExpressionError>
    do throws(ExpressionError) { first = .success(try compiled.evaluate(in: scope)) } catch { first = .failure(error) }
    let second: Result<PageValue, ExpressionError>
    do throws(ExpressionError) { second = .success(try compiled.evaluate(in: scope)) } catch { second = .failure(error) }
    // Text to check the identities on: the value when it is text, and two of $data's strings,
    // chosen by two independent features of the input (its length, the sum of its bytes), so
    // that over a run every pair of the store's strings is checked, in both orders.
    var texts: [String] = []
    if case .success(.string(let text)) = first { texts.append(text) }
    if case .object(let members) = scope.data {
        let strings = members.values.compactMap(\.stringValue)
        if !strings.isEmpty {
            let sum = input.textBytes.reduce(0) { $0 &+ Int($1) }
            texts.append(strings[input.textBytes.count % strings.count])
            texts.append(strings[sum % strings.count])
        }
    }
    TextIdentities.check(texts, input: input.text)
    switch (first, second) {
    case (.success(let value), .success(let again)):
        expect(value == again || value.jsonText == again.jsonText, "evaluated twice, '\(input.text)' gave \(value.jsonText) then \(again.jsonText)")
        let text = value.jsonText
        expect(text.utf8.count <= limits.evaluationBytes * 2, "a value of \(text.utf8.count) bytes of JSON, past evaluationBytes")
        do {
            _ = try JSONReader.parse(bytes: Array(text.utf8), maximumDepth: limits.valueDepth + 2)
        } catch {
            expect(false, "'\(input.text)' gave \(text.prefix(200)), which doesn't read back as JSON: \(error)")
        }
    case (.failure(let error), .failure(let again)):
        expect(!error.message.isEmpty, "an evaluation error without a message")
        expect(error.message == again.message, "evaluated twice, '\(input.text)' failed with '\(error.message)' then '\(again.message)'")
        _ = error.rendered
    default:
        expect(false, "evaluated twice, '\(input.text)' succeeded once and failed once")
    }
    return 0
}
