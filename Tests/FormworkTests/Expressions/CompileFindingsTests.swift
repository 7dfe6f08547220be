import Testing
@testable import Formwork

/// Compiling collects the paths an expression reads and the calls it makes on its one walk
/// (`Compiler.Findings`); the separate walks over the tree (`DependencyAnalysis.reads(of:)`,
/// `CallAnalysis.calls(in:)`) are the definition. The two agree on every expression of the table.
@Suite("Compiling: what the one walk collects")
struct CompileFindingsTests {
    static let expressions = [
        "$data.price * $data.qty",
        "$data",
        "$data.x + $data",
        "$data.a + $data.a.b + $data.a",
        "$data.items[$data.i]",
        "$data.items[$data.i].name",
        "$data.items[0].name",
        "$data.items[0][1].name.first",
        "$data['odd key'].x",
        "$data.a.b[$data.a.c]",
        "$data.list[1 + 1]",
        "$data.m[$data.n[$data.o[0]]]",
        "{a: $data.x}.a",
        "{a: $data.x, b: [$param.y, $global.z]}",
        "[$data.a, [$data.b[0], $computed.c]][0]",
        "-$data.n",
        "!$data.flag",
        "$data.a || $data.b || $global.c",
        "$error.status == 401 && $data.retry",
        "$data.printers ?? []",
        "isEmpty($data.printers) ? 'none' : 'some'",
        "len($data.name) > 3 ? $data.a : $global.b",
        "map($data.items, x => x.price * $data.rate)",
        "map($data.printers, p => {name: p.name, on: p.id == $data.selected, n: len(p.jobs)})",
        "filter($data.items, (x, i) => i > 0 && x.qty > $data.min)",
        "sum(map($data.lines, l => round(l.price * l.qty, 2)))",
        "join(map($data.tags, t => upper(t)), ', ')",
        "text('example', {bill: formatMoney($data.total, 'EUR'), n: len($data.lines)})",
        "text('title')",
        "len($data.a) + len($data.b) * len([$data.c, $data.a])",
        "$item.x + $index + $value + $event.y + $result + $error",
        "$item.rows[0].qty",
        "$page.title + $param.id",
        "fixed($data.total, 2) + ' €'",
        "1 + 2 * 3",
        "len('abc') + len([1, 2])",
        "now()",
        "'text'",
        (0..<30).map { "$data.a\($0)" }.joined(separator: " + "),
    ]

    static let templates = [
        "${len($data.printers)} printers found",
        "Hi ${$data.name}, ${$data.name.first} (${$global.user[0]})",
        "Total: ${fixed($data.total, 2)} € for ${len(filter($data.lines, l => l.qty > 0))} lines",
        "no parts at all",
        "${'${'}",
    ]

    @Test("expressions: the same reads and calls as the separate walks", arguments: expressions)
    func expression(source: String) throws {
        try compare(source, isTemplate: false)
    }

    @Test("templates: the same reads and calls as the separate walks", arguments: templates)
    func template(source: String) throws {
        try compare(source, isTemplate: true)
    }

    private func compare(_ source: String, isTemplate: Bool) throws {
        let tree = try CompiledExpression.parse(source, isTemplate: isTemplate, functions: .standard, limits: .standard, block: nil)
        let compiler = Compiler(source: source, folding: FoldingBudget(limits: .standard))
        _ = compiler.compile(tree)
        #expect(compiler.findings.reads == DependencyAnalysis.reads(of: tree))
        #expect(compiler.findings.calls == CallAnalysis.calls(in: tree))
        #expect(!compiler.findings.insidePath)

        let compiled = isTemplate
            ? try CompiledExpression(template: source, functions: .standard)
            : try CompiledExpression(generalPath: source, functions: .standard)
        #expect(compiled.dependencies == DependencyAnalysis.dependencies(of: tree))
        #expect(compiled.calls == CallAnalysis.calls(in: tree))
        #expect(compiled.plainPath == (isTemplate ? nil : DependencyAnalysis.plainPath(tree)))
    }
}
