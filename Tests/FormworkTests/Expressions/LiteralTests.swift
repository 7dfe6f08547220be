import Testing
import Formwork

/// Literals, strings and their escapes, arrays, objects, variables and lambdas.
@Suite("Literals and strings")
struct LiteralTests {
    @Test("literals keep their type", arguments: [
        ("null", "null"),
        ("true", "true"),
        ("false", "false"),
        ("0", "0"),
        ("42", "42"),
        ("007", "7"),
        ("12.5", "12.5"),
        ("3.0", "3.0"),
        ("0.5", "0.5"),
        ("1e3", "1000.0"),
        ("1E3", "1000.0"),
        ("1e+3", "1000.0"),
        ("25e-1", "2.5"),
        ("1.5e2", "150.0"),
        ("1e-7", "1e-07"),
        ("1e21", "1e+21"),
        ("123456789012345678", "123456789012345678"),
        ("0.1", "0.1"),
        ("  42  ", "42"),
        ("\n\t42\r\n", "42"),
        ("(((42)))", "42"),
    ])
    func literals(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("strings and escapes", arguments: [
        ("'hello'", "\"hello\""),
        ("\"hello\"", "\"hello\""),
        ("''", "\"\""),
        ("\"\"", "\"\""),
        ("'it\\'s'", "\"it's\""),
        ("\"say \\\"hi\\\"\"", "\"say \\\"hi\\\"\""),
        ("'say \"hi\"'", "\"say \\\"hi\\\"\""),
        ("\"it's\"", "\"it's\""),
        ("'a\\nb'", "\"a\\nb\""),
        ("'a\\tb'", "\"a\\tb\""),
        ("'back\\\\slash'", "\"back\\\\slash\""),
        ("'\\u0041\\u00e9'", "\"Aé\""),
        ("'\\u20AC'", "\"€\""),
        ("'\\uD83D\\uDE00'", "\"😀\""),
        ("'😀 ok'", "\"😀 ok\""),
        ("'日本'", "\"日本\""),
        ("'$data.name'", "\"$data.name\""),
        ("'${x}'", "\"${x}\""),
        ("'line1\nline2'", "\"line1\\nline2\""),
        ("'a' + \"b\" + 'c'", "\"abc\""),
    ])
    func strings(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("arrays and objects", arguments: [
        ("[]", "[]"),
        ("[1, 2]", "[1,2]"),
        ("[1, 2.5, 'x', null, true, [], {}]", "[1,2.5,\"x\",null,true,[],{}]"),
        ("[1, 2,]", "[1,2]"),
        ("[[1], [2, [3]]]", "[[1],[2,[3]]]"),
        ("[$data.qty, $data.price]", "[2,12.5]"),
        ("{}", "{}"),
        ("{a: 1}", "{\"a\":1}"),
        ("{name: $data.name, \"price\": 3}", "{\"name\":\"Tofu\",\"price\":3}"),
        ("{'odd key': 1}", "{\"odd key\":1}"),
        ("{z: 1, a: 2, m: 3}", "{\"z\":1,\"a\":2,\"m\":3}"),
        ("{a: 1,}", "{\"a\":1}"),
        ("{a: {b: [1, {c: null}]}}", "{\"a\":{\"b\":[1,{\"c\":null}]}}"),
        ("{total: $data.price * $data.qty}", "{\"total\":25.0}"),
        ("{null: 1, true: 2}", "{\"null\":1,\"true\":2}"),
    ])
    func collections(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("lambdas", arguments: [
        ("map([1, 2, 3], x => x * 2)", "[2,4,6]"),
        ("map([1, 2, 3], (x) => x * 2)", "[2,4,6]"),
        ("map(['a', 'b'], (x, i) => x + i)", "[\"a0\",\"b1\"]"),
        ("map($data.items, item => item.name)", "[\"tea\",\"cake\",\"jam\"]"),
        ("map($data.items, x => x.price * x.qty)", "[5.0,4,13.0]"),
        ("map([[1, 2], [3]], xs => map(xs, x => x * 10))", "[[10,20],[30]]"),
        ("map([1, 2], x => map([10, 20], y => x + y))", "[[11,21],[12,22]]"),
        ("map([1, 2], x => map([10], x => x))", "[[10],[10]]"),
        ("map([1, 2], (x, i) => filter([5, 6, 7], (y, j) => j == i))", "[[5],[6]]"),
        ("map([1], x => $data.qty + x)", "[3]"),
        ("filter([1, 2, 3, 4], n => n % 2 == 0)", "[2,4]"),
        ("map([1, 2], x => {v: x})", "[{\"v\":1},{\"v\":2}]"),
        ("map([], x => x / 0)", "[]"),
    ])
    func lambdas(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("syntax errors in literals", arguments: [
        ("'abc", ExpressionError.Kind.syntax, "this string is not closed; add a matching '"),
        ("\"abc", .syntax, "this string is not closed; add a matching \""),
        ("'\\q'", .syntax, "unknown escape '\\q'; use \\n \\t \\\\ \\' \\\" or \\uXXXX"),
        ("'\\u12'", .syntax, "expected four hex digits after \\u"),
        ("'\\uZZZZ'", .syntax, "expected four hex digits after \\u"),
        ("'\\uD83D'", .syntax, "\\ud83d is not a valid character"),
        ("'\\uDE00'", .syntax, "\\ude00 is not a valid character"),
        ("1.5e", .syntax, "expected digits after the exponent 'e' in a number"),
        ("1e+", .syntax, "expected digits after the exponent 'e' in a number"),
        ("12abc", .syntax, "a number can't be followed directly by a letter"),
        ("1e400", .syntax, "the number 1e400 is too large"),
        ("9223372036854775808", .overflow, "the integer 9223372036854775808 is outside the 64-bit range; write it as 9223372036854775808.0 for a number"),
        ("[1, 2", .syntax, "expected ',' or ']' in the array before the end of the expression"),
        ("[1 2]", .syntax, "expected ',' or ']' in the array, found number 2"),
        ("[,]", .syntax, "expected a value but found ','"),
        ("{a 1}", .syntax, "expected ':' after the member name 'a', found number 1"),
        ("{a: 1", .syntax, "expected ',' or '}' in the object before the end of the expression"),
        ("{1: 2}", .syntax, "expected a member name (a word or a quoted string) but found number 1"),
        ("{a: 1, a: 2}", .syntax, "the member 'a' appears twice in this object"),
        ("x => x", .syntax, "a lambda (x => …) can only be passed to a function such as map or filter"),
        ("(x => x)", .syntax, "a lambda (x => …) can only be passed to a function such as map or filter"),
        ("len(x => x)", .syntax, "a lambda (x => …) can only be passed to a function such as map or filter"),
        ("=> 1", .syntax, "a lambda (x => …) can only be passed to a function such as map or filter"),
        ("map([1], 3)", .syntax, "argument 2 of map() must be a lambda such as x => x.price"),
        ("map([1], (x, i, j) => x)", .syntax, "the lambda passed to map() takes at most 2 parameters"),
        ("map([1], x => y)", .unknownVariable, "unknown name 'y'; did you mean 'x'?"),
        ("map([1], item => z)", .unknownVariable, "unknown name 'z'; variables start with '$', as in $data.z"),
        ("map([1], item => itm)", .unknownVariable, "unknown name 'itm'; did you mean 'item'?"),
        ("$foo", .unknownVariable, "unknown variable '$foo'; the variables are $data, $computed, $global, $param, $page, $result, $event, $error, $value, $item, $index"),
        ("$dta.x", .unknownVariable, "unknown variable '$dta'; did you mean $data?"),
        ("$", .syntax, "'$' must be followed by a variable name such as $data"),
        ("$ data", .syntax, "'$' must be followed by a variable name such as $data"),
        ("name", .unknownVariable, "unknown name 'name'; variables start with '$', as in $data.name"),
    ])
    func literalErrors(source: String, kind: ExpressionError.Kind, message: String) {
        let error = Fixtures.error(source)
        #expect(error?.kind == kind)
        #expect(error?.message == message)
    }
}
