import Testing
import Formwork

/// Errors: kind, the exact message, where (line and column, counted in characters), and the whole
/// printed text with its caret line.
@Suite("Errors")
struct ErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let source: String
        let kind: ExpressionError.Kind
        let message: String
        let line: Int
        let column: Int
        var testDescription: String { source.debugDescription }

        init(_ source: String, _ kind: ExpressionError.Kind, _ message: String, _ line: Int, _ column: Int) {
            self.source = source
            self.kind = kind
            self.message = message
            self.line = line
            self.column = column
        }
    }

    @Test("kind, message, line and column", arguments: [
        Case("$data.name * 2", .type, "cannot apply '*' to string and int", 1, 1),
        Case("", .syntax, "the expression is empty", 1, 1),
        Case("   ", .syntax, "the expression is empty", 1, 4),
        Case("1 +", .syntax, "the expression ends too early; expected a value", 1, 4),
        Case("(1", .syntax, "expected ')' to close '(' before the end of the expression", 1, 3),
        Case("(1]", .syntax, "expected ')' to close '(', found ']'", 1, 3),
        Case("1 2", .syntax, "unexpected number 2 after the end of the expression; is an operator missing?", 1, 3),
        Case("1 'a'", .syntax, "unexpected string 'a' after the end of the expression; is an operator missing?", 1, 3),
        Case("$data.a $data.b", .syntax, "unexpected '$data' after the end of the expression; is an operator missing?", 1, 9),
        Case("1 )", .syntax, "unexpected ')' after the end of the expression; is an operator missing?", 1, 3),
        Case("1 +* 2", .syntax, "expected a value but found '*'", 1, 4),
        Case("* 2", .syntax, "expected a value but found '*'", 1, 1),
        Case("1 ? 2", .syntax, "expected ':' to give the 'else' value of '? :' before the end of the expression", 1, 6),
        Case("1 ? 2 :", .syntax, "the expression ends too early; expected a value", 1, 8),
        Case("$data.)", .syntax, "expected a member name after '.' but found ')'", 1, 7),
        Case("$data.1", .syntax, "expected a member name after '.' but found number 1", 1, 7),
        Case("$data.a(1)", .syntax, "only a function name can be called, as in len(x)", 1, 8),
        Case("len(1 2)", .syntax, "expected ',' or ')' in the arguments of len(), found number 2", 1, 7),
        Case("len(1,)", .syntax, "expected a value but found ')'", 1, 7),
        Case("$data.items[0", .syntax, "expected ']' to close '[' before the end of the expression", 1, 14),
        Case("#", .syntax, "unexpected character '#'", 1, 1),
        Case("1 = 2", .syntax, "unexpected character '='; use == to compare", 1, 3),
        Case("true & false", .syntax, "unexpected character '&'; use && for 'and'", 1, 6),
        Case("true | false", .syntax, "unexpected character '|'; use || for 'or'", 1, 6),
        Case("'日本' + @", .syntax, "unexpected character '@'", 1, 8),
        Case("1 +\n\n  foo(2)", .unknownFunction, "unknown function 'foo'", 3, 3),
        Case("$data.a +\n  lenn(1)", .unknownFunction, "unknown function 'lenn'; did you mean 'len'?", 2, 3),
        Case("$data.qty\n  * $data.name", .type, "cannot apply '*' to int and string", 1, 1),
        Case("1 +\r\n  $nope", .unknownVariable, "unknown variable '$nope'; the variables are $data, $computed, $global, $param, $page, $result, $event, $error, $value, $item, $index", 2, 3),
        Case("map([1], x => x / 0)", .divisionByZero, "division by zero", 1, 15),
        Case("[1, 2, 3 % 0]", .divisionByZero, "modulo by zero", 1, 8),
        Case("$data.name.first", .type, "cannot read '.first' of string; only objects have members", 1, 1),
        Case("$data.items[0].price.x", .type, "cannot read '.x' of number; only objects have members", 1, 1),
        Case("{a: 1, b: len(2)}", .type, "len() expects a string, array or object, got int", 1, 11),
        Case("'a' + upper(1)", .type, "upper() expects a string as argument 1, got int", 1, 7),
        Case("\"unterminated", .syntax, "this string is not closed; add a matching \"", 1, 1),
        Case("'a\\xb'", .syntax, "unknown escape '\\x'; use \\n \\t \\\\ \\' \\\" or \\uXXXX", 1, 3),
        Case("x", .unknownVariable, "unknown name 'x'; variables start with '$', as in $data.x", 1, 1),
        Case("$data.a + 1\n+ $Data.b", .unknownVariable, "unknown variable '$Data'; did you mean $data?", 2, 3),
        Case("9223372036854775807 + 1", .overflow, "the result of 9223372036854775807 + 1 is outside the 64-bit integer range", 1, 1),
        Case("-9223372036854775809", .overflow, "the integer 9223372036854775809 is outside the 64-bit range; write it as 9223372036854775809.0 for a number", 1, 2),
        Case("number('1.2.3')", .conversion, "number(): '1.2.3' is not a number", 1, 1),
        Case("len(1, 2)", .arity, "len() takes 1 argument, but 2 were given", 1, 1),
    ])
    func located(_ c: Case) {
        guard let error = Fixtures.error(c.source) else {
            Issue.record("\(c.source.debugDescription) did not fail")
            return
        }
        #expect(error.kind == c.kind)
        #expect(error.message == c.message)
        #expect(error.location.line == c.line)
        #expect(error.location.column == c.column)
        #expect(error.source == c.source)
    }

    @Test("the rendered error shows the line and a caret under the range", arguments: [
        ("$data.name * 2", """
            error: cannot apply '*' to string and int
              $data.name * 2
              ^~~~~~~~~~~~~~
            """),
        ("1 +\n  lenn(1)", """
            error: unknown function 'lenn'; did you mean 'len'?
                lenn(1)
                ^~~~
            """),
        ("$data.qty > 0 ? $data.price / $data.zero : 0", """
            error: division by zero
              $data.qty > 0 ? $data.price / $data.zero : 0
                              ^~~~~~~~~~~~~~~~~~~~~~~~
            """),
        ("1 +", """
            error: the expression ends too early; expected a value
              1 +
                 ^
            """),
        ("'héllo' + @", """
            error: unexpected character '@'
              'héllo' + @
                        ^
            """),
        ("[1,\n 2 3]", """
            error: expected ',' or ']' in the array, found number 3
               2 3]
                 ^
            """),
        ("1 +\r\n  $nope.x", """
            error: unknown variable '$nope'; the variables are $data, $computed, $global, $param, $page, $result, $event, $error, $value, $item, $index
                $nope.x
                ^~~~~
            """),
        ("\tlen()", """
            error: len() takes 1 argument, but 0 were given
              \tlen()
              \t^~~~~
            """),
    ])
    func rendered(source: String, expected: String) {
        let error = Fixtures.error(source)
        #expect(error?.rendered == expected)
        #expect(error?.description == expected)
    }

    @Test("ranges are UTF-8 byte offsets; locations count characters")
    func offsetsAndColumns() {
        let error = Fixtures.error("'日本' + @")
        #expect(error?.range == SourceRange(start: 11, end: 12))
        #expect(error?.location == SourceLocation(line: 1, column: 8))
        #expect(SourceLocation(offset: 0, in: "") == SourceLocation(line: 1, column: 1))
        #expect(SourceLocation(offset: 99, in: "ab\ncd") == SourceLocation(line: 2, column: 3))
        #expect(SourceLocation(offset: 3, in: "ab\ncd").description == "2:1")
    }

    @Test("a compile error never waits for evaluation; a value error never fails compilation")
    func compileVersusEvaluate() throws {
        #expect(throws: ExpressionError.self) { try CompiledExpression("$data.a +", functions: .standard) }
        #expect(throws: ExpressionError.self) { try CompiledExpression("nope($data.a)", functions: .standard) }
        // A constant subexpression that fails is kept for evaluation, not reported at compile time.
        let compiled = try CompiledExpression("$data.enabled ? 1 : 1 / 0", functions: .standard)
        #expect(try compiled.evaluate(in: Fixtures.scope).jsonText == "1")
        let failing = try CompiledExpression("1 / 0", functions: .standard)
        #expect(failing.constantValue == nil)
        #expect(throws: ExpressionError.self) { try failing.evaluate(in: Fixtures.scope) }
    }
}
