import Foundation
import Testing
import Formwork

/// Every standard function, with its edge cases and its errors.
@Suite("Functions")
struct FunctionTests {
    @Test("text functions", arguments: [
        ("len('héllo')", "5"),
        ("len('😀')", "1"),
        ("len('e\\u0301')", "1"),
        ("len('')", "0"),
        ("len($data.tags)", "2"),
        ("len([])", "0"),
        ("len({a: 1, b: 2})", "2"),
        ("len(null)", "0"),
        ("trim('  a b \\n')", "\"a b\""),
        ("trim('\\t')", "\"\""),
        ("trim('x')", "\"x\""),
        ("upper('abc')", "\"ABC\""),
        ("upper('straße')", "\"STRASSE\""),
        ("lower('ÀB')", "\"àb\""),
        ("lower($data.name)", "\"tofu\""),
        ("contains('abc', 'b')", "true"),
        ("contains('abc', 'd')", "false"),
        ("contains('abc', '')", "true"),
        ("contains($data.tags, 'sale')", "true"),
        ("contains([1, 2], 2.0)", "true"),
        ("contains([1, 2], '1')", "false"),
        ("contains([[1]], [1])", "true"),
        ("contains($data.address, 'city')", "true"),
        ("contains($data.address, 'Lyon')", "false"),
        ("contains(null, 'a')", "false"),
        ("startsWith('abc', 'ab')", "true"),
        ("startsWith('abc', 'bc')", "false"),
        ("startsWith('abc', '')", "true"),
        ("endsWith('abc', 'bc')", "true"),
        ("endsWith('abc', 'ab')", "false"),
        ("endsWith('file.pdf', '.pdf')", "true"),
        ("matches('abc', 'a.c')", "true"),
        ("matches('abc', 'b')", "false"),
        ("matches('abc', 'ab')", "false"),
        ("matches('ab', 'a|ab')", "true"),
        ("matches('', 'x*')", "true"),
        (#"matches('2024-01-31', '\\d{4}-\\d{2}-\\d{2}')"#, "true"),
        (#"matches('2024-1-31', '\\d{4}-\\d{2}-\\d{2}')"#, "false"),
        ("matches('abc\\n', 'abc')", "false"),
        ("matches('ABC', '[a-z]+')", "false"),
        ("matches('', '')", "true"),
        ("matches('a', '')", "false"),
        ("replace('a.b.c', '.', '-')", "\"a-b-c\""),
        ("replace('aaa', 'a', 'bb')", "\"bbbbbb\""),
        ("replace('abc', '', 'x')", "\"abc\""),
        ("replace('a+b', '+', ' plus ')", "\"a plus b\""),
        ("replace('$1 (x)', '(x)', '$1')", "\"$1 $1\""),
        ("replace('abc', 'z', 'y')", "\"abc\""),
        ("substr('héllo', 1, 3)", "\"éll\""),
        ("substr('hello', 2)", "\"llo\""),
        ("substr('hello', 0, 1)", "\"h\""),
        ("substr('abc', 5)", "\"\""),
        ("substr('abc', -1, 2)", "\"ab\""),
        ("substr('abc', 1, 100)", "\"bc\""),
        ("substr('abc', 1, 0)", "\"\""),
        ("substr('😀ab', 0, 1)", "\"😀\""),
        ("substr('abc', 1.0, 1)", "\"b\""),
        ("split('a,b,c', ',')", "[\"a\",\"b\",\"c\"]"),
        ("split('a, b', ', ')", "[\"a\",\"b\"]"),
        ("split('a,,b', ',')", "[\"a\",\"\",\"b\"]"),
        ("split('abc', '')", "[\"a\",\"b\",\"c\"]"),
        ("split('', ',')", "[]"),
        ("split('abc', ',')", "[\"abc\"]"),
        ("join(['a', 'b'], '-')", "\"a-b\""),
        ("join([1, 2.5, null, true])", "\"12.5true\""),
        ("join([0.1 + 0.2, 3.0], ' ')", "\"0.3 3\""),
        ("join([], ',')", "\"\""),
        ("join($data.tags, ', ')", "\"new, sale\""),
        ("join(null, ',')", "\"\""),
    ])
    func text(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("number functions", arguments: [
        ("round(2.5)", "3"),
        ("round(-2.5)", "-3"),
        ("round(2.4)", "2"),
        ("round(-0.5)", "-1"),
        ("round(7)", "7"),
        ("round(7, 2)", "7"),
        ("round(2.345, 2)", "2.35"),
        ("round(1.005, 2)", "1.0"),   // 1.005 is stored as 1.00499999999999989…
        ("round(0.125, 2)", "0.13"),
        ("round(-1.005, 2)", "-1.0"),
        ("round(2.5, 0)", "3"),
        ("round(1234.5, -2)", "1200"),
        ("round(1250, -2)", "1300"),
        ("round(-1250, -2)", "-1300"),
        ("round(1.5, -400)", "0"),
        ("round(1.5, -9223372036854775808)", "0"),
        ("round(7, -9223372036854775808)", "0"),
        ("round(15, -1)", "20"),
        ("round(-15, -1)", "-20"),
        ("round(14, -1)", "10"),
        ("round(1234567890123456789, -2)", "1234567890123456800"),
        ("round(4000000000000000000, -19)", "0"),
        ("round(1.5, 400)", "1.5"),
        ("round($data.price)", "13"),
        ("floor(2.7)", "2"),
        ("floor(-2.1)", "-3"),
        ("floor(5)", "5"),
        ("floor(1e20)", "1e+20"),
        ("floor(-9223372036854775808.0)", "-9223372036854775808"),
        ("ceil(2.1)", "3"),
        ("ceil(-2.9)", "-2"),
        ("ceil(4)", "4"),
        ("abs(-3)", "3"),
        ("abs(-2.5)", "2.5"),
        ("abs(4)", "4"),
        ("abs(0)", "0"),
        ("min(3, 1, 2)", "1"),
        ("min($data.numbers)", "1"),
        ("min([3, 1.5])", "1.5"),
        ("min(5)", "5"),
        ("min([])", "null"),
        ("max(1, 2.0)", "2.0"),
        ("max('a', 'b')", "\"b\""),
        ("max($data.numbers)", "3"),
        ("max(-1, -2)", "-1"),
        ("sum([1, 2, 3])", "6"),
        ("sum([1, 2.5])", "3.5"),
        ("sum([])", "0"),
        ("sum(null)", "0"),
        ("sum([1, null, 2])", "3"),
        ("sum(map($data.items, x => x.price * x.qty))", "22.0"),
        ("avg([1, 2])", "1.5"),
        ("avg([2, 4])", "3.0"),
        ("avg([])", "null"),
        ("avg(null)", "null"),
        ("avg([1, null, 3])", "2.0"),
        ("fixed(3.14159, 2)", "\"3.14\""),
        ("fixed(2.5, 0)", "\"3\""),
        ("fixed(1.005, 2)", "\"1.00\""),
        ("fixed(-0.001, 2)", "\"0.00\""),
        ("fixed(5, 2)", "\"5.00\""),
        ("fixed(1234567.891, 1)", "\"1234567.9\""),
        ("fixed($data.price * $data.qty, 2)", "\"25.00\""),
        ("fixed(-2.5, 0)", "\"-3\""),
    ])
    func numbers(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("conversion functions", arguments: [
        ("number('12')", "12.0"),
        ("number('12.5')", "12.5"),
        ("number(' 7 ')", "7.0"),
        ("number('-4.5')", "-4.5"),
        ("number('1e3')", "1000.0"),
        ("number('.5')", "0.5"),
        ("number(3)", "3.0"),
        ("number(2.5)", "2.5"),
        ("number(true)", "1.0"),
        ("number(false)", "0.0"),
        ("number(null)", "null"),
        ("int('12')", "12"),
        ("int('12.7')", "12"),
        ("int('-3')", "-3"),
        ("int(12.7)", "12"),
        ("int(-12.7)", "-12"),
        ("int(5)", "5"),
        ("int(true)", "1"),
        ("int(null)", "null"),
        ("int($data.price)", "12"),
        ("int(-9223372036854775808.0)", "-9223372036854775808"),
        ("string(12)", "\"12\""),
        ("string(3.0)", "\"3\""),
        ("string(12.5)", "\"12.5\""),
        ("string(0.1 + 0.2)", "\"0.3\""),
        ("string(1 / 3)", "\"0.333333333333333\""),
        ("string(null)", "\"\""),
        ("string(true)", "\"true\""),
        ("string('x')", "\"x\""),
        ("string([1, 'a'])", "\"[1,\\\"a\\\"]\""),
        ("string({a: 1.0})", "\"{\\\"a\\\":1.0}\""),
    ])
    func conversions(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("collection functions", arguments: [
        ("isEmpty(null)", "true"),
        ("isEmpty('')", "true"),
        ("isEmpty([])", "true"),
        ("isEmpty({})", "true"),
        ("isEmpty(0)", "false"),
        ("isEmpty(0.0)", "false"),
        ("isEmpty(false)", "false"),
        ("isEmpty(' ')", "false"),
        ("isEmpty([null])", "false"),
        ("isEmpty($data.missing)", "true"),
        ("isEmpty($data.tags)", "false"),
        ("keys({b: 1, a: 2})", "[\"b\",\"a\"]"),
        ("keys($data.address)", "[\"city\",\"zip\"]"),
        ("keys({})", "[]"),
        ("keys(null)", "[]"),
        ("map([1, 2], x => x + 1)", "[2,3]"),
        ("map(['a', 'b'], (x, i) => i)", "[0,1]"),
        ("map(null, x => x)", "[]"),
        ("filter([1, 2, 3], x => x > 1)", "[2,3]"),
        ("filter($data.items, x => x.price > 3)", "[{\"name\":\"cake\",\"price\":4,\"qty\":1},{\"name\":\"jam\",\"price\":3.25,\"qty\":4}]"),
        ("filter([0, 1, '', 'a', null], x => x)", "[1,\"a\"]"),
        ("filter([5, 6, 7], (x, i) => i != 1)", "[5,7]"),
        ("any([1, 2], x => x > 1)", "true"),
        ("any([1, 2], x => x > 2)", "false"),
        ("any([], x => true)", "false"),
        ("all([1, 2], x => x > 0)", "true"),
        ("all([1, 2], x => x > 1)", "false"),
        ("all([], x => false)", "true"),
        ("find([1, 2, 3], x => x > 1)", "2"),
        ("find([1, 2, 3], x => x > 5)", "null"),
        ("find($data.items, x => x.name == 'jam').price", "3.25"),
        ("find([4, 5], (x, i) => i == 1)", "5"),
        ("count([1, 2, 3])", "3"),
        ("count([1, 2, 3], x => x > 1)", "2"),
        ("count(null)", "0"),
        ("count($data.items, (x, i) => i > 0)", "2"),
        // short circuit: later elements would fail the lambda
        ("any([1, 'x'], x => x * 2 == 2)", "true"),
        ("all([1, 'x'], x => x > 5)", "false"),
        ("find([1, 'x'], x => x == 1)", "1"),
    ])
    func collections(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("time functions read the injected clock and time zone", arguments: [
        ("now()", "1700000000000"),
        ("now() + 1000", "1700000001000"),
        ("date(now(), 'yyyy-MM-dd')", "\"2023-11-14\""),
        ("date(now(), 'yyyy-MM-dd HH:mm:ss')", "\"2023-11-14 22:13:20\""),
        ("date(now(), 'EEEE d MMMM yyyy')", "\"Tuesday 14 November 2023\""),
        ("date(0, 'yyyy-MM-dd HH:mm', 'Asia/Shanghai')", "\"1970-01-01 08:00\""),
        ("date(now(), 'HH:mm', 'America/New_York')", "\"17:13\""),
        ("date(0, 'HH:mm', 'UTC')", "\"00:00\""),
        ("date(1500, 'ss.SSS', 'UTC')", "\"01.500\""),
        ("date(-86400000, 'yyyy-MM-dd', 'UTC')", "\"1969-12-31\""),
    ])
    func time(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("date() without a zone uses the scope's time zone at evaluation, even with constant arguments")
    func dateUsesScopeTimeZone() throws {
        var scope = Fixtures.scope
        scope.timeZone = TimeZone(identifier: "Asia/Shanghai") ?? .current
        #expect(try Fixtures.json("date(0, 'HH:mm')", in: scope) == "\"08:00\"")
        scope.timeZone = TimeZone(identifier: "America/New_York") ?? .current
        #expect(try Fixtures.json("date(0, 'HH:mm')", in: scope) == "\"19:00\"")
    }

    @Test("now() is read at every evaluation, never folded")
    func nowIsNotFolded() throws {
        let compiled = try CompiledExpression("now() + 1", functions: .standard)
        #expect(compiled.constantValue == nil)
        var scope = Fixtures.scope
        scope.clock = FixedClock(milliseconds: 5)
        #expect(try compiled.evaluate(in: scope).jsonText == "6")
        scope.clock = FixedClock(milliseconds: 10)
        #expect(try compiled.evaluate(in: scope).jsonText == "11")
    }

    @Test("function errors", arguments: [
        ("len(5)", ExpressionError.Kind.type, "len() expects a string, array or object, got int"),
        ("trim(1)", .type, "trim() expects a string as argument 1, got int"),
        ("upper(null)", .type, "upper() expects a string as argument 1, got null"),
        ("lower([])", .type, "lower() expects a string as argument 1, got array"),
        ("contains(5, 'a')", .type, "contains() expects a string, array or object as argument 1, got int"),
        ("contains('abc', 1)", .type, "contains() expects a string as argument 2, got int"),
        ("startsWith(1, 'a')", .type, "startsWith() expects a string as argument 1, got int"),
        ("endsWith('a', null)", .type, "endsWith() expects a string as argument 2, got null"),
        ("matches('a', '(')", .function, "matches(): '(' is not a valid regular expression"),
        ("matches('xb', 'a)|(b')", .function, "matches(): 'a)|(b' is not a valid regular expression"),
        ("matches(1, 'a')", .type, "matches() expects a string as argument 1, got int"),
        ("replace('a', 'a', 1)", .type, "replace() expects a string as argument 3, got int"),
        ("substr('abc', 1, -1)", .type, "substr(): the length can't be negative"),
        ("substr('abc', 'x')", .type, "substr() expects an int as argument 2, got string"),
        ("substr('abc', 1.5)", .type, "substr() expects an int as argument 2, got a number with a fraction"),
        ("split('a', 1)", .type, "split() expects a string as argument 2, got int"),
        ("join('a', ',')", .type, "join() expects an array as argument 1, got string"),
        ("round('x')", .type, "round() expects a number as argument 1, got string"),
        ("round(1.5, 2.5)", .type, "round() expects an int as argument 2, got a number with a fraction"),
        ("floor(null)", .type, "floor() expects a number as argument 1, got null"),
        ("ceil('1')", .type, "ceil() expects a number as argument 1, got string"),
        ("abs('x')", .type, "abs() expects a number, got string"),
        ("abs(-9223372036854775808)", .overflow, "abs(-9223372036854775808) is outside the 64-bit integer range"),
        ("min(null)", .type, "min() compares numbers or strings, got null"),
        ("max([1, true])", .type, "max() compares numbers or strings, got bool"),
        ("max([1, 'a'])", .type, "max() can't compare int with string"),
        ("min('a', 2.5)", .type, "min() can't compare string with number"),
        ("round(-9223372036854775808, -1)", .overflow, "round(): the result is outside the 64-bit integer range"),
        ("round(6000000000000000000, -19)", .overflow, "round(): the result is outside the 64-bit integer range"),
        ("sum([1e308, 1e308])", .overflow, "sum(): the total is too large to represent"),
        ("int(9223372036854775807.0)", .overflow, "int(): 9223372036854780000 is outside the 64-bit integer range"),
        ("date(1e300, 'yyyy')", .function, "date(): 1e+300 ms is outside the range of dates (±8640000000000000)"),
        ("sum(['a'])", .type, "sum() adds numbers, but the array holds a string"),
        ("sum([[1]])", .type, "sum() adds numbers, but the array holds an array"),
        ("sum(5)", .type, "sum() expects an array as argument 1, got int"),
        ("sum([9223372036854775807, 1])", .overflow, "sum(): the total is outside the 64-bit integer range"),
        ("avg('x')", .type, "avg() expects an array as argument 1, got string"),
        ("fixed(1, 16)", .type, "fixed(): digits must be between 0 and 15, got 16"),
        ("fixed('x', 2)", .type, "fixed() expects a number as argument 1, got string"),
        ("number('abc')", .conversion, "number(): 'abc' is not a number"),
        ("number('')", .conversion, "number(): '' is not a number"),
        ("number('0x1A')", .conversion, "number(): '0x1A' is not a number"),
        ("number('1,5')", .conversion, "number(): '1,5' is not a number"),
        ("number('nan')", .conversion, "number(): 'nan' is not a number"),
        ("number('Infinity')", .conversion, "number(): 'Infinity' is not a number"),
        ("number([1])", .conversion, "number() can't convert an array to a number"),
        ("int('x')", .conversion, "int(): 'x' is not a number"),
        ("int({})", .conversion, "int() can't convert an object to an int"),
        ("int(1e19)", .overflow, "int(): 10000000000000000000 is outside the 64-bit integer range"),
        ("keys([1])", .type, "keys() expects an object, got array"),
        ("map('abc', x => x)", .type, "map() expects an array as argument 1, got string"),
        ("filter(1, x => x)", .type, "filter() expects an array as argument 1, got int"),
        ("map([1, 'a'], x => x * 2)", .type, "cannot apply '*' to string and int"),
        ("date('x', 'yyyy')", .type, "date() expects a number as argument 1, got string"),
        ("date(0, 5)", .type, "date() expects a string as argument 2, got int"),
        ("date(0, 'yyyy', 'Nowhere/Zone')", .function, "date(): unknown time zone 'Nowhere/Zone'; use a name such as 'UTC' or 'Asia/Shanghai'"),
    ])
    func errors(source: String, kind: ExpressionError.Kind, message: String) {
        let error = Fixtures.error(source)
        #expect(error?.kind == kind, "\(source)")
        #expect(error?.message == message, "\(source)")
    }

    @Test("unknown functions and wrong arity are compile-time errors", arguments: [
        ("foo(1)", ExpressionError.Kind.unknownFunction, "unknown function 'foo'"),
        ("lenn('a')", .unknownFunction, "unknown function 'lenn'; did you mean 'len'?"),
        ("Upper('a')", .unknownFunction, "unknown function 'Upper'; did you mean 'upper'?"),
        ("len()", .arity, "len() takes 1 argument, but 0 were given"),
        ("len('a', 'b')", .arity, "len() takes 1 argument, but 2 were given"),
        ("substr('a')", .arity, "substr() takes 2 or 3 arguments, but 1 was given"),
        ("replace('a', 'b')", .arity, "replace() takes 3 arguments, but 2 were given"),
        ("min()", .arity, "min() takes at least 1 argument, but 0 were given"),
        ("now(1)", .arity, "now() takes 0 arguments, but 1 was given"),
        ("date(1, 2, 3, 4)", .arity, "date() takes 2 or 3 arguments, but 4 were given"),
        ("count([1], x => x, 3)", .arity, "count() takes 1 or 2 arguments, but 3 were given"),
        ("map([1])", .arity, "map() takes 2 arguments, but 1 was given"),
    ])
    func compileTimeErrors(source: String, kind: ExpressionError.Kind, message: String) {
        // NB: compiling alone must fail; these never reach evaluation.
        do {
            _ = try CompiledExpression(source, functions: .standard)
            Issue.record("\(source) compiled")
        } catch {
            #expect(error.kind == kind)
            #expect(error.message == message)
        }
    }

    @Test("every standard function is covered by these tables")
    func everyFunctionIsTested() {
        let sources = [
            "len trim upper lower contains startsWith endsWith matches replace substr split join",
            "number int string round floor ceil abs min max sum avg fixed",
            "isEmpty keys map filter any all find count now date",
            // NB: covered by ListFunctionTests.
            "reverse slice sort unique minBy maxBy",
            // NB: covered by Locales/LocaleFormattingTests, RelativeTimeTests and LocalizedTextTests, across locales.
            "text formatNumber formatPercent formatMoney formatDate formatRelative",
        ].joined(separator: " ").split(separator: " ").map(String.init)
        #expect(Set(sources) == Set(FunctionLibrary.standard.names))
    }

    // MARK: - Host functions

    @Test("a host registers a function, which may override a built-in when it says so")
    func hostFunctions() throws {
        var functions = FunctionLibrary.standard
        functions.register(ExpressionFunction("vat", arity: 1...1) { args in
            guard let amount = args[0].doubleValue else { throw FunctionFailure("vat() expects a number", kind: .type) }
            return .number(amount * 0.2)
        })
        functions.register(ExpressionFunction("len", arity: 1...1) { _ in .int(-1) }, overriding: .builtIn("len"))
        functions.register(ExpressionFunction("twice", arity: 2...2, lambdaParameters: [1: 1]) { call in
            let once = try call.call(1, call.arguments[0])
            return try call.call(1, once)
        })
        functions.register(ExpressionFunction("broken", arity: 0...0) { _ in throw CocoaError(.fileNoSuchFile) })
        let scope = Fixtures.scope
        #expect(try CompiledExpression("vat(100)", functions: functions).evaluate(in: scope).jsonText == "20.0")
        #expect(try CompiledExpression("len('abc')", functions: functions).evaluate(in: scope).jsonText == "-1")
        #expect(try CompiledExpression("twice(3, x => x * x)", functions: functions).evaluate(in: scope).jsonText == "81")
        #expect(try CompiledExpression("len('abc')", functions: .standard).evaluate(in: scope).jsonText == "3")
        #expect(throws: ExpressionError.self) { try CompiledExpression("vat(1)", functions: .standard) }

        let typeError = #expect(throws: ExpressionError.self) {
            try CompiledExpression("1 + vat('x')", functions: functions).evaluate(in: scope)
        }
        #expect(typeError?.kind == .type)
        #expect(typeError?.message == "vat() expects a number")
        #expect(typeError?.range == SourceRange(start: 4, end: 12))

        let failure = #expect(throws: ExpressionError.self) {
            try CompiledExpression("broken()", functions: functions).evaluate(in: scope)
        }
        #expect(failure?.kind == .function)
        #expect(failure?.message.hasPrefix("broken() failed: ") == true)
    }

    @Test("a pure host function with constant arguments is folded; an impure one is not")
    func hostFolding() throws {
        var functions = FunctionLibrary()
        functions.register(ExpressionFunction("one", arity: 0...0) { _ in .int(1) })
        functions.register(ExpressionFunction("tick", arity: 0...0, isPure: false) { call in .int(call.scope.clock.nowMilliseconds()) })
        #expect(try CompiledExpression("one() + 1", functions: functions).constantValue?.jsonText == "2")
        #expect(try CompiledExpression("tick() + 1", functions: functions).constantValue == nil)
        #expect(throws: ExpressionError.self) { try CompiledExpression("len('a')", functions: functions) }
    }
}
