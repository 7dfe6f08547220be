import Testing
import Formwork

/// Every operator, with exact result types: results are compared as JSON text, so `3` (int) and
/// `3.0` (number) differ.
@Suite("Operators")
struct OperatorTests {
    @Test("arithmetic", arguments: [
        // int op int stays int
        ("1 + 2", "3"),
        ("7 - 10", "-3"),
        ("6 * 7", "42"),
        ("7 % 3", "1"),
        ("-7 % 3", "-1"),
        ("7 % -3", "1"),
        ("$data.qty * 3", "6"),
        ("$data.qty - $data.shipping", "-2"),
        // any number involved gives a number
        ("1 + 2.0", "3.0"),
        ("2.5 + 2.5", "5.0"),
        ("$data.price * $data.qty", "25.0"),
        ("$data.price * $data.qty + $data.shipping", "29.0"),
        ("0.1 + 0.2", "0.30000000000000004"),
        ("10 - 0.5", "9.5"),
        ("1.5 * 2", "3.0"),
        ("7.5 % 2", "1.5"),
        ("-7.5 % 2", "-1.5"),
        ("1e3 + 1", "1001.0"),
        // / always gives a number
        ("6 / 3", "2.0"),
        ("1 / 4", "0.25"),
        ("7 / 2", "3.5"),
        ("-1 / 8", "-0.125"),
        ("$data.qty / $data.qty", "1.0"),
        // unary minus
        ("-5", "-5"),
        ("-(2 + 3)", "-5"),
        ("- -3", "3"),
        ("-2.5", "-2.5"),
        ("-$data.qty", "-2"),
        ("-$data.price", "-12.5"),
        // extremes that still fit
        ("9223372036854775807", "9223372036854775807"),
        ("-9223372036854775808", "-9223372036854775808"),
        ("$data.big - 1 + 1", "9223372036854775807"),
        ("-9223372036854775807 - 1", "-9223372036854775808"),
        ("-9223372036854775808 % -1", "0"),
        ("5 % 5", "0"),
    ])
    func arithmetic(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("precedence and associativity", arguments: [
        ("2 + 3 * 4", "14"),
        ("(2 + 3) * 4", "20"),
        ("2 * 3 + 4", "10"),
        ("10 - 2 - 3", "5"),
        ("10 - (2 - 3)", "11"),
        ("2 * 3 % 4", "2"),
        ("2 * (3 % 4)", "6"),
        ("100 / 10 / 5", "2.0"),
        ("-2 * 3", "-6"),
        ("-(2) + 3", "1"),
        ("1 + 2 < 4", "true"),
        ("1 < 2 == 2 < 3", "true"),
        ("1 == 1 && 2 == 2", "true"),
        ("true || false && false", "true"),
        ("(true || false) && false", "false"),
        ("false && true || true", "true"),
        ("null ?? false || true", "true"),
        ("(null ?? false) || true", "true"),
        ("null ?? 1 + 1", "2"),
        ("1 ?? 2 ? 'yes' : 'no'", "\"yes\""),
        ("true ? 1 : 2 + 10", "1"),
        ("false ? 1 : 2 + 10", "12"),
        ("true ? false ? 1 : 2 : 3", "2"),
        ("false ? 1 : true ? 2 : 3", "2"),
        ("false ? 1 : false ? 2 : 3", "3"),
        ("!true == false", "true"),
        ("!(1 == 2)", "true"),
        ("!1 + 'x'", "\"falsex\""),
        ("-$data.items[0].qty", "-2"),
        ("$data.items[1].price * 2", "8"),
        ("len($data.tags) * 2", "4"),
        ("1 + 2 * 3 - 4 / 2", "5.0"),
        ("2 * 3 > 5 && 1 + 1 == 2 || false", "true"),
        ("'a' + 1 + 2", "\"a12\""),
        ("1 + 2 + 'a'", "\"3a\""),
        ("1 + (2 + 'a')", "\"12a\""),
    ])
    func precedence(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("+ concatenates strings and arrays", arguments: [
        ("'a' + 'b'", "\"ab\""),
        ("\"a\" + 'b'", "\"ab\""),
        ("$data.first + ' ' + $data.last", "\"Ada Lovelace\""),
        ("'n=' + 1", "\"n=1\""),
        ("1 + '=n'", "\"1=n\""),
        ("'x' + 2.5", "\"x2.5\""),
        ("'x' + 3.0", "\"x3\""),
        ("'x' + (0.1 + 0.2)", "\"x0.3\""),
        ("'x' + 1 / 3", "\"x0.333333333333333\""),
        ("'x' + true", "\"xtrue\""),
        ("false + 'x'", "\"falsex\""),
        ("'x' + null", "\"x\""),
        ("null + 'x'", "\"x\""),
        ("'x' + $data.none", "\"x\""),
        ("'x' + [1, 'a']", "\"x[1,\\\"a\\\"]\""),
        ("'x' + {a: 1}", "\"x{\\\"a\\\":1}\""),
        ("'' + ''", "\"\""),
        ("[1] + [2, 3]", "[1,2,3]"),
        ("[] + []", "[]"),
        ("$data.tags + ['hot']", "[\"new\",\"sale\",\"hot\"]"),
        ("[[1]] + [[2]]", "[[1],[2]]"),
    ])
    func concatenation(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("comparison", arguments: [
        ("1 < 2", "true"),
        ("2 < 1", "false"),
        ("2 <= 2", "true"),
        ("3 <= 2", "false"),
        ("3 > 2", "true"),
        ("2 > 2", "false"),
        ("2 >= 2", "true"),
        ("1 >= 2", "false"),
        ("1 < 1.5", "true"),
        ("1.5 < 1", "false"),
        ("2.0 <= 2", "true"),
        ("2 >= 2.0", "true"),
        ("-0.0 < 0", "false"),
        ("0.1 + 0.2 > 0.3", "true"),
        ("'a' < 'b'", "true"),
        ("'b' < 'a'", "false"),
        ("'abc' < 'abd'", "true"),
        ("'Z' < 'a'", "true"),
        ("'' < 'a'", "true"),
        ("'a' <= 'a'", "true"),
        ("'b' >= 'a'", "true"),
        ("$data.price > 10", "true"),
        ("$data.qty >= 2", "true"),
        // exact comparison between int and number, even where a double can't hold the int
        ("9007199254740993 > 9007199254740992.0", "true"),
        ("9007199254740992.0 < 9007199254740993", "true"),
        ("9007199254740993 <= 9007199254740992.0", "false"),
        ("9223372036854775807 < 9223372036854775808.0", "true"),
        ("-9223372036854775808 <= -9223372036854775808.0", "true"),
        ("-9223372036854775808 > -1e19", "true"),
        ("3 < 3.5", "true"),
        ("-3 > -3.5", "true"),
    ])
    func comparison(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("equality is deep and structural", arguments: [
        ("1 == 1", "true"),
        ("1 == 1.0", "true"),
        ("1.0 == 1", "true"),
        ("1 != 1.0", "false"),
        ("1 == 2", "false"),
        ("0.1 + 0.2 == 0.3", "false"),
        ("'1' == 1", "false"),
        ("'a' == 'a'", "true"),
        ("'a' != 'A'", "true"),
        ("null == null", "true"),
        ("null == false", "false"),
        ("null == 0", "false"),
        ("null == ''", "false"),
        ("0 == false", "false"),
        ("true == true", "true"),
        ("true != false", "true"),
        ("[1, 2] == [1, 2]", "true"),
        ("[1, 2] == [2, 1]", "false"),
        ("[1, 2] == [1.0, 2.0]", "true"),
        ("[1] == [1, 1]", "false"),
        ("{a: 1, b: 2} == {b: 2, a: 1}", "true"),
        ("{a: 1} == {a: 1.0}", "true"),
        ("{a: 1} == {a: 1, b: null}", "false"),
        ("{a: [1, {b: 'x'}]} == {a: [1, {b: 'x'}]}", "true"),
        ("[] == {}", "false"),
        ("$data.address == {city: 'Lyon', zip: '69001'}", "true"),
        ("$data.none == null", "true"),
        ("$data.missing == null", "true"),
        ("9007199254740993 == 9007199254740992.0", "false"),
        ("9007199254740992 == 9007199254740992.0", "true"),
        ("-0.0 == 0", "true"),
    ])
    func equality(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("logic: ! && || return bool; ?? and ?: return a branch", arguments: [
        ("!true", "false"),
        ("!false", "true"),
        ("!null", "true"),
        ("!0", "true"),
        ("!0.0", "true"),
        ("!''", "true"),
        ("!'0'", "false"),
        ("!'false'", "false"),
        ("![]", "false"),
        ("!{}", "false"),
        ("!1", "false"),
        ("!-1", "false"),
        ("!0.5", "false"),
        ("!!'x'", "true"),
        ("1 && 2", "true"),
        ("1 && 0", "false"),
        ("'a' && 'b'", "true"),
        ("null && true", "false"),
        ("0 || 0.0", "false"),
        ("0 || 'x'", "true"),
        ("'' || null", "false"),
        ("[] || false", "true"),
        ("true && true && true", "true"),
        ("false || false || true", "true"),
        // short circuit: the right side would fail if it ran
        ("false && 1 / 0", "false"),
        ("true || 1 / 0", "true"),
        ("$data.off && $data.name * 2", "false"),
        ("$data.enabled || $data.name * 2", "true"),
        ("$data.none ?? 'default'", "\"default\""),
        ("$data.missing ?? $data.name", "\"Tofu\""),
        ("$data.zero ?? 5", "0"),
        ("$data.empty ?? 5", "\"\""),
        ("$data.off ?? 5", "false"),
        ("null ?? null", "null"),
        ("null ?? null ?? 3", "3"),
        ("1 ?? 1 / 0", "1"),
        ("$data.qty ?? $data.name * 2", "2"),
        ("true ? 'y' : 'n'", "\"y\""),
        ("0 ? 'y' : 'n'", "\"n\""),
        ("'' ? 'y' : 'n'", "\"n\""),
        ("[] ? 'y' : 'n'", "\"y\""),
        ("$data.none ? 1 : 2", "2"),
        ("$data.qty > 0 && $data.enabled ? $data.price : 0", "12.5"),
        ("$data.qty > 5 && $data.enabled ? $data.price : 0", "0"),
        ("true ? 1 : 1 / 0", "1"),
        ("false ? 1 / 0 : 2", "2"),
        ("$data.enabled ? 1 : $data.name * 2", "1"),
        ("$data.off ? $data.name * 2 : 'safe'", "\"safe\""),
    ])
    func logic(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("member access and indexing", arguments: [
        ("$data.name", "\"Tofu\""),
        ("$data.address.city", "\"Lyon\""),
        ("$data.missing", "null"),
        ("$data.missing.deeper.still", "null"),
        ("$data.none.x", "null"),
        ("null.x", "null"),
        ("{a: {b: 2}}.a.b", "2"),
        ("{a: 1}.b", "null"),
        ("$data.items[0].name", "\"tea\""),
        ("$data.items[2].qty", "4"),
        ("$data.items[3]", "null"),
        ("$data.items[-1]", "null"),
        ("$data.items[$data.i].name", "\"cake\""),
        ("$data.items[$data.i + 1].price", "3.25"),
        ("$data.items[1.0].name", "\"cake\""),
        ("$data.tags[len($data.tags) - 1]", "\"sale\""),
        ("$data['odd key']", "\"spaced\""),
        ("$data[\"name\"]", "\"Tofu\""),
        ("$data['nope']", "null"),
        ("{a: 1}['a']", "1"),
        ("$data.address['ci' + 'ty']", "\"Lyon\""),
        ("[10, 20, 30][1]", "20"),
        ("[[1, 2], [3, 4]][1][0]", "3"),
        ("$data.none[0]", "null"),
        ("$data.missing['x']", "null"),
        ("$global.user.name", "\"Grace\""),
        ("$global.currency", "\"EUR\""),
        ("$param.id", "42"),
        ("$param.mode", "\"edit\""),
        ("$item.label", "\"row\""),
        ("$index", "3"),
        ("$value", "\"typed\""),
        ("$event.x", "1"),
        ("$result.ok", "true"),
        ("$error.message", "\"offline\""),
    ])
    func access(source: String, expected: String) throws {
        #expect(try Fixtures.json(source) == expected)
    }

    @Test("unbound scope variables read null")
    func unboundVariables() throws {
        let scope = ExpressionScope()
        for name in ["data", "global", "param", "result", "event", "error", "value", "item", "index"] {
            #expect(try Fixtures.json("$\(name)", in: scope) == "null", "$\(name)")
            #expect(try Fixtures.json("$\(name).x.y", in: scope) == "null", "$\(name).x.y")
        }
    }

    @Test("operator errors", arguments: [
        ("$data.name * 2", ExpressionError.Kind.type, "cannot apply '*' to string and int"),
        ("1 + null", .type, "cannot apply '+' to int and null"),
        ("null + 1", .type, "cannot apply '+' to null and int"),
        ("true + 1", .type, "cannot apply '+' to bool and int"),
        ("[1] + 1", .type, "cannot apply '+' to array and int"),
        ("{} + {}", .type, "cannot apply '+' to object and object"),
        ("[1] + {}", .type, "cannot apply '+' to array and object"),
        ("'a' - 'b'", .type, "cannot apply '-' to string and string"),
        ("2 * '3'", .type, "cannot apply '*' to int and string"),
        ("'6' / 2", .type, "cannot apply '/' to string and int"),
        ("5 % true", .type, "cannot apply '%' to int and bool"),
        ("[1] * 2", .type, "cannot apply '*' to array and int"),
        ("1 < 'a'", .type, "cannot apply '<' to int and string"),
        ("'a' > 1", .type, "cannot apply '>' to string and int"),
        ("null < 1", .type, "cannot apply '<' to null and int"),
        ("true <= false", .type, "cannot apply '<=' to bool and bool"),
        ("[1] >= [0]", .type, "cannot apply '>=' to array and array"),
        ("-'a'", .type, "cannot apply '-' to string"),
        ("-null", .type, "cannot apply '-' to null"),
        ("-true", .type, "cannot apply '-' to bool"),
        ("1 / 0", .divisionByZero, "division by zero"),
        ("1.5 / 0.0", .divisionByZero, "division by zero"),
        ("0 / 0", .divisionByZero, "division by zero"),
        ("7 % 0", .divisionByZero, "modulo by zero"),
        ("7.5 % 0.0", .divisionByZero, "modulo by zero"),
        ("$data.qty / $data.zero", .divisionByZero, "division by zero"),
        ("9223372036854775807 + 1", .overflow, "the result of 9223372036854775807 + 1 is outside the 64-bit integer range"),
        ("$data.big + 1", .overflow, "the result of 9223372036854775807 + 1 is outside the 64-bit integer range"),
        ("-9223372036854775808 - 1", .overflow, "the result of -9223372036854775808 - 1 is outside the 64-bit integer range"),
        ("$data.big * 2", .overflow, "the result of 9223372036854775807 * 2 is outside the 64-bit integer range"),
        ("-(-9223372036854775808)", .overflow, "-(-9223372036854775808) is outside the 64-bit integer range"),
        ("1e308 * 10", .overflow, "the result of '*' is too large to represent"),
        ("1e308 + 1e308", .overflow, "the result of '+' is too large to represent"),
        ("-1e308 - 1e308", .overflow, "the result of '-' is too large to represent"),
        ("1e308 / 1e-10", .overflow, "the result of '/' is too large to represent"),
        ("'x'.length", .type, "cannot read '.length' of string; only objects have members"),
        ("$data.qty.x", .type, "cannot read '.x' of int; only objects have members"),
        ("$data.tags.first", .type, "cannot read '.first' of array; only objects have members"),
        ("(1 + 1).x", .type, "cannot read '.x' of int; only objects have members"),
        ("$data.items['0']", .type, "an array index must be an int, not string"),
        ("$data.items[0.5]", .type, "an array index must be an int, not number"),
        ("$data.items[null]", .type, "an array index must be an int, not null"),
        ("$data.address[0]", .type, "an object index must be a string, not int"),
        ("'abc'[0]", .type, "cannot index into string with [...]; only arrays and objects can be indexed"),
        ("$data.qty[0]", .type, "cannot index into int with [...]; only arrays and objects can be indexed"),
    ])
    func errors(source: String, kind: ExpressionError.Kind, message: String) {
        let error = Fixtures.error(source)
        #expect(error?.kind == kind)
        #expect(error?.message == message)
    }
}
