import Foundation
import Formwork
import FuzzSupport

// Expression text → parse → compile → evaluate, under the standard budgets, over stores built
// from the rest of the input (strings of any Unicode scalar, numbers at the edges).
//
// Holds for every input: compiling gives an expression or an error whose range lies inside the
// text; evaluating gives a value within the value budgets or an error; evaluating again over the
// same stores gives the same answer; the value prints as JSON that reads back.
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
