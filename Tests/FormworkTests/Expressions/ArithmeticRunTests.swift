import Testing
@testable import Formwork

/// A run of `+ - * / %` has one `ArithmeticRun` as its general path, where the compiler used to
/// make a closure per operator over its sides' general paths. These hold the two equal — values
/// with their types, errors with their message and range, steps spent, at every step budget —
/// and the whole compiled node (fast path in front) equal to them too.
@Suite("Arithmetic run")
struct ArithmeticRunTests {
    static let sources = [
        "$data.i + $data.j",
        "$data.i - $data.j * $data.x",
        "$data.a0 + $data.a1 + $data.a2 + $data.a3 + $data.a4 + $data.a5",
        "$data.i + $data.s + $data.x",
        "$data.s + $data.i + $data.i",
        "$data.i + $data.n + 1",
        "$data.i * $data.missing - 2",
        "$data.big + 1 + $data.i",
        "$data.i + $data.big * $data.big",
        "$data.i / $data.zero + 1",
        "$data.i % $data.zero - $data.j",
        "$data.huge * $data.huge + 1",
        "$data.i.deep + 1",
        "$data.o.p.q * 2 + $data.o.p.q",
        "$data.s.t + $data.i",
        "1 + 2 + $data.i + 3",
        "1 + $data.i + 2",
        "2 * 3",
        "$data.i - 1 - 2 * 3",
        "(1 + 2) * $data.i",
        "$data.i * ($data.i - ($data.j + 1))",
        "$data.x * 2 * (1 - $data.x)",
        "$data.i + abs($data.j) + $data.i",
        "abs($data.j) + $data.i * 2 + 1",
        "$data.i + 'a' + $data.i + $data.j",
        "$data.i + $data.s + 1 + 2",
        "-$data.i + $data.j",
        "$data.i + -$data.j",
        "$global.g + $param.p * $data.i",
        "$data.i + $data.j > $data.x",
        "$data.list + $data.i",
    ]

    static let scopes: [ExpressionScope] = [
        ExpressionScope(data: data(), global: ["g": 10], param: ["p": 3]),
        ExpressionScope(data: data(i: 2.5, j: 4), global: ["g": 1.5], param: ["p": "x"]),
        ExpressionScope(data: data(i: "seven", j: .null), global: .null, param: .null),
        ExpressionScope(data: data(i: .int(Int64.max), j: .int(Int64.min)), global: ["g": true], param: ["p": [1]]),
        ExpressionScope(data: .null),
        ExpressionScope(data: 5),
    ]

    static func data(i: PageValue = 7, j: PageValue = -3) -> PageValue {
        var object: PageObject = [
            "i": i, "j": j, "x": 2.5, "s": "ab", "n": .null, "zero": 0, "big": .int(Int64.max), "huge": 1e308,
            "o": ["p": ["q": 4]], "list": [1, 2],
        ]
        for k in 0..<6 { object["a\(k)"] = .int(Int64(k)) }
        return .object(object)
    }

    /// The general path as it was built before `ArithmeticRun`: a closure per operator over its
    /// sides' general paths, a level folded when both its sides are constant.
    static func closures(_ expr: Expr, _ compiler: Compiler) -> Compiler.Compiled {
        guard case .binary(let op, let left, let right) = expr.kind, op.isArithmetic else { return compiler.compileNode(expr).general }
        let l = closures(left, compiler), r = closures(right, compiler)
        let evaluator = Compiler.binary(op, l, r, expr.range, compiler.source)
        return l.constant != nil && r.constant != nil ? compiler.folded(evaluator) : Compiler.Compiled(evaluator: evaluator, constant: nil)
    }

    static func outcome(_ evaluator: Compiler.Evaluator, _ scope: ExpressionScope, steps: Int, locals: [PageValue] = []) -> String {
        var state = EvaluationState(steps: steps, bytes: scope.limits.evaluationBytes)
        state.locals = locals
        do {
            let value = try evaluator(scope, &state)
            return "\(value.jsonText), \(state.steps) steps left"
        } catch let error as ExpressionError {
            return "\(error.kind) at \(error.range.start)..<\(error.range.end): \(error.message), \(state.steps) steps left"
        } catch {
            return "not an ExpressionError: \(error)"
        }
    }

    /// Compiles `expr` three ways — the new general path, the old closures, the whole node — and
    /// compares them in every scope, at every step budget up to what the slowest needs and one more.
    static func compare(_ expr: Expr, _ source: String, locals: [PageValue] = []) {
        let compiled = Compiler(source: source, folding: FoldingBudget(limits: .standard)).compile(expr)
        let old = closures(expr, Compiler(source: source, folding: FoldingBudget(limits: .standard))).evaluator
        let general = compiled.general.evaluator, whole = compiled.evaluator
        for (position, scope) in scopes.enumerated() {
            for steps in 0...24 {
                let expected = outcome(old, scope, steps: steps, locals: locals)
                #expect(outcome(general, scope, steps: steps, locals: locals) == expected, "\(source), scope \(position), \(steps) steps")
                #expect(outcome(whole, scope, steps: steps, locals: locals) == expected, "\(source), scope \(position), \(steps) steps (fast path in front)")
            }
        }
    }

    @Test("the run gives what a closure per operator gave", arguments: sources)
    func sameAsClosures(source: String) throws {
        let tree = try CompiledExpression.parse(source, isTemplate: false, functions: .standard, limits: .standard, block: nil)
        Self.compare(tree, source)
    }

    /// Lambda parameters are member-chain roots too (`x.price * x.qty`): the body alone, its
    /// parameter put in the slot the parser gave it.
    @Test("a lambda parameter's reads, as in a map's body", arguments: [
        "map($data.rows, r => r.price * r.qty + 1)",
        "map($data.rows, r => r.price + r.meta.vat * r.qty - r.price)",
        "map($data.rows, r => 2 + r.name + r.qty)",
    ])
    func lambdaParameter(source: String) throws {
        let tree = try CompiledExpression.parse(source, isTemplate: false, functions: .standard, limits: .standard, block: nil)
        guard case .call(_, let arguments) = tree.kind, arguments.count == 2, case .lambda(_, let slot, let body) = arguments[1] else {
            Issue.record("\(source): not a call with a lambda")
            return
        }
        let rows: [PageValue] = [
            ["price": 3, "qty": 4, "meta": ["vat": 0.2], "name": "pen"],
            ["price": 2.5, "qty": .null, "meta": 1, "name": 5],
            "not a row",
            .null,
        ]
        for row in rows {
            var locals = [PageValue](repeating: .null, count: slot + 1)
            locals[slot] = row
            Self.compare(body, source, locals: locals)
        }
    }

    /// The reads a run finds are the ones compiling each member chain found.
    @Test("a run's store reads are found in order, as before", arguments: sources)
    func findings(source: String) throws {
        let tree = try CompiledExpression.parse(source, isTemplate: false, functions: .standard, limits: .standard, block: nil)
        let new = Compiler(source: source, folding: FoldingBudget(limits: .standard))
        _ = new.compile(tree)
        let old = Compiler(source: source, folding: FoldingBudget(limits: .standard))
        _ = Self.closures(tree, old)
        #expect(new.findings.reads == old.findings.reads, "\(source)")
        #expect(new.findings.reads == DependencyAnalysis.reads(of: tree), "\(source)")
    }
}
