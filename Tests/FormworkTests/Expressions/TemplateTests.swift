import Testing
import Formwork

/// Templates: text with `${expression}` parts, always producing a string.
@Suite("Templates")
struct TemplateTests {
    @Test("rendering", arguments: [
        ("Hello ${$data.name}!", "\"Hello Tofu!\""),
        ("plain text", "\"plain text\""),
        ("", "\"\""),
        ("${1}${2}", "\"12\""),
        ("${$data.price * $data.qty}", "\"25\""),
        ("Total: ${fixed($data.price * $data.qty, 2)} €", "\"Total: 25.00 €\""),
        ("${0.1 + 0.2}", "\"0.3\""),
        ("${1 / 3}", "\"0.333333333333333\""),
        ("${3.0}", "\"3\""),
        ("[${null}]", "\"[]\""),
        ("[${$data.missing}]", "\"[]\""),
        ("${true} ${false}", "\"true false\""),
        ("${$data.tags}", "\"[\\\"new\\\",\\\"sale\\\"]\""),
        ("${ {a: 1} }", "\"{\\\"a\\\":1}\""),
        ("${{a: 1}.a}", "\"1\""),
        ("${'}'}", "\"}\""),
        ("${\"${\"}", "\"${\""),
        ("a$b", "\"a$b\""),
        ("$", "\"$\""),
        ("$${1}", "\"$1\""),
        ("{}", "\"{}\""),
        ("}", "\"}\""),
        ("${ $data.qty > 1 ? 'items' : 'item' }", "\"items\""),
        ("${len($data.items)} items, first ${$data.items[0].name}", "\"3 items, first tea\""),
        ("${join(map($data.items, x => x.name), ', ')}", "\"tea, cake, jam\""),
        ("line1\nline2 ${$data.qty}", "\"line1\\nline2 2\""),
        ("héllo ${'wörld'} 😀", "\"héllo wörld 😀\""),
        ("${$global.user.name} (${$param.mode})", "\"Grace (edit)\""),
        ("${date(now(), 'yyyy')}", "\"2023\""),
        ("${$data.name}${$data.name}", "\"TofuTofu\""),
    ])
    func render(source: String, expected: String) throws {
        #expect(try Fixtures.templateJSON(source) == expected)
    }

    @Test("template errors", arguments: [
        ("${}", ExpressionError.Kind.syntax, "'${}' is empty; put an expression inside, as in ${$data.name}", 1, 1),
        ("ab ${1", .syntax, "'${' is not closed; add '}' after the expression", 1, 4),
        ("x ${1 2}", .syntax, "expected '}' to close '${' but found number 2", 1, 7),
        ("${$data.name * 2}", .type, "cannot apply '*' to string and int", 1, 3),
        ("a\n${nope(1)}", .unknownFunction, "unknown function 'nope'", 2, 3),
        ("${'abc}", .syntax, "this string is not closed; add a matching '", 1, 3),
        ("${$foo}", .unknownVariable, "unknown variable '$foo'; the variables are $data, $computed, $global, $param, $page, $result, $event, $error, $value, $item, $index", 1, 3),
    ])
    func errors(source: String, kind: ExpressionError.Kind, message: String, line: Int, column: Int) {
        do {
            _ = try CompiledExpression(template: source, functions: .standard).evaluate(in: Fixtures.scope)
            Issue.record("\(source) did not fail")
        } catch {
            #expect(error.kind == kind)
            #expect(error.message == message)
            #expect(error.location.line == line)
            #expect(error.location.column == column)
        }
    }

    @Test("a template without expressions, or with constant ones, is a constant string")
    func constantTemplates() throws {
        #expect(try CompiledExpression(template: "just text", functions: .standard).constantValue == "just text")
        #expect(try CompiledExpression(template: "${1 + 1} apples", functions: .standard).constantValue == "2 apples")
        #expect(try CompiledExpression(template: "${$data.x}", functions: .standard).constantValue == nil)
        #expect(try CompiledExpression(template: "${now()}", functions: .standard).constantValue == nil)
    }

    @Test("the rendered error of a template points into the template text")
    func renderedTemplateError() {
        do {
            _ = try CompiledExpression(template: "Hi ${$data.name * 2}!", functions: .standard).evaluate(in: Fixtures.scope)
            Issue.record("did not fail")
        } catch {
            #expect(error.rendered == """
                error: cannot apply '*' to string and int
                  Hi ${$data.name * 2}!
                       ^~~~~~~~~~~~~~
                """)
        }
    }
}
