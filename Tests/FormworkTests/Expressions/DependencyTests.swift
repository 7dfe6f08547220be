import Testing
import Formwork

/// What an expression reads (`dependencies`), what it can write (`assignablePath`) and what is
/// known without a scope (`constantValue`).
@Suite("Dependencies and assignability")
struct DependencyTests {
    @Test("dependencies: store paths read, in order of first appearance, ancestors covering descendants", arguments: [
        ("$data.price * $data.qty", ["$data.price", "$data.qty"]),
        ("$data.items[$data.i]", ["$data.items", "$data.i"]),
        ("$data.items[$data.i].name", ["$data.items", "$data.i"]),
        ("$data.items[0].name", ["$data.items[0].name"]),
        ("$data['odd key']", ["$data[\"odd key\"]"]),
        ("$data.a.b + $data.a", ["$data.a"]),
        ("$data.a + $data.a.b", ["$data.a"]),
        ("$data.a + $data.a", ["$data.a"]),
        ("$data.ab + $data.a", ["$data.ab", "$data.a"]),
        ("$data.a ?? $global.a", ["$data.a", "$global.a"]),
        ("$global.user.name", ["$global.user.name"]),
        ("$param.id", ["$param.id"]),
        ("$data", ["$data"]),
        ("$data.x + $data", ["$data"]),
        ("map($data.items, x => x.price * $data.rate)", ["$data.items", "$data.rate"]),
        ("len($data.name) > 3 ? $data.a : $global.b", ["$data.name", "$data.a", "$global.b"]),
        ("{a: $data.x, b: [$param.y]}", ["$data.x", "$param.y"]),
        ("{a: $data.x}.a", ["$data.x"]),
        ("$data.a.b[$data.a.c]", ["$data.a.b", "$data.a.c"]),
        ("$data.list[1 + 1]", ["$data.list"]),
        ("-$data.n", ["$data.n"]),
        ("!$data.flag", ["$data.flag"]),
        ("$item.x + $index + $value + $event.y + $result + $error", []),
        ("1 + 2", []),
        ("now()", []),
        ("'text'", []),
    ])
    func dependencies(source: String, expected: [String]) throws {
        let compiled = try CompiledExpression(source, functions: .standard)
        #expect(compiled.dependencies.map(\.description) == expected)
    }

    @Test("assignablePath: only a plain path into $data or $global", arguments: [
        ("$data.name", "$data.name"),
        ("$data.items[0].name", "$data.items[0].name"),
        ("$data['odd key']", "$data[\"odd key\"]"),
        ("$data.a['b'][2]", "$data.a.b[2]"),
        ("($data.name)", "$data.name"),
        ("  $data.name  ", "$data.name"),
        ("$global.user.name", "$global.user.name"),
        ("$data", "$data"),
        ("$param.id", nil),
        ("$param", nil),
        ("$item.name", nil),
        ("$value", nil),
        ("$data.items[$data.i]", nil),
        ("$data.items[-1]", nil),
        ("$data.items[1 + 1]", nil),
        ("$data.a + 0", nil),
        ("$data.a ?? 'x'", nil),
        ("upper($data.name)", nil),
        ("{a: $data.a}.a", nil),
        ("'$data.name'", nil),
    ] as [(String, String?)])
    func assignable(source: String, expected: String?) throws {
        let compiled = try CompiledExpression(source, functions: .standard)
        #expect(compiled.assignablePath?.description == expected)
    }

    @Test("templates are never assignable")
    func templateNotAssignable() throws {
        let template = try CompiledExpression(template: "${$data.name}", functions: .standard)
        #expect(template.assignablePath == nil)
        #expect(template.isTemplate)
        #expect(template.dependencies.map(\.description) == ["$data.name"])
    }

    @Test("constantValue: literals and folded constant subtrees", arguments: [
        ("42", "42"),
        ("1 + 2 * 3", "7"),
        ("'a' + 'b'", "\"ab\""),
        ("[1, 2 + 3]", "[1,5]"),
        ("{a: 1 + 1}", "{\"a\":2}"),
        ("upper('x') + len([1, 2])", "\"X2\""),
        ("true ? 1 : $data.x", "1"),
        ("false && $data.x", "false"),
        ("null ?? 3", "3"),
        ("2 ?? $data.x", "2"),
        ("map([1, 2], x => x)", nil),
        ("$data.x", nil),
        ("1 / 0", nil),
        ("now()", nil),
        ("$data.x ? 1 : 1", nil),
    ] as [(String, String?)])
    func constants(source: String, expected: String?) throws {
        let compiled = try CompiledExpression(source, functions: .standard)
        #expect(compiled.constantValue?.jsonText == expected)
        if let expected {
            // A folded value evaluates to itself in any scope.
            #expect(try compiled.evaluate(in: ExpressionScope()).jsonText == expected)
        }
    }

    @Test("StorePath parses plain paths and prints them back")
    func storePaths() {
        #expect(StorePath("$data.items[0].name")?.description == "$data.items[0].name")
        #expect(StorePath("$global['a b']")?.description == "$global[\"a b\"]")
        #expect(StorePath("$param.x")?.description == "$param.x")
        #expect(StorePath("$data.a + 1") == nil)
        #expect(StorePath("$item.a") == nil)
        #expect(StorePath("nonsense(") == nil)
        #expect(StorePath(.data, [.key("a"), .index(2)]).description == "$data.a[2]")
        #expect(StorePath(.data, [.key("1a")]).description == "$data[\"1a\"]")
        #expect(StorePath(.data).appending(key: "x").description == "$data.x")
    }

    @Test("StorePath overlap: a write concerns readers of the path, its ancestors and its descendants", arguments: [
        ("$data.a", "$data.a", true),
        ("$data.a", "$data.a.b", true),
        ("$data.a.b", "$data.a", true),
        ("$data", "$data.a.b", true),
        ("$data.a", "$data.ab", false),
        ("$data.a.b", "$data.a.c", false),
        ("$data.a", "$global.a", false),
        ("$data.items[0]", "$data.items[1]", false),
        ("$data.items[0]", "$data.items[0].name", true),
    ])
    func overlaps(a: String, b: String, expected: Bool) throws {
        let first = try #require(StorePath(a))
        let second = try #require(StorePath(b))
        #expect(first.overlaps(second) == expected)
        #expect(first.isPrefix(of: second) == (expected && first.components.count <= second.components.count))
    }
}
